import { sql } from 'drizzle-orm';
import Sentiment from 'sentiment';
import { discounted, SHIPPING_FEE } from '@pricehub/shared/rules/money';
import { queryRows, type Db } from '../client';
import { notifications, orderLines, orders, reviews } from '../schema';
import { unitPrice } from '../../modules/sales/pricing';
import type { SeededCustomer, SeededPeople } from './accounts';
import { allocateIds, insertRows } from './batch';
import type { Campaigns } from './campaigns';
import { priceOn, type SeededListing } from './products';
import type { Prng } from './prng';
import { pickTone, reviewFor, type Tone } from './review-texts';
import { daysAgo, hoursAfter } from './time';
import { rollUpUnitsSold } from '../../modules/catalog/units-sold';

type Status = 'Booked' | 'Accepted' | 'Shipped' | 'Completed' | 'Cancelled';
type PaymentMethod = 'online' | 'cashOnDel';

interface PlannedLine {
  listing: SeededListing;
  unitPrice: number;
  quantity: number;
  review?: { tone: Tone; at: Date };
}

export interface PlannedOrder {
  customer: SeededCustomer;
  storeId: number;
  createdAt: Date;
  updatedAt: Date;
  status: Status;
  paymentMethod: PaymentMethod;
  promoCode: string | null;
  discountPercent: number;
  lines: PlannedLine[];
}

export interface SeededOrder {
  id: string;
  storeId: number;
  customerId: number;
  status: Status;
  createdAt: Date;
}

const RANDOM_ORDERS = 293;

/** Where an order of this age has got to: old ones are done, recent ones are still moving. */
function statusFor(rng: Prng, age: number): Status {
  if (rng.chance(age >= 14 ? 0.1 : 0.06)) return 'Cancelled';
  if (age >= 14) return 'Completed';
  if (age >= 7) return rng.chance(0.55) ? 'Completed' : 'Shipped';
  if (age >= 3) return rng.chance(0.5) ? 'Shipped' : 'Accepted';
  return rng.chance(0.6) ? 'Booked' : 'Accepted';
}

/** How long after placing the order its last status change happened. */
const STATUS_HOURS: Record<Status, [number, number]> = {
  Booked: [0, 0],
  Accepted: [2, 20],
  Shipped: [24, 60],
  Completed: [72, 160],
  Cancelled: [1, 30],
};

class OrderPlanner {
  readonly orders: PlannedOrder[] = [];
  private readonly byStore = new Map<number, SeededListing[]>();

  constructor(
    private readonly rng: Prng,
    private readonly now: Date,
    private readonly campaigns: Campaigns,
    catalogue: SeededListing[],
  ) {
    for (const p of catalogue) {
      const list = this.byStore.get(p.storeIndex) ?? [];
      list.push(p);
      this.byStore.set(p.storeIndex, list);
    }
  }

  get storeIndexes() {
    return [...this.byStore.keys()].sort((a, b) => a - b);
  }

  storeSize(index: number) {
    return this.byStore.get(index)?.length ?? 0;
  }

  /** The unit price a shopper paid that day: the day's price, less a sale running at that moment. */
  private priceAt(listing: SeededListing, age: number, at: Date): number {
    const sale = this.campaigns.sales.find((s) => s.listingIds.has(listing.id) && s.startsAt <= at && at < s.endsAt);
    return unitPrice(priceOn(listing, age), sale && { code: sale.code, title: sale.title, percent: sale.percent });
  }

  plan(input: {
    customer: SeededCustomer;
    storeIndex: number;
    storeId: number;
    age: number;
    lineCount: number;
    status: Status;
    paymentMethod: PaymentMethod;
    usePromo: boolean;
    /** Which lines of a Completed order the customer reviewed (undefined: decided at random). */
    reviewed?: boolean[];
  }): PlannedOrder | undefined {
    const { rng } = this;
    const createdAt = daysAgo(this.now, input.age, input.age === 0 ? rng.int(1, 8) : rng.int(0, 12));
    const candidates = (this.byStore.get(input.storeIndex) ?? []).filter((p) => p.createdDaysAgo > input.age);
    if (candidates.length === 0) return undefined;
    const [lo, hi] = STATUS_HOURS[input.status];
    const updatedAt = new Date(Math.min(hoursAfter(createdAt, rng.int(lo, hi)).getTime(), this.now.getTime() - 60_000));
    const lines = rng.sample(candidates, input.lineCount).map((listing, i): PlannedLine => {
      const wantsReview = input.reviewed ? input.reviewed[i] === true : rng.chance(0.5);
      const reviewAt = new Date(
        Math.min(hoursAfter(updatedAt, rng.int(12, 240)).getTime(), this.now.getTime() - 3_600_000),
      );
      return {
        listing,
        unitPrice: this.priceAt(listing, input.age, createdAt),
        quantity: rng.chance(0.12) ? 2 : 1,
        review: input.status === 'Completed' && wantsReview ? { tone: pickTone(rng), at: reviewAt } : undefined,
      };
    });
    const promo = this.campaigns.promo;
    const promoApplies = input.usePromo && promo.startsAt <= createdAt && createdAt < promo.endsAt;
    const order: PlannedOrder = {
      customer: input.customer,
      storeId: input.storeId,
      createdAt,
      updatedAt,
      status: input.status,
      paymentMethod: input.paymentMethod,
      promoCode: promoApplies ? promo.code : null,
      discountPercent: promoApplies ? promo.percent : 0,
      lines,
    };
    this.orders.push(order);
    return order;
  }
}

/**
 * About 300 orders over the last 12 months. The demo customer's come first and are scripted, so the demo always
 * shows every status, reviews, and one delivered item still waiting for a review.
 */
export function planOrders(
  rng: Prng,
  now: Date,
  people: SeededPeople,
  catalogue: SeededListing[],
  campaigns: Campaigns,
): PlannedOrder[] {
  const planner = new OrderPlanner(rng, now, campaigns, catalogue);
  const [demo, ...others] = people.customers;
  const storeId = (index: number) => people.stores[index]!.id;
  const script: [age: number, store: number, lines: number, Status, PaymentMethod, promo: boolean, boolean[]][] = [
    [210, 0, 1, 'Completed', 'cashOnDel', false, [true]],
    [130, 1, 2, 'Completed', 'online', false, [true, true]],
    [58, 2, 1, 'Cancelled', 'cashOnDel', false, []],
    [21, 0, 2, 'Completed', 'online', true, [true, false]],
    [9, 3, 1, 'Shipped', 'online', false, []],
    [4, 0, 1, 'Accepted', 'cashOnDel', true, []],
    [0, 0, 2, 'Booked', 'cashOnDel', false, []],
  ];
  for (const [age, store, lineCount, status, paymentMethod, usePromo, reviewed] of script) {
    planner.plan({
      customer: demo!,
      storeIndex: store,
      storeId: storeId(store),
      age,
      lineCount,
      status,
      paymentMethod,
      usePromo,
      reviewed,
    });
  }

  const storeIndexes = planner.storeIndexes;
  const weights = storeIndexes.map((i) => planner.storeSize(i));
  const totalWeight = weights.reduce((a, b) => a + b, 0);
  while (planner.orders.length < script.length + RANDOM_ORDERS) {
    // Recent months are a little busier than last year's, as a growing shop's are.
    const age = Math.floor(364 * rng.next() ** 1.2);
    let r = rng.next() * totalWeight;
    const storeIndex = storeIndexes.find((_, i) => (r -= weights[i]!) < 0) ?? storeIndexes[0]!;
    const size = rng.next();
    planner.plan({
      customer: rng.pick(others),
      storeIndex,
      storeId: storeId(storeIndex),
      age,
      lineCount: size < 0.72 ? 1 : size < 0.93 ? 2 : 3,
      status: statusFor(rng, age),
      paymentMethod: rng.chance(0.4) ? 'online' : 'cashOnDel',
      usePromo: storeIndex === 0 && rng.chance(0.35),
    });
  }
  return planner.orders;
}

/** Subtotal, shipping, promo discount and total, as checkout computes them (one store per order). */
export function orderTotals(order: PlannedOrder) {
  const subtotal = order.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const discount = order.discountPercent ? subtotal - discounted(subtotal, order.discountPercent) : 0;
  return { subtotal, shippingFee: SHIPPING_FEE, discount, total: subtotal + SHIPPING_FEE - discount };
}

export async function insertOrders(tx: Db, rng: Prng, planned: PlannedOrder[], now: Date): Promise<SeededOrder[]> {
  const chronological = [...planned].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  // Real order numbers from the shared sequence, handed out in date order like live checkouts would.
  const numbers = await queryRows<{ n: string }>(
    tx,
    sql`select nextval('order_number_seq')::text as n from generate_series(1, ${chronological.length})`,
  );
  const sorted = numbers.map((r) => Number(r.n)).sort((a, b) => a - b);
  const rows = chronological.map((o, i) => {
    const totals = orderTotals(o);
    const paymentStatus =
      o.paymentMethod === 'cashOnDel' ? 'not_required' : o.status === 'Cancelled' ? 'refunded' : 'paid';
    return {
      id: `SG${sorted[i]}`,
      customerId: o.customer.id,
      storeId: o.storeId,
      status: o.status,
      paymentMethod: o.paymentMethod,
      paymentStatus: paymentStatus as 'not_required' | 'refunded' | 'paid',
      ...totals,
      promoCode: o.promoCode,
      shippingAddress: o.customer.address,
      completedAt: o.status === 'Completed' ? o.updatedAt : null,
      createdAt: o.createdAt,
      updatedAt: o.updatedAt,
    };
  });
  await insertRows(tx, orders, rows);

  const lines = chronological.flatMap((o, i) => o.lines.map((line) => ({ order: o, orderId: rows[i]!.id, line })));
  const lineIds = await allocateIds(tx, orderLines, lines.length);
  await insertRows(
    tx,
    orderLines,
    lines.map(({ orderId, line }, i) => ({
      id: lineIds[i]!,
      orderId,
      listingId: line.listing.id,
      name: line.listing.name,
      image: line.listing.image,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      reviewed: line.review !== undefined,
    })),
  );

  const sentiment = new Sentiment();
  const reviewRows = lines.flatMap(({ order, line }, i) => {
    if (!line.review) return [];
    const { text, rating } = reviewFor(rng, line.listing.category, line.review.tone);
    return [
      {
        // A review is of the thing bought, whoever sold it: the catalogue product.
        productId: line.listing.productId,
        customerId: order.customer.id,
        orderLineId: lineIds[i]!,
        storeId: order.storeId,
        author: order.customer.name,
        rating,
        text,
        sentimentScore: sentiment.analyze(text).score,
        createdAt: line.review.at,
      },
    ];
  });
  await insertRows(tx, reviews, reviewRows);

  // The seller's bell: orders of the last month, newest included.
  const recentSince = daysAgo(now, 30);
  const notes = chronological.flatMap((o, i) => {
    if (o.createdAt < recentSince) return [];
    const [first, ...more] = o.lines;
    return [
      {
        storeId: o.storeId,
        orderId: rows[i]!.id,
        message: `New order ${rows[i]!.id}`,
        product: more.length ? `${first!.listing.name} and ${more.length} more` : first!.listing.name,
        customer: o.customer.name,
        total: rows[i]!.total,
        createdAt: o.createdAt,
      },
    ];
  });
  await insertRows(tx, notifications, notes);

  // Units sold is what non-cancelled orders took, so the "best sellers" agree with the order history; the catalogue
  // products add up their listings' at once (as the units-sold job would within a minute).
  await tx.execute(sql`
    update listings li set units_sold = s.units
    from (select l.listing_id, sum(l.quantity)::int as units
          from order_lines l join orders o on o.id = l.order_id
          where o.status <> 'Cancelled' and l.listing_id is not null
          group by l.listing_id) s
    where li.id = s.listing_id`);
  await rollUpUnitsSold(tx);

  return chronological.map((o, i) => ({
    id: rows[i]!.id,
    storeId: o.storeId,
    customerId: o.customer.id,
    status: o.status,
    createdAt: o.createdAt,
  }));
}
