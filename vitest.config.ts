import { defineConfig } from 'vitest/config';
import { webProjects } from './apps/web/vitest.config';

/** Server tests that mock a module (vi.mock): with a shared module graph the mock could miss or leak. */
const isolatedServerTests = ['apps/server/src/modules/blogs/blogs.test.ts'];

/** What both server projects share: each run migrates a template database once, and every file copies it. */
const serverTests = {
  environment: 'node',
  globalSetup: ['apps/server/src/testing/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
} as const;

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
          ...serverTests,
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...isolatedServerTests, '**/node_modules/**'],
          // The files a worker runs share one module graph: the app is imported once per worker, not once per
          // file (half the suite's time). What a file leaves behind is undone by the per-file setup.
          isolate: false,
          setupFiles: ['apps/server/src/testing/per-file-setup.ts'],
        },
      },
      {
        // Files that replace a module (vi.mock) run in a module graph of their own.
        test: { ...serverTests, name: 'server-isolated', include: isolatedServerTests },
      },
      {
        test: {
          name: 'brand-model',
          include: ['packages/brand-model/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      ...webProjects,
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
