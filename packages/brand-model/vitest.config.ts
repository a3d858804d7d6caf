import { defineConfig } from 'vitest/config';

// Lets `npx vitest run --root packages/brand-model` run this package's tests until the root config lists them.
export default defineConfig({
  test: {
    name: 'brand-model',
    include: ['src/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
  },
});
