import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { matchingMessages, type MatchingItem, type MatchingPage } from '@pricehub/shared/schemas/operator-matching';
import { queryRows } from '../../db/client';
import { createCustomer, createSeller, type TestSeller } from '../../testing/factories';
import { buildTestApp } from '../../testing/test-app';
import { ingestSource } from '../ingestion/ingest';
import { createTestOperator } from './testing';

// The matching queue and its actions, on listings made through the seller API and offers through real ingestion.
const t = await buildTestApp();
const operator = await createTestOperator(t, { email: 'matcher@example.test' });
const shopper = await createCustomer(t);
const [alpha, beta] = [
  await createSeller(t, { storeName: 'Alpha Phones' }),
  await createSeller(t, { storeName: 'Beta Mobiles' }),
] as [TestSeller, TestSeller];

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, cookie?: string, payload?: object) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const op = (method: Method, url: string, payload?: object) => call(method, url, operator.cookie, payload);

async function list(seller: TestSeller, over: Record<string, unknown>) {
  const res = await call('POST', '/api/seller/products', seller.cookie, {
    brand: 'Zentra',
    category: 'mobile',
    description: 'A phone',
    price: 50_000_00,
    quantity: 5,
    image: '/uploads/demo/phone.svg',
    ...over,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { listing: { id: number; productId: number } };
}

const dir = mkdtempSync(join(tmpdir(), 'pricehub-matching-'));
type FeedRow = { id: string; title: string; price: string; brand?: string; gtin?: string };
async function ingest(store: string, rows: FeedRow[]) {
  const file = join(dir, `${store.replace(/\W+/g, '-')}.csv`);
  writeFileSync(
    file,
    `id,title,link,price,availability,brand,gtin,product_type\n` +
      rows
        .map(
          (r) =>
            `${r.id},${r.title},https://${r.id.toLowerCase()}.example/p,${r.price},in_stock,${r.brand ?? 'Zentra'},${r.gtin ?? ''},Mobile Phones`,
        )
        .join('\n') +
      '\n',
  );
  const report = await ingestSource(t.ctx, { store, source: file, format: 'csv' });
  expect(report.failed).toBe(0);
}

const offerRow = async (storeItemId: string) =>
  (
    await queryRows<{ id: number; product_id: number }>(
      t.ctx.db,
      sql`select id, product_id from offers where store_item_id = ${storeItemId}`,
    )
  )[0]!;
const productCount = async () =>
  (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from products`))[0]!.n;
const auditRows = (action: string) =>
  queryRows<{ actor: string; target_type: string; target_id: string; before: object; after: object }>(
    t.ctx.db,
    sql`select actor, target_type, target_id, before, after from audit_log where action = ${action} order by id`,
  );
const queue = async (query = '') => {
  const res = await op('GET', `/api/operator/matching${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as MatchingPage;
};
const find = (page: MatchingPage, kind: string, id: number) => page.items.find((i) => i.kind === kind && i.id === id);
const offersOf = async (productId: number) =>
  ((await call('GET', `/api/products/${productId}/offers`)).json().offers as { store: { name: string } }[]).map(
    (o) => o.store.name,
  );

// Family 1, name-matched: Alpha lists the Zentra Q5; Gadget Mart's two items attach to it by name, Barcode Bazaar's
// by the listing's GTIN.
const q5 = await list(alpha, { name: 'Zentra Q5 8GB 128GB', ram: 8, storage: 128, gtin: '4006381333931' });
await ingest('Gadget Mart', [
  { id: 'GM-Q5', title: 'Zentra Q5 128GB Blue', price: '49999 PKR' },
  { id: 'GM-Q5B', title: 'Zentra Q5 (128 GB) Midnight', price: '48999 PKR' },
]);
await ingest('Barcode Bazaar', [
  { id: 'BB-Q5', title: 'Q5 phone by Zentra', price: '51000 PKR', gtin: '4006381333931' },
]);
// Family 2, near miss: Beta lists the Flarion F2 with 8GB RAM; Tech Town's has 12GB, so it made a product of its own.
const f2 = await list(beta, { name: 'Flarion F2 8GB 256GB', brand: 'Flarion', ram: 8, storage: 256 });
await ingest('Tech Town', [{ id: 'TT-F2', title: 'Flarion F2 12GB 256GB', price: '61000 PKR', brand: 'Flarion' }]);

describe('the matching queue', () => {
  it('lists offers and listings matched by name, with their product and candidates, newest first', async () => {
    const page = await queue();
    const gm = find(page, 'offers', (await offerRow('GM-Q5')).id)!;
    expect(gm).toMatchObject({
      reason: 'name',
      name: 'Zentra Q5 128GB Blue',
      storage: 128,
      price: 49_999_00,
      matchedBy: 'name',
      store: { name: 'Gadget Mart', external: true },
      product: { id: q5.listing.productId, name: 'Zentra Q5 8GB 128GB', ram: 8, storage: 128 },
    });
    expect(find(page, 'offers', (await offerRow('GM-Q5B')).id)).toMatchObject({ reason: 'name' });
    // Matched by GTIN (the listing made the product with its GTIN, the Barcode Bazaar offer found it by that GTIN):
    // certain, not in the queue.
    expect(find(page, 'listings', q5.listing.id)).toBeUndefined();
    expect(find(page, 'offers', (await offerRow('BB-Q5')).id)).toBeUndefined();
    const times = page.items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: page.items.length });
  });

  it('lists near misses (same brand and model, other specs) with the other product as a candidate', async () => {
    const page = await queue('?reason=near-miss');
    const tt = await offerRow('TT-F2');
    const item = find(page, 'offers', tt.id)!;
    expect(item.reason).toBe('near-miss');
    expect(item.ram).toBe(12);
    expect(item.product.id).toBe(tt.product_id);
    expect(item.candidates[0]).toMatchObject({ id: f2.listing.productId, ram: 8, nearMiss: true });
    expect(find(page, 'listings', f2.listing.id)?.candidates.map((c) => c.id)).toContain(tt.product_id);
    expect(page.items.every((i: MatchingItem) => i.reason === 'near-miss')).toBe(true);
    const byName = await queue('?reason=name');
    expect(byName.items.some((i) => i.reason === 'near-miss')).toBe(false);
    expect(find(byName, 'offers', (await offerRow('GM-Q5')).id)).toBeDefined();
  });

  it('searches and pages', async () => {
    expect((await queue('?q=flarion')).items.map((i) => i.store.name).sort()).toEqual(['Beta Mobiles', 'Tech Town']);
    const past = await queue('?page=9');
    expect(past.items).toEqual([]);
    expect(past.total).toBe((await queue()).total);
    const bad = await op('GET', '/api/operator/matching?reason=sideways');
    expect(bad.statusCode).toBe(400);
  });

  it('is for operators only', async () => {
    expect((await call('GET', '/api/operator/matching')).statusCode).toBe(401);
    expect((await call('GET', '/api/operator/matching', shopper.cookie)).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/operator/matching/merge', alpha.cookie, { keepId: 1, goneId: 2 })).statusCode,
    ).toBe(403);
  });
});

describe('confirming, splitting and moving', () => {
  it('confirms a match: the offer leaves the queue and the audit log says so', async () => {
    const gm = await offerRow('GM-Q5');
    const res = await op('POST', `/api/operator/matching/offers/${gm.id}/confirm`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: matchingMessages.confirmed, product: { id: q5.listing.productId } });
    expect(find(await queue(), 'offers', gm.id)).toBeUndefined();
    const [row] = await auditRows('offer.confirm-match');
    expect(row).toMatchObject({
      actor: 'matcher@example.test',
      target_type: 'offer',
      target_id: String(gm.id),
      before: { productId: q5.listing.productId },
      after: { productId: q5.listing.productId, decision: 'confirm' },
    });
  });

  it('refuses to split an offer that is alone on its product, and answers 404 for one that does not exist', async () => {
    const tt = await offerRow('TT-F2');
    const alone = await op('POST', `/api/operator/matching/offers/${tt.id}/split`);
    expect(alone.statusCode).toBe(400);
    expect(alone.json().error.message).toBe(matchingMessages.onlyOffer);
    const missing = await op('POST', '/api/operator/matching/offers/999999/split');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(matchingMessages.itemNotFound);
    const kind = await op('POST', `/api/operator/matching/things/${tt.id}/split`);
    expect(kind.statusCode).toBe(400);
    expect(await auditRows('offer.split')).toEqual([]);
  });

  it('splits an offer out into a new product, which a later ingestion does not undo', async () => {
    const gmb = await offerRow('GM-Q5B');
    const res = await op('POST', `/api/operator/matching/offers/${gmb.id}/split`);
    expect(res.statusCode, res.body).toBe(200);
    const made = res.json().product as { id: number; name: string; storage: number };
    expect(made).toMatchObject({ name: 'Zentra Q5 (128 GB) Midnight', storage: 128, offerCount: 1 });
    expect(made.id).not.toBe(q5.listing.productId);
    // Gadget Mart's other item (confirmed) stays.
    expect((await offersOf(q5.listing.productId)).sort()).toEqual(['Alpha Phones', 'Barcode Bazaar', 'Gadget Mart']);
    expect((await offerRow('GM-Q5B')).product_id).toBe(made.id);
    expect(await offersOf(made.id)).toEqual(['Gadget Mart']);
    const [audit] = await auditRows('offer.split');
    expect(audit).toMatchObject({
      before: { productId: q5.listing.productId },
      after: { productId: made.id, decision: 'split' },
    });

    // The same feed again, with a new price: the offer stays split.
    await ingest('Gadget Mart', [
      { id: 'GM-Q5', title: 'Zentra Q5 128GB Blue', price: '47999 PKR' },
      { id: 'GM-Q5B', title: 'Zentra Q5 (128 GB) Midnight', price: '46999 PKR' },
    ]);
    expect((await offerRow('GM-Q5B')).product_id).toBe(made.id);

    // The store deleted and added again: its offers are new rows, matched again, and the decisions still hold.
    await t.ctx.db.execute(sql`delete from external_stores where name = 'Gadget Mart'`);
    const before = await productCount();
    await ingest('Gadget Mart', [
      { id: 'GM-Q5', title: 'Zentra Q5 128GB Blue', price: '47999 PKR' },
      { id: 'GM-Q5B', title: 'Zentra Q5 (128 GB) Midnight', price: '46999 PKR' },
    ]);
    const again = await offerRow('GM-Q5B');
    expect(again.id).not.toBe(gmb.id);
    expect(again.product_id).toBe(made.id);
    expect((await offerRow('GM-Q5')).product_id).toBe(q5.listing.productId);
    expect(await productCount()).toBe(before);
    // Decided items stay out of the queue.
    expect(find(await queue(), 'offers', again.id)).toBeUndefined();
  });

  it('moves an offer to another product, for good', async () => {
    const tt = await offerRow('TT-F2');
    const same = await op('POST', `/api/operator/matching/offers/${tt.id}/move`, { productId: tt.product_id });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe(matchingMessages.alreadyThere);
    const nowhere = await op('POST', `/api/operator/matching/offers/${tt.id}/move`, { productId: 999_999 });
    expect(nowhere.statusCode).toBe(404);
    expect(nowhere.json().error.message).toBe(matchingMessages.productNotFound);
    const missing = await op('POST', `/api/operator/matching/offers/${tt.id}/move`, {});
    expect(missing.statusCode).toBe(400);
    expect((await offerRow('TT-F2')).product_id).toBe(tt.product_id);

    const res = await op('POST', `/api/operator/matching/offers/${tt.id}/move`, { productId: f2.listing.productId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(matchingMessages.moved('Flarion F2 8GB 256GB'));
    expect((await offersOf(f2.listing.productId)).sort()).toEqual(['Beta Mobiles', 'Tech Town']);
    expect(await auditRows('offer.move')).toMatchObject([
      { before: { productId: tt.product_id }, after: { productId: f2.listing.productId, decision: 'move' } },
    ]);

    await t.ctx.db.execute(sql`delete from external_stores where name = 'Tech Town'`);
    await ingest('Tech Town', [{ id: 'TT-F2', title: 'Flarion F2 12GB 256GB', price: '60000 PKR', brand: 'Flarion' }]);
    expect((await offerRow('TT-F2')).product_id).toBe(f2.listing.productId);
  });

  it('refuses to move a listing onto a product its store already lists', async () => {
    const other = await list(alpha, { name: 'Zentra Q5 Lite 4GB 64GB', ram: 4, storage: 64 });
    const res = await op('POST', `/api/operator/matching/listings/${other.listing.id}/move`, {
      productId: q5.listing.productId,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(matchingMessages.storeListsTarget);
    expect(await auditRows('listing.move')).toEqual([]);
  });
});

describe('a decision about a listing', () => {
  it('holds when its seller edits it later and matching runs again', async () => {
    const nova = await list(beta, { name: 'Zentra Nova 8GB 128GB', ram: 8, storage: 128 });
    const moved = await op('POST', `/api/operator/matching/listings/${nova.listing.id}/move`, {
      productId: q5.listing.productId,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await auditRows('listing.move')).toMatchObject([
      { target_type: 'listing', target_id: String(nova.listing.id) },
    ]);
    // A new model word: matching runs again for the listing, and the operator's decision wins.
    const edit = await call('PUT', `/api/seller/products/${nova.listing.id}`, beta.cookie, {
      name: 'Zentra Nova Plus 8GB 128GB',
      brand: 'Zentra',
      category: 'mobile',
      description: 'A phone',
      ram: 8,
      storage: 128,
      price: 50_000_00,
      quantity: 5,
      stock: 'instock',
      image: '/uploads/demo/phone.svg',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().listing.productId).toBe(q5.listing.productId);
  });
});

describe('merging two products', () => {
  it('moves listings, offers, saved items and views to the kept product, leaves a redirect, and holds later', async () => {
    const keep = await list(alpha, { name: 'Voltix V7 8GB 64GB', brand: 'Voltix', ram: 8, storage: 64 });
    const gone = await list(beta, { name: 'Voltix V7 8GB 128GB', brand: 'Voltix', ram: 8, storage: 128 });
    await ingest('Volt Store', [{ id: 'VS-V7', title: 'Voltix V7 8GB 128GB', price: '30000 PKR', brand: 'Voltix' }]);
    expect((await offerRow('VS-V7')).product_id).toBe(gone.listing.productId);
    const saved = await call('POST', '/api/wishlist', shopper.cookie, { productId: gone.listing.productId });
    expect(saved.statusCode).toBeLessThan(300);
    await call('POST', `/api/products/${gone.listing.productId}/views`, shopper.cookie);
    // Near misses of one another.
    expect(find(await queue('?reason=near-miss'), 'listings', gone.listing.id)?.candidates[0]?.id).toBe(
      keep.listing.productId,
    );

    const same = await op('POST', '/api/operator/matching/merge', {
      keepId: keep.listing.productId,
      goneId: keep.listing.productId,
    });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe(matchingMessages.sameProduct);
    const missing = await op('POST', '/api/operator/matching/merge', {
      keepId: keep.listing.productId,
      goneId: 999_999,
    });
    expect(missing.statusCode).toBe(404);

    const res = await op('POST', '/api/operator/matching/merge', {
      keepId: keep.listing.productId,
      goneId: gone.listing.productId,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: matchingMessages.merged('Voltix V7 8GB 128GB', 'Voltix V7 8GB 64GB'),
      product: { id: keep.listing.productId, offerCount: 3 },
    });
    expect((await offersOf(keep.listing.productId)).sort()).toEqual(['Alpha Phones', 'Beta Mobiles', 'Volt Store']);
    const old = await call('GET', `/api/products/${gone.listing.productId}`);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(`/api/products/${keep.listing.productId}`);
    const wishlist = (await call('GET', '/api/wishlist', shopper.cookie)).json().items as { productId?: number }[];
    expect(JSON.stringify(wishlist)).toContain(`${keep.listing.productId}`);
    const [views] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from product_views where product_id = ${keep.listing.productId}`,
    );
    expect(views!.n).toBe(1);
    expect(await auditRows('product.merge')).toMatchObject([
      {
        target_type: 'product',
        target_id: String(keep.listing.productId),
        before: {
          keep: { id: keep.listing.productId, listings: 1, offers: 0 },
          gone: { id: gone.listing.productId, listings: 1, offers: 1 },
        },
        after: {
          keep: { id: keep.listing.productId, listings: 2, offers: 1 },
          redirect: { from: gone.listing.productId, to: keep.listing.productId },
        },
      },
    ]);

    // Another store's offer of the gone product's model arrives: it finds the kept product, not a new one.
    const before = await productCount();
    await ingest('Late Store', [
      { id: 'LS-V7', title: 'Voltix V7 128GB (8GB RAM)', price: '29000 PKR', brand: 'Voltix' },
    ]);
    expect((await offerRow('LS-V7')).product_id).toBe(keep.listing.productId);
    expect(await productCount()).toBe(before);
  });
});

describe('editing a catalogue product', () => {
  const form = {
    name: 'Zentra Q5 (2025) 128GB',
    brand: 'Zentra',
    category: 'mobile',
    description: 'Six-inch phone with a big battery',
    ram: 8,
    storage: 128,
    image: '/uploads/demo/phone.svg',
    gtins: ['4006381333931', '0 7123 4567 8901'],
  };

  it('refuses bad input with clear messages and changes nothing', async () => {
    const id = q5.listing.productId;
    const cases: [object, string, string][] = [
      [{ ...form, name: '  ' }, 'name', matchingMessages.nameRequired],
      [{ ...form, ram: 'lots' }, 'ram', matchingMessages.ramInvalid],
      [{ ...form, image: 'javascript:alert(1)' }, 'image', matchingMessages.imageInvalid],
      [{ ...form, gtins: ['12345'] }, 'gtins.0', matchingMessages.gtinInvalid],
      [{ ...form, gtins: ['4006381333931', '04006381333931'] }, 'gtins', matchingMessages.gtinRepeated],
    ];
    for (const [body, field, message] of cases) {
      const res = await op('PUT', `/api/operator/catalogue/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(res.json().error.fields[field]).toBe(message);
    }
    // A GTIN another product has: merge them instead.
    const taken = await op('PUT', `/api/operator/catalogue/${f2.listing.productId}`, {
      ...form,
      gtins: ['4006381333931'],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe(matchingMessages.gtinTaken('4006381333931', id, 'Zentra Q5 8GB 128GB'));
    expect((await op('PUT', '/api/operator/catalogue/999999', form)).statusCode).toBe(404);
    expect((await call('GET', `/api/products/${id}`)).json().name).toBe('Zentra Q5 8GB 128GB');
    expect(await auditRows('product.edit')).toEqual([]);
  });

  it('saves name, specs, GTINs, image and description; an extra GTIN finds the product in matching', async () => {
    const id = q5.listing.productId;
    const res = await op('PUT', `/api/operator/catalogue/${id}`, form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      name: 'Zentra Q5 (2025) 128GB',
      description: 'Six-inch phone with a big battery',
      gtins: ['4006381333931', '0712345678901'],
    });
    const detail = (await call('GET', `/api/products/${id}`)).json();
    expect(detail).toMatchObject({ name: 'Zentra Q5 (2025) 128GB', description: 'Six-inch phone with a big battery' });
    expect((await op('GET', `/api/operator/catalogue?q=${encodeURIComponent('2025')}`)).json().items[0].id).toBe(id);

    await ingest('Scan Shop', [{ id: 'SS-Q5', title: 'Zentra phone', price: '45000 PKR', gtin: '0712345678901' }]);
    expect((await offerRow('SS-Q5')).product_id).toBe(id);

    const [audit] = await auditRows('product.edit');
    expect(audit).toMatchObject({
      target_id: String(id),
      before: { name: 'Zentra Q5 8GB 128GB', description: 'A phone', gtins: ['4006381333931'] },
      after: { name: 'Zentra Q5 (2025) 128GB', gtins: ['4006381333931', '0712345678901'] },
    });
  });
});
