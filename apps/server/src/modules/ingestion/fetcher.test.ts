import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildTestApp } from '../../testing/test-app';
import { FetchError, PoliteFetcher } from './fetcher';
import { startFixtureServer } from './fixtures/fixture-server';
import { ingestSource } from './ingest';
import { isPrivateAddress } from './private-addresses';

const t = await buildTestApp();
const fixtures = await startFixtureServer();
afterAll(() => fixtures.close());
const fast = { timeoutMs: 2_000, backoffMs: 20, delayMs: 0, retries: 0 };
const fetcher = (allowPrivate: boolean) => new PoliteFetcher({ userAgent: 'PriceHub-test', allowPrivate, ...fast });
/** The fixture server under another host name: the same machine, but not the store's host. */
const otherHost = fixtures.url.replace('127.0.0.1', 'localhost');
const reached = (path: string) => fixtures.requests.some((r) => r.path === path);
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'fetched',
    (error: unknown) => (error instanceof FetchError ? error.message : `unexpected ${String(error)}`),
  );

describe('redirects', () => {
  it('follows a redirect on the same host', async () => {
    fixtures.route('/moved', (_req, res) => res.writeHead(301, { location: '/products/galaxy-a54.html' }).end());
    const page = await fetcher(true).fetch(`${fixtures.url}/moved`);
    expect(page.url).toBe(`${fixtures.url}/products/galaxy-a54.html`);
    expect(page.body).toContain('FM-A54-256');
  });

  it('does not follow a redirect to another host', async () => {
    fixtures.route('/away', (_req, res) => res.writeHead(302, { location: `${otherHost}/elsewhere` }).end());
    expect(await refusal(fetcher(true).fetch(`${fixtures.url}/away`))).toBe(
      `redirected to another host (${new URL(otherHost).host})`,
    );
    expect(reached('/elsewhere')).toBe(false);
  });

  it('reports a store whose source redirects away, and reads nothing from there', async () => {
    fixtures.route('/feed-away.xml', (_req, res) =>
      res.writeHead(307, { location: `${otherHost}/feed-elsewhere.xml` }).end(),
    );
    const report = await ingestSource(t.ctx, {
      store: 'Runaway Store',
      source: `${fixtures.url}/feed-away.xml`,
      fetcher: fast,
    });
    expect(report.failures).toEqual([
      { where: `${fixtures.url}/feed-away.xml`, reason: `redirected to another host (${new URL(otherHost).host})` },
    ]);
    expect(reached('/feed-elsewhere.xml')).toBe(false);
  });

  it('gives up after five redirects', async () => {
    fixtures.route('/loop', (_req, res) => res.writeHead(302, { location: '/loop' }).end());
    expect(await refusal(fetcher(true).fetch(`${fixtures.url}/loop`))).toBe('more than 5 redirects');
  });
});

describe('private addresses', () => {
  it('refuses 127.0.0.1 and a name that resolves to it, before any request, without INGEST_ALLOW_PRIVATE', async () => {
    const before = fixtures.requests.length;
    expect(await refusal(fetcher(false).fetch(`${fixtures.url}/`))).toBe(
      'refused: 127.0.0.1 is a private address (127.0.0.1)',
    );
    expect(await refusal(fetcher(false).fetch(`${otherHost}/`))).toMatch(/^refused: localhost is a private address/);
    expect(fixtures.requests.length).toBe(before);
  });

  it('is read from INGEST_ALLOW_PRIVATE, off unless set to 1, and reported by an ingest', async () => {
    expect(loadConfig({}).ingestAllowPrivate).toBe(false);
    expect(loadConfig({ INGEST_ALLOW_PRIVATE: '1' }).ingestAllowPrivate).toBe(true);
    const ctx = { ...t.ctx, config: { ...t.ctx.config, ingestAllowPrivate: false } };
    const report = await ingestSource(ctx, { store: 'Intranet Store', source: `${fixtures.url}/`, fetcher: fast });
    expect(report.new).toBe(0);
    expect(report.failures[0]!.reason).toBe('refused: 127.0.0.1 is a private address (127.0.0.1)');
  });

  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '0.0.0.0',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '::1',
    '::',
    'fd00:ec2::254',
    'fc00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::7f00:1',
    '64:ff9b::169.254.169.254',
  ])('counts %s as private', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '64:ff9b::808:808'])(
    'counts %s as public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('bodies', () => {
  it('reads a gzip-encoded page and refuses one that unpacks past the size limit', async () => {
    const html = '<html><body>compressed page</body></html>';
    fixtures.route('/gzipped.html', (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(html)),
    );
    fixtures.route('/bomb.html', (_req, res) =>
      res.writeHead(200, { 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(1_000_000, 'a'))),
    );
    expect((await fetcher(true).fetch(`${fixtures.url}/gzipped.html`)).body).toBe(html);
    const small = new PoliteFetcher({ userAgent: 'PriceHub-test', allowPrivate: true, ...fast, maxBytes: 100_000 });
    expect(await refusal(small.fetch(`${fixtures.url}/bomb.html`))).toBe('page larger than 100000 bytes');
  });
});
