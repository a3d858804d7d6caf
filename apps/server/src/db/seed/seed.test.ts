import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { SHIPPING_FEE } from '@pricehub/shared/rules/money';
import { queryRows } from '../client';
import { buildTestApp } from '../../testing/test-app';
import { createTestDatabase } from '../../testing/test-database';
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
  it('has open stores, a catalogue, comparison stores and offers', async () => {
    console.info(`seedDemo took ${(seedMs / 1000).toFixed(1)} s`);
    expect(await count(sql`select count(*)::int as n from stores where status = 'open'`)).toBeGreaterThanOrEqual(8);
    expect(await count(sql`select count(*)::int as n from stores where status <> 'open'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from products where store_id is not null`)).toBeGreaterThanOrEqual(
      200,
    );
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

  it('covers the spec brands and categories, with some models sold by several stores', async () => {
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
    const shared = await count(sql`
      select count(*)::int as n from (select name from products where store_id is not null
        group by name having count(distinct store_id) between 2 and 3 and count(distinct price) >= 2) m`);
    expect(shared).toBeGreaterThanOrEqual(10);
    expect(await count(sql`select count(*)::int as n from products where gtin is not null`)).toBeGreaterThan(150);
    expect(await count(sql`select count(*)::int as n from products where match_key is not null`)).toBe(0);
  });

  it('marks sold-out listings consistently and keeps prices in whole rupees', async () => {
    expect(
      await count(sql`select count(*)::int as n from products where stock = 'outofstock' and store_id is not null`),
    ).toBeGreaterThan(0);
    expect(
      await count(
        sql`select count(*)::int as n from products where (stock = 'outofstock') <> (quantity = 0) and store_id is not null`,
      ),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from products where price <= 0 or price % 100 <> 0`)).toBe(0);
  });

  it('prices offers within 15% of ours and keeps 90 days of price history', async () => {
    const outside = await count(sql`
      select count(*)::int as n from offers o join products p on p.id = o.product_id
      where p.store_id is not null and abs(o.price - p.price)::float / p.price > 0.16`);
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
    expect(await count(sql`select count(*)::int as n from price_points where product_id is not null`)).toBeGreaterThan(
      200,
    );
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
    // Every line comes from the order's own store.
    expect(
      await count(sql`select count(*)::int as n from order_lines l join orders o on o.id = l.order_id
                      join products p on p.id = l.product_id where p.store_id <> o.store_id`),
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

  it('sets units sold to the quantities of non-cancelled orders', async () => {
    const mismatched = await count(sql`
      select count(*)::int as n from products p
      where p.units_sold <> coalesce((select sum(l.quantity) from order_lines l join orders o on o.id = l.order_id
                                      where l.product_id = p.id and o.status <> 'Cancelled'), 0)`);
    expect(mismatched).toBe(0);
    expect(await count(sql`select coalesce(sum(units_sold), 0)::int as n from products`)).toBeGreaterThan(250);
  });

  it('links reviewed order lines to their reviews, with sentiment scores that follow the text', async () => {
    expect(
      await count(sql`select count(*)::int as n from order_lines l
                      where l.reviewed <> exists (select 1 from reviews r where r.order_line_id = l.id)`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from reviews r join order_lines l on l.id = r.order_line_id
                      join orders o on o.id = l.order_id
                      where o.status <> 'Completed' or r.customer_id <> o.customer_id or r.product_id <> l.product_id`),
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

  it('writes a small, accessible SVG for every product image', async () => {
    const images = await rows<{ image: string; thumbnail: string }>(
      sql`select distinct image, thumbnail from products`,
    );
    for (const { image, thumbnail } of images) {
      expect(image).toMatch(/^\/uploads\/demo\/[a-z0-9-]+\.svg$/);
      expect(thumbnail).toBe(image);
      const file = join(t.ctx.config.dataDir, image.replace('/uploads/', 'uploads/'));
      expect(existsSync(file), file).toBe(true);
      const svg = readFileSync(file, 'utf8');
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
    const before = await count(sql`select count(*)::int as n from products`);
    expect(await seedDemoIfEmpty(t.ctx)).toBe(false);
    expect(await count(sql`select count(*)::int as n from products`)).toBe(before);
  });
});

describe('determinism', () => {
  it('gives the same catalogue, prices and orders on a second fresh database', async () => {
    const database = await createTestDatabase();
    try {
      await seedDemo({ ...t.ctx, database, db: database.db });
      const snapshot = (db: typeof t.ctx.db) =>
        queryRows<{ name: string; price: number; store: string | null }>(
          db,
          sql`select p.name, p.price, s.slug as store from products p left join stores s on s.id = p.store_id order by p.id`,
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
  it('adds generated products to every store and rebuilds the search words once', async () => {
    const before = await count(sql`select count(*)::int as n from products`);
    const progress: number[] = [];
    await seedBulkProducts(t.ctx, 2500, (done) => progress.push(done));
    expect(await count(sql`select count(*)::int as n from products`)).toBe(before + 2500);
    expect(progress).toEqual([2500]);
    const perStore = await rows<{ n: number }>(sql`select count(*)::int as n from products group by store_id`);
    expect(perStore.length).toBeGreaterThanOrEqual(8);
    expect(
      await count(
        sql`select count(*)::int as n from products where price <= 0 or name = '' or (stock = 'outofstock') <> (quantity = 0)`,
      ),
    ).toBe(0);
    expect(await count(sql`select weight as n from search_terms where term = 'galaxy'`)).toBeGreaterThan(20);
  }, 120_000);
});

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
