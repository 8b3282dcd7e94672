import { defineConfig, type TestUserConfig } from 'vitest/config';

// Unit tests (schemas, helpers) and function tests (handlers against a real local BlobsServer).
// Browser tests live in tests/e2e and run under Playwright, not here.
//
// Projects: `unit` and `functions` run by default (`npm run test:unit`, `npx vitest run`);
// `storage-mutation` runs only when asked for, with `--project storage-mutation`.

/**
 * Set by stryker.config.mjs for the test runs of mutation testing: `all` (`npm run mutate`) or
 * `storage` (`npm run mutate:storage`). Unset otherwise.
 */
const strykerSet = process.env.STRYKER_SET;

// Under Stryker, instrumented code on a busy two-core machine makes a test of ten real scrypt
// logins outlast 30 s; Stryker's own timeout (stryker.config.mjs) still catches endless loops.
const timeout = strykerSet === undefined ? 30_000 : 120_000;

// The tests `npm run mutate:storage` runs: the function tests about storing, listing, searching
// and editing records (the ones that exercise store.ts, timeline.ts and timeline-index.ts on
// purpose). Every function test passes through those modules, so running them all for each
// mutant would take most of a day on two cores; leaving the others out can only lower the score.
// Left out as well: read-your-writes (40 s of 200 concurrent posts, more than all the others
// together; leads/search.test.ts checks the same rule with 40) and deadline (8 s of real
// timeouts; storage/store-failures.test.ts checks the deadline with short ones).
const STORAGE_TESTS = [
  'announcements/announcement-records',
  'deploy/deploy-context',
  'leads/contact',
  'leads/enquiries',
  'leads/enquiries-csv',
  'leads/erasure',
  'leads/follow-up',
  'leads/follow-up-races',
  'leads/idempotency-keys',
  'leads/retention',
  'leads/search',
  'leads/submission-retries',
  'storage/concurrency',
  'storage/id-collisions',
  'storage/index-first-build',
  'storage/index-repair',
  'storage/record-conflicts',
  'storage/store-failures',
  'storage/timeline',
  'storage/unavailable',
].map((name) => `tests/functions/${name}.test.ts`);

// Typed as Vitest's full user config, which has `project` (the default of the `--project` filter:
// a `--project` on the command line replaces it).
const test: TestUserConfig = {
  environment: 'node',
  // One test file per core. Vitest's default leaves a core free (one worker on a two-core
  // machine), yet most files wait on their Blobs server and on scrypt half the time.
  maxWorkers: '100%',
  testTimeout: timeout,
  hookTimeout: timeout,
  project: strykerSet === 'storage' ? ['storage-mutation'] : ['unit', 'functions'],
  projects: [
    {
      extends: true,
      test: {
        name: 'unit',
        include: ['tests/unit/**/*.test.ts'],
        // Type tests (`*.test-d.ts`): what must not compile, such as a misnamed lead field. Their
        // own tsconfig checks them and what they import, not the whole project (whose Astro
        // types exist only after a build).
        typecheck: {
          enabled: true,
          include: ['tests/unit/**/*.test-d.ts'],
          tsconfig: 'tests/unit/tsconfig.types.json',
        },
      },
    },
    { extends: true, test: { name: 'functions', include: ['tests/functions/**/*.test.ts'] } },
    { extends: true, test: { name: 'storage-mutation', include: STORAGE_TESTS } },
  ],
};

export default defineConfig({ test });
