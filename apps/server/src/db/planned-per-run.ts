import { sql, type SQL } from 'drizzle-orm';

/**
 * Both drivers prepare every parameterised statement once per connection (db/client.ts, db/pglite-statements.ts).
 * After five runs PostgreSQL may keep one generic plan for it, chosen without the values. For most statements that
 * is what we want. For a statement whose best plan depends on its values, it is not.
 *
 * A search page's statement is one of those. "Samsung phones from Rs 40,000 to Rs 90,000" matches 13,900 of a million
 * products, and its best plan walks the products in the page's order and stops at the 24th match. Another brand in
 * the same range may match nothing. The generic plan guessed 111 rows for every one: it read all 13,900 and sorted
 * them (72-154 ms instead of 2 ms).
 *
 * A statement marked with this comment is not prepared. It is planned on every run with its values, at the cost of
 * planning it each time (about half a millisecond).
 */
const MARK = '/* planned per run */';

/** `query`, sent so that PostgreSQL plans it with its values every time it runs. */
export const plannedPerRun = (query: SQL): SQL => sql`${sql.raw(MARK)} ${query}`;

/** Whether the statement's text asks to be planned per run (see plannedPerRun). */
export const isPlannedPerRun = (text: string): boolean => text.startsWith(MARK);
