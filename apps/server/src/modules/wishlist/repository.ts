import { eq, sql } from 'drizzle-orm';
import { ratingText } from '@pricehub/shared/rules/rating';
import type { CompareItem } from '@pricehub/shared/schemas/saved';
import { queryRows, type Db } from '../../db/client';
import { unsubscribeTokens, wishlistAlertStates, wishlistItems } from '../../db/schema';
import { alertRecipientSql, lockAccount, subscriberSql, turnOffWishlistAlerts } from '../accounts/repository';
import { productNameSql, savedProductSql, type SavedProduct } from '../catalog/queries';
import { loadCards } from '../catalog/repository';
import { offerNameSql, offerTitleSql, savedOfferSql, type SavedOffer } from '../offers/queries';
import type { WatchedState } from '../prices/price-watch';
import { sentimentCountsSql } from '../reviews/repository';

/**
 * The wishlist and the compare list are the same shape (one row per customer and product or offer), so one
 * repository serves both; `SavedList` names the table and is never taken from input.
 */
export type SavedList = 'wishlist_items' | 'compare_items';
const table = (list: SavedList) => sql.raw(list);

/** One entry with its catalogue product and, for a saved offer, that offer, as their owners give them. */
interface SavedRow {
  id: number;
  offerId: number | null;
  product: SavedProduct;
  offer: SavedOffer | null;
  positive: number;
  negative: number;
}

/**
 * Every entry of one customer's list with what the pages show. A catalogue product shows its card (catalog
 * repository: the lowest price a shopper pays now over our listings, sales applied, and other stores' available
 * offers, where, and at how many stores); an offer shows its own price and store, with its product's lowest price
 * and store count beside. Two statements: the entries (with their product and offer as the catalogue and offers
 * give them), then the cards of their products.
 */
export async function listSaved(db: Db, list: SavedList, customerId: number, now: Date): Promise<CompareItem[]> {
  const rows = await queryRows<SavedRow>(
    db,
    sql`select i.id, i.offer_id as "offerId", to_json(p) as product, to_json(o) as offer,
          ${sentimentCountsSql({ productId: sql`p.id`, offerId: sql`i.offer_id` })}
        from ${table(list)} i
        left join lateral ${savedOfferSql(sql`i.offer_id`)} o on true
        join lateral ${savedProductSql(sql`coalesce(i.product_id, o."productId")`)} p on true
        where i.customer_id = ${customerId}
        order by i.created_at asc, i.id asc`,
  );
  const cards = await loadCards(
    db,
    rows.map((r) => r.product.id),
    now,
  );
  return rows.map(({ id, offerId, product: p, offer: o, positive, negative }) => {
    const card = cards.get(p.id);
    const lowestPrice = card?.product.lowestPrice ?? 0;
    const offerCount = card?.product.offerCount ?? 0;
    const shared = {
      id,
      brand: p.brand,
      category: p.category,
      ram: p.ramGb,
      storage: p.storageGb,
      storeCount: offerCount,
      lowestPrice,
      offerCount,
      ratingText: ratingText({ positive, negative }),
    };
    if (offerId !== null) {
      return {
        ...shared,
        kind: 'offer' as const,
        offerId,
        productId: p.id,
        name: o?.name ?? p.name,
        image: o?.image || p.image,
        brand: o?.brand || p.brand,
        price: o?.price ?? lowestPrice,
        store: o?.store ?? '',
        inStock: o?.inStock ?? false,
        url: `/result/productDetail/${offerId}`,
      };
    }
    return {
      ...shared,
      kind: 'product' as const,
      productId: p.id,
      name: p.name,
      image: card?.product.image || p.image,
      price: lowestPrice,
      store: card?.lowestStore ?? card?.product.store?.name ?? '',
      inStock: card?.product.stock === 'instock',
      url: `/result/productHub/${p.id}`,
    };
  });
}

export type SavedTarget = { productId: number; offerId?: undefined } | { offerId: number; productId?: undefined };

/** Adds the entry unless it is there already; answers whether a row was written. */
export async function insertSaved(db: Db, list: SavedList, customerId: number, target: SavedTarget): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into ${table(list)} (customer_id, product_id, offer_id)
        values (${customerId}, ${target.productId ?? null}, ${target.offerId ?? null})
        on conflict do nothing returning id`,
  );
  return rows.length > 0;
}

export async function findSaved(db: Db, list: SavedList, customerId: number, target: SavedTarget): Promise<boolean> {
  const column = target.productId !== undefined ? sql`product_id` : sql`offer_id`;
  const value = target.productId ?? target.offerId;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ${table(list)} where customer_id = ${customerId} and ${column} = ${value}`,
  );
  return rows.length > 0;
}

/** Deletes one of the customer's own entries; another customer's id deletes nothing. */
export async function deleteSaved(db: Db, list: SavedList, customerId: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from ${table(list)} where id = ${id} and customer_id = ${customerId} returning id`,
  );
  return rows.length > 0;
}

export async function countSaved(db: Db, list: SavedList, customerId: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${table(list)} where customer_id = ${customerId}`,
  );
  return rows[0]?.count ?? 0;
}

/** The customer's compare list as they download it with their data (modules/account-data), oldest first. */
export async function exportCompareList(db: Db, customerId: number): Promise<unknown[]> {
  const rows = await queryRows<{ item: unknown }>(
    db,
    sql`select json_build_object('productId', c.product_id, 'offerId', c.offer_id,
          'name', coalesce(${productNameSql(sql`c.product_id`)}, ${offerNameSql(sql`c.offer_id`)}),
          'addedAt', c.created_at) as item
        from compare_items c where c.customer_id = ${customerId} order by c.created_at, c.id`,
  );
  return rows.map((r) => r.item);
}

/** A deleted customer's wishlist, compare list and what their alerts knew go with the account. */
export async function eraseSavedLists(tx: Db, customerId: number): Promise<void> {
  for (const list of ['wishlist_items', 'compare_items', 'wishlist_alert_states'] as const) {
    await tx.execute(sql`delete from ${sql.raw(list)} where customer_id = ${customerId}`);
  }
}

// ── alerts ───────────────────────────────────────────────────────────────────────────────────────
// The alert setting is a column of the account, read and written through accounts' functions.

/** Serialises one customer's list changes (the compare limit is counted, then written): the account's row lock. */
export async function lockCustomer(db: Db, customerId: number): Promise<void> {
  await lockAccount(db, customerId);
}

/** The targets on one customer's wishlist. */
export async function wishlistTargets(db: Db, customerId: number): Promise<SavedTarget[]> {
  const rows = await db
    .select({ productId: wishlistItems.productId, offerId: wishlistItems.offerId })
    .from(wishlistItems)
    .where(eq(wishlistItems.customerId, customerId));
  return rows.map((r) => (r.productId !== null ? { productId: r.productId } : { offerId: r.offerId! }));
}

type AlertState = typeof wishlistAlertStates.$inferSelect;

/** What a customer knows of one saved target: the state they last saw. */
export interface KnownEntry {
  customerId: number;
  target: SavedTarget;
  state: WatchedState;
}

/**
 * Records what the customer sees now as what they know (when an item is saved, or alerts are turned back on), so
 * only later changes are mailed. When they were last mailed is kept: re-saving an item cannot mail twice in a day.
 * `replace: false` only fills in entries that have no row yet (the alert job's first look).
 */
export async function recordKnown(
  db: Db,
  entries: KnownEntry[],
  now: Date,
  { replace = true }: { replace?: boolean } = {},
): Promise<void> {
  for (const column of ['product_id', 'offer_id'] as const) {
    const rows = entries
      .filter((e) => (column === 'product_id' ? e.target.productId : e.target.offerId) !== undefined)
      .map((e) => ({
        customer_id: e.customerId,
        id: e.target.productId ?? e.target.offerId,
        price: e.state.price,
        in_stock: e.state.inStock,
        on_sale: e.state.sale !== null,
      }));
    if (rows.length === 0) continue;
    const onConflict = replace
      ? sql`on conflict (customer_id, ${sql.raw(column)}) do update set price = excluded.price,
            in_stock = excluded.in_stock, on_sale = excluded.on_sale, checked_at = excluded.checked_at`
      : sql`on conflict do nothing`;
    await db.execute(sql`insert into wishlist_alert_states (customer_id, ${sql.raw(column)}, price, in_stock, on_sale,
          checked_at)
        select r.customer_id, r.id, r.price, r.in_stock, r.on_sale, ${now.toISOString()}::timestamptz
        from json_to_recordset(${JSON.stringify(rows)}::json)
          as r(customer_id int, id int, price int, in_stock boolean, on_sale boolean)
        ${onConflict}`);
  }
}

/** A wishlist entry of a customer who wants alerts: whom to mail, what it is called, and what they last knew of it. */
export type AlertEntry = Pick<typeof wishlistItems.$inferSelect, 'id' | 'customerId' | 'productId' | 'offerId'> & {
  email: string;
  customerName: string;
  itemName: string;
  /** Null until the customer's first look at the entry is recorded; then its state row. */
  stateId: AlertState['id'] | null;
  price: AlertState['price'];
  inStock: AlertState['inStock'] | null;
  onSale: AlertState['onSale'] | null;
  /** As the driver hands a timestamp back: a Date, or its text. */
  mailedAt: Date | string | null;
};

/** The dedupe key of every alert mail to customer `customerId` starts so (a deleted account's queued ones are dropped). */
export const alertMailKeyPrefix = (customerId: number) => `wishlist-alert:${customerId}:`;

/**
 * The next `batch` wishlist entries after entry `after`, of customers who want alerts (accounts' alertRecipientSql,
 * a lateral join that drops the others), in id order.
 */
export function alertEntries(db: Db, after: number, batch: number): Promise<AlertEntry[]> {
  return queryRows<AlertEntry>(
    db,
    sql`select w.id, w.customer_id as "customerId", w.product_id as "productId", w.offer_id as "offerId", a.email,
          a.name as "customerName",
          coalesce(${productNameSql(sql`w.product_id`)}, ${offerTitleSql(sql`w.offer_id`)}) as "itemName",
          st.id as "stateId", st.price, st.in_stock as "inStock", st.on_sale as "onSale", st.mailed_at as "mailedAt"
        from wishlist_items w
        join lateral ${alertRecipientSql(sql`w.customer_id`)} a on true
        left join wishlist_alert_states st on st.customer_id = w.customer_id
          and (st.product_id = w.product_id or st.offer_id = w.offer_id)
        where w.id > ${after}
        order by w.id limit ${batch}`,
  );
}

/** Makes `state` what the customer knows of entry state `stateId`, without mailing. */
export async function updateKnown(db: Db, stateId: number, state: WatchedState, at: Date): Promise<void> {
  await db
    .update(wishlistAlertStates)
    .set({ price: state.price, inStock: state.inStock, onSale: state.sale !== null, checkedAt: at })
    .where(eq(wishlistAlertStates.id, stateId));
}

/**
 * Records `state` as known and mailed at `at`, if the row still says `known` and was not mailed after `cutoff`;
 * answers whether it did (under the row lock, so two passes cannot both claim one mail).
 */
export async function claimAlert(
  tx: Db,
  stateId: number,
  known: Pick<AlertState, 'price' | 'inStock' | 'onSale'>,
  state: WatchedState,
  { at, cutoff }: { at: Date; cutoff: Date },
): Promise<boolean> {
  const claimed = await queryRows<{ id: number }>(
    tx,
    sql`update wishlist_alert_states set price = ${state.price}::int, in_stock = ${state.inStock},
          on_sale = ${state.sale !== null}, mailed_at = ${at.toISOString()}::timestamptz,
          checked_at = ${at.toISOString()}::timestamptz
        where id = ${stateId} and price is not distinct from ${known.price}::int
          and in_stock = ${known.inStock} and on_sale = ${known.onSale}
          and (mailed_at is null or mailed_at <= ${cutoff.toISOString()}::timestamptz)
        returning id`,
  );
  return claimed.length > 0;
}

// ── unsubscribe links ────────────────────────────────────────────────────────────────────────────

/** A deleted account's unsubscribe links go with it. */
export async function eraseUnsubscribeTokens(tx: Db, accountId: number): Promise<void> {
  await tx.delete(unsubscribeTokens).where(eq(unsubscribeTokens.accountId, accountId));
}

export async function insertUnsubscribeToken(db: Db, tokenHash: string, accountId: number): Promise<void> {
  await db.insert(unsubscribeTokens).values({ tokenHash, accountId });
}

/** The address and alert setting of the live account a token hash belongs to. */
export async function subscriberOf(
  db: Db,
  tokenHash: string,
): Promise<{ email: string; subscribed: boolean } | undefined> {
  const [row] = await queryRows<{ email: string; subscribed: boolean }>(
    db,
    sql`select a.email, a.subscribed
        from unsubscribe_tokens u join lateral ${subscriberSql(sql`u.account_id`)} a on true
        where u.token_hash = ${tokenHash}`,
  );
  return row;
}

/** Turns off the alerts of the live account a token hash belongs to; answers its address, if any. */
export function unsubscribeByToken(db: Db, tokenHash: string, at: Date): Promise<string | undefined> {
  return turnOffWishlistAlerts(db, sql`select account_id from unsubscribe_tokens where token_hash = ${tokenHash}`, at);
}
