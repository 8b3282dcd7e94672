/**
 * `npm run measure:admin`: the admin's figures for a report (issue 36), not a test: each room's
 * page height at 375 and 1280 px with 100 leads in each list, and the JavaScript each room costs
 * (gzip -9 of every script the room's page ran, as `npm run audit:js` counts). The browser tests'
 * configuration (a fresh build and server, this run's admin) with this folder's measurements.
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
  timeout: 300_000,
  reporter: [['list']],
  webServer: { ...base.webServer, cwd: root },
};
