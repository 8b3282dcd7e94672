// @ts-check
import base from './stryker.config.mjs';

/**
 * Mutation testing of the storage hub (`npm run mutate:storage`): the one door to Blobs and the
 * record store with its index, against the storage-focused function tests
 * (vitest.stryker-storage.config.ts). Its own incremental file, so the narrower test set never
 * touches the results `npm run mutate` keeps for the other modules.
 *
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  ...base,
  vitest: {
    .../** @type {object} */ (base.vitest),
    configFile: 'vitest.stryker-storage.config.ts',
  },
  mutate: [
    'functions/_lib/repositories/store.ts',
    'functions/_lib/repositories/timeline.ts',
    'functions/_lib/repositories/timeline-index.ts',
  ],
  incrementalFile: 'reports/stryker-incremental-storage.json',
  htmlReporter: { fileName: 'reports/mutation-storage/index.html' },
};
