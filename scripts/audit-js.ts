/**
 * `npm run audit:js`: the JavaScript every page of the built site costs a visitor who reads it to
 * the last line, against its budget (scripts/js-audit/budgets.ts); exits 1 when a page is over.
 *
 * It serves dist/ as `npm run serve` does (scripts/serve.ts: Netlify's emulation, the API, a
 * throwaway data folder) on a free loopback port, reads each page in headless Chromium
 * (scripts/js-audit/read-page.ts) and prints one line per page. Build first (`npm test` builds in
 * test:e2e). `npm run audit:js -- /about /` measures only those routes.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { freePort } from './bench-kit.ts';
import { DEBIAN_CHROMIUM, chromiumLaunchOptions } from './chromium.ts';
import { report, routesIn, type PageCost } from './js-audit/budgets.ts';
import { readPage } from './js-audit/read-page.ts';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
/** Two pages at a time: the machines that run this have two cores. */
const CONCURRENCY = 2;

/** The same browser as the browser tests (playwright.config.ts). */
const launchOptions = chromiumLaunchOptions(DEBIAN_CHROMIUM);

/** scripts/serve.ts on `port`, with data and admin settings of this run only. */
async function serve(port: number, dataDir: string) {
  const child = spawn(process.execPath, [join(root, 'scripts/serve.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BLOBS_DIR: dataDir,
      ADMIN_USERNAME: 'audit',
      ADMIN_PASSWORD: randomBytes(12).toString('base64url'),
      JWT_SECRET: randomBytes(48).toString('base64url'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The local server stopped (${child.exitCode}).`);
    if (Date.now() > deadline) throw new Error('The local server did not answer in 2 minutes.');
    const up = await fetch(`${origin}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    origin,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

if (!existsSync(join(dist, 'index.html'))) {
  console.error('No build found in dist/: run `npm run build` first.');
  process.exit(1);
}
const asked = process.argv.slice(2);
const routes = asked.length > 0 ? asked : await routesIn(dist);

const started = performance.now();
const dataDir = await mkdtemp(join(tmpdir(), 'audit-js-'));
const server = await serve(await freePort(), dataDir);
const browser = await chromium.launch(launchOptions);
const costs: PageCost[] = [];
try {
  const queue = [...routes];
  const worker = async () => {
    for (let route = queue.shift(); route !== undefined; route = queue.shift()) {
      costs.push(await readPage(browser, server.origin, route));
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
} finally {
  await browser.close();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}

costs.sort((a, b) => a.route.localeCompare(b.route));
const { text, over } = report(costs);
console.log(text);
const seconds = ((performance.now() - started) / 1000).toFixed(0);
const verdict = over.length === 0 ? 'all within budget' : `${over.length} over budget`;
console.log(`\n${costs.length} pages read to the end in ${seconds} s; ${verdict}.`);
process.exitCode = over.length === 0 ? 0 : 1;
