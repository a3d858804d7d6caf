import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_FEE } from '@pricehub/shared/rules/money';
import { queryRows } from '../client';
import { buildTestApp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
import { visibleTwins } from '../../testing/catalogue';
import { listActiveSales } from '../../modules/sales/pricing';
import { findPromoByCode, isPromoActive } from '../../modules/promos/lookup';
import { seedBulkProducts } from './bulk';
import { DEMO_CUSTOMER, DEMO_SELLER } from './demo-accounts';
import { seedDemo, seedDemoIfEmpty } from './demo';

const t = await buildTestApp();
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(t.ctx.db, query);
const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(query))[0]!.n;

let seedMs = 0;
beforeAll(async () => {
  const started = performance.now();
  expect(await seedDemoIfEmpty(t.ctx)).toBe(true);
  seedMs = performance.now() - started;
}, 180_000);

describe('the demo shop', () => {
  it('has open stores, a catalogue with our listings, comparison stores and offers', async () => {
    console.info(`seedDemo took ${(seedMs / 1000).toFixed(1)} s`);
    expect(await count(sql`select count(*)::int as n from stores where status = 'open'`)).toBeGreaterThanOrEqual(8);
    expect(await count(sql`select count(*)::int as n from stores where status <> 'open'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from products`)).toBeGreaterThanOrEqual(150);
    expect(await count(sql`select count(*)::int as n from listings`)).toBeGreaterThanOrEqual(250);
    // Every catalogue product is on sale somewhere: a listing of ours or another store's offer.
    expect(await count(sql`select count(*)::int as n from products where not visible`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from external_stores`)).toBe(3);
    expect(await count(sql`select count(*)::int as n from offers`)).toBeGreaterThanOrEqual(120);
    expect(await count(sql`select count(*)::int as n from accounts where role = 'customer'`)).toBeGreaterThanOrEqual(
      20,
    );
    expect(await count(sql`select count(*)::int as n from search_terms`)).toBeGreaterThan(100);
    const [demoStore] = await rows<{ name: string; slug: string }>(
      sql`select s.name, s.slug from stores s join accounts a on a.id = s.seller_id where a.email = ${DEMO_SELLER.email}`,
    );
    expect(demoStore).toEqual({ name: 'TechZone', slug: 'techzone' });
  });

  it('covers the spec brands and categories', async () => {
    const brands = (await rows<{ brand: string }>(sql`select distinct brand from products`)).map((r) => r.brand);
    for (const brand of [
      'Dell',
      'HP',
      'Acer',
      'Lenovo',
      'Apple',
      'Asus',
      'Microsoft',
      'Samsung',
      'Infinix',
      'Xiaomi',
      'Tecno',
    ]) {
      expect(brands).toContain(brand);
    }
    const categories = await rows<{ category: string; n: number }>(
      sql`select category, count(*)::int as n from products group by category order by category`,
    );
    expect(categories.map((c) => c.category).sort()).toEqual(['computer', 'laptop', 'mobile']);
    expect(categories.every((c) => c.n >= 30)).toBe(true);
    expect(await count(sql`select count(*)::int as n from products where gtin is not null`)).toBeGreaterThan(130);
    expect(await count(sql`select count(*)::int as n from products where match_key is null`)).toBe(0);
  });

  it('lists many models by two to four of our sellers, each in its own wording and price', async () => {
    const shared = await rows<{ stores: number; names: number; prices: number }>(sql`
      select count(distinct store_id)::int as stores, count(distinct name)::int as names,
        count(distinct price)::int as prices
      from listings group by product_id having count(*) >= 2`);
    expect(shared.length).toBeGreaterThanOrEqual(40);
    // Each listing of a product comes from another store.
    expect(shared.every((p) => p.stores >= 2)).toBe(true);
    expect(shared.filter((p) => p.stores >= 3).length).toBeGreaterThanOrEqual(10);
    expect(Math.max(...shared.map((p) => p.stores))).toBe(4);
    expect(shared.filter((p) => p.names >= 2).length).toBeGreaterThanOrEqual(30);
    expect(shared.filter((p) => p.prices >= 2).length).toBeGreaterThanOrEqual(30);
    // Several sellers left the barcode out: the name alone put their listing with the others.
    expect(
      await count(sql`select count(*)::int as n from listings where gtin is null and matched_by = 'name'
                             and product_id <> id`),
    ).toBeGreaterThanOrEqual(20);

    // The brief's example: one product, however each seller wrote it.
    const folds = await rows<{ name: string; listings: string[]; offers: number }>(sql`
      select p.name, array_agg(l.name order by l.id) as listings, p.offer_count as offers
      from products p join listings l on l.product_id = p.id
      where p.name = 'Samsung Galaxy Z Fold6 12GB 512GB' group by p.id`);
    expect(folds).toHaveLength(1);
    expect(folds[0]!.listings.length).toBeGreaterThanOrEqual(3);
    expect(folds[0]!.listings).toContain('Samsung Galaxy Z Fold6 12GB 512GB');
    expect(folds[0]!.listings.some((n) => n !== 'Samsung Galaxy Z Fold6 12GB 512GB')).toBe(true);
    expect(folds[0]!.offers).toBeGreaterThanOrEqual(3);
  });

  it('groups every listing and offer of one model into one catalogue product (matching, as production does)', async () => {
    // A demo image is drawn per model, so it tells which listings and offers the seed meant as one thing.
    const split = await rows<{ image: string; products: number }>(sql`
      select image, count(distinct product_id)::int as products
      from (select image, product_id from listings union all select image, product_id from offers) o
      group by image having count(distinct product_id) > 1`);
    expect(split).toEqual([]);
    expect(await count(sql`select count(distinct image)::int as n from products`)).toBe(
      await count(sql`select count(*)::int as n from products`),
    );
    // Offers were matched from the store's title and barcode, as ingestion matches them.
    const matched = await rows<{ by: string; n: number }>(
      sql`select matched_by as by, count(*)::int as n from offers group by 1 order by 1`,
    );
    expect(matched.map((m) => m.by)).toEqual(['gtin', 'name']);
  });

  it('shows each product once: no two visible products are the same thing, and most have several offers', async () => {
    // The same match key (brand, model, storage) with compatible RAM is the same thing: it would be two search cards.
    expect(await visibleTwins(t.ctx.db)).toEqual([]);
    expect(await count(sql`select count(*)::int as n from products where offer_count >= 2`)).toBeGreaterThanOrEqual(
      100,
    );
    expect(await count(sql`select count(*)::int as n from products where offer_count >= 4`)).toBeGreaterThanOrEqual(20);
    // What the cards say agrees with the offers behind them (kept by the triggers).
    const wrong = await count(sql`
      select count(*)::int as n from products p
      where p.offer_count <> (select count(distinct l.store_id) from listings l where l.product_id = p.id)
                            + (select count(distinct o.external_store_id) from offers o
                               where o.product_id = p.id and o.available)
         or p.lowest_price > (select min(l.price) from listings l where l.product_id = p.id and l.quantity > 0)`);
    expect(wrong).toBe(0);
  });

  it('gives one search card per product for a misspelt search of a model several sellers list', async () => {
    for (const [q, pattern] of [
      ['lenvo legion', '%legion%'],
      ['galaxy z fold 6', '%fold6%'],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: `/api/products?q=${encodeURIComponent(q)}&limit=48` });
      expect(res.statusCode, res.body).toBe(200);
      const items = (res.json() as { items: { id: number; name: string; offerCount?: number }[] }).items;
      const expected = await rows<{ id: number }>(
        sql`select id from products where visible and name ilike ${pattern} order by id`,
      );
      expect(expected.length, q).toBeGreaterThanOrEqual(2);
      const found = items.filter((i) => expected.some((e) => e.id === i.id));
      // Every configuration once, never one card per seller.
      expect(
        found.map((i) => i.id).sort((a, b) => a - b),
        q,
      ).toEqual(expected.map((e) => e.id));
      expect(new Set(items.map((i) => i.id)).size, q).toBe(items.length);
      expect(
        found.every((i) => (i.offerCount ?? 0) >= 2),
        q,
      ).toBe(true);
    }
  });

  it('marks sold-out listings consistently and keeps prices in whole rupees', async () => {
    expect(await count(sql`select count(*)::int as n from listings where stock = 'outofstock'`)).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*)::int as n from listings where (stock = 'outofstock') <> (quantity = 0)`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from listings where price <= 0 or price % 100 <> 0`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from products where lowest_price <= 0`)).toBe(0);
  });

  it('prices offers within 15% of our sellers and keeps 90 days of price history', async () => {
    const outside = await count(sql`
      select count(*)::int as n from offers o
      join (select product_id, min(price) as price from listings group by product_id) l on l.product_id = o.product_id
      where abs(o.price - l.price)::float / l.price > 0.16`);
    expect(outside).toBe(0);
    expect(await count(sql`select count(*)::int as n from offers where not in_stock`)).toBeGreaterThan(0);
    expect(
      await count(
        sql`select count(*)::int as n from offers o where not exists (select 1 from price_points pp where pp.offer_id = o.id)`,
      ),
    ).toBe(0);
    const [span] = await rows<{ days: number }>(
      sql`select extract(day from max(recorded_at) - min(recorded_at))::int as days from price_points where offer_id is not null`,
    );
    expect(span!.days).toBeGreaterThanOrEqual(85);
    expect(await count(sql`select count(*)::int as n from price_points where listing_id is not null`)).toBeGreaterThan(
      250,
    );
    expect(
      await count(
        sql`select count(*)::int as n from listings l where not exists (select 1 from price_points pp where pp.listing_id = l.id)`,
      ),
    ).toBe(0);
    // The latest point of each offer is its current price.
    const stale = await count(sql`
      select count(*)::int as n from offers o
      where o.price <> (select price from price_points pp where pp.offer_id = o.id order by recorded_at desc limit 1)`);
    expect(stale).toBe(0);
  });

  it('has about 300 orders over at least 10 months, with consistent totals and SG numbers', async () => {
    const [summary] = await rows<{ n: number; months: number; ids: number }>(
      sql`select count(*)::int as n, count(distinct to_char(created_at, 'YYYY-MM'))::int as months,
            count(distinct id)::int as ids from orders`,
    );
    expect(summary!.n).toBeGreaterThanOrEqual(280);
    expect(summary!.n).toBeLessThanOrEqual(320);
    expect(summary!.months).toBeGreaterThanOrEqual(10);
    expect(await count(sql`select count(*)::int as n from orders where id !~ '^SG[0-9]+$'`)).toBe(0);
    const inconsistent = await count(sql`
      select count(*)::int as n from orders o
      where o.total <> o.subtotal + o.shipping_fee - o.discount
         or o.shipping_fee <> ${SHIPPING_FEE}
         or o.subtotal <> (select sum(l.unit_price * l.quantity) from order_lines l where l.order_id = o.id)`);
    expect(inconsistent).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from orders where promo_code = 'WELCOME10' and discount > 0`),
    ).toBeGreaterThan(0);
    // Every line is a listing of the order's own store.
    expect(await count(sql`select count(*)::int as n from order_lines where listing_id is null`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from order_lines l join orders o on o.id = l.order_id
                      join listings li on li.id = l.listing_id where li.store_id <> o.store_id`),
    ).toBe(0);
    const statuses = (await rows<{ status: string }>(sql`select distinct status::text as status from orders`)).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual(['Accepted', 'Booked', 'Cancelled', 'Completed', 'Shipped']);
    const [next] = await rows<{ n: string }>(sql`select nextval('order_number_seq')::text as n`);
    const [max] = await rows<{ n: string }>(sql`select max(substring(id from 3)::int)::text as n from orders`);
    expect(Number(next!.n)).toBeGreaterThan(Number(max!.n));
  });

  it('records payments as checkout would', async () => {
    expect(
      await count(
        sql`select count(*)::int as n from orders where payment_method = 'cashOnDel' and payment_status <> 'not_required'`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*)::int as n from orders where payment_method = 'online' and status <> 'Cancelled' and payment_status <> 'paid'`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from orders where payment_method = 'online'`)).toBeGreaterThan(50);
  });

  it('sets units sold to the quantities of non-cancelled orders, per listing and per catalogue product', async () => {
    const mismatched = await count(sql`
      select count(*)::int as n from listings li
      where li.units_sold <> coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
                                       where l.listing_id = li.id and o.status <> 'Cancelled'), 0)`);
    expect(mismatched).toBe(0);
    expect(await count(sql`select coalesce(sum(units_sold), 0)::int as n from listings`)).toBeGreaterThan(250);
    expect(
      await count(sql`select count(*)::int as n from products p
                      where p.units_sold <> (select coalesce(sum(units_sold), 0) from listings l where l.product_id = p.id)`),
    ).toBe(0);
  });

  it('links reviewed order lines to their reviews, with sentiment scores that follow the text', async () => {
    expect(
      await count(sql`select count(*)::int as n from order_lines l
                      where l.reviewed <> exists (select 1 from reviews r where r.order_line_id = l.id)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from reviews r join order_lines l on l.id = r.order_line_id
                      join orders o on o.id = l.order_id
                      join listings li on li.id = l.listing_id
                      where o.status <> 'Completed' or r.customer_id <> o.customer_id or r.product_id <> li.product_id`),
    ).toBe(0);
    expect(
      await count(sql`select count(distinct product_id)::int as n from reviews where product_id is not null`),
    ).toBeGreaterThan(60);
    expect(
      await count(sql`select count(*)::int as n from reviews where offer_id is not null and author <> ''`),
    ).toBeGreaterThan(50);
    const [scores] = await rows<{ good: number; bad: number }>(sql`
      select avg(sentiment_score) filter (where rating = 5)::float as good, avg(sentiment_score) filter (where rating = 1)::float as bad
      from reviews`);
    expect(scores!.good).toBeGreaterThan(0);
    expect(scores!.bad).toBeLessThan(0);
  });

  it('notifies sellers of recent orders', async () => {
    const notes = await rows<{
      message: string;
      order_id: string;
      total: number;
      order_total: number;
      store_ok: boolean;
    }>(sql`
      select n.message, n.order_id, n.total, o.total as order_total, n.store_id = o.store_id as store_ok
      from notifications n join orders o on o.id = n.order_id`);
    expect(notes.length).toBeGreaterThan(10);
    for (const n of notes) {
      expect(n.message).toBe(`New order ${n.order_id}`);
      expect(n.total).toBe(n.order_total);
      expect(n.store_ok).toBe(true);
    }
  });

  it('gives the demo customer orders in several statuses, one delivered item to review, and complaints', async () => {
    const orders = await rows<{ id: string; status: string; unreviewed: number }>(sql`
      select o.id, o.status::text as status,
        (select count(*)::int from order_lines l where l.order_id = o.id and not l.reviewed) as unreviewed
      from orders o join accounts a on a.id = o.customer_id where a.email = ${DEMO_CUSTOMER.email}`);
    expect(new Set(orders.map((o) => o.status)).size).toBeGreaterThanOrEqual(4);
    expect(orders.some((o) => o.status === 'Completed' && o.unreviewed > 0)).toBe(true);
    const complaints = await rows<{ status: string; order_ok: boolean }>(sql`
      select c.status::text as status, o.customer_id = c.customer_id and o.store_id = c.store_id as order_ok
      from complaints c join orders o on o.id = c.order_id join accounts a on a.id = c.customer_id
      where a.email = ${DEMO_CUSTOMER.email}`);
    expect(complaints.length).toBeGreaterThanOrEqual(4);
    expect(new Set(complaints.map((c) => c.status))).toEqual(new Set(['Open', 'In progress', 'Resolved']));
    expect(complaints.every((c) => c.order_ok)).toBe(true);
  });

  it('runs a sale and a promo for the demo seller now, and has an expired sale and blogs', async () => {
    const now = t.ctx.now();
    const active = await listActiveSales(t.ctx.db, now);
    expect(active).toHaveLength(1);
    expect(active[0]!.code).toMatch(/^[0-9A-F]{8}$/);
    expect(active[0]!.store.slug).toBe('techzone');
    expect(active[0]!.productCount).toBeGreaterThanOrEqual(3);
    expect(active[0]!.endsAt.getTime() - now.getTime()).toBeGreaterThan(13 * 86_400_000);
    expect(await count(sql`select count(*)::int as n from sales where ends_at < now()`)).toBe(1);
    const promo = await findPromoByCode(t.ctx.db, 'welcome10');
    expect(promo && isPromoActive(promo, now)).toBe(true);
    expect(promo!.percent).toBe(10);
    const blogs = await rows<{ stores: number; n: number }>(
      sql`select count(distinct store_id)::int as stores, count(*)::int as n from blogs`,
    );
    expect(blogs[0]!.stores).toBeGreaterThanOrEqual(4);
  });

  it('shows every product as a small WebP picture, rendered from an accessible SVG kept beside it', async () => {
    const images = await rows<{ image: string; thumbnail: string }>(
      sql`select image, thumbnail from products union select image, thumbnail from listings`,
    );
    for (const { image, thumbnail } of images) {
      expect(image).toMatch(/^\/uploads\/demo\/[a-z0-9-]+\.webp$/);
      expect(thumbnail).toBe(image);
      const file = join(t.ctx.config.dataDir, image.replace('/uploads/', 'uploads/'));
      expect(existsSync(file), file).toBe(true);
      const picture = await sharp(file).metadata();
      expect([picture.format, picture.width, picture.height]).toEqual(['webp', 400, 400]);
      expect(readFileSync(file).length).toBeLessThan(10_000);
      const svg = readFileSync(file.replace(/\.webp$/, '.svg'), 'utf8');
      expect(svg.length).toBeLessThan(3000);
      expect(svg).toContain('role="img"');
      expect(svg).toMatch(/<title id="t">[^<]+<\/title>/);
    }
  });

  it('signs in the demo customer and the demo seller through the login route', async () => {
    for (const [account, role] of [
      [DEMO_CUSTOMER, 'customer'],
      [DEMO_SELLER, 'seller'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: account.email, password: account.password, role },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'hafeez.laptops@pricehub.test', password: 'Demo@12345', role: 'seller' },
    });
    expect(other.statusCode).toBe(200);
  });

  it('does nothing when seeded again', async () => {
    const before = await count(sql`select count(*)::int as n from listings`);
    expect(await seedDemoIfEmpty(t.ctx)).toBe(false);
    expect(await count(sql`select count(*)::int as n from listings`)).toBe(before);
  });
});

describe('determinism', () => {
  it('gives the same catalogue, prices and orders on a second fresh database', async () => {
    const database = await createTestDatabase();
    try {
      await seedDemo({ ...t.ctx, database, db: database.db });
      const snapshot = (db: typeof t.ctx.db) =>
        queryRows<{ name: string; price: number; store: string; product: string }>(
          db,
          sql`select l.name, l.price, s.slug as store, p.name as product, p.lowest_price, p.offer_count
              from listings l join stores s on s.id = l.store_id join products p on p.id = l.product_id order by l.id`,
        );
      const lines = (db: typeof t.ctx.db) =>
        queryRows<{ name: string; unit_price: number; quantity: number }>(
          db,
          sql`select l.name, l.unit_price, l.quantity from order_lines l order by l.id`,
        );
      expect(await snapshot(database.db)).toEqual(await snapshot(t.ctx.db));
      expect(await lines(database.db)).toEqual(await lines(t.ctx.db));
    } finally {
      await database.close();
    }
  }, 180_000);
});

describe('the benchmark catalogue', () => {
  it('adds distinct catalogue products, each listed by one to five of our sellers, a share with offers', async () => {
    const before = await count(sql`select count(*)::int as n from products`);
    const maxIdBefore = await count(sql`select max(id)::int as n from products`);
    const indexesBefore = await indexDefinitions();
    const progress: number[] = [];
    const started = performance.now();
    await seedBulkProducts(t.ctx, 2500, { products: (done) => progress.push(done) });
    console.info(`seedBulkProducts(2500) took ${((performance.now() - started) / 1000).toFixed(1)} s`);
    expect(await count(sql`select count(*)::int as n from products`)).toBe(before + 2500);
    expect(progress).toEqual([2500]);
    const perProduct = await rows<{ listings: number; stores: number; offers: number; visible: boolean }>(sql`
      select (select count(*)::int from listings l where l.product_id = p.id) as listings,
        (select count(distinct store_id)::int from listings l where l.product_id = p.id) as stores,
        (select count(*)::int from offers o where o.product_id = p.id) as offers, p.visible
      from products p where p.id > ${maxIdBefore}`);
    expect(perProduct).toHaveLength(2500);
    expect(perProduct.every((p) => p.listings >= 1 && p.listings <= 5 && p.stores === p.listings)).toBe(true);
    for (let n = 1; n <= 5; n++)
      expect(
        perProduct.some((p) => p.listings === n),
        `${n} sellers`,
      ).toBe(true);
    const withOffers = perProduct.filter((p) => p.offers > 0).length;
    expect(withOffers).toBeGreaterThan(2500 * 0.25);
    expect(withOffers).toBeLessThan(2500 * 0.45);
    expect(perProduct.every((p) => p.visible)).toBe(true);
    // Spread over every store, with sensible rows.
    expect(
      await count(sql`select count(distinct store_id)::int as n from listings where product_id > ${maxIdBefore}`),
    ).toBeGreaterThanOrEqual(8);
    expect(
      await count(
        sql`select count(*)::int as n from listings where price <= 0 or name = '' or (stock = 'outofstock') <> (quantity = 0)`,
      ),
    ).toBe(0);
    // Still one card per thing, the demo's products included.
    const twins = await count(sql`
      select count(*)::int as n from products a join products b
        on a.match_key = b.match_key and a.id < b.id and (a.ram_gb = b.ram_gb or a.ram_gb = 0 or b.ram_gb = 0)`);
    expect(twins).toBe(0);
    expect(await count(sql`select count(*)::int as n from products where match_key is null or aliases is null`)).toBe(
      0,
    );
    const wrongCards = await count(sql`
      select count(*)::int as n from products p
      where p.offer_count <> (select count(distinct l.store_id) from listings l where l.product_id = p.id)
                            + (select count(distinct o.external_store_id) from offers o
                               where o.product_id = p.id and o.available)`);
    expect(wrongCards).toBe(0);
    expect(await count(sql`select weight as n from search_terms where term = 'galaxy'`)).toBeGreaterThan(20);
    // Searches can use every index again (on PostgreSQL a large load drops them and builds them afterwards).
    expect(await indexDefinitions()).toEqual(indexesBefore);
  }, 120_000);

  it('gives every product the summary and the facet counts the triggers would have worked out', async () => {
    const summaries = () =>
      rows<Record<string, unknown>>(
        sql`select id, lowest_price, offer_count, in_stock, visible, units_sold from products order by id`,
      );
    const written = await summaries();
    // refresh_products is what the triggers on listings and offers run; it rewrites only summaries that differ.
    await t.ctx.db.execute(sql`select refresh_products(array(select id from products))`);
    expect(await summaries()).toEqual(written);
    expect(await facetDifferences()).toBe(0);
  });

  it('leaves the triggers on: a later price cut shows on the card and in the facet counts', async () => {
    const [bulk] = await rows<{ listing: number; product: number; price: number }>(sql`
      select l.id as listing, p.id as product, p.lowest_price as price from listings l
      join products p on p.id = l.product_id where l.product_id = l.id and l.quantity > 0
      order by l.id desc limit 1`);
    const cut = Math.floor(bulk!.price / 2 / 100) * 100;
    await t.ctx.db.execute(sql`update listings set price = ${cut} where id = ${bulk!.listing}`);
    expect(await count(sql`select lowest_price as n from products where id = ${bulk!.product}`)).toBe(cut);
    expect(await facetDifferences()).toBe(0);
  });
});

/** The indexes on the tables the bulk seed fills, as their definitions. */
const indexDefinitions = async () =>
  (
    await rows<{ definition: string }>(sql`
      select pg_get_indexdef(indexrelid) as definition from pg_index
      where indrelid in ('products'::regclass, 'listings'::regclass, 'offers'::regclass) order by 1`)
  ).map((r) => r.definition);

/** Facet count rows that differ from a fresh count of the visible products (what the triggers keep equal). */
const facetDifferences = () =>
  count(sql`
    with stored as (select category, brand, ram_gb, bucket, count from product_facet_counts where count <> 0),
      fresh as (select category, brand, ram_gb, lowest_price / 500000 as bucket, count(*)::int as count
                from products where visible group by 1, 2, 3, 4)
    select count(*)::int as n from ((select * from stored except select * from fresh)
                                    union all (select * from fresh except select * from stored)) d`);

describe('npm run seed', () => {
  const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
  const run = (args: string[], env: Record<string, string>) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
        env: { ...process.env, DATABASE_URL: '', ...env },
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('close', (code) => resolve({ code, output }));
    });

  it('refuses to open the embedded database while a server listens on PORT', async () => {
    const server = createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as { port: number }).port;
    const dataDir = mkdtempSync(join(tmpdir(), 'pricehub-seed-cli-'));
    try {
      const result = await run(['--products', '10'], { PORT: String(port), DATA_DIR: dataDir });
      expect(result.code).toBe(1);
      expect(result.output).toContain('Stop the server first');
      expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    } finally {
      server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('rejects a bad --products value before touching the database', async () => {
    const result = await run(['--products', 'lots'], { DATA_DIR: '/nonexistent/pricehub' });
    expect(result.code).toBe(2);
    expect(result.output).toContain('--products must be a whole number');
  }, 60_000);
});
