import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../client';

/** Rows per INSERT statement. */
export const BATCH_ROWS = 1000;

/**
 * Inserts rows as `INSERT … SELECT FROM unnest(array per column)`: one parameter per column instead of one per
 * value. Thousands of bind parameters are what make a VALUES list slow (on PGlite above all), and this keeps
 * the demo seed within its time budget. Every row must carry the same keys; columns left out take defaults.
 */
export async function insertRows<T extends PgTable>(db: Db, table: T, rows: readonly T['$inferInsert'][]) {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<
    string,
    { name: string; getSQLType(): string; mapToDriverValue(v: unknown): unknown }
  >;
  const keys = Object.keys(rows[0]!);
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const chunk = rows.slice(start, start + BATCH_ROWS) as Record<string, unknown>[];
    const arrays = keys.map((key) => {
      const column = columns[key];
      if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
      const type = column.getSQLType().replace(/^serial$/, 'integer');
      const values = chunk.map((row) => (row[key] == null ? null : column.mapToDriverValue(row[key])));
      // Sent as text[] and cast on the server: drivers only know how to encode arrays of built-in types.
      return type === 'text'
        ? sql`${sql.param(values)}::text[]`
        : sql`${sql.param(values)}::text[]::${sql.raw(type)}[]`;
    });
    const names = sql.join(
      keys.map((key) => sql.identifier(columns[key]!.name)),
      sql`, `,
    );
    await db.execute(sql`insert into ${table} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

/**
 * Draws `count` ids from a table's serial sequence, so rows can be inserted with known ids (and referenced by
 * other rows of the same seed) without relying on the order RETURNING gives them back.
 */
export async function allocateIds(db: Db, table: PgTable, count: number): Promise<number[]> {
  if (count === 0) return [];
  // One array value, not a row per id: the driver reads rows one by one, and the bulk seed draws millions of ids.
  const [row] = await queryRows<{ ids: number[] }>(
    db,
    sql`select array(select nextval(pg_get_serial_sequence(${getTableName(table)}, 'id'))::int
                     from generate_series(1, ${count})) as ids`,
  );
  return row!.ids.sort((a, b) => a - b);
}
