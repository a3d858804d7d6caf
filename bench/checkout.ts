/**
 * Checkout under contention: BUYERS customers, each with one unit in their cart, check out at the same moment
 * against a product that has STOCK units. Exactly STOCK orders must succeed, none may oversell, and the p95
 * request time must stay within P95_BUDGET_MS.
 *
 *   npx tsx bench/checkout.ts                                 # embedded PGlite (in memory)
 *   DATABASE_URL=postgres://… npx tsx bench/checkout.ts       # a PostgreSQL server (a scratch database is made)
 *
 * Requests go over real HTTP to a listening server; times are measured per request on the client.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import type { AppContext } from '../apps/server/src/context';
import { migrate, openDatabase, queryRows, type Database } from '../apps/server/src/db/client';
import { accounts, products, sessions, stores } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import { hashToken, newToken } from '../apps/server/src/modules/auth/tokens';
import { registerSeller } from '../apps/server/src/modules/auth/service';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
const STOCK = Number(process.env.BENCH_STOCK ?? 50);
const P95_BUDGET_MS = 250;

async function openBenchDatabase(): Promise<{ database: Database; label: string; drop?: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    await migrate(database);
    return { database, label: 'PGlite (in-process)' };
  }
  const name = `ph_bench_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ url, poolSize: 1 });
  await admin.db.execute(sql.raw(`create database ${name}`));
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), poolSize: Number(process.env.DB_POOL_SIZE ?? 20) });
  await migrate(database);
  return {
    database,
    label: `PostgreSQL (pool ${process.env.DB_POOL_SIZE ?? 20})`,
    drop: async () => {
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

export async function runCheckoutBench(): Promise<boolean> {
  const { database, label, drop } = await openBenchDatabase();
  const config = { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/pricehub-bench' }), jobs: false };
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mail: { kind: 'log', send: async () => {}, close: () => {} } as unknown as AppContext['mail'],
    now: () => new Date(),
  };
  const app = await buildApp(ctx);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    // Set-up goes through the services (not timed): a seller, one product, BUYERS customers with a session each.
    const password = 'Bench!passw0rd';
    const seller = await registerSeller(ctx, {
      sellerName: 'Bench Seller',
      storeName: `Bench Store ${randomBytes(3).toString('hex')}`,
      email: `bench-seller-${randomBytes(4).toString('hex')}@example.test`,
      password,
      phone: '03001234567',
      license: 'BENCH-1',
    });
    const [store] = await queryRows<{ id: number }>(
      ctx.db,
      sql`select id from ${stores} where seller_id = ${seller.id}`,
    );
    const [product] = await ctx.db
      .insert(products)
      .values({
        storeId: store!.id,
        name: 'Bench Phone',
        brand: 'Bench',
        category: 'mobile',
        price: 50_000_00,
        quantity: STOCK,
      })
      .returning({ id: products.id });
    const productId = product!.id;

    // Buyers are written in bulk with one password hash: hashing 200 passwords is not what is measured.
    const passwordHash = await hashPassword(password);
    const run = randomBytes(3).toString('hex');
    const buyers = await ctx.db
      .insert(accounts)
      .values(
        Array.from({ length: BUYERS }, (_, i) => ({
          role: 'customer' as const,
          email: `bench-buyer-${i}-${run}@example.test`,
          passwordHash,
          name: `Buyer ${i}`,
          phone: '03001234567',
          address: `${i} Bench Road, Lahore`,
        })),
      )
      .returning({ id: accounts.id });
    const tokens = buyers.map(() => newToken());
    await ctx.db.insert(sessions).values(
      buyers.map((b, i) => ({
        tokenHash: hashToken(tokens[i]!),
        accountId: b.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    );
    const cookies = tokens.map((token) => `ph_session=${token}`);
    for (const cookie of cookies) {
      const res = await fetch(`${base}/api/cart/items`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ productId }),
      });
      if (res.status !== 201) throw new Error(`add to cart: ${res.status} ${await res.text()}`);
    }

    // The contended moment: every buyer checks out at once.
    const body = JSON.stringify({ paymentMethod: 'cashOnDel', shippingAddress: '1 Bench Road, Lahore' });
    const started = performance.now();
    const results = await Promise.all(
      cookies.map(async (cookie) => {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/checkout`, {
          method: 'POST',
          headers: { cookie, 'content-type': 'application/json' },
          body,
        });
        await res.arrayBuffer();
        return { status: res.status, ms: performance.now() - t0 };
      }),
    );
    const wall = performance.now() - started;

    const times = results.map((r) => r.ms).sort((a, b) => a - b);
    const ok = results.filter((r) => r.status === 201).length;
    const refused = results.filter((r) => r.status === 409).length;
    const other = results.length - ok - refused;
    const [after] = await queryRows<{ quantity: number; units_sold: number }>(
      ctx.db,
      sql`select quantity, units_sold from products where id = ${productId}`,
    );
    const [sold] = await queryRows<{ n: number; orders: number }>(
      ctx.db,
      sql`select coalesce(sum(quantity), 0)::int as n, count(distinct order_id)::int as orders
          from order_lines where product_id = ${productId}`,
    );
    const oversold = Math.max(0, sold!.n - STOCK);
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    const pass =
      ok === STOCK &&
      sold!.orders === STOCK &&
      oversold === 0 &&
      after!.quantity === 0 &&
      other === 0 &&
      p95 <= P95_BUDGET_MS;

    console.log(`\ncheckout contention on ${label}`);
    console.log(`  buyers ${BUYERS}, stock ${STOCK}`);
    console.log(`  orders created ${sold!.orders} (201 answers ${ok}), refused 409 ${refused}, other ${other}`);
    console.log(
      `  units sold ${sold!.n}, oversold ${oversold}, stock left ${after!.quantity}, units_sold ${after!.units_sold}`,
    );
    console.log(
      `  latency ms: p50 ${p50.toFixed(1)}, p95 ${p95.toFixed(1)} (budget ${P95_BUDGET_MS}), max ${times.at(-1)!.toFixed(1)}, wall ${wall.toFixed(0)}`,
    );
    console.log(`  ${pass ? 'PASS' : 'FAIL'}`);
    return pass;
  } finally {
    await app.close();
    await database.close();
    await drop?.();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runCheckoutBench().then(
    (pass) => process.exit(pass ? 0 : 1),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
