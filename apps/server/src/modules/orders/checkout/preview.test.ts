import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SHIPPING_FEE } from '@pricehub/shared/rules/money';
import type { CheckoutPreview } from '@pricehub/shared/schemas/checkout-preview';
import { orders } from '../../../db/schema';
import { buildTestApp } from '../../../testing/test-app';
import { createCustomer, type TestUser } from '../../../testing/factories';
import { PROMO_LIMIT, promoUnusable } from '../../promos/redeem';
import { ADDRESS, addProduct, createSellerWithStore, putInCart } from '../../../testing/shop';
import { insertPromoCases, insertSale } from '../../../testing/campaigns';

const t = await buildTestApp();
const now = Date.now();

const phoneStore = await createSellerWithStore(t);
const laptopStore = await createSellerWithStore(t);
const elsewhere = await createSellerWithStore(t);
const phone = await addProduct(t, phoneStore.storeId, { price: 12_345_67, quantity: 1000 });
const laptop = await addProduct(t, laptopStore.storeId, { price: 80_000_00, quantity: 1000 });
const codes = { running: 'LAPTOP15', expired: 'LAPTOPOLD', upcoming: 'LAPTOPSOON', foreign: 'ELSEWHERE' };
await insertPromoCases(t.ctx.db, { storeId: laptopStore.storeId, otherStoreId: elsewhere.storeId }, codes, 15, now);
// A running 10% sale on the phone: the preview prices it as checkout does (unit floored to whole rupees).
await insertSale(t.ctx.db, { storeId: phoneStore.storeId, listingIds: [phone], discountPercent: 10 }, now);

const PHONE_UNIT = 11_111_00;

let address = 0;
/** Each shopper asks from an address of their own, so the per-address promo limit stays out of the way. */
async function shopperWithCart(): Promise<TestUser & { ip: string }> {
  const shopper = await createCustomer(t);
  await putInCart(t, shopper.cookie, phone, 2);
  await putInCart(t, shopper.cookie, laptop, 1);
  address += 1;
  return { ...shopper, ip: `10.40.${Math.floor(address / 250)}.${address % 250}` };
}

const preview = (user: { cookie: string; ip?: string } | null, promoCode?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout/preview',
    remoteAddress: user?.ip ?? '127.0.0.1',
    headers: user ? { cookie: user.cookie } : {},
    payload: promoCode === undefined ? {} : { promoCode },
  });

const checkout = (user: TestUser & { ip: string }, promoCode?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    remoteAddress: user.ip,
    headers: { cookie: user.cookie },
    payload: { paymentMethod: 'cashOnDel', shippingAddress: ADDRESS, promoCode },
  });

const withoutPromo = [
  { subtotal: 2 * PHONE_UNIT, discount: 0, shipping: SHIPPING_FEE, total: 2 * PHONE_UNIT + SHIPPING_FEE },
  { subtotal: 80_000_00, discount: 0, shipping: SHIPPING_FEE, total: 80_000_00 + SHIPPING_FEE },
];

describe('POST /api/checkout/preview', () => {
  it('prices the cart per seller, with sale prices and shipping, and no promo without a code', async () => {
    const shopper = await shopperWithCart();
    const res = await preview(shopper);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CheckoutPreview>();
    expect(body.orders).toEqual([
      { store: { slug: expect.any(String), name: phoneStore.storeName }, ...withoutPromo[0] },
      { store: { slug: expect.any(String), name: laptopStore.storeName }, ...withoutPromo[1] },
    ]);
    expect(body.total).toBe(withoutPromo[0]!.total + withoutPromo[1]!.total);
    expect(body.promo).toBeNull();
  });

  it("takes a valid code off its own store's items only, matching what checkout then charges", async () => {
    const shopper = await shopperWithCart();
    const res = await preview(shopper, 'laptop15');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<CheckoutPreview>();
    expect(body.orders.map(({ store: _, ...money }) => money)).toEqual([
      withoutPromo[0],
      { subtotal: 80_000_00, discount: 12_000_00, shipping: SHIPPING_FEE, total: 68_000_00 + SHIPPING_FEE },
    ]);
    expect(body.total).toBe(2 * PHONE_UNIT + 68_000_00 + 2 * SHIPPING_FEE);
    expect(body.promo).toEqual({
      code: 'LAPTOP15',
      valid: true,
      message: `15% off ${laptopStore.storeName}'s items: you save Rs 12,000`,
    });

    const placed = await checkout(shopper, 'LAPTOP15');
    expect(placed.statusCode, placed.body).toBe(201);
    const written = await t.ctx.db.select().from(orders).where(eq(orders.customerId, shopper.id));
    expect(
      written
        .map((o) => ({ subtotal: o.subtotal, discount: o.discount, shipping: o.shippingFee, total: o.total }))
        .sort((a, b) => a.total - b.total),
    ).toEqual(body.orders.map(({ store: _, ...money }) => money).sort((a, b) => a.total - b.total));
  });

  it('gives checkout’s one answer for unknown, expired, not yet started and other stores’ codes', async () => {
    const shopper = await shopperWithCart();
    for (const code of ['NOPE1234', 'LAPTOPOLD', 'LAPTOPSOON', 'ELSEWHERE', 'x']) {
      const res = await preview(shopper, code);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<CheckoutPreview>();
      expect(body.promo).toEqual({ code: code.toUpperCase(), valid: false, message: promoUnusable });
      // Nothing is taken off.
      expect(body.orders.map(({ store: _, ...money }) => money)).toEqual(withoutPromo);
    }
  });

  it('answers an empty cart with no orders and a total of 0', async () => {
    const shopper = await createCustomer(t);
    const res = await preview(shopper, 'LAPTOP15');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      orders: [],
      total: 0,
      promo: { code: 'LAPTOP15', valid: false, message: promoUnusable },
    });
  });

  it('is for signed-in customers only', async () => {
    expect((await preview(null)).statusCode).toBe(401);
    expect((await preview({ cookie: laptopStore.cookie })).statusCode).toBe(403);
  });

  it('counts codes that fail under the promo limit shared with checkout; usable codes and non-codes cost nothing', async () => {
    const shopper = await shopperWithCart();
    // Typing that stays a good code, and text that cannot be a code at all, are free.
    for (let i = 0; i < PROMO_LIMIT.perAccount + 2; i++) {
      expect((await preview(shopper, 'LAPTOP15')).json().promo.valid).toBe(true);
      expect((await preview(shopper, 'AB')).json().promo.valid).toBe(false);
    }
    for (let i = 0; i < PROMO_LIMIT.perAccount; i++) {
      expect((await preview(shopper, `GUESS${i}00`)).statusCode).toBe(200);
    }
    const limited = await preview(shopper, 'LAPTOP15');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await checkout(shopper, 'LAPTOP15')).statusCode).toBe(429);
    // Previewing without a code still works.
    expect((await preview(shopper)).statusCode).toBe(200);
  });
});
