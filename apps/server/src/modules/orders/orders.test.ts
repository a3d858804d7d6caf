import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { REJECTION_REASON_MAX } from '@pricehub/shared/rules/order-status';
import { orderMessages } from '@pricehub/shared/schemas/order';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer } from '../../testing/factories';
import { queryRows } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { rollUpUnitsSold } from '../catalog/units-sold';
import {
  ADDRESS,
  addListing,
  addProduct,
  caller,
  createSellerWithStore,
  placeOrder,
  productState,
} from '../../testing/shop';

const t = await buildTestApp();
const call = caller(t);

const setStatus = (seller: { cookie: string }, orderId: string, status: string) =>
  call('PUT', `/api/seller/orders/${orderId}/status`, seller.cookie, { status });

describe('customer orders', () => {
  it('lists the customer’s orders newest first, with lines, totals and store', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const p1 = await addProduct(t, seller.storeId, { name: 'First Phone', price: 100_00 });
    const p2 = await addProduct(t, seller.storeId, { name: 'Second Phone', price: 200_00 });
    const ids: string[] = [];
    for (const p of [p1, p2]) {
      t.setNow(new Date(Date.now() + ids.length * 1000));
      await call('POST', '/api/cart/items', shopper.cookie, { listingId: p });
      const res = await call('POST', '/api/checkout', shopper.cookie, {
        paymentMethod: 'cashOnDel',
        shippingAddress: ADDRESS,
      });
      ids.push(res.json().orders[0].orderId);
    }
    t.setNow(new Date());
    const list = (await call('GET', '/api/orders', shopper.cookie)).json().orders;
    expect(list.map((o: { orderId: string }) => o.orderId)).toEqual([ids[1], ids[0]]);
    expect(list[0]).toMatchObject({
      status: 'Booked',
      paymentMethod: 'cashOnDel',
      subtotal: 200_00,
      shippingFee: 50_00,
      total: 250_00,
      shippingAddress: ADDRESS,
      store: { name: seller.storeName },
      lines: [
        {
          productId: p2,
          listingId: p2,
          catalogProductId: p2,
          name: 'Second Phone',
          unitPrice: 200_00,
          quantity: 1,
          lineTotal: 200_00,
          reviewed: false,
        },
      ],
    });
    const one = await call('GET', `/api/orders/${ids[0]}`, shopper.cookie);
    expect(one.json().lines[0].name).toBe('First Phone');
  });

  it('cancels a Booked order, restocking it and reversing units sold; later states cannot be cancelled', async () => {
    const { shopper, seller, listingId, orderId } = await placeOrder(t, { quantity: 2 });
    expect(await productState(t, listingId)).toMatchObject({ quantity: 3, unitsSold: 2 });
    const res = await call('POST', `/api/orders/${orderId}/cancel`, shopper.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.status).toBe('Cancelled');
    expect(await productState(t, listingId)).toMatchObject({ quantity: 5, unitsSold: 0, stock: 'instock' });
    expect((await call('POST', `/api/orders/${orderId}/cancel`, shopper.cookie)).statusCode).toBe(409);
    expect((await setStatus(seller, orderId, 'Accepted')).statusCode).toBe(409);

    const accepted = await placeOrder(t, { quantity: 1 });
    await setStatus(accepted.seller, accepted.orderId, 'Accepted');
    const late = await call('POST', `/api/orders/${accepted.orderId}/cancel`, accepted.shopper.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(orderMessages.cancelOnlyBooked);
    expect(await productState(t, accepted.listingId)).toMatchObject({ quantity: 4, unitsSold: 1 });
  });
});

describe('cancelling puts stock back on the listings', () => {
  it('restocks every line’s listing and takes its units off units sold, on the listing and its catalogue product', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const rival = await createSellerWithStore(t);
    const phone = await addListing(t, seller.storeId, { quantity: 3 });
    const laptop = await addListing(t, seller.storeId, { quantity: 2 });
    // A rival's listing of the same phone sold one unit elsewhere: the catalogue product counts both.
    const rivalPhone = await addListing(t, rival.storeId, { productId: phone.productId, quantity: 5 });
    await t.ctx.db.execute(sql`update listings set units_sold = 1 where id = ${rivalPhone.listingId}`);
    await call('POST', '/api/cart/items', shopper.cookie, { listingId: phone.listingId, quantity: 3 });
    await call('POST', '/api/cart/items', shopper.cookie, { listingId: laptop.listingId, quantity: 1 });
    const res = await call('POST', '/api/checkout', shopper.cookie, {
      paymentMethod: 'cashOnDel',
      shippingAddress: ADDRESS,
    });
    expect(res.statusCode, res.body).toBe(201);
    const orderId = res.json().orders[0].orderId;
    expect(await productState(t, phone.listingId)).toEqual({ quantity: 0, unitsSold: 3, stock: 'outofstock' });
    const catalogue = async () => {
      await rollUpUnitsSold(t.ctx.db);
      return (
        await queryRows<{ units_sold: number; in_stock: boolean }>(
          t.ctx.db,
          sql`select units_sold, in_stock from products where id = ${phone.productId}`,
        )
      )[0];
    };
    expect(await catalogue()).toEqual({ units_sold: 4, in_stock: true });

    const cancelled = await call('POST', `/api/orders/${orderId}/cancel`, shopper.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await productState(t, phone.listingId)).toEqual({ quantity: 3, unitsSold: 0, stock: 'instock' });
    expect(await productState(t, laptop.listingId)).toEqual({ quantity: 2, unitsSold: 0, stock: 'instock' });
    expect(await productState(t, rivalPhone.listingId)).toEqual({ quantity: 5, unitsSold: 1, stock: 'instock' });
    expect(await catalogue()).toEqual({ units_sold: 1, in_stock: true });
  });
});

describe('seller status moves', () => {
  it('allows forward moves only (skipping is fine), with the spec message and a mail per move', async () => {
    const { shopper, seller, orderId } = await placeOrder(t);
    const list = (await call('GET', '/api/seller/orders', seller.cookie)).json().orders;
    expect(list.map((o: { orderId: string }) => o.orderId)).toEqual([orderId]);
    expect(list[0].customer.name).toBe('Sana Khan');

    const shipped = await setStatus(seller, orderId, 'Shipped');
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ message: messages.order.statusUpdated, order: { status: 'Shipped' } });

    const back = await setStatus(seller, orderId, 'Accepted');
    expect(back.statusCode).toBe(409);
    expect(back.json().error.message).toBe(orderMessages.backwards('Shipped', 'Accepted'));
    expect((await setStatus(seller, orderId, 'Shipped')).statusCode).toBe(409);
    expect((await setStatus(seller, orderId, 'Booked')).statusCode).toBe(400);
    expect((await setStatus(seller, orderId, 'Cancelled')).statusCode).toBe(400);
    expect((await setStatus(seller, orderId, 'Completed')).statusCode).toBe(200);
    expect((await setStatus(seller, orderId, 'Shipped')).statusCode).toBe(409);

    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining('Shipped'), expect.stringContaining('Completed')]),
    );
    expect(mails.filter((m) => m.subject.includes('Accepted'))).toHaveLength(0);
    expect((await call('GET', `/api/orders/${orderId}`, shopper.cookie)).json().status).toBe('Completed');
  });
});

describe('who may touch an order', () => {
  it('answers 404 to another customer, 403 to a seller and 401 to a visitor on customer routes', async () => {
    const { orderId, productId } = await placeOrder(t);
    const other = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const routes: ['GET' | 'POST', string, object?][] = [
      ['GET', `/api/orders/${orderId}`],
      ['POST', `/api/orders/${orderId}/cancel`],
      ['POST', `/api/orders/${orderId}/reviews`, { productId, text: 'Great', rating: 5 }],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, other.cookie, body)).statusCode, `${url} as other customer`).toBe(404);
      expect((await call(method, url, seller.cookie, body)).statusCode, `${url} as seller`).toBe(403);
      expect((await call(method, url, undefined, body)).statusCode, `${url} as visitor`).toBe(401);
    }
    expect((await call('GET', '/api/orders', other.cookie)).json().orders).toEqual([]);
    expect((await call('GET', '/api/orders', seller.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/orders')).statusCode).toBe(401);
    expect(
      (await call('POST', '/api/checkout', seller.cookie, { paymentMethod: 'cashOnDel', shippingAddress: ADDRESS }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/checkout', undefined, { paymentMethod: 'cashOnDel', shippingAddress: ADDRESS }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 404 to another seller, 403 to a customer and 401 to a visitor on seller routes', async () => {
    const { orderId, shopper, seller } = await placeOrder(t);
    const otherSeller = await createSellerWithStore(t);
    const other = await createCustomer(t);
    expect((await call('GET', `/api/seller/orders/${orderId}`, otherSeller.cookie)).statusCode).toBe(404);
    const foreign = await setStatus(otherSeller, orderId, 'Accepted');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(orderMessages.notFound);
    expect((await call('GET', '/api/seller/orders', otherSeller.cookie)).json().orders).toEqual([]);
    for (const who of [shopper, other]) {
      expect((await setStatus(who, orderId, 'Accepted')).statusCode).toBe(403);
      expect((await call('GET', '/api/seller/orders', who.cookie)).statusCode).toBe(403);
      expect((await call('GET', `/api/seller/orders/${orderId}`, who.cookie)).statusCode).toBe(403);
    }
    expect(
      (await call('PUT', `/api/seller/orders/${orderId}/status`, undefined, { status: 'Accepted' })).statusCode,
    ).toBe(401);
    expect((await call('GET', '/api/seller/orders')).statusCode).toBe(401);
    expect((await call('GET', `/api/seller/orders/${orderId}`, seller.cookie)).json().status).toBe('Booked');
    expect((await setStatus(seller, 'SG99999999', 'Accepted')).statusCode).toBe(404);
    expect((await setStatus(seller, 'not-an-order', 'Accepted')).statusCode).toBe(400);
  });
});

describe('a seller rejecting a Booked order', () => {
  const reject = (seller: { cookie: string }, orderId: string, reason?: unknown) =>
    call('POST', `/api/seller/orders/${orderId}/reject`, seller.cookie, reason === undefined ? {} : { reason });

  it('cancels it with the reason, restocks the listing and its catalogue product, and mails the customer', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const rival = await createSellerWithStore(t);
    // The seller's listing is the cheapest offer of its catalogue product, and the order takes its last units.
    const cheap = await addListing(t, seller.storeId, { quantity: 2, price: 900_00 });
    await addListing(t, rival.storeId, { productId: cheap.productId, quantity: 4, price: 1_000_00 });
    await call('POST', '/api/cart/items', shopper.cookie, { listingId: cheap.listingId, quantity: 2 });
    const placed = await call('POST', '/api/checkout', shopper.cookie, {
      paymentMethod: 'cashOnDel',
      shippingAddress: ADDRESS,
    });
    const orderId = placed.json().orders[0].orderId as string;
    const catalogue = async () =>
      (
        await queryRows<{ lowest_price: number; in_stock: boolean }>(
          t.ctx.db,
          sql`select lowest_price, in_stock from products where id = ${cheap.productId}`,
        )
      )[0];
    expect(await productState(t, cheap.listingId)).toMatchObject({ quantity: 0, stock: 'outofstock' });
    expect(await catalogue()).toEqual({ lowest_price: 1_000_00, in_stock: true });

    const res = await reject(seller, orderId, '  Sorry, the last two units were damaged in transit.  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: orderMessages.rejected,
      order: { status: 'Cancelled', rejectionReason: 'Sorry, the last two units were damaged in transit.' },
    });
    expect(await productState(t, cheap.listingId)).toEqual({ quantity: 2, unitsSold: 0, stock: 'instock' });
    expect(await catalogue()).toEqual({ lowest_price: 900_00, in_stock: true });

    // The customer sees why, in their orders and in a mail.
    const seen = (await call('GET', `/api/orders/${orderId}`, shopper.cookie)).json();
    expect(seen).toMatchObject({
      status: 'Cancelled',
      paymentStatus: 'not_required',
      rejectionReason: 'Sorry, the last two units were damaged in transit.',
    });
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    const mail = mails.find((m) => m.subject.includes('rejected'))!;
    expect(mail.subject).toBe(`Your PriceHub order ${orderId} was rejected by ${seller.storeName}`);
    expect(mail.text).toContain('Their reason: Sorry, the last two units were damaged in transit.');
    expect(mail.text).toContain('Nothing was charged.');

    // Once only: a second rejection, the customer's cancel and a status move are all refused.
    expect((await reject(seller, orderId, 'Again, still damaged')).statusCode).toBe(409);
    expect((await call('POST', `/api/orders/${orderId}/cancel`, shopper.cookie)).statusCode).toBe(409);
    expect((await setStatus(seller, orderId, 'Accepted')).statusCode).toBe(409);
    expect(await productState(t, cheap.listingId)).toMatchObject({ quantity: 2 });
  });

  it('refuses an order already accepted, a missing or short reason, and anyone but its seller', async () => {
    const { shopper, seller, listingId, orderId } = await placeOrder(t, { quantity: 1 });
    for (const [reason, message] of [
      [undefined, orderMessages.reasonRequired],
      ['', orderMessages.reasonRequired],
      ['no', orderMessages.reasonRequired],
      ['x'.repeat(REJECTION_REASON_MAX + 1), orderMessages.reasonTooLong],
    ] as const) {
      const res = await reject(seller, orderId, reason);
      expect(res.statusCode, String(reason)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const other = await createSellerWithStore(t);
    const foreign = await reject(other, orderId, 'Not mine to reject');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe(orderMessages.notFound);
    expect((await reject(shopper, orderId, 'Customers cannot')).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/seller/orders/${orderId}/reject`, undefined, { reason: 'Visitor' })).statusCode,
    ).toBe(401);
    expect((await reject(seller, 'SG99999999', 'No such order')).statusCode).toBe(404);
    expect(await productState(t, listingId)).toMatchObject({ quantity: 4 });

    expect((await setStatus(seller, orderId, 'Accepted')).statusCode).toBe(200);
    const late = await reject(seller, orderId, 'Changed my mind');
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(orderMessages.rejectOnlyBooked);
    expect(await productState(t, listingId)).toMatchObject({ quantity: 4, unitsSold: 1 });
  });

  it('refunds an order paid through the test gateway, and never sees one still unpaid', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const product = await addProduct(t, seller.storeId, { quantity: 5 });
    await call('POST', '/api/cart/items', shopper.cookie, { listingId: product, quantity: 1 });
    const placed = (
      await call('POST', '/api/checkout', shopper.cookie, { paymentMethod: 'online', shippingAddress: ADDRESS })
    ).json();
    const orderId = placed.orders[0].orderId as string;
    expect((await reject(seller, orderId, 'Not paid yet anyway')).statusCode).toBe(404);
    await call('POST', `/api/payments/test/${placed.paymentId}/pay`, shopper.cookie);

    const res = await reject(seller, orderId, 'We no longer ship this model');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'Cancelled', paymentStatus: 'refunded' });
    expect(await productState(t, product)).toMatchObject({ quantity: 5, unitsSold: 0 });
    // Still in the seller's list, marked, so they can see what they rejected.
    const listed = (await call('GET', '/api/seller/orders', seller.cookie)).json().orders;
    expect(listed[0]).toMatchObject({ orderId, rejectionReason: 'We no longer ship this model' });
  });
});
