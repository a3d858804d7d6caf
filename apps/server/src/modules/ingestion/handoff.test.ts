import { execFile } from 'node:child_process';
import { mkdtempSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { buildTestApp } from '../../testing/test-app';
import { ADMIN_TOKEN_HEADER } from './internal-routes';
import { announceServer, readServerInfo, serverInfoPath, withdrawServer } from '../../db/server-handoff';

const run = promisify(execFile);
const t = await buildTestApp();
const dataDir = mkdtempSync(join(tmpdir(), 'pricehub-handoff-'));
const config = { dataDir };
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as { port: number }).port;
const info = announceServer(config, port);
afterAll(() => withdrawServer(config));

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const cli = fileURLToPath(new URL('./ingest-cli.ts', import.meta.url));
const feed = fileURLToPath(new URL('./fixtures/feed.xml', import.meta.url));
const tsx = join(root, 'node_modules/.bin/tsx');
// These tests are about the embedded database, so the CLI never inherits the suite's DATABASE_URL.
const ingestCli = (env: Record<string, string>, args: string[]) =>
  run(tsx, [cli, ...args], { cwd: root, env: { ...process.env, DATABASE_URL: '', ...env }, timeout: 110_000 });

describe('handing ingestion to the running server', () => {
  it('writes server.json readable by its owner only, with the port and a token', () => {
    expect(statSync(serverInfoPath(dataDir)).mode & 0o777).toBe(0o600);
    expect(readServerInfo(dataDir)).toEqual({ pid: process.pid, port, token: info.token });
  });

  it('refuses the internal route without the token', async () => {
    const payload = { store: 'Nope', source: feed };
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/internal/ingest',
      payload,
      remoteAddress: '127.0.0.1',
    });
    expect(none.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/internal/ingest',
      payload,
      remoteAddress: '127.0.0.1',
      headers: { [ADMIN_TOKEN_HEADER]: 'f'.repeat(64) },
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('refuses the right token from another machine', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/internal/ingest',
      payload: { store: 'Nope', source: feed },
      remoteAddress: '203.0.113.9',
      headers: { [ADMIN_TOKEN_HEADER]: info.token },
    });
    expect(res.statusCode).toBe(403);
  });

  it('`npm run ingest` sends the job to the server, which writes it to its own database', async () => {
    const { stdout } = await ingestCli({ DATA_DIR: dataDir }, [
      '--store',
      'Handoff Store',
      '--source',
      feed,
      '--format',
      'gmc',
    ]);
    expect(stdout).toContain(`through the running server on port ${port}`);
    expect(stdout).toMatch(/new:\s+3/);
    const list = await t.app.inject({ method: 'GET', url: '/api/external-products?store=Handoff%20Store' });
    expect(list.json().total).toBe(3);
    // The operators' run history shows it, as a run of the command.
    const runs = await queryRows<{ trigger: string; status: string; new_count: number; failed_count: number }>(
      t.ctx.db,
      sql`select r.trigger, r.status, r.new_count, r.failed_count from external_store_runs r
          join external_stores s on s.id = r.store_id where s.name = 'Handoff Store'`,
    );
    expect(runs).toEqual([{ trigger: 'command', status: 'done', new_count: 3, failed_count: 0 }]);
  });

  it('prints usage for missing arguments', async () => {
    await expect(ingestCli({ DATA_DIR: dataDir }, ['--store', 'X'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage: npm run ingest'),
    });
  });
});

describe('ingesting with no server running', () => {
  it('opens the embedded database itself under an exclusive lock, then releases it', async () => {
    const own = mkdtempSync(join(tmpdir(), 'pricehub-direct-'));
    const { stdout } = await ingestCli({ DATA_DIR: own }, ['--store', 'Direct Store', '--source', feed]);
    expect(stdout).toContain(`PGlite in ${own}`);
    expect(stdout).toMatch(/new:\s+3/);
    expect(existsSync(join(own, 'pglite.lock'))).toBe(false);
  }, 120_000);
});
