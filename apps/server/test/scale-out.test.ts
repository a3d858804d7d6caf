/**
 * Two real server processes on one PostgreSQL database, as docs/deploy.md describes. Runs in .ci/run (project
 * "scale-out"), against DATABASE_URL or the local server at 127.0.0.1:5432.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type Database } from '../src/db/client';
import { withDatabase } from '../src/testing/global-setup';

const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `ph_scale_${randomBytes(5).toString('hex')}`;
const url = withDatabase(adminUrl, dbName);
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const ports = [18000 + Math.floor(Math.random() * 500) * 2, 0].map((p, i, all) => (i === 0 ? p : all[0]! + 1));
const smtpPort = ports[0]! + 1000;
const publicUrl = `http://127.0.0.1:${ports[0]}`;

let admin: Database;
let db: Database;
const servers: ChildProcess[] = [];
const delivered: string[] = [];
let smtp: SMTPServer;

const base = (i: number) => `http://127.0.0.1:${ports[i]}`;

async function call(i: number, method: string, path: string, body?: unknown, cookie?: string) {
  const res = await fetch(base(i) + path, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(cookie ? { cookie } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : undefined, headers: res.headers };
}

async function waitReady(i: number) {
  for (let n = 0; n < 240; n++) {
    try {
      if ((await fetch(`${base(i)}/api/ready`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server ${i} did not become ready`);
}

async function account(i: number, role: 'customer' | 'seller') {
  const email = `${role}-${randomBytes(4).toString('hex')}@example.test`;
  const password = 'Sc4le!pass';
  const body =
    role === 'customer'
      ? { name: 'Scale Shopper', email, password, phone: '03001234567', address: '1 Road' }
      : {
          sellerName: 'Scale Seller',
          storeName: `Scale ${email}`,
          email,
          password,
          phone: '03001234567',
          license: email,
        };
  expect((await call(i, 'POST', role === 'customer' ? '/api/auth/customers' : '/api/auth/sellers', body)).status).toBe(
    201,
  );
  const login = await call(i, 'POST', '/api/auth/login', { email, password, role });
  expect(login.status).toBe(200);
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  return { email, cookie };
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (c) => (data += c));
      stream.on('end', () => {
        delivered.push(data);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  admin = await openDatabase({ url: adminUrl, poolSize: 1 });
  await admin.db.execute(sql.raw(`create database ${dbName}`));
  for (const port of ports) {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: url,
        PORT: String(port),
        PUBLIC_URL: publicUrl,
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        JOBS: 'on',
        DATA_DIR: `/tmp/${dbName}`,
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    servers.push(child);
  }
  await Promise.all([waitReady(0), waitReady(1)]);
  db = await openDatabase({ url, poolSize: 2 });
}, 300_000);

afterAll(async () => {
  for (const s of servers) s.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => (s.exitCode !== null ? r(null) : s.once('exit', r)))));
  await db?.close();
  await admin?.db.execute(sql.raw(`drop database if exists ${dbName} with (force)`));
  await admin?.close();
  await new Promise<void>((r) => smtp.close(() => r()));
}, 60_000);

describe('two servers on one PostgreSQL', () => {
  it('seeded the demo shop once although both started together', async () => {
    const [row] = await queryRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from accounts where email = 'seller@pricehub.test'`,
    );
    expect(row!.n).toBe(1);
  });

  it('accepts a session made on server A on server B', async () => {
    const customer = await account(0, 'customer');
    const session = await call(1, 'GET', '/api/auth/session', undefined, customer.cookie);
    expect(session.json.user.email).toBe(customer.email);
  });

  it('never oversells when shoppers check out on both servers at once', async () => {
    const seller = await account(0, 'seller');
    const created = await call(
      0,
      'POST',
      '/api/seller/products',
      {
        name: 'Scale Test Phone 8GB 128GB',
        brand: 'Samsung',
        category: 'mobile',
        description: 'A phone for the scale-out test',
        ram: 8,
        storage: 128,
        price: 50000,
        quantity: 5,
        image: '/uploads/demo/none.svg',
      },
      seller.cookie,
    );
    expect(created.status).toBe(201);
    // Cart lines and order lines hold the seller's listing (201 {listing, product}).
    const listingId = created.json.listing.id;
    const shoppers = await Promise.all(Array.from({ length: 12 }, (_, n) => account(n % 2, 'customer')));
    for (const [n, s] of shoppers.entries()) {
      expect((await call(n % 2, 'POST', '/api/cart/items', { listingId, quantity: 1 }, s.cookie)).status).toBeLessThan(
        300,
      );
    }
    const results = await Promise.all(
      shoppers.map((s, n) =>
        call(
          n % 2,
          'POST',
          '/api/checkout',
          { paymentMethod: 'cashOnDel', shippingAddress: '1 Road, Lahore' },
          s.cookie,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 201 || r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 409)).toHaveLength(7);
    const [stock] = await queryRows<{ quantity: number }>(
      db.db,
      sql`select quantity from listings where id = ${listingId}`,
    );
    expect(stock!.quantity).toBe(0);
    const [sold] = await queryRows<{ n: number }>(
      db.db,
      sql`select coalesce(sum(quantity), 0)::int as n from order_lines where listing_id = ${listingId}`,
    );
    expect(sold!.n).toBe(5);
  });

  it('runs each scheduled job on one server only: every mail is delivered exactly once', async () => {
    const customers = await Promise.all(Array.from({ length: 6 }, (_, n) => account(n % 2, 'customer')));
    const before = delivered.length;
    for (const [n, c] of customers.entries()) {
      expect((await call(n % 2, 'POST', '/api/auth/password-reset', { email: c.email, role: 'customer' })).status).toBe(
        202,
      );
    }
    const deadline = Date.now() + 40_000;
    while (Date.now() < deadline && delivered.length - before < customers.length)
      await new Promise((r) => setTimeout(r, 500));
    // Give a second sender time to (wrongly) send a duplicate before counting.
    await new Promise((r) => setTimeout(r, 7_000));
    const resets = delivered.slice(before).filter((m) => m.includes('Reset your PriceHub password'));
    const recipients = resets.map((m) => /^To: (.+)$/m.exec(m)?.[1]?.trim());
    expect(recipients).toHaveLength(customers.length);
    expect(new Set(recipients).size).toBe(customers.length);

    const [job] = await queryRows<{ run_count: number }>(
      db.db,
      sql`select run_count from jobs where name = 'auth:purge-expired'`,
    );
    // Hourly job, two servers, a few seconds old: it ran exactly once.
    expect(job!.run_count).toBe(1);
  });
});
