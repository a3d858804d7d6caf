import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../client';
import { products } from '../schema';
import { createTestDatabase } from '../../testing/test-database';
import { copyData, copyRows } from './copy-in';

const database = await createTestDatabase();
afterAll(() => database.close());

/** COPY the rows in as the bulk seed does on PostgreSQL; PGlite reads the same data from a blob. */
async function copyIn(db: Database, rows: (typeof products.$inferInsert)[]): Promise<void> {
  if (db.pglite) {
    const { statement, chunks } = copyData(products, rows);
    await db.pglite.query(statement.replace(/from stdin$/, "from '/dev/blob'"), [], { blob: new Blob(chunks) });
    return;
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await copyRows(client, products, rows);
  } finally {
    await client.end();
  }
}

describe('COPY rows', () => {
  it('stores awkward text, nulls, dates and flags exactly as given', async () => {
    const createdAt = new Date('2026-03-04T05:06:07.089Z');
    const given = [
      {
        id: 900_001,
        name: 'Tab\there, a new line\nand a \\ backslash',
        brand: 'Acer',
        category: 'laptop' as const,
        description: '\\N is not null here; carriage\rreturn',
        gtin: null,
        inStock: true,
        createdAt,
      },
      {
        id: 900_002,
        name: 'Plain',
        brand: 'Dell',
        category: 'computer' as const,
        description: '',
        gtin: '2000000000017',
        inStock: false,
        createdAt,
      },
    ];
    await copyIn(database, given);
    const stored = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select id, name, brand, category, description, gtin, in_stock as "inStock",
            (extract(epoch from created_at) * 1000)::float8 as "createdAt"
          from products where id > 900000 order by id`,
    );
    expect(stored).toEqual(given.map((row) => ({ ...row, createdAt: row.createdAt.getTime() })));
    // The full-text column is worked out by the database from the copied text.
    const [found] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from products where search @@ to_tsquery('simple', 'backslash')`,
    );
    expect(found!.n).toBe(1);
  });
});
