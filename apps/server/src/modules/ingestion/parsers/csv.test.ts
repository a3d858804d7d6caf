import { describe, expect, it } from 'vitest';
import { csvFeedParts, parseCsvFeed } from './csv';
import type { FeedPart } from './types';
import { decodeUtf8 } from './utf8';

const base = 'https://feed.test/feed.csv';
const csv = `id,title,link,price,availability,brand
C-1,"Tecno Spark 20, 8GB 128GB “Black”",https://feed.test/p/1,35999.00 PKR,in stock,Tecno
C-2,,https://feed.test/p/2,1.00 PKR,in stock,Itel
C-3,"Itel A70 ""Lite"" 4GB 64GB",https://feed.test/p/3,19999.00 PKR,out of stock,Itel
`;
const tsv = csv
  .replace('"Tecno Spark 20, 8GB 128GB “Black”"', 'Tecno Spark 20, 8GB 128GB “Black”')
  .replace(/,(?=[^ ])/g, '\t');

async function readCut(text: string, cuts: number[]): Promise<FeedPart[]> {
  const bytes = new TextEncoder().encode(text);
  const edges = [0, ...cuts, bytes.length];
  const parts: FeedPart[] = [];
  const chunks = edges.slice(1).map((end, i) => bytes.subarray(edges[i], end));
  for await (const part of csvFeedParts(decodeUtf8(chunks), base)) parts.push(part);
  return parts;
}

describe('a CSV or TSV feed read as it arrives', () => {
  it('gives the same rows as the whole file wherever the bytes are cut, quoted fields and “ ” included', async () => {
    const whole = parseCsvFeed(csv, base);
    expect(whole.items.map((i) => [i.storeItemId, i.name, i.inStock])).toEqual([
      ['C-1', 'Tecno Spark 20, 8GB 128GB “Black”', true],
      ['C-3', 'Itel A70 "Lite" 4GB 64GB', false],
    ]);
    expect(whole.failures).toEqual([{ where: `${base} row 3`, reason: 'item without a title' }]);
    const length = new TextEncoder().encode(csv).length;
    for (let cut = 1; cut < length; cut++) {
      const parts = await readCut(csv, [cut]);
      expect(parts.flatMap((p) => p.items)).toEqual(whole.items);
      expect(parts.flatMap((p) => p.failures)).toEqual(whole.failures);
    }
  });

  it('reads tab-separated files with the same field names', async () => {
    const parts = await readCut(tsv, [40, 41, 90]);
    expect(parts.flatMap((p) => p.items).map((i) => [i.storeItemId, i.name, i.price])).toEqual([
      ['C-1', 'Tecno Spark 20, 8GB 128GB “Black”', 35_999_00],
      ['C-3', 'Itel A70 "Lite" 4GB 64GB', 19_999_00],
    ]);
  });

  it('keeps the rows before a broken line and says the file was cut short', async () => {
    const parts = await readCut(`${csv}C-4,"unclosed quote,https://feed.test/p/4,1.00 PKR,in stock,X\n`, [200]);
    expect(parts.flatMap((p) => p.items).map((i) => i.storeItemId)).toEqual(['C-1', 'C-3']);
    expect(parts.at(-1)).toMatchObject({
      cutShort: true,
      failures: [{ reason: expect.stringMatching(/^malformed CSV/) }],
    });
  });
});
