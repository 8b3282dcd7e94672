// @ts-check
/**
 * Mutation testing (`npm run mutate`; one module: `npm run mutate -- --mutate functions/_lib/body.ts`).
 * Not part of `npm test`: a full run takes long on two cores.
 *
 * Incremental: results are kept in `reports/stryker-incremental.json`, which is committed, so a
 * re-run (here, in CI or on a fresh clone) only tests mutants whose code or covering tests changed,
 * and a run over one module keeps the other modules' results. `--force` re-runs everything.
 * The HTML report (`reports/mutation/`) is not committed.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  // tests/unit and tests/functions only (no browser tests), with a longer per-test timeout.
  // `related`: each run loads only the test files that import the mutated module.
  vitest: { configFile: 'vitest.stryker.config.ts', related: true, pool: 'forks' },
  coverageAnalysis: 'perTest',
  mutate: ['functions/**/*.ts', 'src/lib/schemas/**/*.ts'],
  concurrency: 2,
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  thresholds: { high: 90, low: 80, break: null },
  // Function tests do real scrypt (2^17) and real HTTP, and other work shares the machine.
  timeoutMS: 15_000,
  dryRunTimeoutMinutes: 20,
  ignorePatterns: [
    'dist',
    '.astro',
    '.netlify',
    'test-results',
    'playwright-report',
    'bench-results',
    'reports',
  ],
  cleanTempDir: 'always',
};
