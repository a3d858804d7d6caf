import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { CatalogueChanges } from '../modules/catalog/change-feed';
import {
  createPageCache,
  encodedPage,
  htmlOf,
  preferredEncoding,
  REDRAW_GRACE_MS,
  type CachedPage,
} from './page-cache';
import { sharedPieces } from './personal-page';

const page = (html: string, keep = true, products?: number[]): CachedPage => ({
  status: 200,
  html,
  encoded: {},
  keep,
  ...(products ? { products } : {}),
});

/** The feed as caches see it, told of changes by the test instead of by a LISTEN. */
class HeardChanges extends CatalogueChanges {
  heardNow = true;
  override get hearing() {
    return this.heardNow;
  }
}

function setup(maxBytes = 1_000_000, listKeepMs = 5_000) {
  let clock = 1_000;
  let generation = 0;
  let draws = 0;
  const changes = new HeardChanges({} as Database, { warn: () => {} }, () => clock);
  const cache = createPageCache({
    listTtlMs: 5_000,
    listKeepMs,
    productTtlMs: 600_000,
    maxBytes,
    generation: () => generation,
    changes,
    now: () => clock,
  });
  const draw =
    (html: string, keep = true, products?: number[]) =>
    async () => {
      draws += 1;
      return page(html, keep, products);
    };
  // Kept pages let their HTML go once compressed: read it back as a client without compression would.
  const get = async (key: string, drawn: () => Promise<CachedPage>) => htmlOf(await cache.get(key, drawn));
  /** Draws the page and waits until it is kept compressed. */
  const keep = async (key: string, drawn: () => Promise<CachedPage>) => {
    const kept = await cache.get(key, drawn);
    const deadline = Date.now() + 5_000;
    while (kept.html !== undefined && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  };
  return {
    cache,
    changes,
    draw,
    get,
    keep,
    draws: () => draws,
    advance: (ms: number) => (clock += ms),
    changeCatalogue: () => (generation += 1),
  };
}

describe("the visitors' page cache", () => {
  it('draws a page that lists products once within its few seconds, and again once they have passed', async () => {
    const s = setup();
    expect(await s.get('/result', s.draw('first'))).toBe('first');
    s.advance(4_999);
    expect(await s.get('/result', s.draw('second'))).toBe('first');
    s.advance(1);
    // Out of time: sent once more while it is drawn again, so no visitor waits for the drawing.
    expect(await s.get('/result', s.draw('third'))).toBe('first');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await s.get('/result', s.draw('fourth'))).toBe('third');
    expect(s.draws()).toBe(2);
  });

  it('draws a list page again before sending it once it is well past its time', async () => {
    const s = setup();
    expect(await s.get('/result', s.draw('first'))).toBe('first');
    s.advance(5_000 + REDRAW_GRACE_MS);
    expect(await s.get('/result', s.draw('second'))).toBe('second');
    expect(s.draws()).toBe(2);
  });

  it('draws a page past its time once, however many visitors ask meanwhile', async () => {
    const s = setup();
    await s.get('/result', s.draw('first'));
    s.advance(5_000);
    let finish: (page: CachedPage) => void = () => {};
    let drawings = 0;
    const slow = () => {
      drawings += 1;
      return new Promise<CachedPage>((resolve) => (finish = resolve));
    };
    const sent = await Promise.all([1, 2, 3].map(() => s.get('/result', slow)));
    expect(sent).toEqual(['first', 'first', 'first']);
    expect(drawings).toBe(1);
    finish(page('second'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await s.get('/result', s.draw('third'))).toBe('second');
  });

  it('sends the page it has while a drawing fails, and tries again for the next visitor', async () => {
    const s = setup();
    await s.get('/result', s.draw('first'));
    s.advance(5_000);
    expect(await s.get('/result', async () => Promise.reject(new Error('the database went away')))).toBe('first');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await s.get('/result', s.draw('second'))).toBe('first');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await s.get('/result', s.draw('third'))).toBe('second');
  });

  it('keeps a page about one product until one of the products it shows changes', async () => {
    const s = setup();
    await s.get('/p/1', s.draw('phone 1 at Rs 50,000', true, [1, 7]));
    await s.get('/p/2', s.draw('phone 2', true, [2]));
    s.advance(300_000);
    s.changes.productsChanged([3]);
    expect(await s.get('/p/1', s.draw('redrawn'))).toBe('phone 1 at Rs 50,000');
    // A write through this process drops the lists, not the product pages (their products say when they change).
    s.changeCatalogue();
    expect(await s.get('/p/1', s.draw('redrawn'))).toBe('phone 1 at Rs 50,000');
    // Product 7 is recommended on product 1's page.
    s.changes.productsChanged([7]);
    expect(await s.get('/p/1', s.draw('phone 1 with 7 at its new price'))).toBe('phone 1 with 7 at its new price');
    expect(await s.get('/p/2', s.draw('redrawn'))).toBe('phone 2');
    s.advance(300_000);
    expect(await s.get('/p/2', s.draw('phone 2 after ten minutes'))).toBe('phone 2 after ten minutes');
  });

  it('keeps product pages only briefly while changes are not heard, and drops them all when some may be lost', async () => {
    const s = setup();
    await s.get('/p/1', s.draw('heard', true, [1]));
    s.changes.heardNow = false;
    s.changes.everythingChanged();
    expect(await s.get('/p/1', s.draw('unheard', true, [1]))).toBe('unheard');
    s.advance(5_000);
    expect(await s.get('/p/1', s.draw('five seconds on', true, [1]))).toBe('five seconds on');
  });

  it('keeps a page drawn from kept answers only as long as those answers had left', async () => {
    const s = setup();
    // Drawn from an answer already 3 s old (its Age): what the page shows must not outlive the cache's 5 s.
    await s.get('/p/2', async () => ({ ...page('aged'), drawnFromAge: 3 }));
    s.advance(999);
    expect(await s.get('/p/2', s.draw('fresh'))).toBe('aged');
    // Past 5 s of the answer's age, it is drawn again (sent meanwhile at most REDRAW_GRACE_MS longer).
    s.advance(1);
    await s.get('/p/2', s.draw('fresh'));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await s.get('/p/2', s.draw('fresher'))).toBe('fresh');
  });

  it('keeps a list page while no product changes, and 5 s after the feed next hears of one', async () => {
    const s = setup(1_000_000, 60_000);
    expect(await s.get('/result', s.draw('first'))).toBe('first');
    s.advance(30_000);
    expect(await s.get('/result', s.draw('second'))).toBe('first');
    // Any product may now belong in the list, or out of it: the page goes 5 s after the change was heard.
    s.changes.productsChanged([42]);
    s.advance(4_999);
    expect(await s.get('/result', s.draw('second'))).toBe('first');
    s.advance(1 + REDRAW_GRACE_MS);
    expect(await s.get('/result', s.draw('third'))).toBe('third');
    // Nothing changes: kept for its minute at most.
    s.advance(59_999);
    expect(await s.get('/result', s.draw('fourth'))).toBe('third');
    s.advance(1 + REDRAW_GRACE_MS);
    expect(await s.get('/result', s.draw('fifth'))).toBe('fifth');
    expect(s.draws()).toBe(3);
  });

  it('counts a change heard up to 5 s before a list page was drawn: its answers may be that old', async () => {
    const s = setup(1_000_000, 60_000);
    s.changes.productsChanged([42]);
    s.advance(3_000);
    // The search answers kept by the results cache may predate the change: drawn from them, the page goes 5 s after
    // the change, as the answers themselves would have.
    expect(await s.get('/result', s.draw('maybe older'))).toBe('maybe older');
    s.advance(2_000 + REDRAW_GRACE_MS);
    expect(await s.get('/result', s.draw('after the change'))).toBe('after the change');
    // Drawn more than 5 s after it, the change no longer counts.
    s.advance(30_000);
    expect(await s.get('/result', s.draw('later'))).toBe('after the change');
  });

  it('keeps a list page only its 5 s when it was drawn from kept answers or while changes are not heard', async () => {
    const s = setup(1_000_000, 60_000);
    await s.get('/', async () => ({ ...page('from a kept answer'), drawnFromAge: 0 }));
    s.advance(4_000 + REDRAW_GRACE_MS);
    expect(await s.get('/', s.draw('drawn again'))).toBe('drawn again');
    s.changes.heardNow = false;
    await s.get('/result', s.draw('unheard'));
    s.advance(5_000 + REDRAW_GRACE_MS);
    expect(await s.get('/result', s.draw('drawn again'))).toBe('drawn again');
  });

  it('drops every list at once when this process changes the catalogue', async () => {
    const s = setup();
    await s.get('/', s.draw('old price'));
    s.changeCatalogue();
    expect(await s.get('/', s.draw('new price'))).toBe('new price');
  });

  it('treats a page as changed when its product changed while it was being drawn', async () => {
    const s = setup();
    let finish: (p: CachedPage) => void = () => {};
    const drawing = s.cache.get('/p/5', () => new Promise((resolve) => (finish = resolve)));
    s.changes.productsChanged([5]);
    finish(page('drawn from the old price', true, [5]));
    await drawing;
    expect(await s.get('/p/5', s.draw('new price', true, [5]))).toBe('new price');
  });

  it('shares one drawing among visitors asking at the same moment', async () => {
    const s = setup();
    const pages = await Promise.all([1, 2, 3, 4].map(() => s.get('/', s.draw('home'))));
    expect(pages).toEqual(['home', 'home', 'home', 'home']);
    expect(s.draws()).toBe(1);
  });

  it('sends a page that could not be drawn properly but draws it again for the next visitor', async () => {
    const s = setup();
    expect(await s.get('/', s.draw('shell only', false))).toBe('shell only');
    expect(await s.get('/', s.draw('drawn'))).toBe('drawn');
    expect(s.draws()).toBe(2);
  });

  it('holds its pages compressed, at most its bytes, letting the least recently sent go first', async () => {
    const html = Array.from({ length: 400 }, (_, i) => `<li>${(i * 7919) % 10_007}</li>`).join('');
    const one = setup();
    await one.keep('/p/1', one.draw(html, true, [1]));
    // What one page holds: its two compressed forms (and its key), far less than its HTML.
    expect(one.cache.bytes).toBeGreaterThan(0);
    expect(one.cache.bytes).toBeLessThan(html.length / 2);
    const s = setup(Math.floor(one.cache.bytes * 2.5));
    for (const n of [1, 2, 3]) await s.keep(`/p/${n}`, s.draw(html, true, [n]));
    expect(s.cache.size).toBe(2);
    expect(s.cache.bytes).toBeLessThanOrEqual(one.cache.bytes * 2.5);
    expect((await s.cache.get('/p/3', s.draw('redrawn'))).html).toBeUndefined();
    expect(await s.get('/p/3', s.draw('redrawn'))).toBe(html);
    await s.get('/p/1', s.draw('redrawn'));
    expect(s.draws()).toBe(4);
  });

  it("keeps a page with a customer's places as Brotli and its shared pieces, its gzip form joined from them", async () => {
    const html = `<header>[Sign-In]</header>${Array.from({ length: 400 }, (_, i) => `<li>${(i * 7919) % 10_007}</li>`).join('')}</body>`;
    const at = html.indexOf('Sign-In');
    const plain = setup();
    await plain.keep('/p/1', plain.draw(html, true, [1]));
    const s = setup();
    const drawn: CachedPage = {
      ...page(html, true, [1]),
      shared: sharedPieces(html, [
        [at, at + 7],
        [html.length - 7, html.length - 7],
      ]),
    };
    await s.keep('/p/1', async () => drawn);
    const kept = await s.cache.get('/p/1', s.draw('redrawn'));
    expect(kept.html).toBeUndefined();
    expect(kept.encoded.gzip).toBeUndefined();
    // A browser that takes only gzip gets the page everyone sees, from the pieces.
    expect(gunzipSync(await encodedPage(kept, 'gzip')).toString()).toBe(html);
    expect(brotliDecompressSync(await encodedPage(kept, 'br')).toString()).toBe(html);
    // The pieces are counted, in place of the gzip form they stand for.
    expect(s.cache.bytes).toBeGreaterThan(plain.cache.bytes / 2);
    expect(s.cache.bytes).toBeLessThan(html.length / 2);
  });

  it('compresses a page once per encoding, in what the browser accepts', async () => {
    const p = page('<main>' + 'Dell XPS 13 '.repeat(200) + '</main>');
    const html = p.html!;
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding(undefined)).toBeUndefined();
    const br = await encodedPage(p, 'br');
    expect(brotliDecompressSync(br).toString()).toBe(html);
    expect(await encodedPage(p, 'br')).toBe(br);
    expect(gunzipSync(await encodedPage(p, 'gzip')).toString()).toBe(html);
  });
});
