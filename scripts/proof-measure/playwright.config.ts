/**
 * `npm run measure:proof` (figures for issue 38, not a test): how long the forms' proof of work
 * takes to solve in Chromium at 1× and 4× CPU throttling (CDP Emulation.setCPUThrottlingRate),
 * and the bytes the worker and its starter add to a page. The browser tests' configuration (a
 * fresh build and server) with this folder's measurement.
 */
import { join } from 'node:path';
import base from '../../playwright.config.ts';

const root = join(import.meta.dirname, '../..');

export default {
  ...base,
  testDir: import.meta.dirname,
  testMatch: /\.measure\.ts$/,
  retries: 0,
  workers: 1,
  timeout: 600_000,
  reporter: [['list']],
  projects: [base.projects![1]!],
  // A server already on E2E_PORT (with dist/ built) is measured as it is.
  webServer: { ...base.webServer, cwd: root, reuseExistingServer: true },
};
