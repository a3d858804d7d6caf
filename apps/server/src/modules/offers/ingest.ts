import { and, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { externalStores, offers, pricePoints } from '../../db/schema';
import { slugify } from '../auth/service';
import type { FetcherOptions } from './fetcher';
import { PoliteFetcher } from './fetcher';
import { writeOffers, type ItemOutcome } from './offer-writer';
import type { ParsedItem } from './parsers/types';
import { readSource, readUploadedSource, type Progress, type SourceFormat } from './sources';

export interface IngestOptions {
  store: string;
  source: string;
  format?: SourceFormat;
  /** Test hooks: short timeouts and no delays against the local fixture server. */
  fetcher?: Partial<FetcherOptions>;
  progress?: Progress;
  batchSize?: number;
  /** A file an operator uploaded, read instead of `source` (the store's source is left as it is). */
  upload?: { fileName: string; content: string };
}

export interface IngestReport {
  store: { id: number; name: string; slug: string };
  new: number;
  updated: number;
  unchanged: number;
  unavailable: number;
  failed: number;
  failures: { where: string; reason: string }[];
}

type IngestContext = Pick<AppContext, 'db' | 'config' | 'now'>;

export const userAgent = (publicUrl: string) => `PriceHub/1.0 (+${publicUrl})`;

/** Finds the external store by name, creating it on first use; a given source and format are remembered. */
export async function ensureExternalStore(db: Db, name: string, source?: string, format?: SourceFormat) {
  const [found] = await db.select().from(externalStores).where(eq(externalStores.name, name));
  if (found) {
    if (source && (found.source !== source || (format && found.format !== format))) {
      await db
        .update(externalStores)
        .set({ source, format: format ?? found.format })
        .where(eq(externalStores.id, found.id));
    }
    return found;
  }
  const base = slugify(name);
  const taken = await db
    .select({ slug: externalStores.slug })
    .from(externalStores)
    .where(sql`${externalStores.slug} = ${base} or ${externalStores.slug} like ${base + '-%'}`);
  const used = new Set(taken.map((t) => t.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = `${base}-${n}`;
  const homepage = source && /^https?:\/\//.test(source) ? new URL(source).origin : '';
  const [created] = await db
    .insert(externalStores)
    .values({ name, slug, source: source ?? null, format: format ?? 'auto', homepage })
    .onConflictDoNothing()
    .returning();
  // Two runs creating the same store at once: the loser reads the winner's row.
  return created ?? (await db.select().from(externalStores).where(eq(externalStores.name, name)))[0]!;
}

/**
 * Ingests one source into one external store. Items are written in batches, each in its own transaction; a batch
 * that fails is retried item by item, so one broken item is reported and never takes the others with it.
 */
export async function ingestSource(ctx: IngestContext, options: IngestOptions): Promise<IngestReport> {
  const store = await ensureExternalStore(
    ctx.db,
    options.store,
    options.upload ? undefined : options.source,
    options.format,
  );
  const fetcher = new PoliteFetcher({
    userAgent: userAgent(ctx.config.publicUrl),
    allowPrivate: ctx.config.ingestAllowPrivate,
    ...options.fetcher,
  });
  const progress = options.progress ?? (() => {});
  const format = options.format ?? 'auto';
  const read = options.upload
    ? await readUploadedSource(options.upload.fileName, options.upload.content, format, fetcher, progress)
    : await readSource(options.source, format, fetcher, progress);
  const report: IngestReport = {
    store: { id: store.id, name: store.name, slug: store.slug },
    new: 0,
    updated: 0,
    unchanged: 0,
    unavailable: 0,
    failed: read.failures.length,
    failures: [...read.failures],
  };
  // The last copy of an item listed twice wins, as it would on the store's own page.
  const items = [...new Map(read.items.map((i) => [i.storeItemId, i])).values()];
  const checkedAt = ctx.now();
  const failedKeys: string[] = [];
  const size = options.batchSize ?? 500;
  progress({ phase: 'save', done: 0, total: items.length });
  for (let start = 0; start < items.length; start += size) {
    const batch = items.slice(start, start + size);
    const outcomes = await writeBatch(ctx.db, store.id, batch, checkedAt, report, failedKeys);
    for (const outcome of outcomes) report[outcome]++;
    progress({ phase: 'save', done: Math.min(items.length, start + size), total: items.length });
  }

  if (read.complete) {
    report.unavailable = await markMissingUnavailable(ctx.db, store.id, checkedAt, [
      ...failedKeys,
      ...read.unreadPages,
    ]);
  }
  await ctx.db.update(externalStores).set({ lastRefreshedAt: checkedAt }).where(eq(externalStores.id, store.id));
  return report;
}

async function writeBatch(
  db: Db,
  storeId: number,
  batch: ParsedItem[],
  checkedAt: Date,
  report: IngestReport,
  failedKeys: string[],
) {
  try {
    return await db.transaction((tx) => writeOffers(tx, storeId, batch, checkedAt));
  } catch {
    const outcomes: ItemOutcome[] = [];
    for (const item of batch) {
      try {
        outcomes.push(...(await db.transaction((tx) => writeOffers(tx, storeId, [item], checkedAt))));
      } catch (error) {
        report.failed++;
        report.failures.push({ where: item.url || item.storeItemId, reason: (error as Error).message.slice(0, 200) });
        failedKeys.push(item.storeItemId);
      }
    }
    return outcomes;
  }
}

/** Offers of a complete source that were not seen in this run: kept, marked unavailable, with a price point. */
async function markMissingUnavailable(db: Db, storeId: number, checkedAt: Date, keep: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .update(offers)
      .set({ available: false, lastCheckedAt: checkedAt })
      .where(
        and(
          eq(offers.externalStoreId, storeId),
          eq(offers.available, true),
          lt(offers.lastCheckedAt, checkedAt),
          ...(keep.length ? [notInArray(offers.storeItemId, keep), notInArray(offers.url, keep)] : []),
        ),
      )
      .returning({ id: offers.id, price: offers.price });
    if (gone.length === 0) return 0;
    await tx
      .insert(pricePoints)
      .values(gone.map((o) => ({ offerId: o.id, price: o.price, inStock: false, recordedAt: checkedAt })));
    return gone.length;
  });
}
