import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cartMessages } from '@pricehub/shared/schemas/cart';
import { operatorMessages } from '@pricehub/shared/schemas/operator';
import { queryRows } from '../../db/client';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer } from '../../testing/factories';
import { addListing, createSellerWithStore } from '../../testing/shop';
import { insertOrder } from '../sales/test-fixtures';
import { createTestOperator } from './testing';

const t = await buildTestApp({ publicUrl: 'https://shop.example.test' });
const operator = await createTestOperator(t, { email: 'ops@example.test' });
const shopper = await createCustomer(t);
const seller = await createSellerWithStore(t);
const rival = await createSellerWithStore(t);
const [{ slug }] = (await queryRows<{ slug: string }>(
  t.ctx.db,
  sql`select slug from stores where id = ${seller.storeId}`,
)) as [{ slug: string }];

// One catalogue product both stores sell, and one only the suspended store sells.
const shared = await addListing(t, seller.storeId, { name: 'Quokkaphone Duo 8GB', price: 90_000_00 });
const rivalShared = await addListing(t, rival.storeId, { productId: shared.productId, price: 95_000_00 });
const only = await addListing(t, seller.storeId, { name: 'Wombatbook Solo 16GB', price: 150_000_00 });
const placedOrder = await insertOrder(t.ctx, {
  customerId: shopper.id,
  storeId: seller.storeId,
  total: 90_000_00,
  createdAt: new Date(),
});

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const searchIds = async (q: string) =>
  ((await call('GET', `/api/products?q=${encodeURIComponent(q)}`)).json().items as { id: number }[]).map((p) => p.id);
const offerListings = async (productId: number) =>
  ((await call('GET', `/api/products/${productId}/offers`)).json().offers as { listingId?: number }[]).map(
    (o) => o.listingId,
  );
const storeRow = async () =>
  (
    await queryRows<{ status: string; suspension_reason: string | null }>(
      t.ctx.db,
      sql`select status, suspension_reason from stores where id = ${seller.storeId}`,
    )
  )[0]!;
const auditRows = () =>
  queryRows<{ actor: string; action: string; target_id: string; reason: string | null; before: object; after: object }>(
    t.ctx.db,
    sql`select actor, action, target_id, reason, before, after from audit_log where target_type = 'store' order by id`,
  );

describe('suspending a store', () => {
  it('refuses without a reason and changes nothing', async () => {
    for (const body of [{}, { reason: '   ' }, { reason: 'bad' }]) {
      const res = await call('POST', `/api/operator/stores/${slug}/suspend`, operator.cookie, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(operatorMessages.reasonRequired);
    }
    expect((await storeRow()).status).toBe('open');
    expect(await auditRows()).toEqual([]);
  });

  it('answers 404 for a store that does not exist', async () => {
    const res = await call('POST', '/api/operator/stores/no-such-store/suspend', operator.cookie, {
      reason: 'Selling counterfeit chargers',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(operatorMessages.storeNotFound);
  });

  it('is for operators only', async () => {
    const body = { reason: 'Selling counterfeit chargers' };
    expect((await call('POST', `/api/operator/stores/${slug}/suspend`, undefined, body)).statusCode).toBe(401);
    expect((await call('POST', `/api/operator/stores/${slug}/suspend`, seller.cookie, body)).statusCode).toBe(403);
    expect((await call('POST', `/api/operator/stores/${slug}/suspend`, shopper.cookie, body)).statusCode).toBe(403);
    expect((await storeRow()).status).toBe('open');
  });

  it('takes the store’s listings off every shop page at once; the other store’s offer stays', async () => {
    // Before: both products are found, and the shared one has both stores' offers.
    expect(await searchIds('Quokkaphone')).toContain(shared.productId);
    expect(await searchIds('Wombatbook')).toContain(only.productId);
    expect(await offerListings(shared.productId)).toEqual(
      expect.arrayContaining([shared.listingId, rivalShared.listingId]),
    );
    // A shopper had put the store's listing in their cart before the suspension.
    expect(
      (await call('POST', '/api/cart/items', shopper.cookie, { listingId: shared.listingId })).statusCode,
    ).toBeLessThan(300);

    const res = await call('POST', `/api/operator/stores/${slug}/suspend`, operator.cookie, {
      reason: '  Selling counterfeit chargers  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().store).toMatchObject({
      slug,
      status: 'suspended',
      suspension: { reason: 'Selling counterfeit chargers' },
    });

    expect(await searchIds('Wombatbook')).not.toContain(only.productId);
    expect(await searchIds('Quokkaphone')).toContain(shared.productId);
    expect(await offerListings(shared.productId)).toEqual([rivalShared.listingId]);
    expect((await call('GET', `/api/products/${shared.productId}`)).json().lowestPrice).toBe(95_000_00);

    const page = (await call('GET', `/api/stores/${slug}`)).json();
    expect(page.store.status).toBe('unavailable');
    expect(page.products).toEqual([]);
    const home = JSON.stringify((await call('GET', '/api/home')).json());
    expect(home).not.toContain(slug);
  });

  it('refuses the store’s cart lines at checkout and its listings in the cart', async () => {
    const checkout = await call('POST', '/api/checkout', shopper.cookie, {
      paymentMethod: 'cashOnDel',
      shippingAddress: '1 Test Street, Lahore',
    });
    expect(checkout.statusCode).toBe(409);
    expect(checkout.json().error.message).toBe(cartMessages.storeClosed);
    const cart = (await call('GET', '/api/cart', shopper.cookie)).json();
    expect(cart.items).toEqual([expect.objectContaining({ listingId: shared.listingId, stock: 0 })]);
    const add = await call('POST', '/api/cart/items', shopper.cookie, { listingId: only.listingId });
    expect(add.statusCode).toBe(409);
    // "Add to Cart" on the shared product now takes the other store's listing.
    const byProduct = await call('POST', '/api/cart/items', shopper.cookie, { productId: shared.productId });
    expect(byProduct.statusCode).toBeLessThan(300);
    expect(byProduct.json().items.map((i: { listingId: number }) => i.listingId)).toContain(rivalShared.listingId);
  });

  it('mails the seller the reason with absolute links from PUBLIC_URL', async () => {
    await t.flushMail();
    const mail = t.mail.sent.find((m) => m.to === seller.email && /suspended/.test(m.subject));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('Selling counterfeit chargers');
    expect(mail!.text).toContain('https://shop.example.test/seller/orders');
  });

  it('records who did it, with the status before and after', async () => {
    expect(await auditRows()).toEqual([
      {
        actor: 'ops@example.test',
        action: 'store.suspend',
        target_id: slug,
        reason: 'Selling counterfeit chargers',
        before: { status: 'open' },
        after: { status: 'suspended', suspendedAt: expect.any(String) },
      },
    ]);
  });

  it('refuses to suspend it twice', async () => {
    const res = await call('POST', `/api/operator/stores/${slug}/suspend`, operator.cookie, { reason: 'Again, twice' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(operatorMessages.alreadySuspended);
    expect(await auditRows()).toHaveLength(1);
  });
});

describe('the suspended seller', () => {
  it('still signs in, sees why, and fulfils the orders already placed', async () => {
    const banner = (await call('GET', '/api/seller/suspension', seller.cookie)).json();
    expect(banner.suspension).toMatchObject({ reason: 'Selling counterfeit chargers' });
    expect((await call('GET', '/api/seller/suspension', rival.cookie)).json()).toEqual({ suspension: null });
    const accept = await call('PUT', `/api/seller/orders/${placedOrder}/status`, seller.cookie, { status: 'Accepted' });
    expect(accept.statusCode, accept.body).toBe(200);
  });

  it('cannot reopen the store from the profile: the choice waits for the suspension to end', async () => {
    const profile = {
      sellerName: 'Test Seller',
      storeName: seller.storeName,
      phoneNo: '03001234567',
      storeStatus: 'open',
    };
    expect((await call('PUT', '/api/me/profile', seller.cookie, profile)).statusCode).toBe(200);
    expect((await storeRow()).status).toBe('suspended');
    expect(
      (await call('PUT', '/api/me/profile', seller.cookie, { ...profile, storeStatus: 'closed' })).json(),
    ).toMatchObject({
      profile: { storeStatus: 'closed' },
    });
    expect((await storeRow()).status).toBe('suspended');
    // Back to open, which is what reopening should restore.
    await call('PUT', '/api/me/profile', seller.cookie, profile);
  });
});

describe('reopening a store', () => {
  it('brings its listings back and mails the seller', async () => {
    const res = await call('POST', `/api/operator/stores/${slug}/reopen`, operator.cookie, {
      reason: 'Chargers replaced with genuine ones',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().store).toMatchObject({ status: 'open', suspension: null });
    expect(await searchIds('Wombatbook')).toContain(only.productId);
    expect(await offerListings(shared.productId)).toEqual(
      expect.arrayContaining([shared.listingId, rivalShared.listingId]),
    );
    expect((await call('GET', `/api/stores/${slug}`)).json().store.status).toBe('open');
    expect((await call('GET', '/api/seller/suspension', seller.cookie)).json()).toEqual({ suspension: null });
    await t.flushMail();
    const mail = t.mail.sent.find((m) => m.to === seller.email && /no longer suspended/.test(m.subject));
    expect(mail!.text).toContain('Chargers replaced with genuine ones');
    expect(mail!.text).toContain(`https://shop.example.test/viewstore/${slug}`);
  });

  it('is audited with what it undid', async () => {
    const rows = await auditRows();
    expect(rows[1]).toEqual({
      actor: 'ops@example.test',
      action: 'store.reopen',
      target_id: slug,
      reason: 'Chargers replaced with genuine ones',
      before: {
        status: 'suspended',
        suspendedAt: expect.any(String),
        suspensionReason: 'Selling counterfeit chargers',
      },
      after: { status: 'open' },
    });
  });

  it('refuses a store that is not suspended', async () => {
    const res = await call('POST', `/api/operator/stores/${slug}/reopen`, operator.cookie, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(operatorMessages.notSuspended);
  });

  it('returns a store its seller had closed to closed', async () => {
    await t.ctx.db.execute(sql`update stores set status = 'closed' where id = ${rival.storeId}`);
    const [{ slug: rivalSlug }] = (await queryRows<{ slug: string }>(
      t.ctx.db,
      sql`select slug from stores where id = ${rival.storeId}`,
    )) as [{ slug: string }];
    const suspend = await call('POST', `/api/operator/stores/${rivalSlug}/suspend`, operator.cookie, {
      reason: 'Fake reviews',
    });
    expect(suspend.json().store.status).toBe('suspended');
    // No body at all: the reason is optional.
    const reopen = await call('POST', `/api/operator/stores/${rivalSlug}/reopen`, operator.cookie);
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect(reopen.json().store.status).toBe('closed');
    await t.flushMail();
    const mail = t.mail.sent.find((m) => m.to === rival.email && /no longer suspended/.test(m.subject));
    expect(mail!.text).toContain('stays closed');
  });
});
