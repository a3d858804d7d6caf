import { createServer, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/client';
import { buildTestApp } from '../testing/test-app';

const t = await buildTestApp();

/** A TCP server that accepts connections and never says a word: a database host that hangs. */
async function startBlackHole() {
  const sockets: Socket[] = [];
  const server = createServer((socket) => void sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const blackHole = await startBlackHole();
afterAll(() => blackHole.close());

/** Answers /api/ready with `db` standing in for the app's database handle. */
async function readyWith(db: Db) {
  const real = t.ctx.db;
  t.ctx.db = db;
  try {
    const started = Date.now();
    const res = await t.app.inject({ url: '/api/ready' });
    return { res, ms: Date.now() - started };
  } finally {
    t.ctx.db = real;
  }
}

describe('GET /api/ready', () => {
  it('answers 200 while the database answers', async () => {
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('answers 503 within 2 s when database queries never resolve', async () => {
    const hung = { execute: () => new Promise(() => {}) } as unknown as Db;
    const { res, ms } = await readyWith(hung);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('NOT_READY');
    expect(ms).toBeLessThan(2_000);
  });

  it('answers 503 within 2 s when the PostgreSQL server accepts connections but never answers', async () => {
    // A connect timeout longer than the probe's: the probe must not wait for the pool to give up.
    const database = await openDatabase({
      url: `postgres://app@127.0.0.1:${blackHole.port}/app`,
      connectTimeoutMs: 10_000,
    });
    try {
      const { res, ms } = await readyWith(database.db);
      expect(res.statusCode).toBe(503);
      expect(ms).toBeLessThan(2_000);
    } finally {
      void database.close().catch(() => {});
    }
  });

  it('answers 503 when the pool is closed', async () => {
    const database = await openDatabase({ url: `postgres://app@127.0.0.1:${blackHole.port}/app` });
    await database.close();
    const { res, ms } = await readyWith(database.db);
    expect(res.statusCode).toBe(503);
    expect(ms).toBeLessThan(2_000);
  });
});

/** The driver's error under drizzle's "Failed query" wrapper. */
const driverError = (query: Promise<unknown>) =>
  query.then(
    () => 'no error',
    (e: Error & { cause?: Error }) => (e.cause ?? e).message,
  );

describe('PostgreSQL pool timeouts', () => {
  it('gives up connecting to a server that never answers after the connect timeout', async () => {
    const database = await openDatabase({
      url: `postgres://app@127.0.0.1:${blackHole.port}/app`,
      connectTimeoutMs: 300,
    });
    const started = Date.now();
    expect(await driverError(database.db.execute(sql`select 1`))).toMatch(/timeout/i);
    expect(Date.now() - started).toBeLessThan(2_000);
    await database.close();
  });

  // PGlite has no statement timeout of its own: this runs on the PostgreSQL server every machine here has.
  it('has the server cancel a statement that runs past the statement timeout', async () => {
    const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    const database = await openDatabase({ url, poolSize: 1, statementTimeoutMs: 200 });
    try {
      expect(await driverError(database.db.execute(sql`select pg_sleep(2)`))).toMatch(/statement timeout/);
      // The connection stays usable afterwards.
      expect(await database.db.execute(sql`select 1 as one`)).toBeTruthy();
    } finally {
      await database.close();
    }
  });
});
