import { defineConfig } from 'vitest/config';

// Unit tests (schemas, helpers) and function tests (handlers against a real local BlobsServer).
// Browser tests live in tests/e2e and run under Playwright, not here.
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/functions/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
