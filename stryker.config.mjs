// @ts-check
/**
 * Mutation testing, in two sets chosen by the STRYKER_SET environment variable:
 *  - `all` (the default; `npm run mutate`): `functions/` and `src/lib/schemas/` against the unit
 *    and function tests (Vitest projects `unit` and `functions`);
 *  - `storage` (`npm run mutate:storage`): the storage hub (the one door to Blobs and the record
 *    store with its index) against the storage-focused function tests (Vitest project
 *    `storage-mutation`, listed in vitest.config.ts).
 * One module: `npm run mutate -- --mutate functions/_lib/body.ts`. Not part of `npm test`: a full
 * run takes long on two cores. Scores: reports/mutation.md.
 *
 * Incremental: each set keeps its results in its own file under `reports/` (not committed), so a
 * re-run only tests mutants whose code or covering tests changed, a run over one module keeps
 * the other modules' results, and the storage set's narrower tests never touch the results of
 * `all`. `--force` re-runs everything. The HTML reports (`reports/mutation*`) are not committed.
 */

const SETS = {
  all: {
    mutate: ['functions/**/*.ts', 'src/lib/schemas/**/*.ts'],
    incrementalFile: 'reports/stryker-incremental.json',
    htmlReporter: { fileName: 'reports/mutation/index.html' },
  },
  storage: {
    mutate: [
      'functions/_lib/repositories/store.ts',
      'functions/_lib/repositories/timeline.ts',
      'functions/_lib/repositories/timeline-index.ts',
    ],
    incrementalFile: 'reports/stryker-incremental-storage.json',
    htmlReporter: { fileName: 'reports/mutation-storage/index.html' },
  },
};

const set = process.env.STRYKER_SET ?? 'all';
if (set !== 'all' && set !== 'storage') {
  throw new Error(`STRYKER_SET must be "all" or "storage", not "${set}"`);
}
// Stryker's test runner processes inherit this environment: vitest.config.ts reads STRYKER_SET
// to give each test more time and, for `storage`, to run only the `storage-mutation` project.
process.env.STRYKER_SET = set;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // `related`: each run loads only the test files that import the mutated module.
  vitest: { configFile: 'vitest.config.ts', related: true, pool: 'forks' },
  coverageAnalysis: 'perTest',
  ...SETS[set],
  concurrency: 2,
  incremental: true,
  reporters: ['clear-text', 'progress', 'html'],
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
