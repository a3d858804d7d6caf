import { parse as parser, type Options, type Parser } from 'csv-parse';
import { parse } from 'csv-parse/sync';
import { itemFromFeedFields } from './feed-fields';
import type { FeedPart, ParseResult } from './types';

/**
 * CSV, or TSV as Merchant Center exports it, with a header row using the Merchant field names (id, title, link,
 * price, sale_price, availability…).
 */
const options: Options = {
  columns: (h: string[]) => h.map((c) => c.trim().toLowerCase().replace(/^g:/, '')),
  skip_empty_lines: true,
  bom: true,
  trim: true,
  relax_column_count: true,
};

const malformed = (base: string, error: unknown) => ({
  where: base,
  reason: `malformed CSV: ${(error as Error).message}`,
});

/** Tab-separated when the header row has more tabs than commas. */
function withDelimiter(start: string): Options {
  const end = start.indexOf('\n');
  const header = end < 0 ? start : start.slice(0, end);
  const count = (c: string) => header.split(c).length;
  return { ...options, delimiter: count('\t') > count(',') ? '\t' : ',' };
}

function readRow(row: Record<string, string>, index: number, base: string, into: ParseResult): void {
  const item = itemFromFeedFields(row, base);
  // Row numbers count the header as line 1, as a spreadsheet shows them.
  if (typeof item === 'string') into.failures.push({ where: `${base} row ${index + 2}`, reason: item });
  else into.items.push(item);
}

/** A whole CSV file at once. */
export function parseCsvFeed(body: string, base: string): ParseResult {
  let rows: Record<string, string>[];
  try {
    rows = parse(body, withDelimiter(body)) as unknown as Record<string, string>[];
  } catch (error) {
    return { items: [], failures: [malformed(base, error)] };
  }
  const result: ParseResult = { items: [], failures: [] };
  rows.forEach((row, index) => readRow(row, index, base, result));
  return result;
}

/**
 * A CSV feed read as it arrives: each row comes out once its line is complete; a broken line ends the read. Rows are
 * taken as the parser makes them (on_record) rather than read from its stream, which would drop the rows it holds
 * when it fails.
 */
export async function* csvFeedParts(text: AsyncIterable<string>, base: string): AsyncGenerator<FeedPart> {
  let part: FeedPart = { items: [], failures: [] };
  const take = () => {
    const taken = part;
    part = { items: [], failures: [] };
    return taken;
  };
  let index = 0;
  let rows: Parser | undefined;
  try {
    for await (const chunk of text) {
      const onRecord = (row: Record<string, string>) => void readRow(row, index++, base, part);
      rows ??= parser({ ...withDelimiter(chunk), on_record: onRecord as unknown as Options['on_record'] }).on(
        'error',
        () => {},
      );
      await write(rows, chunk);
      yield take();
    }
    if (rows) await end(rows);
    yield take();
  } catch (error) {
    // The parser's own errors are the file's fault; the source's (a dropped connection) are the caller's to report.
    if (!String((error as { code?: unknown }).code ?? '').startsWith('CSV_')) throw error;
    const read = take();
    yield { ...read, failures: [...read.failures, malformed(base, error)], cutShort: true };
  } finally {
    rows?.destroy();
  }
}

const write = (rows: Parser, chunk: string) =>
  new Promise<void>((resolve, reject) => rows.write(chunk, (error) => (error ? reject(error) : resolve())));

const end = (rows: Parser) =>
  new Promise<void>((resolve, reject) => rows.end((error?: Error | null) => (error ? reject(error) : resolve())));
