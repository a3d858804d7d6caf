import { readFileSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase, migrationsUpTo } from '../testing/migration-steps';
import { visibleTwins } from '../testing/catalogue';
import { migrate, queryRows, type Database } from './client';

/**
 * Migration 0005 (catalogue products, listings and offers) and the grouping after it, run on a copy of the demo
 * shop as it was before: fixtures/demo-before-catalogue.json.gz is a dump ({table: rows[]}) of the demo database at
 * migration 0004, made with the seed of that time. Runs on PGlite, or on the PostgreSQL server in DATABASE_URL.
 */

type Row = Record<string, unknown>;
const before = JSON.parse(
  gunzipSync(readFileSync(new URL('./fixtures/demo-before-catalogue.json.gz', import.meta.url))).toString('utf8'),
) as Record<string, Row[]>;

/** Parents before children. */
const LOAD_ORDER = [
  'accounts',
  'stores',
  'external_stores',
  'products',
  'offers',
  'payments',
  'orders',
  'order_lines',
  'reviews',
  'price_points',
  'sales',
  'sale_products',
  'promos',
  'complaints',
  'blogs',
  'notifications',
  'cart_items',
  'wishlist_items',
  'compare_items',
  'price_alerts',
  'product_views',
  'sessions',
  'password_resets',
  'rate_limits',
  'jobs',
  'mail_outbox',
];

/** A copy of the migrations folder holding only 0000-0004, so `migrate` stops where the fixture was made. */
function migrationsUpTo0004(): string {
  const { folder, tags } = migrationsUpTo(4);
  expect(tags).toEqual([
    '0000_extensions',
    '0001_schema',
    '0002_catalog_facet_indexes',
    '0003_facet_counts',
    '0004_facet_count_triggers',
  ]);
  return folder;
}

/** Inserts the dump's rows, table by table, through the table's own row type; generated columns are left out. */
async function loadRows(database: Database, table: string, rows: Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = await queryRows<{ name: string }>(
    database.db,
    sql`select column_name as name from information_schema.columns
        where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`,
  );
  const names = columns.map((c) => c.name).filter((c) => c in rows[0]!);
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  await database.db.execute(
    sql`insert into ${sql.identifier(table)} (${list})
        select ${list} from json_populate_recordset(null::${sql.identifier(table)}, ${JSON.stringify(rows)}::json)`,
  );
  if (columns.some((c) => c.name === 'id') && typeof rows[0]!.id === 'number') {
    await database.db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
    );
  }
}

const oldProducts = before.products! as {
  id: number;
  store_id: number | null;
  name: string;
  price: number;
  quantity: number;
  stock: string;
  gtin: string | null;
}[];
const sellerProducts = oldProducts.filter((p) => p.store_id !== null);
const customers = (before.accounts! as { id: number; role: string }[]).filter((a) => a.role === 'customer');

// Two of the demo's seller products that are one thing (the same barcode in two stores): the grouping merges them.
const pair = (() => {
  const byGtin = new Map<string, number[]>();
  for (const p of sellerProducts) if (p.gtin) byGtin.set(p.gtin, [...(byGtin.get(p.gtin) ?? []), p.id]);
  const ids = [...byGtin.values()].find((list) => list.length >= 2)!;
  return [Math.min(...ids), Math.max(...ids)] as const;
})();
const [saver, other] = [customers[1]!.id, customers[2]!.id];
const firstOffer = (before.offers! as { id: number }[])[0]!.id;

/** What the demo never made: cart lines, saved products, alerts and views, one customer having saved both twins. */
const extraRows: Record<string, Row[]> = {
  cart_items: [
    { customer_id: saver, product_id: pair[0], quantity: 1 },
    { customer_id: saver, product_id: pair[1], quantity: 2 },
    { customer_id: other, product_id: sellerProducts[10]!.id, quantity: 1 },
  ],
  wishlist_items: [
    { customer_id: saver, product_id: pair[0], offer_id: null },
    { customer_id: saver, product_id: pair[1], offer_id: null },
    { customer_id: saver, product_id: null, offer_id: firstOffer },
    { customer_id: other, product_id: pair[1], offer_id: null },
  ],
  compare_items: [
    { customer_id: saver, product_id: pair[0], offer_id: null },
    { customer_id: saver, product_id: pair[1], offer_id: null },
    { customer_id: other, product_id: sellerProducts[20]!.id, offer_id: null },
  ],
  price_alerts: [
    { customer_id: saver, product_id: pair[0], target_price: null, base_price: 100_000_00 },
    { customer_id: saver, product_id: pair[1], target_price: 90_000_00, base_price: 100_000_00 },
    { customer_id: other, product_id: sellerProducts[30]!.id, target_price: null, base_price: 50_000_00 },
  ],
  product_views: [
    { product_id: pair[0], viewer_key: 'viewer-a' },
    { product_id: pair[1], viewer_key: 'viewer-a' },
    { product_id: pair[1], viewer_key: 'viewer-b' },
  ],
};

const { database, drop } = await emptyDatabase('ph_catmig');
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(database.db, query);
const count = async (query: ReturnType<typeof sql>) => (await rows<{ n: number }>(query))[0]!.n;
let migrationsDir = '';

/** The catalogue product an old product id now names: its listing's product, a redirect's target, or itself. */
let resolve: (oldId: number) => number | undefined;

beforeAll(async () => {
  migrationsDir = migrationsUpTo0004();
  await migrate(database, migrationsDir);
  expect(await count(sql`select count(*)::int as n from information_schema.tables where table_name = 'listings'`)).toBe(
    0,
  );
  for (const table of LOAD_ORDER) {
    const dumped = before[table] ?? [];
    await loadRows(database, table, [...dumped, ...(extraRows[table] ?? [])]);
  }
  const [maxOrder] = await rows<{ n: number }>(sql`select max(substring(id from 3)::int) as n from orders`);
  await database.db.execute(sql`select setval('order_number_seq', ${maxOrder!.n})`);

  await migrate(database);

  const listingProduct = new Map(
    (await rows<{ id: number; p: number }>(sql`select id, product_id as p from listings`)).map((r) => [r.id, r.p]),
  );
  const redirect = new Map(
    (await rows<{ f: number; t: number }>(sql`select from_id as f, to_id as t from product_redirects`)).map((r) => [
      r.f,
      r.t,
    ]),
  );
  const products = new Set((await rows<{ id: number }>(sql`select id from products`)).map((r) => r.id));
  resolve = (id) => listingProduct.get(id) ?? redirect.get(id) ?? (products.has(id) ? id : undefined);
}, 180_000);

afterAll(async () => {
  await drop();
  rmSync(migrationsDir, { recursive: true, force: true });
});

describe(`migration 0005 on the demo shop of before (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('ran 0005 and the catalogue grouping once', async () => {
    expect(await count(sql`select count(*)::int as n from data_migrations where name = '0005-group-catalogue'`)).toBe(
      1,
    );
    // Listings of one thing were merged: fewer products than the seller products and product pages of before.
    expect(await count(sql`select count(*)::int as n from products`)).toBeLessThan(oldProducts.length);
    expect(await count(sql`select count(*)::int as n from product_redirects`)).toBeGreaterThan(20);
    // Merged products keep the page views of both.
    const views = (before.products! as { views: number }[]).reduce((sum, p) => sum + p.views, 0);
    expect(await count(sql`select sum(views)::int as n from products`)).toBe(views);
  });

  it('keeps every seller product as a listing with the same id, price, quantity, stock and store', async () => {
    const listings = await rows<Omit<(typeof oldProducts)[number], 'gtin'>>(
      sql`select id, store_id, name, price, quantity, stock::text as stock from listings order by id`,
    );
    expect(listings).toEqual(
      sellerProducts
        .map((p) => ({
          id: p.id,
          store_id: p.store_id,
          name: p.name,
          price: p.price,
          quantity: p.quantity,
          stock: p.stock,
        }))
        .sort((a, b) => a.id - b.id),
    );
  });

  it('resolves every old product id: a catalogue product, a listing of one, or a redirect to one', () => {
    const lost = oldProducts.filter((p) => resolve(p.id) === undefined).map((p) => p.id);
    expect(lost).toEqual([]);
  });

  it('puts the listings and products of one barcode under one catalogue product', () => {
    const byGtin = new Map<string, Set<number>>();
    for (const p of oldProducts) {
      if (!p.gtin) continue;
      byGtin.set(p.gtin, (byGtin.get(p.gtin) ?? new Set()).add(resolve(p.id)!));
    }
    const shared = oldProducts.filter((p) => p.gtin && oldProducts.some((q) => q.id !== p.id && q.gtin === p.gtin));
    expect(shared.length).toBeGreaterThan(50);
    const split = [...byGtin].filter(([, ids]) => ids.size > 1).map(([gtin]) => gtin);
    expect(split).toEqual([]);
    expect(resolve(pair[0])).toBe(resolve(pair[1]));
  });

  it('leaves no two visible catalogue products that are the same thing', async () => {
    expect(await visibleTwins(database.db)).toEqual([]);
  });

  it('keeps order lines, sale lines and price points on the same listings', async () => {
    const lines = await rows<{ id: number; listing_id: number | null; unit_price: number; quantity: number }>(
      sql`select id, listing_id, unit_price, quantity from order_lines order by id`,
    );
    expect(lines).toEqual(
      (before.order_lines! as { id: number; product_id: number | null; unit_price: number; quantity: number }[])
        .map((l) => ({ id: l.id, listing_id: l.product_id, unit_price: l.unit_price, quantity: l.quantity }))
        .sort((a, b) => a.id - b.id),
    );
    expect(lines.every((l) => l.listing_id !== null)).toBe(true);

    const sales = await rows<{ sale_id: number; listing_id: number }>(
      sql`select sale_id, listing_id from sale_products order by 1, 2`,
    );
    expect(sales).toEqual(
      (before.sale_products! as { sale_id: number; product_id: number }[])
        .map((s) => ({ sale_id: s.sale_id, listing_id: s.product_id }))
        .sort((a, b) => a.sale_id - b.sale_id || a.listing_id - b.listing_id),
    );

    const points = await rows<{ id: number; offer_id: number | null; listing_id: number | null; price: number }>(
      sql`select id, offer_id, listing_id, price from price_points order by id`,
    );
    expect(points).toEqual(
      (before.price_points! as { id: number; offer_id: number | null; product_id: number | null; price: number }[])
        .map((p) => ({ id: p.id, offer_id: p.offer_id, listing_id: p.product_id, price: p.price }))
        .sort((a, b) => a.id - b.id),
    );
  });

  it('keeps every review and offer, on the catalogue product their old product became', async () => {
    const reviews = await rows<{ id: number; product_id: number | null; offer_id: number | null; text: string }>(
      sql`select id, product_id, offer_id, text from reviews order by id`,
    );
    expect(reviews).toEqual(
      (before.reviews! as { id: number; product_id: number | null; offer_id: number | null; text: string }[])
        .map((r) => ({
          id: r.id,
          product_id: r.product_id === null ? null : resolve(r.product_id)!,
          offer_id: r.offer_id,
          text: r.text,
        }))
        .sort((a, b) => a.id - b.id),
    );

    const offers = await rows<{ id: number; product_id: number; price: number; available: boolean }>(
      sql`select id, product_id, price, available from offers order by id`,
    );
    expect(offers).toEqual(
      (before.offers! as { id: number; product_id: number; price: number; available: boolean }[])
        .map((o) => ({ id: o.id, product_id: resolve(o.product_id)!, price: o.price, available: o.available }))
        .sort((a, b) => a.id - b.id),
    );
  });

  it('keeps carts whole and saved products once per customer when two saved products became one', async () => {
    const cart = await rows<{ customer_id: number; listing_id: number; quantity: number }>(
      sql`select customer_id, listing_id, quantity from cart_items order by customer_id, listing_id`,
    );
    expect(cart).toEqual(
      extraRows
        .cart_items!.map((c) => ({ customer_id: c.customer_id, listing_id: c.product_id, quantity: c.quantity }))
        .sort(
          (a, b) =>
            (a.customer_id as number) - (b.customer_id as number) ||
            (a.listing_id as number) - (b.listing_id as number),
        ),
    );

    const merged = resolve(pair[0])!;
    for (const table of ['wishlist_items', 'compare_items', 'price_alerts'] as const) {
      const saved = await rows<{ customer_id: number; product_id: number | null; offer_id: number | null }>(
        sql`select customer_id, product_id, ${table === 'price_alerts' ? sql`null::int` : sql`offer_id`} as offer_id
            from ${sql.identifier(table)} order by customer_id, product_id nulls last`,
      );
      // One entry fewer: the customer who saved both twins keeps one, on the product they became.
      expect(saved, table).toHaveLength(extraRows[table]!.length - 1);
      expect(
        saved.filter((s) => s.customer_id === saver && s.product_id !== null),
        table,
      ).toEqual([{ customer_id: saver, product_id: merged, offer_id: null }]);
      for (const s of saved.filter((x) => x.customer_id === other)) expect(s.product_id, table).not.toBeNull();
    }
    expect(
      await count(
        sql`select count(*)::int as n from wishlist_items where customer_id = ${saver} and offer_id = ${firstOffer}`,
      ),
    ).toBe(1);
    const views = await rows<{ viewer_key: string }>(
      sql`select viewer_key from product_views where product_id = ${merged} order by viewer_key`,
    );
    expect(views.map((v) => v.viewer_key)).toEqual(['viewer-a', 'viewer-b']);
  });

  it('counts facets over visible products exactly as a fresh count does', async () => {
    const stored = await rows<{ key: string; n: number }>(sql`
      select concat_ws('|', category, brand, ram_gb, bucket) as key, count as n from product_facet_counts
      where count <> 0 order by 1`);
    const fresh = await rows<{ key: string; n: number }>(sql`
      select concat_ws('|', category, brand, ram_gb, lowest_price / 500000) as key, count(*)::int as n from products
      where visible group by category, brand, ram_gb, lowest_price / 500000 order by 1`);
    expect(stored).toEqual(fresh);
    expect(fresh.length).toBeGreaterThan(50);
  });

  it('shows every product that is on sale, with its offers counted', async () => {
    // Every old product was on sale (a listing in an open store, or offers of other stores): all stay visible.
    expect(await count(sql`select count(*)::int as n from products where not visible`)).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from products p where p.visible and p.offer_count = 0
                      and not exists (select 1 from offers o where o.product_id = p.id)`),
    ).toBe(0);
    // A merged product counts each store once and is priced from its cheapest in-stock listing or offer.
    const [card] = await rows<{ offers: number; stores: number; lowest: number; cheapest: number }>(sql`
      select p.offer_count as offers, p.lowest_price as lowest,
        (select count(distinct store_id)::int from listings where product_id = p.id)
          + (select count(distinct external_store_id)::int from offers where product_id = p.id and available) as stores,
        (select min(price) from (select price from listings where product_id = p.id and quantity > 0 and stock = 'instock'
                                 union all select price from offers where product_id = p.id and available and in_stock) x)
          as cheapest
      from products p where p.id = ${resolve(pair[0])!}`);
    expect(card!.offers).toBeGreaterThanOrEqual(2);
    expect(card!.offers).toBe(card!.stores);
    expect(card!.lowest).toBe(card!.cheapest);
  });

  it('lets the old units sold add up on the catalogue products', async () => {
    const oldTotal = (before.products! as { units_sold: number; store_id: number | null }[])
      .filter((p) => p.store_id !== null)
      .reduce((sum, p) => sum + p.units_sold, 0);
    expect(await count(sql`select coalesce(sum(units_sold), 0)::int as n from listings`)).toBe(oldTotal);
    expect(await count(sql`select coalesce(sum(units_sold), 0)::int as n from products`)).toBe(oldTotal);
  });
});

describe(`migrations 0006-0014 on the same copy (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('keep every row of the tables they extend', async () => {
    for (const table of ['accounts', 'stores', 'orders', 'order_lines', 'reviews', 'blogs', 'complaints', 'payments']) {
      const dumped = (before[table] ?? []).length + (extraRows[table] ?? []).length;
      expect(await count(sql`select count(*)::int as n from ${sql.identifier(table)}`), table).toBe(dumped);
    }
  });

  it('fill the new columns of existing rows', async () => {
    // 0006: every post has its HTML and summary (escaped text until the start-up render).
    expect(await count(sql`select count(*)::int as n from blogs where html is null or summary is null`)).toBe(0);
    const posts = before.blogs as { id: number; content: string }[];
    if (posts.length > 0) {
      const [post] = await rows<{ summary: string }>(sql`select summary from blogs where id = ${posts[0]!.id}`);
      expect(post!.summary.length).toBeGreaterThan(0);
    }
    // 0008: a completed order's return window counts from its last change, the best record there is.
    const completed = (before.orders as { id: string; status: string; updated_at: string }[]).filter(
      (o) => o.status === 'Completed',
    );
    expect(completed.length).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*)::int as n from orders where status = 'Completed' and completed_at = updated_at`),
    ).toBe(completed.length);
    expect(
      await count(sql`select count(*)::int as n from orders where status <> 'Completed' and completed_at is not null`),
    ).toBe(0);
    // 0009, 0010: alerts on for everyone, nobody deleted, no store suspended, no operator invented.
    expect(
      await count(sql`select count(*)::int as n from accounts where not wishlist_alerts or deleted_at is not null`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from stores where status = 'suspended' or suspended_at is not null`),
    ).toBe(0);
    expect(await count(sql`select count(*)::int as n from accounts where role = 'operator'`)).toBe(0);
    // 0014: nothing hidden.
    expect(await count(sql`select count(*)::int as n from reviews where hidden_at is not null`)).toBe(0);
  });
});
