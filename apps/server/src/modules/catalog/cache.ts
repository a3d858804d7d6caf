/**
 * Results cache for search, suggestions and the home page. Entries live at most TTL_MS, so a product change made
 * on another server process shows within that time; a change made on this process bumps the generation and
 * shows at once. Kept per process (no shared store to run), bounded by MAX_ENTRIES (oldest evicted first).
 */
export const TTL_MS = 5_000;
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
