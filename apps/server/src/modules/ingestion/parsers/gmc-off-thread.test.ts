import { describe, expect, it } from 'vitest';
import { merchantFeed } from '../fixtures/fixture-server';
import { gmcFeedParts } from './gmc';
import { gmcFeedPartsOffThread } from './gmc-off-thread';
import type { FeedPart } from './types';

const base = 'https://feed.test/feed.xml';

/** `text` cut into chunks of `size` characters, as a source that throws `failure` after `failAfter` chunks. */
async function* chunksOf(text: string, size: number, failAfter = Infinity, failure?: Error): AsyncGenerator<string> {
  for (let at = 0, n = 0; at < text.length; at += size, n++) {
    if (n === failAfter) throw failure;
    yield text.slice(at, at + size);
  }
}

/** Every part a reader gives, and the error it ends with, if any. */
async function readAll(parts: AsyncIterable<FeedPart>): Promise<{ parts: FeedPart[]; error?: unknown }> {
  const read: FeedPart[] = [];
  try {
    for await (const part of parts) read.push(part);
    return { parts: read };
  } catch (error) {
    return { parts: read, error };
  }
}

/** What a reader gave, flattened: the items' ids, the failures and whether the feed was cut short. */
const summary = ({ parts, error }: { parts: FeedPart[]; error?: unknown }) => ({
  items: parts.flatMap((p) => p.items.map((i) => i.storeItemId)),
  failures: parts.flatMap((p) => p.failures),
  cutShort: parts.some((p) => p.cutShort),
  error,
});

describe('a Merchant feed read on a worker thread', () => {
  it('gives the items, fields and failures the reader on the main thread gives, in order', async () => {
    const feed = merchantFeed(3_000);
    const onThread = await readAll(gmcFeedParts(chunksOf(feed, 65_536), base));
    const offThread = await readAll(gmcFeedPartsOffThread(chunksOf(feed, 65_536), base));
    expect(summary(offThread)).toEqual(summary(onThread));
    expect(summary(offThread).items).toHaveLength(3_000);
    expect(summary(offThread).cutShort).toBe(false);
    // Whole items, not only their ids.
    expect(offThread.parts.flatMap((p) => p.items)).toEqual(onThread.parts.flatMap((p) => p.items));
  });

  it('stops where a malformed feed stops, with the same failure, and says it was cut short', async () => {
    // A tag without a name between two items: the feed cannot be read on from there.
    const feed = merchantFeed(2_000).replace('<item><g:id>FEED-1200</g:id>', '< ><item><g:id>FEED-1200</g:id>');
    const onThread = summary(await readAll(gmcFeedParts(chunksOf(feed, 10_000), base)));
    const offThread = summary(await readAll(gmcFeedPartsOffThread(chunksOf(feed, 10_000), base)));
    expect(offThread).toEqual(onThread);
    expect(offThread.cutShort).toBe(true);
    expect(offThread.failures[0]!.reason).toMatch(/^malformed/);
    expect(offThread.items).toHaveLength(1_199);
  });

  it('reports a feed that ends inside an item', async () => {
    const feed = merchantFeed(50).replace(/<\/item>\s*<\/channel><\/rss>\s*$/, '');
    const offThread = summary(await readAll(gmcFeedPartsOffThread(chunksOf(feed, 1_000), base)));
    expect(offThread).toEqual(summary(await readAll(gmcFeedParts(chunksOf(feed, 1_000), base))));
    expect(offThread.cutShort).toBe(true);
    expect(offThread.items).toHaveLength(49);
  });

  it("gives the items of what arrived before the source failed, then the source's own error", async () => {
    const feed = merchantFeed(2_000);
    const dropped = new Error('connection reset by the store');
    const onThread = summary(await readAll(gmcFeedParts(chunksOf(feed, 20_000, 10, dropped), base)));
    const offThread = summary(await readAll(gmcFeedPartsOffThread(chunksOf(feed, 20_000, 10, dropped), base)));
    expect(offThread.error).toBe(dropped);
    expect(offThread.items).toEqual(onThread.items);
    expect(offThread.items.length).toBeGreaterThan(100);
  });
});
