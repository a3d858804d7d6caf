import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { operatorMessages } from '@pricehub/shared/schemas/operator';
import { buildTestApp } from '../../testing/test-app';
import { ADMIN_TOKEN_HEADER } from '../ingestion/internal-routes';
import { announceServer, withdrawServer } from '../../db/server-handoff';

const run = promisify(execFile);
const t = await buildTestApp();
const dataDir = mkdtempSync(join(tmpdir(), 'pricehub-operator-cli-'));
await t.app.listen({ port: 0, host: '127.0.0.1' });
const port = (t.app.server.address() as { port: number }).port;
const info = announceServer({ dataDir }, port);
afterAll(() => withdrawServer({ dataDir }));

const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const cli = fileURLToPath(new URL('./operator-cli.ts', import.meta.url));
const tsx = join(root, 'node_modules/.bin/tsx');
// About the embedded database: the command never inherits the suite's DATABASE_URL.
const operatorCli = (dir: string, args: string[]) =>
  run(tsx, [cli, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: dir, PUBLIC_URL: 'https://ops.example.test' },
    timeout: 90_000,
  });
const create = (email: string, password = 'Str0ng!pass') => [
  'create',
  '--email',
  email,
  '--name',
  'Night Shift',
  '--password',
  password,
];
const signIn = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'Str0ng!pass', role: 'operator' },
  });

describe('npm run operator -- create, with the server running', () => {
  it('hands the account to the server, which can sign it in at once', async () => {
    const { stdout } = await operatorCli(dataDir, create('night@example.test'));
    expect(stdout).toContain(`through the running server on port ${port}`);
    expect(stdout).toContain('https://ops.example.test/operator/login');
    expect((await signIn('night@example.test')).statusCode).toBe(200);
  });

  it('says so when the email is taken, and exits 1', async () => {
    await expect(operatorCli(dataDir, create('night@example.test'))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(operatorMessages.emailTaken),
    });
  });

  it('refuses a weak password with the sign-up rule, before touching the database', async () => {
    await expect(operatorCli(dataDir, create('weak@example.test', 'password1'))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`password: ${messages.registration.weakPassword}`),
    });
    expect((await signIn('weak@example.test')).statusCode).toBe(401);
  });

  it('prints usage for a missing option or command (exit 2)', async () => {
    await expect(operatorCli(dataDir, ['create', '--email', 'x@example.test'])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('usage: npm run operator -- create'),
    });
    await expect(operatorCli(dataDir, ['delete'])).rejects.toMatchObject({ code: 2 });
  });

  it('is the only way in: the internal route wants the token, from this machine', async () => {
    const payload = { email: 'sneaky@example.test', name: 'Sneaky', password: 'Str0ng!pass' };
    const url = '/api/internal/operators';
    expect((await t.app.inject({ method: 'POST', url, payload, remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
    const remote = await t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: '203.0.113.9',
      headers: { [ADMIN_TOKEN_HEADER]: info.token },
    });
    expect(remote.statusCode).toBe(403);
    expect((await signIn('sneaky@example.test')).statusCode).toBe(401);
  });
});

describe('npm run operator -- create, with no server running', () => {
  it('opens the embedded database itself under the lock, then releases it', async () => {
    const own = mkdtempSync(join(tmpdir(), 'pricehub-operator-direct-'));
    const { stdout } = await operatorCli(own, create('direct@example.test'));
    expect(stdout).toContain(`Created operator direct@example.test`);
    expect(stdout).toContain(`PGlite in ${own}`);
    expect(existsSync(join(own, 'pglite.lock'))).toBe(false);
    await expect(operatorCli(own, create('direct@example.test'))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(operatorMessages.emailTaken),
    });
  }, 180_000);
});
