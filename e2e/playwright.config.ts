import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

const port = Number(process.env.E2E_PORT ?? 8123);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/pricehub-e2e-${process.pid}`;

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // A fresh embedded database per run, seeded with the demo shop on first start.
    command: `rm -rf ${dataDir} && npm run start -w @pricehub/server`,
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/auth/session`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      JOBS: 'on',
      // The offers spec ingests from a fixture server on 127.0.0.1, which ingestion refuses by default (SSRF guard).
      INGEST_ALLOW_PRIVATE: '1',
      // Browser tests that read mail start an SMTP server on this port (see e2e/fixtures/mailbox.ts).
      SMTP_URL: `smtp://127.0.0.1:${port + 1}`,
      ...(process.env.E2E_WEB_DIST ? { WEB_DIST: process.env.E2E_WEB_DIST } : {}),
    },
  },
});
