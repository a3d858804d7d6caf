import { sql, type SQL } from 'drizzle-orm';
import type { ReturnStatus, ReturnView } from '@pricehub/shared/schemas/return';
import type { OrderView } from '@pricehub/shared/schemas/order';
import { queryRows, type Db } from '../../../db/client';
import { accountNamesSql, storeSellerSql, storesSql, type StoreSeller } from '../../accounts/queries';

interface ReturnRow {
  id: number;
  order_id: string;
  status: ReturnStatus;
  reason: string;
  decision_reason: string;
  refund_amount: number | null;
  created_at: Date | string;
  decided_at: Date | string | null;
  total: number;
  payment_method: ReturnView['order']['paymentMethod'];
  payment_status: ReturnView['order']['paymentStatus'];
  store_slug: string;
  store_name: string;
  customer_name: string;
  lines: { name: string; quantity: number }[] | string;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** Returns matching `where` (over `r` returns and `o` their orders), newest first, with what the lists show. */
async function findReturns(db: Db, where: SQL, limit = 200): Promise<ReturnView[]> {
  const rows = await queryRows<ReturnRow>(
    db,
    sql`select r.id, r.order_id, r.status, r.reason, r.decision_reason, r.refund_amount, r.created_at, r.decided_at,
          o.total, o.payment_method, o.payment_status, s.slug as store_slug, s.name as store_name,
          a.name as customer_name,
          coalesce((select json_agg(json_build_object('name', l.name, 'quantity', l.quantity) order by l.id)
                    from order_lines l where l.order_id = o.id), '[]'::json) as lines
        from returns r join orders o on o.id = r.order_id join ${storesSql} s on s.id = r.store_id
          join ${accountNamesSql} a on a.id = o.customer_id
        where ${where}
        order by r.created_at desc, r.id desc
        limit ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    status: r.status,
    reason: r.reason,
    decisionReason: r.decision_reason,
    refundAmount: r.refund_amount,
    createdAt: iso(r.created_at),
    decidedAt: r.decided_at === null ? null : iso(r.decided_at),
    order: {
      total: r.total,
      paymentMethod: r.payment_method,
      paymentStatus: r.payment_status,
      store: { slug: r.store_slug, name: r.store_name },
      customer: { name: r.customer_name },
      lines: typeof r.lines === 'string' ? JSON.parse(r.lines) : r.lines,
    },
  }));
}

/** An order's returns, newest first: what its customer sees. */
export const orderReturnList = (db: Db, orderId: string): Promise<ReturnView[]> =>
  findReturns(db, sql`r.order_id = ${orderId}`);

/** A store's returns, newest first: the seller's list. */
export const storeReturnList = (db: Db, storeId: number): Promise<ReturnView[]> =>
  findReturns(db, sql`r.store_id = ${storeId}`, 500);

/** One return as the lists show it. */
export async function findReturn(db: Db, returnId: number): Promise<ReturnView | undefined> {
  const [row] = await findReturns(db, sql`r.id = ${returnId}`);
  return row;
}

export interface LockedOrder {
  id: string;
  customer_id: number;
  store_id: number;
  status: OrderView['status'];
  payment_status: OrderView['paymentStatus'];
  total: number;
  /** When the seller marked it Completed; null before. */
  completed_at: Date | string | null;
  provider: string | null;
  provider_ref: string | null;
}

/**
 * The order a return is about. Writes lock it (`lock`): a request and a decision on the same order take this lock
 * first, so they run one after the other (and in one lock order, so they never deadlock).
 */
export async function orderForReturn(db: Db, orderId: string, lock: boolean): Promise<LockedOrder | undefined> {
  const [row] = await queryRows<LockedOrder>(
    db,
    sql`select o.id, o.customer_id, o.store_id, o.status, o.payment_status, o.total, o.completed_at,
          p.provider, p.provider_ref
        from orders o left join payments p on p.id = o.payment_id
        where o.id = ${orderId} ${lock ? sql`for update of o` : sql``}`,
  );
  return row;
}

/** The order's return that is still open or was accepted (at most one, by the partial unique index). */
export async function liveReturnOf(tx: Db, orderId: string): Promise<{ id: number; status: ReturnStatus } | undefined> {
  const [row] = await queryRows<{ id: number; status: ReturnStatus }>(
    tx,
    sql`select id, status from returns where order_id = ${orderId} and status in ('Requested', 'Accepted')`,
  );
  return row;
}

export async function insertReturn(
  tx: Db,
  r: { orderId: string; storeId: number; reason: string; createdAt: Date },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into returns (order_id, store_id, reason, created_at)
        values (${r.orderId}, ${r.storeId}, ${r.reason}, ${r.createdAt.toISOString()}::timestamptz)
        returning id`,
  );
  return row!.id;
}

/** Which order a return is about and whose store it is (no lock: the order's lock comes first). */
export async function returnHeader(
  db: Db,
  returnId: number,
): Promise<{ order_id: string; store_id: number } | undefined> {
  const [row] = await queryRows<{ order_id: string; store_id: number }>(
    db,
    sql`select order_id, store_id from returns where id = ${returnId}`,
  );
  return row;
}

export async function lockReturn(tx: Db, returnId: number): Promise<{ status: ReturnStatus } | undefined> {
  const [row] = await queryRows<{ status: ReturnStatus }>(
    tx,
    sql`select status from returns where id = ${returnId} for update`,
  );
  return row;
}

export async function recordDecision(
  tx: Db,
  returnId: number,
  d: { status: 'Accepted' | 'Refused'; reason: string; refundAmount: number | null; decidedAt: Date },
): Promise<void> {
  await tx.execute(
    sql`update returns set status = ${d.status}, decision_reason = ${d.reason}, refund_amount = ${d.refundAmount},
          decided_at = ${d.decidedAt.toISOString()}::timestamptz
        where id = ${returnId}`,
  );
}

/** The seller's address for mail about their store's returns. */
export async function storeContact(db: Db, storeId: number): Promise<{ email: string; name: string }> {
  const [row] = await queryRows<{ seller: StoreSeller }>(db, sql`select ${storeSellerSql(sql`${storeId}`)} as seller`);
  return { email: row!.seller.sellerEmail, name: row!.seller.sellerName };
}

/** How many returns a store has, by state: the seller dashboard's count. */
export async function returnCounts(
  db: Db,
  storeId: number,
): Promise<{ requested: number; accepted: number; refused: number }> {
  const [row] = await queryRows<{ requested: number; accepted: number; refused: number }>(
    db,
    sql`select count(*) filter (where status = 'Requested')::int as requested,
          count(*) filter (where status = 'Accepted')::int as accepted,
          count(*) filter (where status = 'Refused')::int as refused
        from returns where store_id = ${storeId}`,
  );
  return row!;
}
