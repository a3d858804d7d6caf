/**
 * Results cache for search, suggestions and the home page. Entries live at most TTL_MS, so a product change made
 * on another server process shows within that time; a change made on this process bumps the generation and
 * shows at once. Kept per process (no shared store to run), bounded by MAX_ENTRIES (oldest evicted first).
 * Answers and pages that list many products (results, home, a store) are kept this long too: a busy catalogue
 * changes some product every few milliseconds, and dropping them on each change would draw them again and again.
 */
export const TTL_MS = 5_000;
/**
 * How long an answer or page about one product (its page, offers, price history) is kept while the catalogue
 * change feed is heard (change-feed.ts): it is dropped as soon as one of the products it shows changes, so this
 * only bounds what the feed cannot tell (another product's store rating, which products are recommended).
 */
export const PRODUCT_TTL_MS = 10 * 60_000;
/**
 * How long a page that lists many products is kept while the change feed is heard and no product changes
 * (http/page-cache.ts): once one does, the page goes TTL_MS later. Bounds what the feed does not tell, such as the
 * order of "popular first", which follows units sold and views.
 */
export const LIST_KEEP_MS = 60_000;
const MAX_ENTRIES = 5_000;

interface Entry {
  generation: number;
  expiresAt: number;
  value: Promise<unknown>;
}

let generation = 0;
const entries = new Map<string, Entry>();

/** Call after any write that changes what shoppers see (products, stock, prices, stores, sales). */
export function invalidateCatalogCache(): void {
  generation += 1;
  entries.clear();
}

/** Moves on with every invalidation: caches elsewhere (the visitors' pages) compare it with the one they were made in. */
export const catalogueGeneration = (): number => generation;

/** The cached value for key, or compute it once (concurrent callers share one computation). */
export function cached<T>(key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  const hit = entries.get(key);
  if (hit && hit.generation === generation && hit.expiresAt > now) return hit.value as Promise<T>;
  const entry: Entry = { generation, expiresAt: now + TTL_MS, value: compute() };
  entry.value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  entries.delete(key);
  entries.set(key, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  return entry.value as Promise<T>;
}

const PRODUCT_ANSWER = /^\/api\/products\/(\d{1,10})(\/offers|\/price-history)?\/?(?:\?|$)/;

/**
 * The catalogue products an API answer shows, when it is about one product (GET /api/products/:id, its offers, its
 * price history): the product, and for the product itself the cards it recommends and where an old id moved to.
 * Undefined for anything else (a list, or not the catalogue): such answers are kept for TTL_MS.
 */
export function productsShown(url: string, body: string): number[] | undefined {
  const match = PRODUCT_ANSWER.exec(url);
  if (!match) return undefined;
  const ids = [Number(match[1])];
  if (match[2]) return ids;
  let answer: { id?: unknown; recommendations?: { id?: unknown }[] };
  try {
    answer = JSON.parse(body) as typeof answer;
  } catch {
    return undefined;
  }
  for (const id of [answer.id, ...(answer.recommendations ?? []).map((card) => card.id)]) {
    if (typeof id === 'number') ids.push(id);
  }
  return ids;
}
