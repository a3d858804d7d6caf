import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { formatRs } from '@pricehub/shared/rules/money';
import { wholePaisaMessage } from '@pricehub/shared/schemas/money';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { queryRows } from '../../db/client';
import { productBody } from './test-fixtures';

const t = await buildTestApp();
const m = messages.product;
const owner = await createSeller(t);
const other = await createSeller(t);
const shopper = await createCustomer(t);

const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
const count = async (table: 'products' | 'listings') =>
  (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
const pricesOf = async (listingId: number) =>
  (
    await queryRows<{ price: number; in_stock: boolean }>(
      t.ctx.db,
      sql`select price, in_stock from price_points where listing_id = ${listingId} order by id`,
    )
  ).map((p) => [p.price, p.in_stock]);

interface Created {
  listing: { id: number; productId: number; name: string; price: number };
  product: { id: number; name: string };
}
let serial = 0;
/** A listing of a thing nobody sells yet (a model number of its own), through the real route. */
async function listNew(seller = owner, over: Record<string, unknown> = {}): Promise<Created> {
  serial += 1;
  const res = await send(
    'POST',
    '/api/seller/products',
    seller.cookie,
    productBody({ name: `Dell XPS 13 93${40 + serial}`, ...over }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('POST /api/seller/products', () => {
  it('takes the price in paisa: 129900 is a product listed at Rs 1,299', async () => {
    const res = await send(
      'POST',
      '/api/seller/products',
      owner.cookie,
      productBody({ name: 'Nokia C32', price: 129_900 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { listing, product } = res.json();
    expect(listing.price).toBe(129_900);
    expect(formatRs(product.lowestPrice)).toBe('Rs 1,299');
    const shown = (await send('GET', `/api/products/${product.id}`)).json();
    expect(formatRs(shown.price)).toBe('Rs 1,299');
  });

  it.each([
    ['a fraction of a paisa', 129_900.5],
    ['rupees with decimals', 1299.99],
  ])('refuses %s with a 400 naming the unit', async (_, price) => {
    const res = await send('POST', '/api/seller/products', owner.cookie, productBody({ name: 'Nokia C33', price }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message: wholePaisaMessage, fields: { price: wholePaisaMessage } });
  });

  it('documents every amount it takes as paisa in OpenAPI', async () => {
    const { paths } = (await send('GET', '/api/docs/json')).json();
    const bodyOf = (op: { requestBody: { content: Record<string, { schema: { properties: object } }> } }) =>
      op.requestBody.content['application/json']!.schema.properties;
    const paisa = expect.objectContaining({ type: 'integer', description: expect.stringContaining('in paisa') });
    expect(bodyOf(paths['/api/seller/products'].post)).toMatchObject({ price: paisa });
    expect(bodyOf(paths['/api/seller/products/{id}'].put)).toMatchObject({ price: paisa });
    expect(bodyOf(paths['/api/price-alerts'].post)).toMatchObject({ targetPrice: expect.anything() });
    const filters = paths['/api/products'].get.parameters.filter((p: { name: string }) => p.name.endsWith('Price'));
    expect(filters).toEqual([
      expect.objectContaining({ name: 'minPrice', description: expect.stringContaining('in paisa') }),
      expect.objectContaining({ name: 'maxPrice', description: expect.stringContaining('in paisa') }),
    ]);
  });

  it('stores the price in paisa, answers the listing and its catalogue product, and lists it for its seller only', async () => {
    const res = await send('POST', '/api/seller/products', owner.cookie, productBody({ price: 12_999_950 }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      message: m.added,
      listing: { price: 12_999_950, stock: 'instock', name: 'Dell XPS 13 9340', quantity: 5 },
      // A shopper pays whole rupees (spec §9).
      product: { name: 'Dell XPS 13 9340', lowestPrice: 12_999_900, offerCount: 1 },
    });
    // Something nobody sold before: its catalogue product shares the listing's id (and URL).
    expect(body.listing.productId).toBe(body.product.id);
    expect(body.listing.id).toBe(body.product.id);
    const mine = (await send('GET', '/api/seller/products', owner.cookie)).json().items;
    expect(mine).toContainEqual(expect.objectContaining({ id: body.listing.id, productId: body.product.id }));
    expect((await send('GET', '/api/seller/products', other.cookie)).json().items).toEqual([]);
    expect(await pricesOf(body.listing.id)).toEqual([[12_999_950, true]]);
  });

  it.each([
    ['a missing name', { name: '' }, m.allFields],
    ['a missing image', { image: '' }, m.allFields],
    ['a bad category', { category: 'tablet' }, m.allFields],
    ['a zero price', { price: 0 }, m.invalidPrice],
    ['a text price', { price: 'abc' }, m.invalidPrice],
    ['a zero quantity', { quantity: 0 }, m.invalidQuantity],
    ['a fractional quantity', { quantity: 1.5 }, m.invalidQuantity],
    ['a GTIN that is not a barcode', { gtin: '12345' }, m.invalidGtin],
  ])('refuses %s with the spec message and writes nothing', async (_, over, message) => {
    const before = [await count('products'), await count('listings')];
    const res = await send(
      'POST',
      '/api/seller/products',
      owner.cookie,
      productBody({ name: 'Fresh Laptop 1', ...over }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect([await count('products'), await count('listings')]).toEqual(before);
  });

  it('refuses a catalogue product that does not exist, and a second listing of the same product', async () => {
    const missing = await send(
      'POST',
      '/api/seller/products',
      owner.cookie,
      productBody({ catalogProductId: 999_999 }),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(m.catalogueNotFound);

    const first = await listNew();
    const before = await count('listings');
    const again = await send('POST', '/api/seller/products', owner.cookie, productBody({ name: first.listing.name }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(m.alreadyListed);
    const chosen = await send(
      'POST',
      '/api/seller/products',
      owner.cookie,
      productBody({ name: 'My laptop', catalogProductId: first.product.id }),
    );
    expect(chosen.statusCode).toBe(409);
    expect(await count('listings')).toBe(before);
  });

  it('is for sellers only', async () => {
    expect((await send('POST', '/api/seller/products', undefined, productBody())).statusCode).toBe(401);
    expect((await send('POST', '/api/seller/products', shopper.cookie, productBody())).statusCode).toBe(403);
    expect((await send('GET', '/api/seller/products/matches?name=Dell', shopper.cookie)).statusCode).toBe(403);
    expect((await send('GET', '/api/seller/products/matches?name=Dell')).statusCode).toBe(401);
  });
});

describe('PUT and DELETE /api/seller/products/:listingId', () => {
  it('lets the owner edit, marks quantity 0 out of stock, and uses the edit message', async () => {
    const { listing } = await listNew();
    const bad = await send(
      'PUT',
      `/api/seller/products/${listing.id}`,
      owner.cookie,
      productBody({ name: '', stock: 'instock' }),
    );
    expect(bad.json().error.message).toBe(m.allFieldsEdit);
    const res = await send(
      'PUT',
      `/api/seller/products/${listing.id}`,
      owner.cookie,
      productBody({ name: listing.name, quantity: 0, stock: 'instock' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: m.updated,
      listing: { id: listing.id, quantity: 0, stock: 'outofstock' },
      product: { id: listing.productId },
    });
  });

  it('records a price point when the price or the stock changes, and none for other edits', async () => {
    const { listing } = await listNew();
    const edit = (over: Record<string, unknown>) =>
      send(
        'PUT',
        `/api/seller/products/${listing.id}`,
        owner.cookie,
        productBody({ name: listing.name, stock: 'instock', ...over }),
      );
    expect((await edit({ description: 'Now with a longer description' })).statusCode).toBe(200);
    expect((await edit({ price: 240_000_00 })).statusCode).toBe(200);
    expect((await edit({ price: 240_000_00, quantity: 0 })).statusCode).toBe(200);
    expect(await pricesOf(listing.id)).toEqual([
      [250_000_00, true],
      [240_000_00, true],
      [240_000_00, false],
    ]);
  });

  it('moves a listing renamed to another model to that product, and renames a product only it sold', async () => {
    const a = await listNew(owner, { name: 'Lenovo Yoga Slim 7 14', brand: 'Lenovo' });
    const b = await listNew(other, { name: 'Lenovo ThinkPad X1 Carbon Gen 12', brand: 'Lenovo' });
    // The only seller of a product fixes a typo: the product follows (same id, new name).
    const fixed = await send(
      'PUT',
      `/api/seller/products/${a.listing.id}`,
      owner.cookie,
      productBody({ name: 'Lenovo Yoga Slim 7i 14', brand: 'Lenovo', stock: 'instock' }),
    );
    expect(fixed.json()).toMatchObject({
      listing: { productId: a.product.id },
      product: { name: 'Lenovo Yoga Slim 7i 14' },
    });
    // Renamed to the other seller's model: it joins that product.
    const moved = await send(
      'PUT',
      `/api/seller/products/${a.listing.id}`,
      owner.cookie,
      productBody({ name: 'ThinkPad X1 Carbon Gen 12', brand: 'Lenovo', stock: 'instock' }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().listing.productId).toBe(b.product.id);
    const offers = (await send('GET', `/api/products/${b.product.id}/offers`)).json().offers;
    expect(offers.map((o: { listingId: number }) => o.listingId).sort()).toEqual([a.listing.id, b.listing.id].sort());
  });

  it('answers 404 to another seller, as for an unknown listing, and changes nothing', async () => {
    const { listing } = await listNew(owner, { name: 'Owner Phone X1', brand: 'Owner', category: 'mobile' });
    const put = await send(
      'PUT',
      `/api/seller/products/${listing.id}`,
      other.cookie,
      productBody({ name: 'Stolen', stock: 'instock' }),
    );
    expect(put.statusCode).toBe(404);
    expect(put.json().error.message).toBe(m.notFound);
    const del = await send('DELETE', `/api/seller/products/${listing.id}`, other.cookie);
    expect(del.statusCode).toBe(404);
    const [row] = await queryRows<{ name: string }>(t.ctx.db, sql`select name from listings where id = ${listing.id}`);
    expect(row!.name).toBe('Owner Phone X1');
    expect((await send('DELETE', `/api/seller/products/${listing.id}`, shopper.cookie)).statusCode).toBe(403);
    const unknown = await send('PUT', '/api/seller/products/999999', owner.cookie, productBody({ stock: 'instock' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(m.notFound);
  });

  it('deletes by id for the owner, then 404, and shoppers no longer see a product nobody sells', async () => {
    const { listing, product } = await listNew();
    const res = await send('DELETE', `/api/seller/products/${listing.id}`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.deleted);
    expect((await send('DELETE', `/api/seller/products/${listing.id}`, owner.cookie)).statusCode).toBe(404);
    expect((await send('GET', `/api/products/${product.id}`)).statusCode).toBe(404);
    expect((await send('GET', `/api/products/${product.id}/offers`)).statusCode).toBe(404);
  });
});
