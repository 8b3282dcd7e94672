import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from './scripts/chromium.ts';
import { SoftPasskey } from './tests/support/soft-authenticator.ts';

const port = Number(process.env['E2E_PORT'] ?? 8899);
const baseURL = `http://localhost:${port}`;

// Admin credentials for this run only, handed to the server and to the tests.
process.env['E2E_ADMIN_USERNAME'] ??= 'e2e-admin';
process.env['E2E_ADMIN_PASSWORD'] ??= randomBytes(12).toString('base64url');
process.env['E2E_JWT_SECRET'] ??= randomBytes(48).toString('base64url');
// Data of this run only: tests never see, or leave records in, the data of `npm start`.
process.env['E2E_BLOBS_DIR'] ??= mkdtempSync(join(tmpdir(), 'e2e-blobs-'));
// The run's passkey for API sign-ins (tests/e2e/support.ts `adminToken`), one for every worker:
// its counter stays 0, so workers need not agree on one.
if (!process.env['E2E_PASSKEY_KEY'] || !process.env['E2E_PASSKEY_ID']) {
  const passkey = new SoftPasskey({ counter: null });
  process.env['E2E_PASSKEY_KEY'] = passkey.privateKey;
  process.env['E2E_PASSKEY_ID'] = passkey.credentialId;
}

/**
 * Specs whose behaviour does not change with the viewport (admin flows, API answers, markup):
 * they run in the desktop project only, and each sets 320 px itself where its layout matters.
 * Everything a visitor sees runs at both widths.
 */
const VIEWPORT_FREE = [
  'admin',
  'admin-applications',
  'admin-audit',
  'admin-follow-up',
  'admin-held',
  'admin-office-messages',
  'admin-outbox',
  'admin-passkeys',
  'admin-search',
  'anchors',
  'cms-unconfigured',
  'print',
  'proof-of-work',
  'routes',
  'server',
].map((name) => `**/${name}.spec.ts`);

// Named here and in the CI workflow, which installs Debian's Chromium at this path.
const launchOptions = chromiumLaunchOptions('/usr/bin/chromium');

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env['CI']),
  retries: process.env['CI'] ? 1 : 0,
  workers: 2,
  // Generous: axe over a long page on a busy 2-core machine takes 20 s and more.
  timeout: 45_000,
  reporter: process.env['CI'] ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'mobile',
      testIgnore: VIEWPORT_FREE,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 375, height: 812 },
        isMobile: false,
        hasTouch: true,
      },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'npm run build && npm run serve',
    url: `${baseURL}/`,
    // A fresh server per run: the admin credentials above are this run's own.
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      ADMIN_USERNAME: process.env['E2E_ADMIN_USERNAME'],
      ADMIN_PASSWORD: process.env['E2E_ADMIN_PASSWORD'],
      JWT_SECRET: process.env['E2E_JWT_SECRET'],
      BLOBS_DIR: process.env['E2E_BLOBS_DIR'],
      // The robot fills a form in a second: a person's fill time is not asked of it (hold.ts;
      // ignored on deploys). The held room's tests send without a proof of work instead.
      SPAM_FILL_TIME: 'off',
      // The suite holds a few hundred submissions an hour on purpose (no-JS sends, the held room's
      // pages); the ceiling itself is tested in tests/functions/held/held-quota.test.ts.
      HELD_SITE_PER_HOUR: '5000',
    },
  },
});
