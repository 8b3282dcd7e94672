/**
 * The Chromium the browser tests (playwright.config.ts) and `npm run audit:js` launch: Debian's
 * package when it is installed (CI installs it; scripts/ensure-browser.ts does locally), else
 * Playwright's own download.
 */
import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Options to launch the Chromium at `executablePath`, or Playwright's own when it is absent. */
export function chromiumLaunchOptions(executablePath: string): LaunchOptions {
  if (!existsSync(executablePath)) return {};
  return {
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Chromium must not look up outside hosts from these machines.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  };
}
