import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StorePage } from '@pricehub/shared/schemas/product';
import { queryRows } from '../../db/client';
import { createSeller } from '../../testing/factories';
import { buildTestApp } from '../../testing/test-app';
import { listProduct } from './test-fixtures';

const t = await buildTestApp();
const seller = await createSeller(t);
const [store] = await queryRows<{ slug: string }>(t.ctx.db, sql`select slug from stores order by id desc limit 1`);
const names = ['Paged Phone 1', 'Paged Phone 2', 'Paged Phone 3', 'Paged Phone 4', 'Paged Phone 5'];
for (const name of names) await listProduct(t, seller, { name, category: 'mobile', price: 30_000_00 });
const storePage = (query = '') => t.app.inject({ method: 'GET', url: `/api/stores/${store!.slug}${query}` });

describe("a store's page, one page of products at a time", () => {
  it('sends the newest 500 without a page asked for, and says how many there are', async () => {
    const page = (await storePage()).json<StorePage>();
    expect(page).toMatchObject({ total: 5, page: 1, pageSize: 500 });
    expect(page.products.map((p) => p.name)).toEqual([...names].reverse());
  });

  it('sends the page asked for, newest listing first', async () => {
    const second = (await storePage('?page=2&pageSize=2')).json<StorePage>();
    expect(second).toMatchObject({ total: 5, page: 2, pageSize: 2 });
    expect(second.products.map((p) => p.name)).toEqual(['Paged Phone 3', 'Paged Phone 2']);
    const past = (await storePage('?page=4&pageSize=2')).json<StorePage>();
    expect(past).toMatchObject({ total: 5, page: 4, products: [] });
  });

  it('answers 400 with the field named for a page that cannot be', async () => {
    for (const query of ['?page=0', '?page=abc', '?pageSize=501', '?pageSize=0']) {
      const res = await storePage(query);
      expect(res.statusCode).toBe(400);
      const field = query.slice(1, query.indexOf('='));
      expect(Object.keys(res.json<{ error: { fields: Record<string, string> } }>().error.fields)).toEqual([field]);
    }
  });

  it('counts nothing for a closed store', async () => {
    await t.ctx.db.execute(sql`update stores set status = 'closed' where slug = ${store!.slug}`);
    const closed = await t.app.inject({ method: 'GET', url: `/api/stores/${store!.slug}?page=1` });
    expect(closed.json<StorePage>()).toMatchObject({ store: { status: 'closed' }, products: [], total: 0 });
  });
});
