import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { offerStatesNow, productStatesNow, type WatchedState } from '../offers/price-watch';
import type { SavedTarget } from './saved-items';

/** "p12" for catalogue product 12, "o7" for another store's offer 7. */
export const targetKey = (t: SavedTarget) => (t.productId !== undefined ? `p${t.productId}` : `o${t.offerId}`);

/** What a shopper sees of each saved target now, keyed by targetKey; a target that no longer exists is left out. */
export async function watchedStates(ctx: AppContext, targets: SavedTarget[]): Promise<Map<string, WatchedState>> {
  const productIds = [...new Set(targets.flatMap((t) => (t.productId !== undefined ? [t.productId] : [])))];
  const offerIds = [...new Set(targets.flatMap((t) => (t.offerId !== undefined ? [t.offerId] : [])))];
  const result = new Map<string, WatchedState>();
  for (const [id, state] of await productStatesNow(ctx, productIds)) result.set(`p${id}`, state);
  for (const [id, state] of await offerStatesNow(ctx.db, offerIds)) result.set(`o${id}`, state);
  return result;
}

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

/** The targets on one customer's wishlist. */
export async function wishlistTargets(db: Db, customerId: number): Promise<SavedTarget[]> {
  const rows = await queryRows<{ product_id: number | null; offer_id: number | null }>(
    db,
    sql`select product_id, offer_id from wishlist_items where customer_id = ${customerId}`,
  );
  return rows.map((r) => (r.product_id !== null ? { productId: r.product_id } : { offerId: r.offer_id! }));
}

/** Saves what the customer sees now of these targets as what they know (see recordKnown). */
export async function rememberWhatCustomerSees(ctx: AppContext, customerId: number, targets: SavedTarget[]) {
  const states = await watchedStates(ctx, targets);
  const entries = targets.flatMap((target) => {
    const state = states.get(targetKey(target));
    return state ? [{ customerId, target, state }] : [];
  });
  await recordKnown(ctx.db, entries, ctx.now());
}
