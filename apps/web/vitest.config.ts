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
  },
});
