import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { addDays, utcIsoDay } from '@pricehub/shared/rules/dates';
import { promoMessages } from '@pricehub/shared/schemas/promo';
import { promos } from '../../db/schema';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { storeIdOf } from '../sales/test-fixtures';
import { findPromoByCode, isPromoActive } from './lookup';
import { CHOSEN_CODE_LIMIT } from './routes';

const t = await buildTestApp();
const m = messages.sale;
const today = utcIsoDay(new Date());
const seller = await createSeller(t);
const storeId = await storeIdOf(t.ctx, seller.id);
const rival = await createSeller(t);

const body = (over: Record<string, unknown> = {}) => ({
  title: 'Eid Special',
  discount: 15,
  startDate: today,
  endDate: addDays(today, 10),
  ...over,
});
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload: payload as object } : {}) });
const storePromoCount = async () => (await t.ctx.db.select().from(promos).where(eq(promos.storeId, storeId))).length;

describe('promo rules on the server', () => {
  it.each([
    ['a blank title', { title: '' }, promoMessages.titleRequired, 'title'],
    ['a 0% discount', { discount: 0 }, m.discountRange, 'discount'],
    ['a 101% discount', { discount: 101 }, m.discountRange, 'discount'],
    ['a start yesterday', { startDate: addDays(today, -1) }, m.startInPast, 'startDate'],
    ['an end equal to the start', { endDate: today }, m.endBeforeStart, 'endDate'],
    ['a missing end', { endDate: undefined }, m.endBeforeStart, 'endDate'],
    ['a 3-character code', { code: 'AB1' }, promoMessages.codeFormat, 'code'],
    ['a 17-character code', { code: 'A'.repeat(17) }, promoMessages.codeFormat, 'code'],
    ['a code with a dash', { code: 'EID-10' }, promoMessages.codeFormat, 'code'],
  ])('refuses %s and writes nothing', async (_, over, message, field) => {
    const res = await call('POST', '/api/seller/promos', seller.cookie, body(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(res.json().error.fields[field]).toBe(message);
    expect(await storePromoCount()).toBe(0);
  });

  it('answers 401 to visitors and 403 to customers', async () => {
    const customer = await createCustomer(t);
    expect((await call('GET', '/api/seller/promos')).statusCode).toBe(401);
    expect((await call('POST', '/api/seller/promos', undefined, body())).statusCode).toBe(401);
    expect((await call('POST', '/api/seller/promos', customer.cookie, body())).statusCode).toBe(403);
  });
});

describe('promo codes', () => {
  it('generates an 8-hex code when none is chosen', async () => {
    const res = await call('POST', '/api/seller/promos', seller.cookie, body());
    expect(res.statusCode).toBe(201);
    expect(res.json().promo).toMatchObject({ title: 'Eid Special', discount: 15, startDate: today, status: 'running' });
    expect(res.json().promo.code).toMatch(/^[0-9A-F]{8}$/);
  });

  it('stores a chosen code upper-case, findable case-insensitively by checkout', async () => {
    const res = await call('POST', '/api/seller/promos', seller.cookie, body({ code: 'eid2026' }));
    expect(res.statusCode).toBe(201);
    expect(res.json().promo.code).toBe('EID2026');
    const promo = await findPromoByCode(t.ctx.db, 'Eid2026');
    expect(promo).toMatchObject({ storeId, percent: 15 });
    expect(isPromoActive(promo!, new Date())).toBe(true);
    expect(isPromoActive(promo!, new Date(Date.now() + 11 * 86_400_000))).toBe(false);
  });

  it('answers 409 when the code is taken, in any case, even by another store', async () => {
    const res = await call('POST', '/api/seller/promos', rival.cookie, body({ code: 'EiD2026' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(promoMessages.codeTaken);
  });

  it('takes 20 chosen codes an hour per seller, then 429 (a taken code answers 409, so it could be probed)', async () => {
    const prober = await createSeller(t);
    for (let i = 0; i < CHOSEN_CODE_LIMIT.perAccount; i++) {
      expect((await call('POST', '/api/seller/promos', prober.cookie, body({ code: 'EID2026' }))).statusCode).toBe(409);
    }
    const limited = await call('POST', '/api/seller/promos', prober.cookie, body({ code: 'EID2026' }));
    expect(limited.statusCode).toBe(429);
    // A generated code is not limited.
    expect((await call('POST', '/api/seller/promos', prober.cookie, body())).statusCode).toBe(201);
  });

  it('lists only the seller’s own promos', async () => {
    const mine = (await call('GET', '/api/seller/promos', seller.cookie)).json().promos;
    expect(mine).toHaveLength(2);
    expect((await call('GET', '/api/seller/promos', rival.cookie)).json().promos).toEqual([]);
  });

  it('deletes for the owner only: another seller gets the same 404 as for an unknown code', async () => {
    const foreign = await call('DELETE', '/api/seller/promos/EID2026', rival.cookie);
    const unknown = await call('DELETE', '/api/seller/promos/NOPE1234', rival.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    expect((await call('DELETE', '/api/seller/promos/eid2026', seller.cookie)).statusCode).toBe(200);
    expect(await findPromoByCode(t.ctx.db, 'EID2026')).toBeUndefined();
  });
});
