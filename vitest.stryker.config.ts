import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

// The tests `npm run mutate` runs: the same unit and function tests, with more time per test.
// Under Stryker, instrumented code on a busy two-core machine makes a test of ten real scrypt
// logins outlast 30 s; Stryker's own timeout (stryker.config.mjs) still catches endless loops.
export default mergeConfig(
  base,
  defineConfig({ test: { testTimeout: 120_000, hookTimeout: 120_000 } }),
);
