import { and, eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type {
  ExternalStore,
  ExternalStoreCreated,
  ExternalStoreRun,
  ExternalStoreRunStarted,
  SourcePreview,
} from '@pricehub/shared/schemas/operator-external-stores';
import { queryRows } from '../../db/client';
import { auditLog, offers, products } from '../../db/schema';
import { buildTestApp } from '../../testing/test-app';
import { merchantFeed, startFixtureServer } from '../ingestion/fixtures/fixture-server';
import { refreshDueStores } from '../ingestion/refresh';
import { createTestOperator } from './testing';

process.env.EXTERNAL_RUN_POLL_MS = '50';
const t = await buildTestApp();
const operator = await createTestOperator(t, { email: 'feeds.ops@example.test' });
const fixtures = await startFixtureServer();
afterAll(() => fixtures.close());
await t.app.listen({ port: 0, host: '127.0.0.1' });
const address = t.app.server.address();
const api = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;

// The feed a test changes: prices and which items it lists; item 3 has no price at first.
let priceOf = (i: number) => 10_000 + i;
let skip = new Set<number>();
let feedDelayMs = 0;
fixtures.route('/feed.xml', (_req, res) => {
  const xml = merchantFeed(6, priceOf, skip).replace('<g:price>10003.00 PKR</g:price>', '');
  setTimeout(() => res.writeHead(200, { 'content-type': 'application/xml' }).end(xml), feedDelayMs);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, path: string, payload?: object) =>
  t.app.inject({ method, url: `/api/operator/external-stores${path}`, payload, headers: { cookie: operator.cookie } });

async function finished(storeId: number, runId: number): Promise<ExternalStoreRun> {
  for (let i = 0; i < 200; i++) {
    const run = (await call('GET', `/${storeId}/runs/${runId}`)).json() as ExternalStoreRun;
    if (run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the run did not finish');
}

const list = async () => ((await call('GET', '')).json() as { items: ExternalStore[] }).items;
const auditOf = (storeId: number) =>
  t.ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'external-store'), eq(auditLog.targetId, String(storeId))))
    .orderBy(auditLog.id);

/** Reads a run's event stream to its end: every event's name and data. */
async function events(url: string): Promise<{ event: string; data: ExternalStoreRun }[]> {
  const res = await fetch(`${api.replace(/\/api$/, '')}${url}`, { headers: { cookie: operator.cookie } });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const text = await res.text();
  return text
    .split('\n\n')
    .filter((block) => block.startsWith('event:'))
    .map((block) => {
      const [, event] = /^event: (.+)$/m.exec(block)!;
      const [, data] = /^data: (.+)$/m.exec(block)!;
      return { event: event!, data: JSON.parse(data!) };
    });
}

const feedUrl = `${fixtures.url}/feed.xml`;
let store: ExternalStore;

describe('adding a store by the address of its feed', () => {
  it('previews the feed without saving anything: its format and first items', async () => {
    const res = await call('POST', '/preview', { source: feedUrl });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as SourcePreview;
    expect(preview).toMatchObject({ kind: 'gmc', total: 5, failed: 1 });
    expect(preview.items[0]).toMatchObject({ name: 'Feedphone Model 1 8GB 128GB', price: 10_001_00, inStock: true });
    expect(preview.failures[0]!.where).toBe(`${feedUrl} item 3`);
    expect(await list()).toEqual([]);
  });

  it('answers 201, runs it at once, and lists it with its last run, offers and next refresh', async () => {
    const res = await call('POST', '', { name: 'Feed Mart', source: feedUrl, intervalHours: 12 });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as ExternalStoreCreated;
    const run = await finished(created.store.id, created.run.id);
    expect(run).toMatchObject({ status: 'done', trigger: 'manual', new: 5, failed: 1, unavailable: 0 });
    expect(run.failures[0]!.reason).toMatch(/price/i);
    store = (await list())[0]!;
    expect(store).toMatchObject({
      name: 'Feed Mart',
      source: feedUrl,
      sourceKind: 'url',
      format: 'auto',
      intervalHours: 12,
      paused: false,
      offers: { total: 5, available: 5 },
      lastRun: expect.objectContaining({ id: run.id, new: 5 }),
    });
    expect(Date.parse(store.nextRunAt!) - Date.parse(store.lastRefreshedAt!)).toBe(12 * 3_600_000);
    const [audit] = await auditOf(store.id);
    expect(audit).toMatchObject({
      actor: operator.email,
      action: 'external-store.create',
      before: null,
      after: expect.objectContaining({ name: 'Feed Mart', source: feedUrl, intervalHours: 12 }),
    });
  });

  it('refuses a name in use, a path on the server, a non-web address and a bad interval, changing nothing', async () => {
    const cases: [object, number, RegExp][] = [
      [{ name: 'feed mart', source: feedUrl }, 409, /already has this name/],
      [{ name: 'Local', source: '/etc/passwd' }, 400, /http:\/\/ or https:\/\//],
      [{ name: 'Local', source: 'file:///etc/passwd' }, 400, /http:\/\/ or https:\/\//],
      [{ name: 'Slow', source: feedUrl, intervalHours: 0 }, 400, /1 to 720/],
      [{ name: '', source: feedUrl }, 400, /name/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await call('POST', '', payload);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().error.message).toMatch(message);
    }
    expect(await list()).toHaveLength(1);
  });
});

describe('"Refresh now"', () => {
  it('answers 202, streams progress then the report, and refuses a second run meanwhile', async () => {
    priceOf = (i) => (i === 1 ? 9_000 : 10_000 + i);
    skip = new Set([6]);
    feedDelayMs = 400;
    const res = await call('POST', `/${store.id}/refresh`);
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json() as ExternalStoreRunStarted;
    expect(started.run.status).toBe('running');
    const again = await call('POST', `/${store.id}/refresh`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/being refreshed already/);

    const stream = await events(started.events);
    feedDelayMs = 0;
    expect(stream[0]).toMatchObject({ event: 'progress', data: { status: 'running' } });
    const report = stream.at(-1)!;
    expect(report.event).toBe('report');
    expect(report.data).toMatchObject({ status: 'done', new: 0, updated: 1, unchanged: 3, unavailable: 1, failed: 1 });
    const audit = await auditOf(store.id);
    expect(audit.at(-1)).toMatchObject({ action: 'external-store.refresh', after: { runId: started.run.id } });
  });

  it('lists the runs, newest first, with their counts and failures', async () => {
    const res = await call('GET', `/${store.id}/runs`);
    const runs = (res.json() as { items: ExternalStoreRun[] }).items;
    expect(runs.map((r) => [r.new, r.updated, r.unchanged, r.unavailable, r.failed])).toEqual([
      [0, 1, 3, 1, 1],
      [5, 0, 0, 0, 1],
    ]);
    expect(runs[0]!.failures).toEqual([{ where: `${feedUrl} item 3`, reason: expect.any(String) }]);
  });

  it('records a source that cannot be read as a run with its failure', async () => {
    fixtures.route('/gone.xml', (_req, res) => res.writeHead(404).end());
    const patched = await call('PATCH', `/${store.id}`, { source: `${fixtures.url}/gone.xml` });
    expect(patched.statusCode, patched.body).toBe(200);
    const { run } = (await call('POST', `/${store.id}/refresh`)).json() as ExternalStoreRunStarted;
    expect(await finished(store.id, run.id)).toMatchObject({
      status: 'done',
      failed: 1,
      failures: [{ where: `${fixtures.url}/gone.xml`, reason: 'HTTP 404' }],
    });
    // Offers it could not see stay as they were.
    expect((await list())[0]!.offers).toEqual({ total: 5, available: 4 });
    await call('PATCH', `/${store.id}`, { source: feedUrl });
  });

  it('refuses to refresh a store with no address (demo data) until it is given one', async () => {
    await t.ctx.db.execute(sql`insert into external_stores (name, slug) values ('Seeded Mart', 'seeded-mart')`);
    const seeded = (await list()).find((s) => s.name === 'Seeded Mart')!;
    expect(seeded).toMatchObject({ sourceKind: 'none', source: '', nextRunAt: null, lastRun: null });
    const res = await call('POST', `/${seeded.id}/refresh`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This store has no address to read; give it one first');
    const given = await call('PATCH', `/${seeded.id}`, { source: feedUrl });
    expect(given.json()).toMatchObject({ sourceKind: 'url', source: feedUrl });
    await call('DELETE', `/${seeded.id}`);
  });

  it('answers 404 for a store or run that does not exist', async () => {
    expect((await call('POST', '/999999/refresh')).statusCode).toBe(404);
    expect((await call('GET', `/${store.id}/runs/999999`)).statusCode).toBe(404);
    expect((await call('GET', `/${store.id}/runs/999999/events`)).statusCode).toBe(404);
  });
});

describe('changing a store', () => {
  it('pauses it: the scheduler skips it, and the audit log says paused, before and after', async () => {
    const res = await call('PATCH', `/${store.id}`, { paused: true });
    expect(res.json()).toMatchObject({ paused: true, nextRunAt: null });
    await t.ctx.db.execute(sql`update external_stores set last_refreshed_at = now() - interval '2 days'`);
    expect((await refreshDueStores(t.ctx)).reports).toEqual([]);
    expect((await auditOf(store.id)).at(-1)).toMatchObject({
      action: 'external-store.pause',
      before: { paused: false },
      after: { paused: true },
    });
  });

  it('resumes it and sets its interval; the scheduler then runs it and records the run', async () => {
    const res = await call('PATCH', `/${store.id}`, { paused: false, intervalHours: 2 });
    expect(res.json()).toMatchObject({ paused: false, intervalHours: 2 });
    expect((await auditOf(store.id)).at(-1)).toMatchObject({
      action: 'external-store.update',
      before: { paused: true, intervalHours: 12 },
      after: { paused: false, intervalHours: 2 },
    });
    const { reports } = await refreshDueStores(t.ctx);
    expect(reports).toHaveLength(1);
    expect((await list())[0]!.lastRun).toMatchObject({ trigger: 'schedule', status: 'done' });
  });

  it('refuses nothing to change, and a name another store has', async () => {
    expect((await call('PATCH', `/${store.id}`, {})).statusCode).toBe(400);
    await call('POST', '', { name: 'Other Feed', source: `${fixtures.url}/other.xml` });
    const res = await call('PATCH', `/${store.id}`, { name: 'OTHER FEED' });
    expect(res.statusCode).toBe(409);
  });
});

describe('adding a store by uploading a file', () => {
  const csv = `id,title,link,price,availability,brand
UP-1,Uploadphone X1 8GB 256GB,https://upload.test/p/1,"Rs 55,000",in_stock,Uploadphone
UP-2,Uploadphone X2 8GB 256GB,https://upload.test/p/2,PKR 65000,out_of_stock,Uploadphone
`;
  const form = (file: Blob, name: string, fields: Record<string, string> = {}) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.set(k, v);
    body.set('file', file, name);
    return body;
  };
  const post = (path: string, body: FormData) =>
    fetch(`${api}/operator/external-stores${path}`, { method: 'POST', body, headers: { cookie: operator.cookie } });

  it('previews the file as CSV without saving it', async () => {
    const res = await post('/preview', form(new Blob([csv]), 'prices.csv'));
    expect(res.status).toBe(200);
    const preview = (await res.json()) as SourcePreview;
    expect(preview).toMatchObject({ kind: 'csv', total: 2, failed: 0 });
    expect(preview.items.map((i) => i.price)).toEqual([55_000_00, 65_000_00]);
  });

  it('saves it, reads it into offers, and shows the file name as its source, with no scheduled refresh', async () => {
    const res = await post('', form(new Blob([csv]), 'prices.csv', { name: 'Upload Traders', intervalHours: '24' }));
    expect(res.status).toBe(201);
    const created = (await res.json()) as ExternalStoreCreated;
    expect(await finished(created.store.id, created.run.id)).toMatchObject({ trigger: 'upload', new: 2 });
    const uploaded = (await list()).find((s) => s.name === 'Upload Traders')!;
    expect(uploaded).toMatchObject({ source: 'prices.csv', sourceKind: 'file', nextRunAt: null });
    expect(uploaded.offers).toEqual({ total: 2, available: 2 });
    const patch = await call('PATCH', `/${uploaded.id}`, { source: feedUrl });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().error.message).toMatch(/upload a new file/);
  });

  it('takes a new file for it, read in a new run, and audited; a store read from an address takes none', async () => {
    const uploaded = (await list()).find((s) => s.name === 'Upload Traders')!;
    const next = csv.replace('Rs 55,000', 'Rs 52,000').split('\n').slice(0, 2).join('\n');
    const res = await post(`/${uploaded.id}/file`, form(new Blob([next]), 'prices-2.csv'));
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as ExternalStoreRunStarted;
    expect(await finished(uploaded.id, run.id)).toMatchObject({ trigger: 'upload', updated: 1, unavailable: 1 });
    expect((await list()).find((s) => s.id === uploaded.id)).toMatchObject({ source: 'prices-2.csv' });
    expect((await auditOf(uploaded.id)).at(-1)).toMatchObject({
      action: 'external-store.upload',
      before: { file: 'prices.csv' },
      after: { file: 'prices-2.csv', runId: run.id },
    });
    const other = (await list()).find((s) => s.name === 'Other Feed')!;
    const refused = await post(`/${other.id}/file`, form(new Blob([csv]), 'prices.csv'));
    expect(refused.status).toBe(400);
  });

  it('refuses a file over 5 MB (413), a binary file and a form without a file (400)', async () => {
    const big = await post('/preview', form(new Blob(['a'.repeat(5 * 1024 * 1024 + 10)]), 'big.csv'));
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { message: string } }).error.message).toMatch(/at most 5 MB/);
    const binary = await post(
      '/preview',
      form(new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff])]), 'x.csv'),
    );
    expect(binary.status).toBe(400);
    const none = new FormData();
    none.set('name', 'No File');
    expect((await post('', none)).status).toBe(400);
    expect((await list()).some((s) => s.name === 'No File')).toBe(false);
  });
});

describe('deleting a store', () => {
  it('removes its offers and their price history, recounts the products it priced, and audits the counts', async () => {
    const [first] = await t.ctx.db.select().from(offers).where(eq(offers.externalStoreId, store.id)).limit(1);
    const res = await call('DELETE', `/${store.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/deleted with its 5 offers and their price history/);
    expect(await t.ctx.db.select().from(offers).where(eq(offers.externalStoreId, store.id))).toEqual([]);
    const [points] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from price_points where offer_id = ${first!.id}`,
    );
    expect(points!.n).toBe(0);
    const [product] = await t.ctx.db.select().from(products).where(eq(products.id, first!.productId));
    expect(product).toMatchObject({ offerCount: 0 });
    expect((await auditOf(store.id)).at(-1)).toMatchObject({
      action: 'external-store.delete',
      before: expect.objectContaining({ name: 'Feed Mart', offers: 5, pricePoints: expect.any(Number) }),
      after: null,
    });
    expect((await call('GET', `/${store.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/${store.id}`)).statusCode).toBe(404);
  });
});

describe('OpenAPI', () => {
  it('documents the Other stores routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/operator/external-stores',
        '/api/operator/external-stores/preview',
        '/api/operator/external-stores/{id}/refresh',
        '/api/operator/external-stores/{id}/runs/{runId}/events',
      ]),
    );
  });
});
