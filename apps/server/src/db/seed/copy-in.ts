import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type pg from 'pg';

const SPECIAL = /[\\\t\n\r]/;

/** One value in COPY's text format: `\N` is null, and backslash, tab and line breaks are escaped. */
function copyValue(value: unknown): string {
  switch (typeof value) {
    case 'number':
      return String(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'undefined':
      return '\\N';
  }
  if (value === null) return '\\N';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return SPECIAL.test(text)
    ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : text;
}

/** Rows per CopyData message: large enough to cost nothing, small enough not to build one huge string. */
const ROWS_PER_CHUNK = 2000;

/** The COPY statement and its data, in CopyData-sized chunks, for drizzle insert rows (all with the same keys). */
export function copyData<T extends PgTable>(
  table: T,
  rows: readonly T['$inferInsert'][],
): { statement: string; chunks: Buffer[] } {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(rows[0] ?? {});
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${getTableName(table)} has no column ${key}`);
    return `"${column.name}"`;
  });
  const chunks: Buffer[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_CHUNK) {
    let text = '';
    for (const row of rows.slice(start, start + ROWS_PER_CHUNK) as Record<string, unknown>[]) {
      for (let k = 0; k < keys.length; k++) text += (k === 0 ? '' : '\t') + copyValue(row[keys[k]!]);
      text += '\n';
    }
    chunks.push(Buffer.from(text));
  }
  return { statement: `copy "${getTableName(table)}" (${names.join(', ')}) from stdin`, chunks };
}

/**
 * `COPY table (columns) FROM STDIN` of drizzle insert rows (every row with the same keys, as `insertRows` takes),
 * through node-postgres' own protocol hooks: the client queues it like any query, sends the rows when the server
 * asks for them, and settles when the server is ready again. PostgreSQL parses COPY rows several times faster than
 * an INSERT's parameters, and writes them with its bulk-insert buffering.
 */
export function copyRows<T extends PgTable>(
  client: pg.Client,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) return Promise.resolve();
  const { statement, chunks } = copyData(table, rows);
  return new Promise((resolve, reject) => {
    const submittable = {
      submit(connection: CopyConnection) {
        connection.query(statement);
      },
      handleCopyInResponse(connection: CopyConnection) {
        for (const chunk of chunks) connection.sendCopyFromChunk(chunk);
        connection.endCopyFrom();
      },
      handleCommandComplete() {},
      handleReadyForQuery() {
        resolve();
      },
      handleError(error: Error) {
        reject(error);
      },
    };
    client.query(submittable as unknown as pg.QueryConfig);
  });
}

/** The part of node-postgres' connection a submittable query drives. */
interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}
