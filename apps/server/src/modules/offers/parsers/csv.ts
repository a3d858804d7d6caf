import { parse } from 'csv-parse/sync';
import { itemFromFeedFields } from './feed-fields';
import type { ParseResult } from './types';

/** CSV with a header row using the Merchant field names (id, title, link, price, sale_price, availability…). */
export function parseCsvFeed(body: string, base: string): ParseResult {
  let rows: Record<string, string>[];
  try {
    rows = parse(body, {
      columns: (h: string[]) => h.map((c) => c.trim().toLowerCase().replace(/^g:/, '')),
      skip_empty_lines: true,
      bom: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (error) {
    return { items: [], failures: [{ where: base, reason: `malformed CSV: ${(error as Error).message}` }] };
  }
  const result: ParseResult = { items: [], failures: [] };
  rows.forEach((row, index) => {
    const item = itemFromFeedFields(row, base);
    // Row numbers count the header as line 1, as a spreadsheet shows them.
    if (typeof item === 'string') result.failures.push({ where: `${base} row ${index + 2}`, reason: item });
    else result.items.push(item);
  });
  return result;
}
