import type { SessionUser } from '@pricehub/shared/schemas/account';
import {
  externalStoreMessages as m,
  type ExternalFormat,
  type ExternalStore,
  type ExternalStoreRun,
  type UpdateExternalStoreInput,
} from '@pricehub/shared/schemas/operator-external-stores';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import {
  deleteExternalStoreRow,
  externalStoreHoldings,
  externalStoreNameTaken,
  externalStoresWithFiles,
  insertExternalStoreFile,
  lockExternalStore,
  replaceExternalStoreFile,
  updateExternalStoreRow,
  type ExternalStoreRow,
} from '../offers/external-stores';
import { ensureExternalStore } from '../offers/repository';
import { latestRuns, offerCounts, runningRun, startRun, toRun } from '../offers/runs';
import { recordAudit } from './audit';

type StoreRow = ExternalStoreRow;
export interface UploadedFile {
  fileName: string;
  content: string;
}

const hours = (minutes: number) => Math.max(1, Math.round(minutes / 60));

function toExternalStore(
  row: StoreRow,
  fileName: string | null,
  lastRun: ExternalStoreRun | null,
  offers: ExternalStore['offers'],
): ExternalStore {
  const fromFile = fileName !== null;
  const scheduled = !row.paused && !fromFile && !!row.source;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    source: fromFile ? fileName : (row.source ?? ''),
    sourceKind: fromFile ? 'file' : row.source ? 'url' : 'none',
    format: row.format as ExternalFormat,
    intervalHours: hours(row.refreshIntervalMinutes),
    paused: row.paused,
    lastRun,
    lastRefreshedAt: row.lastRefreshedAt?.toISOString() ?? null,
    // Never refreshed: the scheduler picks it up at its next minute.
    nextRunAt: scheduled
      ? new Date((row.lastRefreshedAt?.getTime() ?? Date.now()) + row.refreshIntervalMinutes * 60_000).toISOString()
      : null,
    offers,
    createdAt: row.createdAt.toISOString(),
  };
}

/** GET /api/operator/external-stores: every store with its freshness, offers and newest run, by name. */
export async function listExternalStores(db: Db): Promise<ExternalStore[]> {
  const rows = await externalStoresWithFiles(db);
  const [runs, counts] = await Promise.all([latestRuns(db), offerCounts(db)]);
  return rows.map((r) =>
    toExternalStore(
      r.store,
      r.fileName,
      runs.get(r.store.id) ?? null,
      counts.get(r.store.id) ?? { total: 0, available: 0 },
    ),
  );
}

export async function externalStore(db: Db, id: number): Promise<ExternalStore> {
  const found = (await listExternalStores(db)).find((s) => s.id === id);
  if (!found) throw notFound(m.notFound);
  return found;
}

/** The store's row locked for this transaction, with its uploaded file's name. */
async function lockStore(tx: Db, id: number): Promise<{ row: StoreRow; fileName: string | null }> {
  const locked = await lockExternalStore(tx, id);
  if (!locked) throw notFound(m.notFound);
  return locked;
}

async function refuseTakenName(tx: Db, name: string, except?: number): Promise<void> {
  if (await externalStoreNameTaken(tx, name, except)) throw conflict(m.nameTaken, { name: m.nameTaken });
}

/** What the audit log keeps of a store. */
const auditView = (row: StoreRow, fileName: string | null) => ({
  name: row.name,
  source: fileName ? `file: ${fileName}` : row.source,
  format: row.format,
  intervalHours: hours(row.refreshIntervalMinutes),
  paused: row.paused,
});

export interface NewExternalStore {
  name: string;
  format: ExternalFormat;
  intervalHours: number;
  source?: string;
  upload?: UploadedFile;
}

/** Adds a store (by address or uploaded file) and starts its first run; the caller runs it (see runInBackground). */
export async function createExternalStore(
  ctx: AppContext,
  operator: SessionUser,
  input: NewExternalStore,
): Promise<{ store: ExternalStore; run: ExternalStoreRun }> {
  const { storeId, run } = await ctx.db.transaction(async (tx) => {
    await refuseTakenName(tx, input.name);
    const created = await ensureExternalStore(tx, input.name, input.source, input.format);
    const row = await updateExternalStoreRow(tx, created.id, {
      refreshIntervalMinutes: input.intervalHours * 60,
      format: input.format,
    });
    if (input.upload) await insertExternalStoreFile(tx, created.id, { ...input.upload, uploadedAt: ctx.now() });
    const started = await startRun(tx, created.id, input.upload ? 'upload' : 'manual', ctx.now());
    await recordAudit(tx, {
      actor: operator,
      action: 'external-store.create',
      target: { type: 'external-store', id: created.id, name: input.name },
      after: { ...auditView(row, input.upload?.fileName ?? null), runId: started.id },
    });
    return { storeId: created.id, run: started };
  });
  return { store: await externalStore(ctx.db, storeId), run: toRun(run) };
}

/** Renames, re-points, re-times, pauses or resumes a store; pausing alone is logged as a pause or a resume. */
export async function updateExternalStore(
  ctx: AppContext,
  operator: SessionUser,
  id: number,
  input: UpdateExternalStoreInput,
): Promise<ExternalStore> {
  await ctx.db.transaction(async (tx) => {
    const { row, fileName } = await lockStore(tx, id);
    if (input.source !== undefined && fileName !== null)
      throw badRequest(m.fileSourceFixed, { source: m.fileSourceFixed });
    if (input.name !== undefined) await refuseTakenName(tx, input.name, id);
    const after = await updateExternalStoreRow(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.source !== undefined ? { source: input.source, homepage: new URL(input.source).origin } : {}),
      ...(input.format !== undefined ? { format: input.format } : {}),
      ...(input.intervalHours !== undefined ? { refreshIntervalMinutes: input.intervalHours * 60 } : {}),
      ...(input.paused !== undefined ? { paused: input.paused } : {}),
    });
    const keys = Object.keys(input).filter((k) => input[k as keyof UpdateExternalStoreInput] !== undefined);
    const before = auditView(row, fileName);
    const now = auditView(after, fileName);
    const pick = (v: typeof before) => Object.fromEntries(keys.map((k) => [k, v[k as keyof typeof v]]));
    const onlyPause = keys.length === 1 && keys[0] === 'paused';
    await recordAudit(tx, {
      actor: operator,
      action: onlyPause ? (input.paused ? 'external-store.pause' : 'external-store.resume') : 'external-store.update',
      target: { type: 'external-store', id, name: after.name },
      before: pick(before),
      after: pick(now),
    });
  });
  return externalStore(ctx.db, id);
}

/**
 * Deletes a store with its offers, their price history and reviews (migration 0023's cascades and the reviews'
 * foreign key); the catalogue's triggers recount each product's lowest price and offer count, and the products
 * themselves stay.
 */
export async function deleteExternalStore(
  ctx: AppContext,
  operator: SessionUser,
  id: number,
): Promise<{ message: string }> {
  const message = await ctx.db.transaction(async (tx) => {
    const { row, fileName } = await lockStore(tx, id);
    if (await runningRun(tx, id, ctx.now())) throw conflict(m.alreadyRunning);
    const counts = await externalStoreHoldings(tx, id);
    await deleteExternalStoreRow(tx, id);
    await recordAudit(tx, {
      actor: operator,
      action: 'external-store.delete',
      target: { type: 'external-store', id, name: row.name },
      before: { ...auditView(row, fileName), offers: counts.offers, pricePoints: counts.points },
      after: null,
    });
    return m.deleted(row.name, counts.offers);
  });
  invalidateCatalogCache();
  return { message };
}

/** Starts a run now ("Refresh now"); refused while one is under way. */
export async function startRefresh(ctx: AppContext, operator: SessionUser, id: number): Promise<ExternalStoreRun> {
  const run = await ctx.db.transaction(async (tx) => {
    const { row, fileName } = await lockStore(tx, id);
    if (fileName === null && !row.source) throw badRequest(m.noSource, { source: m.noSource });
    const running = await runningRun(tx, id, ctx.now());
    if (running) throw conflict(m.alreadyRunning, undefined, { runId: running.id });
    const started = await startRun(tx, id, 'manual', ctx.now());
    await recordAudit(tx, {
      actor: operator,
      action: 'external-store.refresh',
      target: { type: 'external-store', id, name: row.name },
      before: { lastRefreshedAt: row.lastRefreshedAt?.toISOString() ?? null },
      after: { runId: started.id },
    });
    return started;
  });
  return toRun(run);
}

/** Replaces the file of a store added by upload, and starts a run that reads the new file. */
export async function replaceStoreFile(
  ctx: AppContext,
  operator: SessionUser,
  id: number,
  upload: UploadedFile,
): Promise<ExternalStoreRun> {
  const run = await ctx.db.transaction(async (tx) => {
    const { row, fileName } = await lockStore(tx, id);
    if (fileName === null) throw badRequest(m.notFromFile, { file: m.notFromFile });
    const running = await runningRun(tx, id, ctx.now());
    if (running) throw conflict(m.alreadyRunning, undefined, { runId: running.id });
    await replaceExternalStoreFile(tx, id, { ...upload, uploadedAt: ctx.now() });
    const started = await startRun(tx, id, 'upload', ctx.now());
    await recordAudit(tx, {
      actor: operator,
      action: 'external-store.upload',
      target: { type: 'external-store', id, name: row.name },
      before: { file: fileName },
      after: { file: upload.fileName, runId: started.id },
    });
    return started;
  });
  return toRun(run);
}
