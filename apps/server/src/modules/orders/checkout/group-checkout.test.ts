import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MAX_BOOKED_CASH_ORDERS } from '@pricehub/shared/rules/order-limits';
import { checkoutMessages } from '@pricehub/shared/schemas/checkout';
import { queryRows } from '../../../db/client';
import { HttpError } from '../../../http/errors';
import { createCustomer, type TestUser } from '../../../testing/factories';
import { ADDRESS, addProduct, caller, createSellerWithStore, productState, putInCart } from '../../../testing/shop';
import { buildTestApp } from '../../../testing/test-app';
import { insertPromo } from '../../../testing/campaigns';
import { loadCartRows } from '../../cart/service';
import { promoUnusable } from '../../promos/redeem';
import { checkout, placeTogether, type CheckoutRequest, type Placing } from './service';

const t = await buildTestApp();
const call = caller(t);
const cash: CheckoutRequest = { paymentMethod: 'cashOnDel', shippingAddress: ADDRESS };
const buyerOf = (user: TestUser) => ({ id: user.id, name: `Buyer ${user.id}`, email: user.email });
const cartCount = async (user: TestUser) => (await call('GET', '/api/cart', user.cookie)).json().count as number;

/** Orders of these customers, with the transaction that wrote each (rows one transaction wrote share its xmin). */
async function ordersOf(users: TestUser[]) {
  return queryRows<{ id: string; customerId: number; paymentId: string | null; writtenBy: string }>(
    t.ctx.db,
    sql`select id, customer_id as "customerId", payment_id as "paymentId", xmin::text as "writtenBy" from orders
        where customer_id in (${sql.join(
          users.map((u) => sql`${u.id}`),
          sql`, `,
        )}) order by id`,
  );
}

describe('buyers let in at the same moment', () => {
  it('place their orders in one transaction; a refused buyer gets their own reason and the others are served', async () => {
    const s = await createSellerWithStore(t);
    const p = await addProduct(t, s.storeId, { quantity: 10 });
    const [a, b, badPromo, atCap] = await Promise.all(Array.from({ length: 4 }, () => createCustomer(t)));
    // `atCap` already holds as many Booked cash orders as allowed.
    const other = await addProduct(t, s.storeId, { quantity: 20 });
    for (let i = 0; i < MAX_BOOKED_CASH_ORDERS; i++) {
      await putInCart(t, atCap!.cookie, other, 1);
      expect((await call('POST', '/api/checkout', atCap!.cookie, cash)).statusCode).toBe(201);
    }
    for (const user of [a, b, badPromo, atCap]) await putInCart(t, user!.cookie, p, 1);
    await insertPromo(t.ctx.db, {
      storeId: s.storeId,
      code: 'NOTYET10',
      discountPercent: 10,
      startsAt: Date.now() + 3_600_000,
      endsAt: Date.now() + 7_200_000,
    });

    // Called in one turn, as requests that arrive together are: their looks and their orders go together.
    const results = await Promise.allSettled([
      checkout(t.ctx, buyerOf(a!), cash),
      checkout(t.ctx, buyerOf(b!), cash),
      checkout(t.ctx, buyerOf(badPromo!), { ...cash, promoCode: 'NOTYET10' }),
      checkout(t.ctx, buyerOf(atCap!), cash),
    ]);

    const [servedA, servedB, refusedPromo, refusedCap] = results;
    expect(servedA).toMatchObject({ status: 'fulfilled', value: { orders: [{ status: 'Booked' }] } });
    expect(servedB).toMatchObject({ status: 'fulfilled', value: { orders: [{ status: 'Booked' }] } });
    expect(refusedPromo).toMatchObject({ status: 'rejected', reason: { statusCode: 400, message: promoUnusable } });
    expect(refusedCap).toMatchObject({ status: 'rejected', reason: { statusCode: 409, code: 'TOO_MANY_BOOKED' } });

    const written = await ordersOf([a!, b!, badPromo!]);
    expect(written.map((o) => o.customerId).sort()).toEqual([a!.id, b!.id].sort());
    expect(new Set(written.map((o) => o.writtenBy)).size).toBe(1);
    // The served buyers' carts are emptied; the refused buyers' carts and the stock they asked for are untouched.
    expect(await Promise.all([a, b, badPromo, atCap].map((u) => cartCount(u!)))).toEqual([0, 0, 1, 1]);
    expect(await productState(t, p)).toEqual({ quantity: 8, unitsSold: 2, stock: 'instock' });
  });

  it('writes online and cash checkouts of one batch each with its own payment, cart and announcement', async () => {
    const s = await createSellerWithStore(t);
    const p = await addProduct(t, s.storeId, { quantity: 10, price: 300_00 });
    const [online, cashBuyer, secondOnline] = await Promise.all(Array.from({ length: 3 }, () => createCustomer(t)));
    await putInCart(t, online!.cookie, p, 1);
    await putInCart(t, cashBuyer!.cookie, p, 2);
    await putInCart(t, secondOnline!.cookie, p, 3);

    const [first, second, third] = await Promise.all([
      checkout(t.ctx, buyerOf(online!), { ...cash, paymentMethod: 'online' }),
      checkout(t.ctx, buyerOf(cashBuyer!), cash),
      checkout(t.ctx, buyerOf(secondOnline!), { ...cash, paymentMethod: 'online' }),
    ]);

    const written = await ordersOf([online!, cashBuyer!, secondOnline!]);
    expect(new Set(written.map((o) => o.writtenBy)).size).toBe(1);
    const paymentOf = (user: TestUser) => written.find((o) => o.customerId === user.id)!.paymentId;
    expect(paymentOf(online!)).toBe(first.paymentId);
    expect(paymentOf(secondOnline!)).toBe(third.paymentId);
    expect(first.paymentId).not.toBe(third.paymentId);
    expect(paymentOf(cashBuyer!)).toBeNull();
    expect(second.paymentId).toBeUndefined();
    const payments = await queryRows<{ id: string; customerId: number; amount: number }>(
      t.ctx.db,
      sql`select id, customer_id as "customerId", amount from payments where id in (${first.paymentId!}, ${third.paymentId!})
          order by amount`,
    );
    expect(payments).toMatchObject([
      { id: first.paymentId, customerId: online!.id, amount: first.orders[0]!.total },
      { id: third.paymentId, customerId: secondOnline!.id, amount: third.orders[0]!.total },
    ]);
    // Online carts stay until paid; the cash cart is emptied. Only the cash order is announced to the seller yet.
    expect(await Promise.all([online, cashBuyer, secondOnline].map((u) => cartCount(u!)))).toEqual([1, 0, 3]);
    const notices = (await call('GET', '/api/seller/notifications', s.cookie)).json();
    expect(JSON.stringify(notices)).toContain(second.orders[0]!.orderId);
    expect(JSON.stringify(notices)).not.toContain(first.orders[0]!.orderId);
    expect(await productState(t, p)).toMatchObject({ quantity: 4, unitsSold: 6 });
  });

  it('gives out the units the locked shelf holds, in the batch’s order, whatever the first looks saw', async () => {
    const s = await createSellerWithStore(t);
    const p = await addProduct(t, s.storeId, { quantity: 5 });
    const q = await addProduct(t, s.storeId, { quantity: 5 });
    const [a, b, c, d] = await Promise.all(Array.from({ length: 4 }, () => createCustomer(t)));
    for (const user of [a, b, c]) await putInCart(t, user!.cookie, p, 2);
    await putInCart(t, c!.cookie, q, 1);
    await putInCart(t, d!.cookie, q, 1);
    // Their first looks saw 5 of p on the shelf, enough for each of them; the batch decides on what is there.
    const placings: Placing[] = await Promise.all(
      [a, b, c, d].map(async (user) => ({
        buyer: buyerOf(user!),
        input: cash,
        gateway: null,
        cart: await loadCartRows(t.ctx.db, user!.id),
      })),
    );

    const outcomes = await t.ctx.database.onOneConnection((db) => placeTogether(t.ctx, db, placings));

    expect(outcomes.map((o) => o.ok)).toEqual([true, true, false, true]);
    const refused = outcomes[2]!;
    if (refused.ok) throw new Error('c should have been refused');
    expect(refused.error).toBeInstanceOf(HttpError);
    expect(refused.error).toMatchObject({
      statusCode: 409,
      message: checkoutMessages.shortStock,
      details: { short: [{ productId: p, requested: 2, available: 1 }] },
    });
    // c's refusal took nothing: d, after c in the batch, still got q's unit it asked for.
    expect(await productState(t, p)).toEqual({ quantity: 1, unitsSold: 4, stock: 'instock' });
    expect(await productState(t, q)).toEqual({ quantity: 4, unitsSold: 1, stock: 'instock' });
    expect(await cartCount(c!)).toBe(3);
    // Each buyer served hears what the shelf held after the batch (the queue wakes its waiters with it).
    const served = outcomes.flatMap((o) => (o.ok ? [o.value.shelves] : []));
    expect(served).toEqual([
      [{ listingId: p, quantity: 1, at: expect.any(Number) }],
      [{ listingId: p, quantity: 1, at: expect.any(Number) }],
      [{ listingId: q, quantity: 4, at: expect.any(Number) }],
    ]);
  });
});
