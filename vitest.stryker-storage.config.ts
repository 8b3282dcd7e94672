import { defineConfig } from 'vitest/config';
import base from './vitest.stryker.config.ts';

// The tests `npm run mutate:storage` runs: the function tests about storing, listing, searching
// and editing records (the ones that exercise store.ts, timeline.ts and timeline-index.ts on
// purpose). Every function test passes through those modules, so running them all for each
// mutant would take most of a day on two cores; leaving the others out can only lower the score.
// Left out as well: read-your-writes (40 s of 200 concurrent posts, more than all the others
// together; search.test.ts checks the same rule with 40) and deadline (8 s of real timeouts;
// storage-failures.test.ts checks the deadline with short ones).
export const STORAGE_TESTS = [
  'announcement-records',
  'concurrency',
  'contact',
  'deploy-context',
  'enquiries',
  'enquiries-csv',
  'erasure',
  'follow-up',
  'follow-up-races',
  'id-collisions',
  'idempotency-keys',
  'index-first-build',
  'index-repair',
  'record-conflicts',
  'retention',
  'search',
  'storage-failures',
  'storage-faults',
  'submission-retries',
  'timeline',
].map((name) => `tests/functions/${name}.test.ts`);

// mergeConfig would add to the base's `include`; this replaces it.
export default defineConfig({ ...base, test: { ...base.test, include: STORAGE_TESTS } });
