import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/scheduler';
import { enqueueMail } from '../mail/outbox';
import type { WatchedState } from '../prices/price-watch';
import { wishlistAlertMail, type AlertReason } from './alert-mail';
import { targetKey, watchedStates } from './alert-states';
import {
  alertEntries,
  alertMailKeyPrefix,
  claimAlert,
  recordKnown,
  updateKnown,
  type AlertEntry,
  type KnownEntry,
  type SavedTarget,
} from './repository';
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

const targetOf = (r: AlertEntry): SavedTarget =>
  r.productId !== null ? { productId: r.productId } : { offerId: r.offerId! };

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
    const rows = await alertEntries(ctx.db, after, batch);
    if (rows.length === 0) break;
    after = rows.at(-1)!.id;
    const states = await watchedStates(ctx, rows.map(targetOf));
    const firstLooks: KnownEntry[] = [];
    for (const row of rows) {
      const target = targetOf(row);
      const now = states.get(targetKey(target));
      if (!now) continue;
      if (row.stateId === null) {
        // Saved before alerts existed (or in the instant before the save recorded it): its state is the baseline.
        firstLooks.push({ customerId: row.customerId, target, state: now });
        continue;
      }
      const known = { price: row.price, inStock: row.inStock!, onSale: row.onSale! };
      const reasons = alertReasons(known, now);
      if (reasons.length === 0) {
        // A rise, a sale ending, stock running out: not news, but the next drop is measured from here.
        if (!sameState(known, now)) await updateKnown(ctx.db, row.stateId, now, ctx.now());
        continue;
      }
      const mailedAt = row.mailedAt ? new Date(row.mailedAt).getTime() : null;
      if (mailedAt !== null && ctx.now().getTime() - mailedAt < ALERT_GAP_MS) continue;
      if (await mailAlert(ctx, { ...row, stateId: row.stateId }, target, known, now, reasons)) queued++;
    }
    await recordKnown(ctx.db, firstLooks, ctx.now(), { replace: false });
    if (rows.length < batch) break;
  }
  return queued;
}

/**
 * Records the news as known and queues its mail in one transaction. The update re-checks, under its row lock, that
 * the row still says what this pass read and that no mail went out in the last 24 hours, so two passes (two
 * servers, or a pass overlapping a save) cannot both mail it; the dedupe key guards the outbox as well.
 */
async function mailAlert(
  ctx: AppContext,
  row: AlertEntry & { stateId: number },
  target: SavedTarget,
  known: KnownState,
  now: WatchedState,
  reasons: AlertReason[],
): Promise<boolean> {
  const at = ctx.now();
  const cutoff = new Date(at.getTime() - ALERT_GAP_MS);
  return ctx.db.transaction(async (tx) => {
    if (!(await claimAlert(tx, row.stateId, known, now, { at, cutoff }))) return false;
    const base = ctx.config.publicUrl;
    const token = await issueUnsubscribeToken(tx, row.customerId);
    const mail = wishlistAlertMail({
      customerName: row.customerName,
      itemName: row.itemName,
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
      dedupeKey: `${alertMailKeyPrefix(row.customerId)}${targetKey(target)}:${day}`,
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
