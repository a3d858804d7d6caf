import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { queryRows } from '../../db/client';
import type { JobDefinition } from '../../jobs/scheduler';
import { enqueueMail } from '../mail/outbox';
import type { WatchedState } from '../offers/price-watch';
import { wishlistAlertMail, type AlertReason } from './alert-mail';
import { recordKnown, targetKey, watchedStates, type KnownEntry } from './alert-states';
import type { SavedTarget } from './saved-items';
import { issueUnsubscribeToken, unsubscribeUrl } from './unsubscribe';

/** At most one mail per saved item and customer in any 24 hours. */
export const ALERT_GAP_MS = 24 * 60 * 60 * 1000;

/** What the customer last knew of a saved item (see wishlist_alert_states). */
export interface KnownState {
  price: number | null;
  inStock: boolean;
  onSale: boolean;
}

/** What is news to the customer: a sale they did not know of, a price below the one they knew, stock again. */
export function alertReasons(known: KnownState, now: WatchedState): AlertReason[] {
  const reasons: AlertReason[] = [];
  if (now.sale && !known.onSale) reasons.push('sale');
  if (now.price !== null && known.price !== null && now.price < known.price) reasons.push('drop');
  if (now.inStock && !known.inStock) reasons.push('back');
  return reasons;
}

const sameState = (known: KnownState, now: WatchedState) =>
  known.price === now.price && known.inStock === now.inStock && known.onSale === (now.sale !== null);

interface EntryRow {
  id: number;
  customer_id: number;
  product_id: number | null;
  offer_id: number | null;
  email: string;
  customer_name: string;
  item_name: string;
  state_id: number | null;
  price: number | null;
  in_stock: boolean | null;
  on_sale: boolean | null;
  mailed_at: Date | string | null;
}

const targetOf = (r: EntryRow): SavedTarget =>
  r.product_id !== null ? { productId: r.product_id } : { offerId: r.offer_id! };

/**
 * One pass over every wishlist entry of the customers who want alerts, in batches. Each entry's present state is
 * compared with what its customer last knew: the alert job reads state instead of listening for events, so no
 * writer (a seller's edit, checkout taking the last unit, ingestion, a sale starting on its date) can be missed.
 * News within 24 hours of the last mail waits, and goes out on the first pass after, if it is still true.
 * Returns how many mails were queued.
 */
export async function checkWishlistAlerts(ctx: AppContext, { batch = 500 }: { batch?: number } = {}): Promise<number> {
  let after = 0;
  let queued = 0;
  for (;;) {
    const rows = await queryRows<EntryRow>(
      ctx.db,
      sql`select w.id, w.customer_id, w.product_id, w.offer_id, a.email, a.name as customer_name,
            coalesce(p.name, o.name || ' at ' || e.name) as item_name,
            st.id as state_id, st.price, st.in_stock, st.on_sale, st.mailed_at
          from wishlist_items w
          join accounts a on a.id = w.customer_id
          left join products p on p.id = w.product_id
          left join offers o on o.id = w.offer_id
          left join external_stores e on e.id = o.external_store_id
          left join wishlist_alert_states st on st.customer_id = w.customer_id
            and (st.product_id = w.product_id or st.offer_id = w.offer_id)
          where w.id > ${after} and a.wishlist_alerts and a.deleted_at is null
          order by w.id limit ${batch}`,
    );
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const states = await watchedStates(ctx, rows.map(targetOf));
    const firstLooks: KnownEntry[] = [];
    for (const row of rows) {
      const target = targetOf(row);
      const now = states.get(targetKey(target));
      if (!now) continue;
      if (row.state_id === null) {
        // Saved before alerts existed (or in the instant before the save recorded it): its state is the baseline.
        firstLooks.push({ customerId: row.customer_id, target, state: now });
        continue;
      }
      const known = { price: row.price, inStock: row.in_stock!, onSale: row.on_sale! };
      const reasons = alertReasons(known, now);
      if (reasons.length === 0) {
        // A rise, a sale ending, stock running out: not news, but the next drop is measured from here.
        if (!sameState(known, now)) await rememberQuietly(ctx, row.state_id, now);
        continue;
      }
      const mailedAt = row.mailed_at ? new Date(row.mailed_at).getTime() : null;
      if (mailedAt !== null && ctx.now().getTime() - mailedAt < ALERT_GAP_MS) continue;
      if (await mailAlert(ctx, row, target, known, now, reasons)) queued++;
    }
    await recordKnown(ctx.db, firstLooks, ctx.now(), { replace: false });
    if (rows.length < batch) break;
  }
  return queued;
}

async function rememberQuietly(ctx: AppContext, stateId: number, now: WatchedState) {
  await ctx.db.execute(sql`update wishlist_alert_states set price = ${now.price}::int, in_stock = ${now.inStock},
      on_sale = ${now.sale !== null}, checked_at = ${ctx.now().toISOString()}::timestamptz
      where id = ${stateId}`);
}

/**
 * Records the news as known and queues its mail in one transaction. The update re-checks, under its row lock, that
 * the row still says what this pass read and that no mail went out in the last 24 hours, so two passes (two
 * servers, or a pass overlapping a save) cannot both mail it; the dedupe key guards the outbox as well.
 */
async function mailAlert(
  ctx: AppContext,
  row: EntryRow,
  target: SavedTarget,
  known: KnownState,
  now: WatchedState,
  reasons: AlertReason[],
): Promise<boolean> {
  const at = ctx.now();
  const cutoff = new Date(at.getTime() - ALERT_GAP_MS);
  return ctx.db.transaction(async (tx) => {
    const claimed = await queryRows<{ id: number }>(
      tx,
      sql`update wishlist_alert_states set price = ${now.price}::int, in_stock = ${now.inStock},
            on_sale = ${now.sale !== null}, mailed_at = ${at.toISOString()}::timestamptz,
            checked_at = ${at.toISOString()}::timestamptz
          where id = ${row.state_id} and price is not distinct from ${known.price}::int
            and in_stock = ${known.inStock} and on_sale = ${known.onSale}
            and (mailed_at is null or mailed_at <= ${cutoff.toISOString()}::timestamptz)
          returning id`,
    );
    if (claimed.length === 0) return false;
    const base = ctx.config.publicUrl;
    const token = await issueUnsubscribeToken(tx, row.customer_id);
    const mail = wishlistAlertMail({
      customerName: row.customer_name,
      itemName: row.item_name,
      itemUrl:
        target.productId !== undefined
          ? `${base}/result/productHub/${target.productId}`
          : `${base}/result/productDetail/${target.offerId}`,
      settingsUrl: `${base}/custPanel#alerts`,
      unsubscribeUrl: unsubscribeUrl(base, token),
      reasons,
      previousPrice: known.price,
      now,
    });
    const day = at.toISOString().slice(0, 10);
    await enqueueMail(tx, {
      to: row.email,
      ...mail,
      dedupeKey: `wishlist-alert:${row.customer_id}:${targetKey(target)}:${day}`,
    });
    return true;
  });
}

/** Every minute: a change reaches the customer's inbox within about a minute (and the mail job's few seconds). */
export function wishlistJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: 'wishlist:alerts',
      intervalSeconds: 60,
      run: async () => {
        await checkWishlistAlerts(ctx);
      },
    },
  ];
}
