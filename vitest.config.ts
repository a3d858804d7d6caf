import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // PGlite is CPU-bound WASM; two workers use a 2-core machine without thrashing.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/testing/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'brand-model',
          include: ['packages/brand-model/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      './apps/web/vitest.config.ts',
      {
        // Two real server processes on one PostgreSQL server: run by .ci/run, not by the default `vitest run`.
        test: {
          name: 'scale-out',
          include: ['apps/server/test/scale-out.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
