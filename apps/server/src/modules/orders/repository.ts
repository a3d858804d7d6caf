import { asc, inArray, sql, type SQL } from 'drizzle-orm';
import type { OrderLineView, OrderView } from '@pricehub/shared/schemas/order';
import { queryRows, type Db } from '../../db/client';
import { orderLines } from '../../db/schema';

interface OrderRow {
  id: string;
  status: OrderView['status'];
  payment_method: OrderView['paymentMethod'];
  payment_status: OrderView['paymentStatus'];
  payment_id: string | null;
  subtotal: number;
  shipping_fee: number;
  discount: number;
  total: number;
  promo_code: string | null;
  shipping_address: string;
  created_at: Date | string;
  updated_at: Date | string;
  store_slug: string;
  store_name: string;
  customer_name: string;
  customer_email: string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Orders matching `where` (over `o` orders, `s` stores, `a` accounts), newest first, each with its lines. */
export async function findOrders(db: Db, where: SQL, limit = 200): Promise<OrderView[]> {
  const rows = await queryRows<OrderRow>(
    db,
    sql`select o.id, o.status, o.payment_method, o.payment_status, o.payment_id, o.subtotal, o.shipping_fee,
          o.discount, o.total, o.promo_code, o.shipping_address, o.created_at, o.updated_at,
          s.slug as store_slug, s.name as store_name, a.name as customer_name, a.email as customer_email
        from orders o join stores s on s.id = o.store_id join accounts a on a.id = o.customer_id
        where ${where}
        order by o.created_at desc, o.id desc
        limit ${limit}`,
  );
  if (rows.length === 0) return [];
  const lines = await db
    .select()
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderLines.id));
  const byOrder = new Map<string, OrderLineView[]>();
  for (const l of lines) {
    const list = byOrder.get(l.orderId) ?? [];
    list.push({
      id: l.id,
      productId: l.productId,
      name: l.name,
      image: l.image,
      unitPrice: l.unitPrice,
      quantity: l.quantity,
      lineTotal: l.unitPrice * l.quantity,
      reviewed: l.reviewed,
    });
    byOrder.set(l.orderId, list);
  }
  return rows.map((r) => ({
    orderId: r.id,
    status: r.status,
    paymentMethod: r.payment_method,
    paymentStatus: r.payment_status,
    paymentId: r.payment_id,
    subtotal: r.subtotal,
    shippingFee: r.shipping_fee,
    discount: r.discount,
    total: r.total,
    promoCode: r.promo_code,
    shippingAddress: r.shipping_address,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    store: { slug: r.store_slug, name: r.store_name },
    customer: { name: r.customer_name, email: r.customer_email },
    lines: byOrder.get(r.id) ?? [],
  }));
}

/**
 * Puts the units of these orders back on the shelf and takes them off units_sold, in product id order so that
 * concurrent restocks and checkouts lock rows in the same order. Call inside the transaction that cancels them.
 */
export async function restockOrders(tx: Db, orderIds: string[]): Promise<void> {
  if (orderIds.length === 0) return;
  const lines = await queryRows<{ product_id: number; quantity: number }>(
    tx,
    sql`select product_id, sum(quantity)::int as quantity from order_lines
        where order_id in (${sql.join(
          orderIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and product_id is not null
        group by product_id order by product_id`,
  );
  for (const line of lines) {
    await tx.execute(
      sql`update products set quantity = quantity + ${line.quantity},
            units_sold = greatest(units_sold - ${line.quantity}, 0), updated_at = now(),
            stock = case when quantity = 0 then 'instock'::stock_status else stock end
          where id = ${line.product_id}`,
    );
  }
}

/** One order by id, for code that has already checked who may see it. */
export async function findOrder(db: Db, orderId: string): Promise<OrderView> {
  const [order] = await findOrders(db, sql`o.id = ${orderId}`);
  if (!order) throw new Error(`order ${orderId} vanished`);
  return order;
}
