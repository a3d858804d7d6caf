import { sql } from 'drizzle-orm';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import {
  matchingMessages,
  type MatchingActionResult,
  type MatchingItemKind,
  type MatchingProduct,
} from '@pricehub/shared/schemas/operator-matching';
import type { Category } from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import {
  lockListingForMatching,
  moveListing,
  productListingCountSql,
  storeListsProduct,
} from '../catalog/matching-listings';
import { insertSplitProduct, lockProductForMatching, productGtinSql } from '../catalog/matching-products';
import { gtinTaken } from '../catalog/product-gtins';
import { addSearchTerms } from '../catalog/search-terms';
import { catalogueIdentity, lockCatalogue } from '../catalog/catalogue';
import { recordMatchDecision } from '../catalog/match-decisions';
import { normalizeGtinForMatch, searchAliases } from '../catalog/matching';
import { lockOfferForMatching, moveOffer, productOfferCountSql } from '../offers/matching-items';
import { recordAudit } from './audit';
import { loadMatchingProducts } from './matching-queue';

const m = matchingMessages;

/** An offer or a listing, locked for the transaction, with what a split needs to describe a product of its own. */
interface LockedItem {
  kind: MatchingItemKind;
  id: number;
  productId: number;
  name: string;
  brand: string;
  description: string;
  category: Category | null;
  ramGb: number;
  storageGb: number;
  image: string;
  gtin: string | null;
  storeName: string;
  /** Offers: the external store's slug and the store's own item id. Listings: the seller's store id. */
  storeSlug: string | null;
  storeItemId: string | null;
  storeId: number | null;
}

async function lockItem(tx: Db, kind: MatchingItemKind, id: number): Promise<LockedItem> {
  const item = kind === 'offers' ? await lockOfferForMatching(tx, id) : await lockListingForMatching(tx, id);
  if (!item) throw notFound(m.itemNotFound);
  return item;
}

async function product(tx: Db, id: number): Promise<MatchingProduct & { matchKey: string | null }> {
  const row = await lockProductForMatching(tx, id);
  if (!row) throw notFound(m.productNotFound);
  return row;
}

const auditTarget = (item: LockedItem) => ({
  type: item.kind === 'offers' ? 'offer' : 'listing',
  id: item.id,
  name: `${item.name} (${item.storeName})`,
});
const summary = (p: { id: number; name: string }) => ({ productId: p.id, productName: p.name });

/** Records (or replaces) the decision the matcher honours when this item comes again. */
async function recordDecision(
  tx: Db,
  item: LockedItem,
  productId: number,
  decision: 'confirm' | 'split' | 'move',
  operator: SessionUser,
  at: Date,
): Promise<void> {
  const decided =
    item.kind === 'offers' ? { storeSlug: item.storeSlug!, storeItemId: item.storeItemId! } : { listingId: item.id };
  await recordMatchDecision(tx, decided, productId, decision, operator.id, at);
}

async function attach(tx: Db, item: LockedItem, productId: number): Promise<void> {
  if (item.kind === 'offers') await moveOffer(tx, item.id, productId);
  else await moveListing(tx, item.id, productId);
}

async function result(ctx: AppContext, productId: number, message: string): Promise<MatchingActionResult> {
  invalidateCatalogCache();
  const products = await loadMatchingProducts(ctx.db, [productId]);
  return { message, product: products.get(productId)! };
}

/** The match is right: the item leaves the queue and stays on its product whatever later matching would say. */
export async function confirmMatch(
  ctx: AppContext,
  operator: SessionUser,
  kind: MatchingItemKind,
  id: number,
): Promise<MatchingActionResult> {
  const productId = await ctx.db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const item = await lockItem(tx, kind, id);
    const now = ctx.now();
    const on = await product(tx, item.productId);
    await recordDecision(tx, item, on.id, 'confirm', operator, now);
    await recordAudit(
      tx,
      {
        actor: operator,
        action: `${auditTarget(item).type}.confirm-match`,
        target: auditTarget(item),
        before: summary(on),
        after: { ...summary(on), decision: 'confirm' },
      },
      now,
    );
    return on.id;
  });
  return result(ctx, productId, m.confirmed);
}

/** Moves the item to another catalogue product, for good. */
export async function moveItem(
  ctx: AppContext,
  operator: SessionUser,
  kind: MatchingItemKind,
  id: number,
  targetId: number,
): Promise<MatchingActionResult> {
  const target = await ctx.db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const item = await lockItem(tx, kind, id);
    if (item.productId === targetId) throw badRequest(m.alreadyThere, { productId: m.alreadyThere });
    // Products are locked in id order, as checkouts lock them.
    const locked = new Map<number, MatchingProduct>();
    for (const pid of [item.productId, targetId].sort((a, b) => a - b)) locked.set(pid, await product(tx, pid));
    const [from, to] = [locked.get(item.productId)!, locked.get(targetId)!];
    if (item.storeId !== null) await refuseSecondListing(tx, item.storeId, to.id);
    const now = ctx.now();
    await attach(tx, item, to.id);
    await recordDecision(tx, item, to.id, 'move', operator, now);
    await recordAudit(
      tx,
      {
        actor: operator,
        action: `${auditTarget(item).type}.move`,
        target: auditTarget(item),
        before: summary(from),
        after: { ...summary(to), decision: 'move' },
      },
      now,
    );
    return to;
  });
  return result(ctx, target.id, m.moved(target.name));
}

async function refuseSecondListing(tx: Db, storeId: number, productId: number): Promise<void> {
  if (await storeListsProduct(tx, storeId, productId)) throw conflict(m.storeListsTarget);
}

/** Takes the item out into a new catalogue product described by the item itself, for good. */
export async function splitItem(
  ctx: AppContext,
  operator: SessionUser,
  kind: MatchingItemKind,
  id: number,
): Promise<MatchingActionResult> {
  const made = await ctx.db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const item = await lockItem(tx, kind, id);
    const from = await product(tx, item.productId);
    const [others] = await queryRows<{ n: number }>(
      tx,
      sql`select ${productListingCountSql(from.id)}
               + ${productOfferCountSql(from.id)} - 1 as n`,
    );
    if (Number(others!.n) === 0) throw badRequest(m.onlyOffer);
    const values = await splitProductValues(tx, item, from);
    const madeId = await insertSplitProduct(tx, values);
    const now = ctx.now();
    await attach(tx, item, madeId);
    await recordDecision(tx, item, madeId, 'split', operator, now);
    await recordAudit(
      tx,
      {
        actor: operator,
        action: `${auditTarget(item).type}.split`,
        target: auditTarget(item),
        before: summary(from),
        after: { productId: madeId, productName: values.name, decision: 'split' },
      },
      now,
    );
    return { id: madeId, ...values };
  });
  await addSearchTerms(ctx.db, made);
  return result(ctx, made.id, m.split(made.name));
}

/** What the item says about itself, the product it leaves filling the gaps; a GTIN another product has stays there. */
async function splitProductValues(tx: Db, item: LockedItem, from: MatchingProduct) {
  const brand = item.brand.trim() || from.brand;
  const identity = catalogueIdentity({ name: item.name, brand, ramGb: item.ramGb, storageGb: item.storageGb });
  let gtin = normalizeGtinForMatch(item.gtin);
  if (gtin) {
    if (await gtinTaken(tx, gtin)) gtin = null;
  }
  return {
    name: item.name,
    brand,
    category: item.category ?? from.category,
    description: item.description,
    ramGb: item.ramGb || identity.ramGb,
    storageGb: item.storageGb || identity.storageGb,
    image: item.image || from.image,
    gtin,
    matchKey: identity.key,
    aliases: searchAliases(item.name, brand),
  };
}

/**
 * Merges `gone` into `keep` with merge_products (migration 0005, extended in 0013): listings, offers, reviews, alerts,
 * saved items and views move, the gone product's GTIN and match key stay with the kept one for later matching, and
 * its URL redirects.
 */
export async function mergeProducts(
  ctx: AppContext,
  operator: SessionUser,
  keepId: number,
  goneId: number,
): Promise<MatchingActionResult> {
  const { keep, gone } = await ctx.db.transaction(async (tx) => {
    await lockCatalogue(tx);
    // Products are locked in id order, as checkouts lock them.
    const first = await product(tx, Math.min(keepId, goneId));
    const second = await product(tx, Math.max(keepId, goneId));
    const [keep, gone] = keepId < goneId ? [first, second] : [second, first];
    const before = { keep: await mergeSide(tx, keep), gone: await mergeSide(tx, gone) };
    await tx.execute(sql`select merge_products(${keep.id}::int, ${gone.id}::int)`);
    const now = ctx.now();
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'product.merge',
        target: { type: 'product', id: keep.id, name: keep.name },
        before,
        after: { keep: await mergeSide(tx, keep), redirect: { from: gone.id, to: keep.id } },
      },
      now,
    );
    return { keep, gone };
  });
  return result(ctx, keep.id, m.merged(gone.name, keep.name));
}

async function mergeSide(tx: Db, p: { id: number; name: string }) {
  const [counts] = await queryRows<{ listings: number; offers: number; gtin: string | null }>(
    tx,
    sql`select ${productListingCountSql(p.id)} as listings,
               ${productOfferCountSql(p.id)} as offers,
               ${productGtinSql(p.id)} as gtin`,
  );
  return { id: p.id, name: p.name, ...counts! };
}
