import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SHIPPING_FEE } from '@pricehub/shared/rules/money';
import {
  MAX_BOOKED_CASH_ORDERS,
  MAX_UNPAID_ONLINE_CHECKOUTS,
  orderLimitMessages,
} from '@pricehub/shared/rules/order-limits';
import { checkoutMessages } from '@pricehub/shared/schemas/checkout';
import { paymentGateways } from '../../../adapters/payments/gateway';
import { buildTestApp } from '../../../testing/test-app';
import { createCustomer, type TestUser } from '../../../testing/factories';
import { queryRows } from '../../../db/client';
import { cartItems, mailOutbox, notifications, orders } from '../../../db/schema';
import { rollUpUnitsSold } from '../../catalog/units-sold';
import { MAX_WAIT_MS } from './listing-gate';
import { promoUnusable } from '../../promos/redeem';
import {
  ADDRESS,
  addListing,
  addProduct,
  caller,
  createSellerWithStore,
  productState,
  putInCart,
} from '../../../testing/shop';
import { insertPromo, insertPromoCases, insertSale } from '../../../testing/campaigns';

const t = await buildTestApp();
const call = caller(t);

const fill = (user: TestUser, listingId: number, quantity = 1) => putInCart(t, user.cookie, listingId, quantity);
const checkout = (user: TestUser, body: Record<string, unknown> = {}) =>
  call('POST', '/api/checkout', user.cookie, { paymentMethod: 'cashOnDel', shippingAddress: ADDRESS, ...body });

describe('checkout with cash on delivery', () => {
  it('splits the cart into one order per seller with sale prices, shipping and that seller’s promo, in paisa', async () => {
    const shopper = await createCustomer(t);
    const a = await createSellerWithStore(t);
    const b = await createSellerWithStore(t);
    const phone = await addProduct(t, a.storeId, { price: 12_345_67, quantity: 5 });
    const laptop = await addProduct(t, b.storeId, { price: 80_000_00, quantity: 5 });
    await insertSale(t.ctx.db, { storeId: a.storeId, listingIds: [phone], discountPercent: 10 });
    await insertPromo(t.ctx.db, { code: 'LAPTOP15', storeId: b.storeId, discountPercent: 15 });
    await fill(shopper, phone, 2);
    await fill(shopper, laptop, 1);

    const res = await checkout(shopper, { promoCode: 'laptop15' });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().orders as { orderId: string; total: number; status: string }[];
    expect(placed).toHaveLength(2);
    for (const o of placed) expect(o.orderId).toMatch(/^SG\d+$/);
    expect(new Set(placed.map((o) => o.orderId)).size).toBe(2);
    // Seller A: 1234567 paisa −10% = 1111110.3 → 1111110 → floored to Rs 11111; ×2 + shipping, no promo.
    // Seller B: 8000000 + shipping − 15% of 8000000.
    const totals = placed.map((o) => o.total).sort((x, y) => x - y);
    expect(totals).toEqual([2 * 11_111_00 + SHIPPING_FEE, 80_000_00 + SHIPPING_FEE - 12_000_00].sort((x, y) => x - y));
    const rows = await t.ctx.db.select().from(orders).where(eq(orders.customerId, shopper.id));
    const byStore = new Map(rows.map((r) => [r.storeId, r]));
    expect(byStore.get(a.storeId)).toMatchObject({
      subtotal: 22_222_00,
      discount: 0,
      promoCode: null,
      status: 'Booked',
      paymentStatus: 'not_required',
    });
    expect(byStore.get(b.storeId)).toMatchObject({ subtotal: 80_000_00, discount: 12_000_00, promoCode: 'LAPTOP15' });

    expect(await productState(t, phone)).toEqual({ quantity: 3, unitsSold: 2, stock: 'instock' });
    expect(await productState(t, laptop)).toEqual({ quantity: 4, unitsSold: 1, stock: 'instock' });
    expect((await call('GET', '/api/cart', shopper.cookie)).json().count).toBe(0);

    // Each seller is notified of their order; the customer gets a confirmation mail per order.
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.storeId, a.storeId));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      product: expect.stringContaining('×2'),
      customer: 'Test Customer',
      total: 2 * 11_111_00 + SHIPPING_FEE,
    });
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
    expect(mails).toHaveLength(2);
  });

  it('marks the product out of stock when its last unit sells', async () => {
    const shopper = await createCustomer(t);
    const s = await createSellerWithStore(t);
    const p = await addProduct(t, s.storeId, { quantity: 2 });
    await fill(shopper, p, 2);
    expect((await checkout(shopper)).statusCode).toBe(201);
    expect(await productState(t, p)).toEqual({ quantity: 0, unitsSold: 2, stock: 'outofstock' });
  });

  it('writes nothing and answers 409 with the short lines when stock ran out after adding to the cart', async () => {
    const shopper = await createCustomer(t);
    const s = await createSellerWithStore(t);
    const plenty = await addProduct(t, s.storeId, { quantity: 10 });
    const scarce = await addProduct(t, s.storeId, { quantity: 3, name: 'Scarce Phone' });
    await fill(shopper, plenty, 2);
    await fill(shopper, scarce, 3);
    await t.ctx.db.execute(sql`update listings set quantity = 1 where id = ${scarce}`);
    const before = (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from orders`))[0]!.n;

    const res = await checkout(shopper);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(checkoutMessages.shortStock);
    expect(res.json().error.details.short).toEqual([
      { productId: scarce, name: 'Scarce Phone', requested: 3, available: 1 },
    ]);
    const after = (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from orders`))[0]!.n;
    expect(after).toBe(before);
    expect(await productState(t, plenty)).toMatchObject({ quantity: 10, unitsSold: 0 });
    expect((await call('GET', '/api/cart', shopper.cookie)).json().count).toBe(5);
  });

  it('refuses unknown, expired, future and foreign promo codes with one generic message, writing nothing', async () => {
    const shopper = await createCustomer(t);
    const mine = await createSellerWithStore(t);
    const other = await createSellerWithStore(t);
    const p = await addProduct(t, mine.storeId, { quantity: 4 });
    const codes = { running: 'GOODCODE', expired: 'OLDCODE1', upcoming: 'SOONCODE', foreign: 'OTHERSTR' };
    await insertPromoCases(t.ctx.db, { storeId: mine.storeId, otherStoreId: other.storeId }, codes, 5);
    await fill(shopper, p, 1);
    // One answer for all: guessing codes tells nothing about which exist (modules/promos/redeem.ts).
    for (const code of ['NOPE1234', 'oldcode1', 'SOONCODE', 'otherstr']) {
      const res = await checkout(shopper, { promoCode: code });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error.message).toBe(promoUnusable);
      expect(res.json().error.fields.promoCode).toBe(promoUnusable);
    }
    expect(await productState(t, p)).toMatchObject({ quantity: 4 });
  });

  it('refuses an empty cart, a missing address and an unknown payment method', async () => {
    const shopper = await createCustomer(t);
    const empty = await checkout(shopper);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(checkoutMessages.cartEmpty);
    expect((await checkout(shopper, { shippingAddress: '' })).json().error.message).toBe(
      checkoutMessages.addressRequired,
    );
    expect((await checkout(shopper, { paymentMethod: 'bitcoin' })).json().error.message).toBe(
      checkoutMessages.paymentMethod,
    );
  });

  it('sells exactly the stock to concurrent buyers and never oversells', async () => {
    const s = await createSellerWithStore(t);
    const p = await addProduct(t, s.storeId, { quantity: 10 });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => createCustomer(t)));
    for (const b of buyers) await fill(b, p, 1);
    const results = await Promise.all(buyers.map((b) => checkout(b)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(20);
    // Each one refused is told the line is gone, however it was found out (a look, or the queue it waited in).
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json().error.message).toBe(checkoutMessages.shortStock);
      expect(refused.json().error.details.short).toMatchObject([{ productId: p, requested: 1, available: 0 }]);
    }
    expect(await productState(t, p)).toEqual({ quantity: 0, unitsSold: 10, stock: 'outofstock' });
    const sold = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select coalesce(sum(quantity), 0)::int as n from order_lines where listing_id = ${p}`,
    );
    expect(sold[0]!.n).toBe(10);
  });
});

describe('two sellers listing one catalogue product', () => {
  it('gives each seller their own order with their own line when a shopper buys both listings', async () => {
    const shopper = await createCustomer(t);
    const a = await createSellerWithStore(t);
    const b = await createSellerWithStore(t);
    const first = await addListing(t, a.storeId, { name: 'Pixel 9 128GB (A)', price: 150_000_00, quantity: 4 });
    const second = await addListing(t, b.storeId, {
      name: 'Google Pixel 9 - 128 GB (B)',
      price: 149_000_00,
      quantity: 2,
      productId: first.productId,
    });
    expect(second.productId).toBe(first.productId);
    await fill(shopper, first.listingId, 1);
    await fill(shopper, second.listingId, 2);
    const cart = (await call('GET', '/api/cart', shopper.cookie)).json();
    expect(
      cart.items.map((i: { listingId: number; catalogProductId: number }) => [i.listingId, i.catalogProductId]),
    ).toEqual([
      [first.listingId, first.productId],
      [second.listingId, first.productId],
    ]);

    const res = await checkout(shopper);
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().orders as { orderId: string; total: number }[];
    expect(placed).toHaveLength(2);

    const ordersOf = async (seller: { cookie: string }) =>
      (await call('GET', '/api/seller/orders', seller.cookie)).json().orders as {
        orderId: string;
        total: number;
        lines: {
          productId: number;
          listingId: number;
          catalogProductId: number;
          name: string;
          quantity: number;
          unitPrice: number;
        }[];
      }[];
    const ofA = await ordersOf(a);
    const ofB = await ordersOf(b);
    expect(ofA).toHaveLength(1);
    expect(ofB).toHaveLength(1);
    expect(ofA[0]!.lines).toEqual([
      expect.objectContaining({
        productId: first.listingId,
        listingId: first.listingId,
        catalogProductId: first.productId,
        name: 'Pixel 9 128GB (A)',
        unitPrice: 150_000_00,
        quantity: 1,
      }),
    ]);
    expect(ofB[0]!.lines).toEqual([
      expect.objectContaining({
        listingId: second.listingId,
        catalogProductId: first.productId,
        name: 'Google Pixel 9 - 128 GB (B)',
        unitPrice: 149_000_00,
        quantity: 2,
      }),
    ]);
    expect(ofA[0]!.total).toBe(150_000_00 + SHIPPING_FEE);
    expect(ofB[0]!.total).toBe(2 * 149_000_00 + SHIPPING_FEE);
    expect(new Set([ofA[0]!.orderId, ofB[0]!.orderId])).toEqual(new Set(placed.map((o) => o.orderId)));

    // Each seller's shelf gave its own units; the catalogue product sums them up (the units-sold job).
    expect(await productState(t, first.listingId)).toEqual({ quantity: 3, unitsSold: 1, stock: 'instock' });
    expect(await productState(t, second.listingId)).toEqual({ quantity: 0, unitsSold: 2, stock: 'outofstock' });
    await rollUpUnitsSold(t.ctx.db);
    const [catalogue] = await queryRows<{ units_sold: number; in_stock: boolean }>(
      t.ctx.db,
      sql`select units_sold, in_stock from products where id = ${first.productId}`,
    );
    expect(catalogue).toEqual({ units_sold: 3, in_stock: true });
    const notes = await t.ctx.db.select().from(notifications).where(eq(notifications.storeId, b.storeId));
    expect(notes.map((n) => n.product)).toEqual(['Google Pixel 9 - 128 GB (B) ×2']);
  });

  it('refuses a multi-line cart whose listing ran short, naming the line by its listing id, and writes nothing', async () => {
    const shopper = await createCustomer(t);
    const a = await createSellerWithStore(t);
    const b = await createSellerWithStore(t);
    const first = await addListing(t, a.storeId, { quantity: 5 });
    const second = await addListing(t, b.storeId, { name: 'Short One', quantity: 3, productId: first.productId });
    await fill(shopper, first.listingId, 2);
    await fill(shopper, second.listingId, 3);
    // Another buyer took two of the three after this shopper filled the cart.
    await t.ctx.db.execute(sql`update listings set quantity = 1 where id = ${second.listingId}`);
    const res = await checkout(shopper);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.details.short).toEqual([
      { productId: second.listingId, name: 'Short One', requested: 3, available: 1 },
    ]);
    expect(await productState(t, first.listingId)).toMatchObject({ quantity: 5, unitsSold: 0 });
    expect((await call('GET', '/api/cart', shopper.cookie)).json().count).toBe(5);
  });
});

describe('concurrent checkouts of listings of shared catalogue products', () => {
  it('never fails with a server error nor oversells, whatever the mix of listings in each cart', async () => {
    const a = await createSellerWithStore(t);
    const b = await createSellerWithStore(t);
    // Listing ids interleave the two catalogue products, so listing order and product order differ.
    const aP = await addListing(t, a.storeId, { name: 'Shared P (A)', quantity: 6 });
    const aQ = await addListing(t, a.storeId, { name: 'Shared Q (A)', quantity: 6 });
    const bP = await addListing(t, b.storeId, { name: 'Shared P (B)', quantity: 6, productId: aP.productId });
    const bQ = await addListing(t, b.storeId, { name: 'Shared Q (B)', quantity: 6, productId: aQ.productId });
    const listingsOf = [aP, aQ, bP, bQ].map((l) => l.listingId);
    const carts = [
      [aP, bQ],
      [aQ, bP],
      [bQ, aP, bP],
      [aQ, bQ],
      [bP, aP],
      [aP, aQ, bP, bQ],
    ];
    const buyers = await Promise.all(Array.from({ length: 24 }, () => createCustomer(t)));
    for (const [n, buyer] of buyers.entries()) {
      for (const line of carts[n % carts.length]!) await fill(buyer, line.listingId, 1);
    }
    const results = await Promise.all(buyers.map((buyer) => checkout(buyer)));
    expect(results.map((r) => r.statusCode).filter((c) => c !== 201 && c !== 409)).toEqual([]);
    expect(results.some((r) => r.statusCode === 201)).toBe(true);

    const shelves = await queryRows<{ id: number; quantity: number; units_sold: number; sold: number }>(
      t.ctx.db,
      sql`select l.id, l.quantity, l.units_sold,
            (select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.listing_id = l.id) as sold
          from listings l where l.id in (${sql.join(
            listingsOf.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    for (const shelf of shelves) {
      expect(shelf.sold, `listing ${shelf.id}`).toBe(shelf.units_sold);
      expect(shelf.quantity + shelf.sold, `listing ${shelf.id}`).toBe(6);
    }
    await rollUpUnitsSold(t.ctx.db);
    const products = await queryRows<{ id: number; units_sold: number }>(
      t.ctx.db,
      sql`select id, units_sold from products where id in (${aP.productId}, ${aQ.productId})`,
    );
    const unitsOf = (ids: number[]) => shelves.filter((s) => ids.includes(s.id)).reduce((n, s) => n + s.units_sold, 0);
    expect(new Map(products.map((p) => [p.id, p.units_sold]))).toEqual(
      new Map([
        [aP.productId, unitsOf([aP.listingId, bP.listingId])],
        [aQ.productId, unitsOf([aQ.listingId, bQ.listingId])],
      ]),
    );
  });
});

describe('online payment through the test gateway', () => {
  const startOnline = async () => {
    const shopper = await createCustomer(t);
    const s = await createSellerWithStore(t);
    const p = await addProduct(t, s.storeId, { quantity: 5, price: 500_00 });
    await fill(shopper, p, 2);
    const res = await checkout(shopper, { paymentMethod: 'online' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    return { shopper, seller: s, product: p, paymentId: body.paymentId as string, body };
  };

  it('reserves the stock, keeps the cart and the seller in the dark until paid, then pays once', async () => {
    const { shopper, seller, product, paymentId, body } = await startOnline();
    expect(body.redirectUrl).toBe(`/pay/test/${paymentId}`);
    expect(await productState(t, product)).toMatchObject({ quantity: 3, unitsSold: 2 });
    expect((await call('GET', '/api/cart', shopper.cookie)).json().count).toBe(2);
    expect((await call('GET', '/api/seller/orders', seller.cookie)).json().orders).toHaveLength(0);
    const payment = await call('GET', `/api/payments/${paymentId}`, shopper.cookie);
    expect(payment.json()).toMatchObject({ status: 'pending', amount: 1_000_00 + SHIPPING_FEE, provider: 'test' });

    const other = await createCustomer(t);
    expect((await call('POST', `/api/payments/test/${paymentId}/pay`, other.cookie)).statusCode).toBe(404);
    expect((await call('GET', `/api/payments/${paymentId}`, other.cookie)).statusCode).toBe(404);
    expect((await call('POST', `/api/payments/test/${paymentId}/pay`, seller.cookie)).statusCode).toBe(403);
    expect((await call('POST', `/api/payments/test/${paymentId}/pay`)).statusCode).toBe(401);

    const paid = await call('POST', `/api/payments/test/${paymentId}/pay`, shopper.cookie);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().payment.status).toBe('paid');
    expect((await call('GET', '/api/cart', shopper.cookie)).json().count).toBe(0);
    const sellerOrders = (await call('GET', '/api/seller/orders', seller.cookie)).json().orders;
    expect(sellerOrders).toHaveLength(1);
    expect(sellerOrders[0]).toMatchObject({ paymentStatus: 'paid', status: 'Booked' });
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.storeId, seller.storeId))).toHaveLength(
      1,
    );

    const twice = await call('POST', `/api/payments/test/${paymentId}/pay`, shopper.cookie);
    expect(twice.statusCode).toBe(409);
    expect(await t.ctx.db.select().from(notifications).where(eq(notifications.storeId, seller.storeId))).toHaveLength(
      1,
    );
  });

  it('cancelling puts the stock back and cancels the orders', async () => {
    const { shopper, product, paymentId, body } = await startOnline();
    const res = await call('POST', `/api/payments/test/${paymentId}/cancel`, shopper.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payment.status).toBe('expired');
    expect(await productState(t, product)).toMatchObject({ quantity: 5, unitsSold: 0 });
    const order = (await call('GET', `/api/orders/${body.orders[0].orderId}`, shopper.cookie)).json();
    expect(order).toMatchObject({ status: 'Cancelled', paymentStatus: 'expired' });
    expect((await call('GET', '/api/cart', shopper.cookie)).json().count).toBe(2);
    expect((await call('POST', `/api/payments/test/${paymentId}/pay`, shopper.cookie)).statusCode).toBe(409);
  });

  it('releases unpaid orders after 30 minutes through the job, and not before', async () => {
    const { shopper, product, paymentId } = await startOnline();
    const { checkoutJobs } = await import('./jobs');
    const [job] = checkoutJobs(t.ctx);
    t.setNow(new Date(Date.now() + 29 * 60_000));
    await job!.run({});
    expect(await productState(t, product)).toMatchObject({ quantity: 3 });
    t.setNow(new Date(Date.now() + 31 * 60_000));
    await job!.run({});
    t.setNow(undefined as unknown as Date);
    expect(await productState(t, product)).toMatchObject({ quantity: 5, unitsSold: 0 });
    expect((await call('GET', `/api/payments/${paymentId}`, shopper.cookie)).json().status).toBe('expired');
    const orders = (await call('GET', '/api/orders', shopper.cookie)).json().orders;
    expect(orders[0]).toMatchObject({ status: 'Cancelled', paymentStatus: 'expired' });
  });

  it('refuses online payment when no gateway is configured', async () => {
    const shopper = await createCustomer(t);
    const s = await createSellerWithStore(t);
    const p = await addProduct(t, s.storeId);
    await fill(shopper, p);
    const saved = t.ctx.payments;
    t.ctx.payments = paymentGateways({ stripe: undefined, testGateway: false });
    try {
      const res = await checkout(shopper, { paymentMethod: 'online' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(checkoutMessages.onlineUnavailable);
    } finally {
      t.ctx.payments = saved;
    }
    expect(await t.ctx.db.select().from(cartItems).where(eq(cartItems.customerId, shopper.id))).toHaveLength(1);
  });
});

describe('how much one customer may hold unpaid', () => {
  const placeCash = async (shopper: TestUser, stores: number[]) => {
    for (const storeId of stores) await fill(shopper, await addProduct(t, storeId, { quantity: 5 }), 1);
    return checkout(shopper);
  };

  it(`takes at most ${MAX_UNPAID_ONLINE_CHECKOUTS} unpaid online checkouts, then says what to do; paying or cancelling frees a place`, async () => {
    const shopper = await createCustomer(t);
    const s = await createSellerWithStore(t);
    const p = await addProduct(t, s.storeId, { quantity: 20 });
    await fill(shopper, p, 1);
    // An online checkout keeps the cart until paid, so the same cart can be checked out again and again.
    const placed = [];
    for (let n = 0; n < MAX_UNPAID_ONLINE_CHECKOUTS; n++) {
      const res = await checkout(shopper, { paymentMethod: 'online' });
      expect(res.statusCode, res.body).toBe(201);
      placed.push(res.json());
    }
    const refused = await checkout(shopper, { paymentMethod: 'online' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ code: 'TOO_MANY_UNPAID', message: orderLimitMessages.unpaidOnline });
    expect(await productState(t, p)).toMatchObject({ quantity: 20 - MAX_UNPAID_ONLINE_CHECKOUTS });
    // Cash on delivery is still open to them.
    expect((await checkout(shopper)).statusCode).toBe(201);

    await fill(shopper, p, 1);
    const cancelled = await call('POST', `/api/orders/${placed[0].orders[0].orderId}/cancel`, shopper.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await checkout(shopper, { paymentMethod: 'online' })).statusCode).toBe(201);
    expect((await call('POST', `/api/payments/test/${placed[1].paymentId}/pay`, shopper.cookie)).statusCode).toBe(200);
    await fill(shopper, p, 1);
    expect((await checkout(shopper, { paymentMethod: 'online' })).statusCode).toBe(201);
    expect((await checkout(shopper, { paymentMethod: 'online' })).statusCode).toBe(409);

    // Payments past their 30 minutes no longer count, even before the release job has run.
    t.setNow(new Date(Date.now() + 31 * 60_000));
    try {
      expect((await checkout(shopper, { paymentMethod: 'online' })).statusCode).toBe(201);
    } finally {
      t.setNow(new Date());
    }
  });

  it('lets no parallel burst of online checkouts past the cap', async () => {
    const shopper = await createCustomer(t);
    const s = await createSellerWithStore(t);
    const p = await addProduct(t, s.storeId, { quantity: 20 });
    await fill(shopper, p, 1);
    const results = await Promise.all(Array.from({ length: 8 }, () => checkout(shopper, { paymentMethod: 'online' })));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(MAX_UNPAID_ONLINE_CHECKOUTS);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(8 - MAX_UNPAID_ONLINE_CHECKOUTS);
    expect(await productState(t, p)).toMatchObject({ quantity: 20 - MAX_UNPAID_ONLINE_CHECKOUTS });
  });

  it(`takes at most ${MAX_BOOKED_CASH_ORDERS} Booked cash-on-delivery orders, counting the ones a checkout would add`, async () => {
    const shopper = await createCustomer(t);
    const sellers = await Promise.all(Array.from({ length: 3 }, () => createSellerWithStore(t)));
    const [a, b, c] = sellers.map((s) => s.storeId) as [number, number, number];
    // Two checkouts of two sellers each: 4 Booked orders.
    expect((await placeCash(shopper, [a, b])).statusCode).toBe(201);
    expect((await placeCash(shopper, [a, b])).statusCode).toBe(201);

    // Three sellers more would make 7: refused whole, the cart and the stock as they were.
    const tooMany = await placeCash(shopper, [a, b, c]);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toMatchObject({
      code: 'TOO_MANY_BOOKED',
      message: orderLimitMessages.bookedCash(4, 3),
    });
    expect(tooMany.json().error.message).toContain('Pay online');
    const cart = (await call('GET', '/api/cart', shopper.cookie)).json();
    expect(cart.count).toBe(3);
    for (const item of cart.items as { listingId: number }[]) {
      expect(await productState(t, item.listingId)).toMatchObject({ quantity: 5, unitsSold: 0 });
    }
    // Paying online is still open to them.
    expect((await checkout(shopper, { paymentMethod: 'online' })).statusCode).toBe(201);

    for (const item of cart.items as { listingId: number }[]) {
      await call('DELETE', `/api/cart/items/${item.listingId}`, shopper.cookie);
    }
    expect((await placeCash(shopper, [c])).statusCode).toBe(201);
    const full = await placeCash(shopper, [c]);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.message).toBe(orderLimitMessages.bookedCash(5, 1));

    // A seller accepting one of them frees a place.
    const mine = (await call('GET', '/api/orders', shopper.cookie)).json().orders as {
      orderId: string;
      status: string;
      paymentMethod: string;
      store: { name: string };
    }[];
    const booked = mine.find((o) => o.status === 'Booked' && o.paymentMethod === 'cashOnDel')!;
    const seller = sellers.find((s) => s.storeName === booked.store.name)!;
    const accepted = await call('PUT', `/api/seller/orders/${booked.orderId}/status`, seller.cookie, {
      status: 'Accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await checkout(shopper)).statusCode).toBe(201);
  });
});

describe('a rush on the last unit', () => {
  it('sells it to the buyer behind a checkout that is refused, without keeping them waiting', async () => {
    // `first` holds as many Booked cash orders as allowed: its checkout of the last unit will be refused.
    const first = await createCustomer(t);
    const sellers = await Promise.all(Array.from({ length: MAX_BOOKED_CASH_ORDERS }, () => createSellerWithStore(t)));
    for (const s of sellers) await fill(first, await addProduct(t, s.storeId, { quantity: 5 }), 1);
    expect((await checkout(first)).statusCode).toBe(201);

    const s = await createSellerWithStore(t);
    const last = await addProduct(t, s.storeId, { quantity: 1 });
    const second = await createCustomer(t);
    await fill(first, last, 1);
    await fill(second, last, 1);
    const started = Date.now();
    const [refused, bought] = await Promise.all([
      checkout(first),
      checkout(second).then((r) => ({ r, ms: Date.now() - started })),
    ]);
    expect(refused.statusCode).toBe(409);
    expect(bought.r.statusCode, bought.r.body).toBe(201);
    // Let through when the other checkout ended, not by the queue's time limit.
    expect(bought.ms).toBeLessThan(MAX_WAIT_MS);
    expect(await productState(t, last)).toEqual({ quantity: 0, unitsSold: 1, stock: 'outofstock' });
  });
});

describe('cancelling an order the test gateway has not been paid for', () => {
  it('closes its payment page, and cancels the other orders of the same checkout', async () => {
    const shopper = await createCustomer(t);
    const a = await createSellerWithStore(t);
    const b = await createSellerWithStore(t);
    const pa = await addProduct(t, a.storeId, { quantity: 4 });
    const pb = await addProduct(t, b.storeId, { quantity: 4 });
    await fill(shopper, pa, 1);
    await fill(shopper, pb, 2);
    const placed = (await checkout(shopper, { paymentMethod: 'online' })).json();
    const [first, second] = placed.orders as { orderId: string }[];

    const res = await call('POST', `/api/orders/${first!.orderId}/cancel`, shopper.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toContain(second!.orderId);
    expect((await call('GET', `/api/payments/${placed.paymentId}`, shopper.cookie)).json().status).toBe('expired');
    // Nothing can be paid on it any more.
    const pay = await call('POST', `/api/payments/test/${placed.paymentId}/pay`, shopper.cookie);
    expect(pay.statusCode).toBe(409);
    for (const id of [first!.orderId, second!.orderId]) {
      expect((await call('GET', `/api/orders/${id}`, shopper.cookie)).json()).toMatchObject({
        status: 'Cancelled',
        paymentStatus: 'expired',
      });
    }
    expect(await productState(t, pa)).toMatchObject({ quantity: 4, unitsSold: 0 });
    expect(await productState(t, pb)).toMatchObject({ quantity: 4, unitsSold: 0 });
    // The cart stays for another try, and cancelling again is refused.
    expect((await call('GET', '/api/cart', shopper.cookie)).json().count).toBe(3);
    expect((await call('POST', `/api/orders/${second!.orderId}/cancel`, shopper.cookie)).statusCode).toBe(409);
  });
});
