import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/** Tests that replace a module (vi.mock) or reload one: with a shared module graph the stand-in could miss or leak. */
export const isolatedWebTests = [
  'src/features/catalog/components/image-upload.test.tsx',
  'src/features/catalog/pages/add-product-page.test.tsx',
  'src/features/photo-search/components/photo-search-button.test.tsx',
  'src/features/photo-search/model/brand-predictor.test.ts',
  // Each test imports the module afresh (vi.resetModules), for a module that keeps its worker.
  'src/features/photo-search/model/text-reader-worker.test.ts',
];

const webTests = {
  root: import.meta.dirname,
  environment: 'happy-dom' as const,
  setupFiles: ['src/test/setup.ts'],
  css: false,
  // A page test walks a whole form in happy-dom; with the server's tests on the other worker of a 2-core machine
  // that has taken more than the default 5 s.
  testTimeout: 15_000,
  // In CI a failed page test runs once more, as the browser tests do (e2e/playwright.config.ts): under the full
  // suite on two cores a form test has, rarely, missed a state change it waits for (external-stores-page, 26 Nov;
  // it passed in isolation and under added CPU load every time since). A test that fails twice fails the run.
  retry: process.env.CI ? 1 : 0,
  // Globals a test stubbed (fetch, EventSource) are put back before the next one.
  unstubGlobals: true,
};

const plugins = [react()];

/** The web app's two projects, taken into the root vitest.config.ts. */
export const webProjects = [
  defineProject({
    plugins,
    test: {
      ...webTests,
      name: 'web',
      include: ['src/**/*.test.{ts,tsx}'],
      exclude: [...isolatedWebTests, '**/node_modules/**'],
      // The files a worker runs share one module graph: React, Mantine and the app are imported once per worker,
      // not once per file (67 of the project's 84 s were imports). What a test leaves behind is undone after it:
      // stubbed globals by `unstubGlobals`, the DOM, fake timers and Mantine's notifications by src/test/setup.ts.
      isolate: false,
    },
  }),
  defineProject({
    plugins,
    test: { ...webTests, name: 'web-isolated', include: isolatedWebTests },
  }),
];
