/**
 * Makes sure the browser tests have a Chromium: Debian's /usr/bin/chromium when present;
 * otherwise, as root on Debian, installs the `chromium` package; otherwise Playwright's own
 * browser (downloaded by `playwright install`, where the network allows it).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { DEBIAN_CHROMIUM } from './chromium.ts';

function run(command: string, args: string[]): void {
  execFileSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

if (existsSync(DEBIAN_CHROMIUM)) {
  console.log(`Browser tests use ${DEBIAN_CHROMIUM}.`);
} else if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
  console.log("Installing Debian's chromium for the browser tests…");
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium']);
} else {
  console.log("No system Chromium: installing Playwright's own browser…");
  run('npx', ['playwright', 'install', 'chromium']);
}
