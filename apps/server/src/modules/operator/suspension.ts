import { eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import {
  operatorMessages,
  type OperatorStore,
  type SellerSuspension,
  type StoreStanding,
} from '@pricehub/shared/schemas/operator';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { stores } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { invalidateCatalogCache } from '../catalog/cache';
import { enqueueMail } from '../mail/outbox';
import { recordAudit } from './audit';
import { operatorStore } from './stores';
import { reopeningMail, suspensionMail } from './suspension-mails';

interface LockedStore {
  id: number;
  slug: string;
  name: string;
  status: StoreStanding;
  status_before_suspension: 'open' | 'closed' | null;
  suspension_reason: string | null;
  suspended_at: Date | string | null;
  seller_name: string;
  seller_email: string;
}

/**
 * The store's row, locked for this transaction, then its catalogue products in id order: the status change below
 * refreshes them through a trigger (migration 0005), and checkouts take listings then products in id order, so
 * taking the products first, in the same order, means a suspension never waits in a circle with a checkout.
 * NO KEY UPDATE leaves new orders (which only share-lock the store's key) free to be placed meanwhile.
 */
async function lockStore(tx: Db, slug: string): Promise<LockedStore> {
  const [store] = await queryRows<LockedStore>(
    tx,
    sql`select s.id, s.slug, s.name, s.status, s.status_before_suspension, s.suspension_reason, s.suspended_at,
               a.name as seller_name, a.email as seller_email
        from stores s join accounts a on a.id = s.seller_id
        where s.slug = ${slug}
        for no key update of s`,
  );
  if (!store) throw notFound(operatorMessages.storeNotFound);
  await tx.execute(
    sql`select id from products where id in (select product_id from listings where store_id = ${store.id})
        order by id for no key update`,
  );
  return store;
}

const addressee = (s: LockedStore) => ({
  sellerName: s.seller_name,
  sellerEmail: s.seller_email,
  storeName: s.name,
  slug: s.slug,
});

async function storeAfter(ctx: AppContext, slug: string): Promise<OperatorStore> {
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
export async function suspendStore(
  ctx: AppContext,
  operator: SessionUser,
  slug: string,
  reason: string,
): Promise<OperatorStore> {
  await ctx.db.transaction(async (tx) => {
    const store = await lockStore(tx, slug);
    if (store.status === 'suspended') throw conflict(operatorMessages.alreadySuspended);
    const now = ctx.now();
    await tx
      .update(stores)
      .set({ status: 'suspended', statusBeforeSuspension: store.status, suspendedAt: now, suspensionReason: reason })
      .where(eq(stores.id, store.id));
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'store.suspend',
        target: { type: 'store', id: store.slug, name: store.name },
        reason,
        before: { status: store.status },
        after: { status: 'suspended', suspendedAt: now.toISOString() },
      },
      now,
    );
    await enqueueMail(tx, suspensionMail(ctx.config.publicUrl, addressee(store), reason));
  });
  return storeAfter(ctx, slug);
}

/** Lifts a suspension: the store returns to the open or closed its seller had chosen, and its listings with it. */
export async function reopenStore(
  ctx: AppContext,
  operator: SessionUser,
  slug: string,
  reason: string | undefined,
): Promise<OperatorStore> {
  await ctx.db.transaction(async (tx) => {
    const store = await lockStore(tx, slug);
    if (store.status !== 'suspended') throw conflict(operatorMessages.notSuspended);
    const status = store.status_before_suspension ?? 'open';
    const now = ctx.now();
    await tx
      .update(stores)
      .set({ status, statusBeforeSuspension: null, suspendedAt: null, suspensionReason: null })
      .where(eq(stores.id, store.id));
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'store.reopen',
        target: { type: 'store', id: store.slug, name: store.name },
        reason: reason ?? null,
        before: {
          status: 'suspended',
          suspendedAt: store.suspended_at ? new Date(store.suspended_at).toISOString() : null,
          suspensionReason: store.suspension_reason,
        },
        after: { status },
      },
      now,
    );
    await enqueueMail(tx, reopeningMail(ctx.config.publicUrl, addressee(store), reason, status));
  });
  return storeAfter(ctx, slug);
}

/** The seller workspace's banner: why and since when their store is suspended, or null. */
export async function sellerSuspension(db: Db, storeId: number): Promise<SellerSuspension> {
  const [row] = await db
    .select({ status: stores.status, reason: stores.suspensionReason, at: stores.suspendedAt })
    .from(stores)
    .where(eq(stores.id, storeId));
  if (row?.status !== 'suspended' || !row.at) return { suspension: null };
  return { suspension: { reason: row.reason ?? '', suspendedAt: row.at.toISOString() } };
}
