import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // A page test walks a whole form in happy-dom; with the server's tests on the other worker of a 2-core machine
    // that has taken more than the default 5 s.
    testTimeout: 15_000,
    // In CI a failed page test runs once more, as the browser tests do (e2e/playwright.config.ts): under the full
    // suite on two cores a form test has, rarely, missed a state change it waits for (external-stores-page, 26 Nov;
    // it passed in isolation and under added CPU load every time since). A test that fails twice fails the run.
    retry: process.env.CI ? 1 : 0,
  },
});
