import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, type TestUser } from '../../testing/factories';
import { ADDRESS, addProduct, createSellerWithStore, putInCart } from '../../testing/shop';
import { insertPromoCases } from '../../testing/campaigns';
import { PROMO_LIMIT, promoUnusable } from './redeem';

const t = await buildTestApp();
const mine = await createSellerWithStore(t);
const other = await createSellerWithStore(t);
const listing = await addProduct(t, mine.storeId, { quantity: 1000 });
const codes = { running: 'GOODCODE', expired: 'OLDCODE1', upcoming: 'SOONCODE', foreign: 'OTHERSTR' };
await insertPromoCases(t.ctx.db, { storeId: mine.storeId, otherStoreId: other.storeId }, codes, 5);

async function shopperWithCart(): Promise<TestUser> {
  const shopper = await createCustomer(t);
  await putInCart(t, shopper.cookie, listing);
  return shopper;
}

const checkout = (shopper: TestUser, promoCode: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/checkout',
    remoteAddress,
    headers: { cookie: shopper.cookie },
    payload: { paymentMethod: 'online', shippingAddress: ADDRESS, promoCode },
  });

describe('promo codes at checkout', () => {
  it('gives one identical answer for unknown, expired, not yet started and other stores’ codes', async () => {
    const shopper = await shopperWithCart();
    const answers = [];
    for (const code of ['NOPE1234', 'OLDCODE1', 'SOONCODE', 'OTHERSTR']) {
      const res = await checkout(shopper, code, '10.20.0.1');
      expect(res.statusCode).toBe(400);
      answers.push(res.body);
    }
    expect(new Set(answers).size).toBe(1);
    expect(JSON.parse(answers[0]!).error).toEqual({
      code: 'VALIDATION',
      message: promoUnusable,
      fields: { promoCode: promoUnusable },
    });
    expect((await checkout(shopper, 'goodcode', '10.20.0.1')).statusCode).toBe(201);
  });

  it('takes 10 codes per shopper in 10 minutes, from any address, then answers 429 even to a good code', async () => {
    const shopper = await shopperWithCart();
    for (let i = 0; i < PROMO_LIMIT.perAccount; i++) {
      expect((await checkout(shopper, `GUESS${i}00`, `10.21.0.${i}`)).statusCode).toBe(400);
    }
    const limited = await checkout(shopper, 'GOODCODE', '10.21.1.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    // Checking out without a code is not limited.
    expect((await checkout(shopper, '', '10.21.1.1')).statusCode).toBe(201);
  });

  it('takes 30 codes per address in 10 minutes, across shoppers', async () => {
    const shoppers = [
      await shopperWithCart(),
      await shopperWithCart(),
      await shopperWithCart(),
      await shopperWithCart(),
    ];
    for (let i = 0; i < PROMO_LIMIT.perAddress; i++) {
      expect((await checkout(shoppers[i % 4]!, `GUESS${i}99`, '10.22.0.1')).statusCode).toBe(400);
    }
    expect((await checkout(shoppers[3]!, 'GOODCODE', '10.22.0.1')).statusCode).toBe(429);
    expect((await checkout(shoppers[3]!, 'GOODCODE', '10.22.0.2')).statusCode).toBe(201);
  });
});
