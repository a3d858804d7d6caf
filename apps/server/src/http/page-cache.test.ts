import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createPageCache, encodedPage, preferredEncoding, type CachedPage } from './page-cache';

const page = (html: string, keep = true): CachedPage => ({ status: 200, html, encoded: {}, keep });

function setup(maxBytes = 1_000_000) {
  let clock = 1_000;
  let generation = 0;
  let draws = 0;
  const cache = createPageCache({ ttlMs: 5_000, maxBytes, generation: () => generation, now: () => clock });
  const draw =
    (html: string, keep = true) =>
    async () => {
      draws += 1;
      return page(html, keep);
    };
  return {
    cache,
    draw,
    draws: () => draws,
    advance: (ms: number) => (clock += ms),
    changeCatalogue: () => (generation += 1),
  };
}

describe("the visitors' page cache", () => {
  it('draws a page once within its few seconds, and again once they have passed', async () => {
    const s = setup();
    expect((await s.cache.get('/p/1', s.draw('first'))).html).toBe('first');
    s.advance(4_999);
    expect((await s.cache.get('/p/1', s.draw('second'))).html).toBe('first');
    s.advance(1);
    expect((await s.cache.get('/p/1', s.draw('third'))).html).toBe('third');
    expect(s.draws()).toBe(2);
  });

  it('keeps a page drawn from kept answers only as long as those answers had left', async () => {
    const s = setup();
    // Drawn from an answer already 3 s old (its Age): what the page shows must not outlive the cache's 5 s.
    await s.cache.get('/p/2', async () => ({ ...page('aged'), drawnFromAge: 3 }));
    s.advance(999);
    expect((await s.cache.get('/p/2', s.draw('fresh'))).html).toBe('aged');
    s.advance(1);
    expect((await s.cache.get('/p/2', s.draw('fresh'))).html).toBe('fresh');
  });

  it('drops every page at once when this process changes the catalogue', async () => {
    const s = setup();
    await s.cache.get('/p/1', s.draw('old price'));
    s.changeCatalogue();
    expect((await s.cache.get('/p/1', s.draw('new price'))).html).toBe('new price');
  });

  it('shares one drawing among visitors asking at the same moment', async () => {
    const s = setup();
    const pages = await Promise.all([1, 2, 3, 4].map(() => s.cache.get('/', s.draw('home'))));
    expect(pages.map((p) => p.html)).toEqual(['home', 'home', 'home', 'home']);
    expect(s.draws()).toBe(1);
  });

  it('sends a page that could not be drawn properly but draws it again for the next visitor', async () => {
    const s = setup();
    expect((await s.cache.get('/', s.draw('shell only', false))).html).toBe('shell only');
    expect((await s.cache.get('/', s.draw('drawn'))).html).toBe('drawn');
    expect(s.draws()).toBe(2);
  });

  it('holds at most its bytes, letting the oldest pages go first', async () => {
    const s = setup(3_000);
    for (const n of [1, 2, 3]) await s.cache.get(`/p/${n}`, s.draw('x'.repeat(1_000)));
    expect(s.cache.size).toBe(2);
    expect(s.cache.bytes).toBeLessThanOrEqual(3_000);
    await s.cache.get('/p/1', s.draw('redrawn'));
    expect(s.draws()).toBe(4);
  });

  it('compresses a page once per encoding, in what the browser accepts', async () => {
    const p = page('<main>' + 'Dell XPS 13 '.repeat(200) + '</main>');
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBeUndefined();
    const br = await encodedPage(p as CachedPage & { html: string }, 'br');
    expect(brotliDecompressSync(br).toString()).toBe(p.html);
    expect(await encodedPage(p as CachedPage & { html: string }, 'br')).toBe(br);
    expect(gunzipSync(await encodedPage(p as CachedPage & { html: string }, 'gzip')).toString()).toBe(p.html);
  });
});
