import { getTableColumns, getTableName, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/storage/file-storage';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';

/** A file the upload route wrote: `<name>.webp` or `<name>-thumb.webp`; nothing else in the folder is ever removed. */
export const UPLOAD_FILE = /^([0-9a-z]{1,13}-[0-9a-f]{16})(-thumb)?\.webp$/;
const NAME_IN_TEXT = /([0-9a-z]{1,13}-[0-9a-f]{16})(?:-thumb)?\.webp/g;

/**
 * An upload's key: its 64 random bits. A reference is any text containing them, however the URL around them is
 * written (absolute, with a query string, in markdown), so a file is kept whenever there is doubt.
 */
export const uploadKey = (name: string) => name.slice(-16);

/** The upload names that URLs or markdown mention. */
export function uploadNamesIn(...texts: (string | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const match of (text ?? '').matchAll(NAME_IN_TEXT)) names.add(match[1]!);
  return [...names];
}

/** A table with columns that may show an upload, and its `id` (to read it in batches). */
interface Referencing {
  table: Table;
  id: Column;
  columns: Column[];
}

/**
 * Every column that may hold the URL of an upload, or text showing one (a post's markdown), by table. A file none of
 * them mentions is unreferenced and may go (`releaseUploads`, the sweep). Each owner lists its own columns (the
 * catalogue, blogs, orders, offers); the catalogue and blogs import this module to release uploads, so it cannot
 * import them, and the app hands it every owner's columns when its modules load (`moduleUploadColumns` in
 * modules/registry.ts). references.test.ts fails when a column that looks like it holds an image is in neither that
 * list nor its list of columns that never do.
 */
let referencing: Referencing[] = [];

/** Takes every column that may show an upload, from every owner; replaces what was declared before. */
export function declareUploadReferences(columns: readonly Column[]): void {
  const tables = new Map<string, Referencing>();
  for (const column of columns) {
    const name = getTableName(column.table);
    const id = (getTableColumns(column.table) as Record<string, Column | undefined>).id;
    if (!id) throw new Error(`${name} has no id column`);
    const entry: Referencing = tables.get(name) ?? { table: column.table, id, columns: [] };
    entry.columns.push(column);
    tables.set(name, entry);
  }
  referencing = [...tables.values()];
}

/**
 * The declared tables. Throws while none are: every file would look unreferenced, and a file is kept whenever there
 * is doubt (`releaseUploads` keeps all, the sweep fails).
 */
function referencingTables(): Referencing[] {
  if (referencing.length === 0) throw new Error('no upload references declared: every upload is kept');
  return referencing;
}

const mentionsAny = (columns: Column[], text: (c: Column) => SQL) => sql.join(columns.map(text), sql` or `);

/** Which of a few keys some row still mentions: one pass over each referencing table per key, at worst. */
async function stillMentioned(db: Db, keys: string[]): Promise<Set<string>> {
  const anywhere = sql.join(
    referencingTables().map(
      ({ table, columns }) =>
        sql`exists (select 1 from ${table} where ${mentionsAny(columns, (c) => sql`strpos(${c}, k.key) > 0`)})`,
    ),
    sql` or `,
  );
  const list = sql.join(
    keys.map((k) => sql`(${k}::text)`),
    sql`, `,
  );
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select k.key from (values ${list}) as k(key) where ${anywhere}`,
  );
  return new Set(rows.map((r) => r.key));
}

const BATCH_ROWS = 1000;
const KEY_IN_TEXT = /([0-9a-f]{16})(?:-thumb)?\.webp/g;

/**
 * Every key any row mentions, for the sweep: each referencing table read once, in batches, as one string per batch
 * (the database only filters and joins; matching in SQL on PGlite took seconds at 100,000 products).
 */
export async function allMentionedKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  for (const { table, id, columns } of referencingTables()) {
    let after = 0;
    for (;;) {
      const [batch] = await queryRows<{ last: number | null; text: string | null }>(
        db,
        sql`select max(id) as last, string_agg(text, ' ') as text from (
              select ${id} as id, concat_ws(' ', ${sql.join(columns, sql`, `)}) as text from ${table}
              where ${id} > ${after} and (${mentionsAny(columns, (c) => sql`${c} like '%.webp%'`)})
              order by ${id} limit ${BATCH_ROWS}) batch`,
      );
      if (!batch?.last) break;
      for (const match of (batch.text ?? '').matchAll(KEY_IN_TEXT)) keys.add(match[1]!);
      after = batch.last;
    }
  }
  return keys;
}

/** Removes both files of an upload; a file already gone is fine. */
export async function removeUpload(storage: FileStorage, name: string): Promise<void> {
  for (const file of [`${name}.webp`, `${name}-thumb.webp`]) {
    if (!UPLOAD_FILE.test(file)) throw new Error(`not an upload: ${file}`);
    await storage.delete(file);
  }
}

/**
 * Call after a write that replaced or deleted what showed these uploads (has committed): each one no row mentions
 * any more is deleted. Never throws: the write has succeeded, and a file left behind is the hourly sweep's.
 */
export async function releaseUploads(ctx: AppContext, names: string[]): Promise<string[]> {
  const ours = names.filter((n) => UPLOAD_FILE.test(`${n}.webp`));
  if (ours.length === 0) return [];
  try {
    const kept = await stillMentioned(ctx.db, ours.map(uploadKey));
    const gone = ours.filter((n) => !kept.has(uploadKey(n)));
    for (const name of gone) await removeUpload(ctx.storage, name);
    return gone;
  } catch {
    return [];
  }
}
