import { sql } from 'drizzle-orm';
import type { PaymentMethod } from '@pricehub/shared/schemas/checkout';
import { queryRows, type Db } from '../../db/client';

export interface NewOrder {
  storeId: number;
  subtotal: number;
  shippingFee: number;
  discount: number;
  total: number;
  promoCode: string | null;
  lines: { listingId: number; name: string; image: string; unitPrice: number; quantity: number }[];
}

export interface NewOrdersInput {
  customerId: number;
  paymentId: string | null;
  paymentMethod: PaymentMethod;
  shippingAddress: string;
  now: Date;
  orders: NewOrder[];
}

/**
 * Writes one Booked order per seller and all their lines in a single statement, and answers each order's id
 * ("SG" + the next number of `order_number_seq`) by store. Checkout calls it inside its transaction; one round
 * trip instead of two matters when many buyers queue for the same product.
 */
export async function insertOrders(tx: Db, input: NewOrdersInput): Promise<Map<number, string>> {
  // `n` keeps the given order: ids are numbered, and lines listed, in the order the cart had them.
  const orders = input.orders.map(({ lines: _lines, ...order }, n) => ({ ...order, n }));
  const lines = input.orders
    .flatMap((o) => o.lines.map((l) => ({ storeId: o.storeId, ...l })))
    .map((l, n) => ({ ...l, n }));
  const paymentStatus = input.paymentMethod === 'online' ? 'pending' : 'not_required';
  const rows = await queryRows<{ id: string; store_id: number }>(
    tx,
    sql`with o as (
          insert into orders (id, customer_id, store_id, payment_id, status, payment_method, payment_status,
                              subtotal, shipping_fee, discount, total, promo_code, shipping_address,
                              created_at, updated_at)
          select 'SG' || nextval('order_number_seq'), ${input.customerId}::int, x."storeId", ${input.paymentId}::text,
                 'Booked', ${input.paymentMethod}::payment_method, ${paymentStatus}::payment_status,
                 x.subtotal, x."shippingFee", x.discount, x.total, x."promoCode", ${input.shippingAddress}::text,
                 ${input.now.toISOString()}::timestamptz, ${input.now.toISOString()}::timestamptz
          from json_to_recordset(${JSON.stringify(orders)}::json)
               as x("storeId" int, subtotal int, "shippingFee" int, discount int, total int, "promoCode" text, n int)
          order by x.n
          returning id, store_id
        ), l as (
          insert into order_lines (order_id, listing_id, name, image, unit_price, quantity)
          select o.id, y."listingId", y.name, y.image, y."unitPrice", y.quantity
          from json_to_recordset(${JSON.stringify(lines)}::json)
               as y("storeId" int, "listingId" int, name text, image text, "unitPrice" int, quantity int, n int)
          join o on o.store_id = y."storeId"
          order by y.n
        )
        select id, store_id from o`,
  );
  return new Map(rows.map((r) => [r.store_id, r.id]));
}
