import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER, DEMO_SELLER } from './db/seed/demo-accounts';

/** The real `npm start` entry point in its own process, as an operator starts it. */
function start(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    // Only what is given here: not the test runner's NODE_ENV or DATABASE_URL.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATABASE_URL: '', ...env },
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor(output: () => string, text: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!output().includes(text)) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" in:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'pricehub-main-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a production start', () => {
  it('refuses to start without SMTP_URL or MAIL_TO_LOG=1, naming the variable', async () => {
    const { child, output } = start({ NODE_ENV: 'production', DATA_DIR: dataDir });
    expect(await exited(child)).toBe(1);
    expect(output()).toMatch(/SMTP_URL: is required when NODE_ENV=production/);
  });

  it('seeds no demo shop, prints no demo login, and logs reset URLs without their token', async () => {
    const port = await freePort();
    const { child, output } = start({
      NODE_ENV: 'production',
      MAIL_TO_LOG: '1',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOBS: 'off',
      LOG_LEVEL: 'info',
      WEB_DIST: join(dataDir, 'no-web-build'),
    });
    try {
      await waitFor(output, 'PriceHub is running', child);
      const base = `http://127.0.0.1:${port}`;
      const signIn = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_SELLER.email, password: DEMO_SELLER.password, role: 'seller' }),
      });
      expect(signIn.status).toBe(401);
      const token = 'SeCrEtToKeN-0123456789abcdef';
      expect((await fetch(`${base}/api/auth/password-reset/${token}`)).status).toBe(404);
      expect((await fetch(`${base}/userpassword/reset/${token}`)).status).toBe(404);
      await waitFor(output, '/userpassword/reset/:token', child);
      expect(output()).toContain('/api/auth/password-reset/:token');
      expect(output()).not.toContain(token);
      for (const secret of [DEMO_SELLER.password, DEMO_CUSTOMER.password, DEMO_SELLER.email]) {
        expect(output()).not.toContain(secret);
      }
      // One access line a request, written once the answer has gone: its status and how long it took.
      const accessLines = output()
        .split('\n')
        .filter((line) => line.includes(`/userpassword/reset/:token`))
        .map((line) => JSON.parse(line) as { msg: string; res?: { statusCode: number }; responseTime?: number });
      expect(accessLines).toHaveLength(1);
      expect(accessLines[0]).toMatchObject({ msg: 'request completed', res: { statusCode: 404 } });
      expect(accessLines[0]!.responseTime).toBeGreaterThanOrEqual(0);
    } finally {
      child.kill('SIGTERM');
      await exited(child);
    }
  }, 120_000);
});
