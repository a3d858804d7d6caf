import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import { ensureExternalStore, markMissingUnavailable, markStoreRefreshed } from '../offers/repository';
import type { RunCounts } from '../offers/runs';
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

export interface IngestReport extends RunCounts {
  store: { id: number; name: string; slug: string };
}

type IngestContext = Pick<AppContext, 'db' | 'config' | 'now'>;

export const userAgent = (publicUrl: string) => `PriceHub/1.0 (+${publicUrl})`;

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
  await markStoreRefreshed(ctx.db, store.id, checkedAt);
  return report;
}

/**
 * The outcome of each item of the batch, in order; undefined for an item that failed (and was reported).
 *
 * The transaction keeps the server's own plan choice. Forcing a custom plan for every statement (as before) also made
 * PostgreSQL plan the foreign-key checks' queries again for every row: 35-78 ms a batch per key, two thirds of
 * inserting the offers. The lookup the forced plans were for, the batch's existing offers, now finds them by key under
 * either kind of plan (`offersByItemId`, offers/repository.ts; ingestion/lookups.test.ts).
 */
async function writeBatch(
  db: Db,
  storeId: number,
  batch: ParsedItem[],
  checkedAt: Date,
  report: IngestReport,
  failedKeys: string[],
): Promise<(ItemOutcome | undefined)[]> {
  try {
    return await db.transaction((tx) => writeOffers(tx, storeId, batch, checkedAt));
  } catch {
    const outcomes: (ItemOutcome | undefined)[] = [];
    for (const item of batch) {
      try {
        outcomes.push(...(await db.transaction((tx) => writeOffers(tx, storeId, [item], checkedAt))));
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
