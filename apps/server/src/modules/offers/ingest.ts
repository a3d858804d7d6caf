import { eq, sql } from 'drizzle-orm';
import { slugify } from '@pricehub/shared/rules/slug';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { externalStores, offers, pricePoints } from '../../db/schema';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import type { FetcherOptions } from './fetcher';
import { PoliteFetcher } from './fetcher';
import { writeOffers, type ItemOutcome } from './offer-writer';
import type { ParsedItem } from './parsers/types';
import {
  streamSource,
  streamUploadedSource,
  type ItemSink,
  type Progress,
  type SourceFormat,
  type SourceSummary,
} from './sources';

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

/** Items written per transaction: fewer, larger statements, while a batch retried item by item stays short. */
const BATCH_SIZE = 1_000;

/**
 * Ingests one source into one external store. Items are written in batches while the source is still being read
 * (the next batch is parsed while one is written), each in its own transaction; a batch that fails is retried item
 * by item, so one broken item is reported and never takes the others with it.
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
  const report: IngestReport = {
    store: { id: store.id, name: store.name, slug: store.slug },
    new: 0,
    updated: 0,
    unchanged: 0,
    unavailable: 0,
    failed: 0,
    failures: [],
  };
  const checkedAt = ctx.now();
  const failedKeys: string[] = [];
  // An item listed twice is written twice (the last copy wins, as on the store's own page) but counted once.
  const seen = new Set<string>();
  let saved = 0;
  let writing: Promise<void> = Promise.resolve();
  const sink: ItemSink = async (items, expected) => {
    await writing;
    const batch = [...new Map(items.map((i) => [i.storeItemId, i])).values()];
    writing = writeBatch(ctx.db, store.id, batch, checkedAt, report, failedKeys).then((outcomes) => {
      outcomes.forEach((outcome, i) => {
        const key = batch[i]!.storeItemId;
        if (outcome && !seen.has(key)) report[outcome]++;
        seen.add(key);
      });
      saved += items.length;
      // Offers and the products they made are what shoppers see: this process's cached answers are out of date.
      invalidateCatalogCache();
      progress({ phase: 'save', done: saved, total: Math.max(saved, expected) });
    });
    // Awaited before the next batch and at the end; until then a failure must not count as unhandled.
    writing.catch(() => {});
  };
  const streamOptions = { progress, batchSize: options.batchSize ?? BATCH_SIZE };
  let read: SourceSummary;
  try {
    read = options.upload
      ? await streamUploadedSource(
          options.upload.fileName,
          options.upload.content,
          format,
          fetcher,
          sink,
          streamOptions,
        )
      : await streamSource(options.source, format, fetcher, sink, streamOptions);
  } finally {
    await writing;
  }
  progress({ phase: 'save', done: saved, total: saved });
  report.failed += read.failures.length;
  report.failures = [...read.failures, ...report.failures];

  if (read.complete) {
    report.unavailable = await markMissingUnavailable(ctx.db, store.id, checkedAt, [
      ...failedKeys,
      ...read.unreadPages,
    ]);
  }
  await ctx.db.update(externalStores).set({ lastRefreshedAt: checkedAt }).where(eq(externalStores.id, store.id));
  return report;
}

/** The outcome of each item of the batch, in order; undefined for an item that failed (and was reported). */
async function writeBatch(
  db: Db,
  storeId: number,
  batch: ParsedItem[],
  checkedAt: Date,
  report: IngestReport,
  failedKeys: string[],
): Promise<(ItemOutcome | undefined)[]> {
  try {
    return await db.transaction((tx) => writeInTransaction(tx, storeId, batch, checkedAt));
  } catch {
    const outcomes: (ItemOutcome | undefined)[] = [];
    for (const item of batch) {
      try {
        outcomes.push(...(await db.transaction((tx) => writeInTransaction(tx, storeId, [item], checkedAt))));
      } catch (error) {
        outcomes.push(undefined);
        report.failed++;
        report.failures.push({ where: item.url || item.storeItemId, reason: (error as Error).message.slice(0, 200) });
        failedKeys.push(item.storeItemId);
      }
    }
    return outcomes;
  }
}

async function writeInTransaction(tx: Db, storeId: number, items: ParsedItem[], checkedAt: Date) {
  // Statements prepared once would keep the plan made when the store was empty (reading every offer later on).
  await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
  return writeOffers(tx, storeId, items, checkedAt);
}

/**
 * Offers of a complete source that were not seen in this run: kept, marked unavailable, with a price point. One
 * statement, whatever the numbers: the keys kept travel as one JSON parameter (a parameter per key stops at
 * PostgreSQL's 65,535), and the price points are copied from the updated rows.
 */
export async function markMissingUnavailable(
  db: Db,
  storeId: number,
  checkedAt: Date,
  keep: string[],
): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`with kept as (select jsonb_array_elements_text(${JSON.stringify(keep)}::jsonb) as key),
      gone as (
        update ${offers} set available = false, last_checked_at = ${checkedAt}
        where external_store_id = ${storeId} and available and last_checked_at < ${checkedAt}
          and store_item_id not in (select key from kept) and url not in (select key from kept)
        returning id, price
      ),
      points as (
        insert into ${pricePoints} (offer_id, price, in_stock, recorded_at)
        select id, price, false, ${checkedAt} from gone
      )
    select count(*)::int as count from gone`,
  );
  return row?.count ?? 0;
}
