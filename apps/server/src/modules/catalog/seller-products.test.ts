import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { queryRows } from '../../db/client';
import { addProduct, productBody } from './test-fixtures';

const t = await buildTestApp();
const m = messages.product;
const owner = await createSeller(t);
const other = await createSeller(t);
const shopper = await createCustomer(t);

const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: cookie ? { cookie } : {} });
const count = async () =>
  (await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from products`))[0]!.n;

describe('POST /api/seller/products', () => {
  it('stores the price in paisa and lists the product for its seller only', async () => {
    const res = await send('POST', '/api/seller/products', owner.cookie, productBody({ price: '129999.50' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: m.added, product: { price: 12_999_950, stock: 'instock' } });
    const mine = (await send('GET', '/api/seller/products', owner.cookie)).json().items;
    expect(mine.map((p: { id: number }) => p.id)).toContain(res.json().product.id);
    expect((await send('GET', '/api/seller/products', other.cookie)).json().items).toEqual([]);
  });

  it.each([
    ['a missing name', { name: '' }, m.allFields],
    ['a missing image', { image: '' }, m.allFields],
    ['a bad category', { category: 'tablet' }, m.allFields],
    ['a zero price', { price: 0 }, m.invalidPrice],
    ['a text price', { price: 'abc' }, m.invalidPrice],
    ['a zero quantity', { quantity: 0 }, m.invalidQuantity],
    ['a fractional quantity', { quantity: 1.5 }, m.invalidQuantity],
  ])('refuses %s with the spec message and writes nothing', async (_, over, message) => {
    const before = await count();
    const res = await send('POST', '/api/seller/products', owner.cookie, productBody(over));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await count()).toBe(before);
  });

  it('is for sellers only', async () => {
    expect((await send('POST', '/api/seller/products', undefined, productBody())).statusCode).toBe(401);
    expect((await send('POST', '/api/seller/products', shopper.cookie, productBody())).statusCode).toBe(403);
  });
});

describe('PUT and DELETE /api/seller/products/:id', () => {
  it('lets the owner edit, marks quantity 0 out of stock, and uses the edit message', async () => {
    const { id } = await addProduct(t, owner);
    const bad = await send(
      'PUT',
      `/api/seller/products/${id}`,
      owner.cookie,
      productBody({ name: '', stock: 'instock' }),
    );
    expect(bad.json().error.message).toBe(m.allFieldsEdit);
    const res = await send(
      'PUT',
      `/api/seller/products/${id}`,
      owner.cookie,
      productBody({ quantity: 0, stock: 'instock' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: m.updated, product: { quantity: 0, stock: 'outofstock' } });
  });

  it('answers 403 to another seller and changes nothing', async () => {
    const { id } = await addProduct(t, owner, { name: 'Owner Phone X1' });
    const put = await send(
      'PUT',
      `/api/seller/products/${id}`,
      other.cookie,
      productBody({ name: 'Stolen', stock: 'instock' }),
    );
    expect(put.statusCode).toBe(403);
    expect(put.json().error.message).toBe(m.notYours);
    const del = await send('DELETE', `/api/seller/products/${id}`, other.cookie);
    expect(del.statusCode).toBe(403);
    const [row] = await queryRows<{ name: string }>(t.ctx.db, sql`select name from products where id = ${id}`);
    expect(row!.name).toBe('Owner Phone X1');
    expect((await send('DELETE', `/api/seller/products/${id}`, shopper.cookie)).statusCode).toBe(403);
  });

  it('deletes by id for the owner, then 404', async () => {
    const { id } = await addProduct(t, owner);
    const res = await send('DELETE', `/api/seller/products/${id}`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(m.deleted);
    expect((await send('DELETE', `/api/seller/products/${id}`, owner.cookie)).statusCode).toBe(404);
    expect((await send('GET', `/api/products/${id}`)).statusCode).toBe(404);
  });
});
