import { sql } from 'drizzle-orm';
import type { TestApp } from '../../testing/test-app';
import type { TestSeller } from '../../testing/factories';
import { queryRows } from '../../db/client';

/** A valid seller product body (price in rupees, as the form sends it). */
export const productBody = (over: Record<string, unknown> = {}) => ({
  name: 'Dell XPS 13 9340',
  brand: 'Dell',
  category: 'laptop',
  description: 'A reliable device for work and play',
  ram: 16,
  storage: 512,
  price: 250000,
  quantity: 5,
  image: '/uploads/demo/laptop.svg',
  ...over,
});

export async function addProduct(t: TestApp, seller: TestSeller, over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/seller/products',
    payload: productBody(over),
    headers: { cookie: seller.cookie },
  });
  if (res.statusCode !== 201) throw new Error(`add product failed: ${res.statusCode} ${res.body}`);
  return res.json().product as { id: number; name: string };
}

/** An external store with an available offer for a product, as ingestion would create it. */
export async function addOffer(t: TestApp, productId: number, storeName: string, pricePaisa: number) {
  const slug = storeName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [store] = await queryRows<{ id: number }>(
    t.ctx.db,
    sql`insert into external_stores (name, slug) values (${storeName}, ${slug})
        on conflict (name) do update set slug = excluded.slug returning id`,
  );
  await t.ctx.db.execute(
    sql`insert into offers (external_store_id, product_id, store_item_id, url, name, price)
        values (${store!.id}, ${productId}, ${`item-${productId}-${slug}`}, ${`https://${slug}.example/p/${productId}`}, 'offer', ${pricePaisa})`,
  );
}

export async function storeIdOf(t: TestApp, seller: TestSeller): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.ctx.db, sql`select id from stores where seller_id = ${seller.id}`);
  return row!.id;
}
