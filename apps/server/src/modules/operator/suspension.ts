import type { SessionUser } from '@pricehub/shared/schemas/account';
import { operatorMessages, type OperatorStore, type SellerSuspension } from '@pricehub/shared/schemas/operator';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import {
  lockStoreStanding,
  setStoreStanding,
  storeStanding,
  type LockedStore,
  type StandingColumns,
} from '../accounts/stores';
import { lockStoreProducts } from '../catalog/queries';
import { enqueueMail, type OutgoingMail } from '../mail/outbox';
import { recordAudit, type AuditRecord } from './audit';
import { operatorStore } from './stores';
import { reopeningMail, suspensionMail } from './suspension-mails';

/**
 * The store's row, locked for this transaction, then its catalogue products in id order: the status change below
 * refreshes them through a trigger (migration 0005), and checkouts take listings then products in id order, so
 * taking the products first, in the same order, means a suspension never waits in a circle with a checkout.
 */
async function lockStore(tx: Db, slug: string): Promise<LockedStore> {
  const store = await lockStoreStanding(tx, slug);
  if (!store) throw notFound(operatorMessages.storeNotFound);
  await lockStoreProducts(tx, store.id);
  return store;
}

/** What one change of a store's standing writes: the store's new columns, the audit entry, the seller's mail. */
interface StandingChange {
  set: StandingColumns;
  audit: Pick<AuditRecord, 'action' | 'reason' | 'before' | 'after'>;
  mail: OutgoingMail;
}

/**
 * Changes a store's standing in one transaction: locked, changed, audited and its seller mailed together. `change`
 * throws when the store is not in the standing it applies to. Answers the store as the operator now sees it.
 */
async function changeStanding(
  ctx: AppContext,
  operator: SessionUser,
  slug: string,
  change: (store: LockedStore, now: Date) => StandingChange,
): Promise<OperatorStore> {
  await ctx.db.transaction(async (tx) => {
    const store = await lockStore(tx, slug);
    const now = ctx.now();
    const { set, audit, mail } = change(store, now);
    await setStoreStanding(tx, store.id, set);
    await recordAudit(
      tx,
      { actor: operator, target: { type: 'store', id: store.slug, name: store.storeName }, ...audit },
      now,
    );
    await enqueueMail(tx, mail);
  });
  // What shoppers see changed: this server's search and home caches start again (others within their TTL).
  invalidateCatalogCache();
  const store = await operatorStore(ctx.db, slug, ctx.now());
  if (!store) throw notFound(operatorMessages.storeNotFound);
  return store;
}

/**
 * Suspends a store: its listings leave every shop page in this transaction (the status feeds the catalogue's
 * visibility), the seller is mailed the reason, and the audit log records it. Orders already placed are untouched.
 */
export function suspendStore(
  ctx: AppContext,
  operator: SessionUser,
  slug: string,
  reason: string,
): Promise<OperatorStore> {
  return changeStanding(ctx, operator, slug, (store, now) => {
    if (store.status === 'suspended') throw conflict(operatorMessages.alreadySuspended);
    return {
      set: { status: 'suspended', statusBeforeSuspension: store.status, suspendedAt: now, suspensionReason: reason },
      audit: {
        action: 'store.suspend',
        reason,
        before: { status: store.status },
        after: { status: 'suspended', suspendedAt: now.toISOString() },
      },
      mail: suspensionMail(ctx.config.publicUrl, store, reason),
    };
  });
}

/** Lifts a suspension: the store returns to the open or closed its seller had chosen, and its listings with it. */
export function reopenStore(
  ctx: AppContext,
  operator: SessionUser,
  slug: string,
  reason: string | undefined,
): Promise<OperatorStore> {
  return changeStanding(ctx, operator, slug, (store) => {
    if (store.status !== 'suspended') throw conflict(operatorMessages.notSuspended);
    const status = store.statusBeforeSuspension ?? 'open';
    return {
      set: { status, statusBeforeSuspension: null, suspendedAt: null, suspensionReason: null },
      audit: {
        action: 'store.reopen',
        reason: reason ?? null,
        before: {
          status: 'suspended',
          suspendedAt: store.suspendedAt ? new Date(store.suspendedAt).toISOString() : null,
          suspensionReason: store.suspensionReason,
        },
        after: { status },
      },
      mail: reopeningMail(ctx.config.publicUrl, store, reason, status),
    };
  });
}

/** The seller workspace's banner: why and since when their store is suspended, or null. */
export async function sellerSuspension(db: Db, storeId: number): Promise<SellerSuspension> {
  const row = await storeStanding(db, storeId);
  if (row?.status !== 'suspended' || !row.at) return { suspension: null };
  return { suspension: { reason: row.reason ?? '', suspendedAt: row.at.toISOString() } };
}
