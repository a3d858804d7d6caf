import { describe, expect, it } from 'vitest';
import { gmcFeedParts, parseGmcFeed } from './gmc';
import type { FeedPart } from './types';
import { decodeUtf8 } from './utf8';

const base = 'https://feed.test/feed.xml';
const feed = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE rss [ <!ENTITY shop "Feed > Shop"> ]>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Ünïcode feed</title>
<!-- <item> in a comment is not an item -->
<item><g:id>U-1</g:id><title>Tecno Spark 20 8GB 128GB “Gravity Black”</title><link>https://feed.test/p/1?a=1&amp;b=2</link>
<g:price>35999.00 PKR</g:price><g:brand>Tecno</g:brand><description><![CDATA[Fast & <b>light</b> — 5000 mAh]]></description></item>
<item><g:id>U-2</g:id><title>Itel A70 &#x1F4F1; 4GB 64GB &lt;new&gt;</title><link>https://feed.test/p/2</link>
<g:price>19999.00 PKR</g:price><g:availability>out_of_stock</g:availability><g:brand>Itel</g:brand>
<g:shipping><g:country>PK</g:country></g:shipping><g:item_group_id>G-1</g:item_group_id></item>
<item><g:id>U-3</g:id><link>https://feed.test/p/3</link><g:price>1.00 PKR</g:price></item>
</channel></rss>`;
const bytes = new TextEncoder().encode(feed);

/** The feed's bytes cut at the given offsets, read part by part, recording which items each part gave. */
async function readCut(cuts: number[]): Promise<{ parts: FeedPart[]; chunks: Uint8Array[] }> {
  const edges = [0, ...cuts, bytes.length];
  const chunks = edges.slice(1).map((end, i) => bytes.subarray(edges[i], end));
  const parts: FeedPart[] = [];
  for await (const part of gmcFeedParts(decodeUtf8(chunks), base)) parts.push(part);
  return { parts, chunks };
}

const at = (text: string, from = 0) => {
  const index = Buffer.from(feed).indexOf(text, from);
  expect(index).toBeGreaterThan(0);
  return index;
};

describe('a Merchant feed read as it arrives', () => {
  const whole = parseGmcFeed(feed, base);

  it('reads CDATA, entities, multi-byte characters and nested fields as a whole-document parser would', () => {
    expect(whole.items.map((i) => [i.storeItemId, i.name, i.url, i.description, i.inStock])).toEqual([
      [
        'U-1',
        'Tecno Spark 20 8GB 128GB “Gravity Black”',
        'https://feed.test/p/1?a=1&b=2',
        'Fast & <b>light</b> — 5000 mAh',
        true,
      ],
      ['U-2', 'Itel A70 📱 4GB 64GB <new>', 'https://feed.test/p/2', null, false],
    ]);
    expect(whole.failures).toEqual([{ where: `${base} item 3`, reason: 'item without a title' }]);
  });

  it('gives the same items wherever the bytes are cut: in a tag, in an entity, in a multi-byte character', async () => {
    const inTag = at('<g:price>') + 3;
    const inEntity = at('&amp;') + 2;
    const inCharacter = at('“') + 1;
    const inEmojiReference = at('&#x1F4F1;') + 4;
    const inCdata = at('CDATA[') + 2;
    for (const cuts of [[inTag], [inEntity], [inCharacter], [inEmojiReference], [inCdata], [inCharacter, inTag]]) {
      const { parts } = await readCut(cuts);
      expect(parts.flatMap((p) => p.items)).toEqual(whole.items);
      expect(parts.flatMap((p) => p.failures)).toEqual(whole.failures);
    }
    // And at every single byte.
    for (let cut = 1; cut < bytes.length; cut++) {
      const { parts } = await readCut([cut]);
      expect(parts.flatMap((p) => p.items).map((i) => i.name)).toEqual(whole.items.map((i) => i.name));
    }
  });

  it('hands out each item as soon as its closing tag has arrived, before the rest of the feed', async () => {
    const cuts = Array.from({ length: Math.ceil(bytes.length / 7) - 1 }, (_, i) => (i + 1) * 7);
    const { parts } = await readCut(cuts);
    const partOf = (id: string) => parts.findIndex((p) => p.items.some((i) => i.storeItemId === id));
    // Seven bytes at a time: U-1 comes out with the chunk that completes its </item>, long before U-2 has arrived.
    expect(partOf('U-1')).toBe(Math.ceil((at('</item>') + '</item>'.length) / 7) - 1);
    expect(partOf('U-2') - partOf('U-1')).toBeGreaterThan(20);
  });

  it('reports a feed that ends inside an item, and keeps the items before it', async () => {
    const cut = new TextDecoder().decode(bytes.subarray(0, at('<item><g:id>U-2') + 40));
    const read = parseGmcFeed(cut, base);
    expect(read.items.map((i) => i.storeItemId)).toEqual(['U-1']);
    expect(read.failures).toEqual([{ where: base, reason: 'malformed feed: it ends inside item 2' }]);
  });
});
