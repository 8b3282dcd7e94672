/**
 * Production-like local server (`npm start`, and what the browser tests run against).
 *
 * Netlify's own local emulation (@netlify/dev) serves dist/ with pretty URLs and applies
 * netlify.toml headers and redirects; functions/ are called in this process
 * (scripts/local-functions.ts) against Netlify's file-backed Blobs server
 * (scripts/local-blobs.ts): the same code that runs on Netlify, with no account and no network.
 * This wrapper starts them; scripts/local-server.ts answers requests, adding what the CDN would:
 * compression, the 404 page (with netlify.toml's headers), the 6 MB body cap, the client address.
 * Scheduled functions run on their intervals (scripts/local-schedule.ts).
 */
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { resolve } from 'node:path';
import { NetlifyDev } from '@netlify/dev';
import { ensureLocalAdmin } from './local-admin.ts';
import { startLocalBlobs } from './local-blobs.ts';
import { loadFunctions } from './local-functions.ts';
import { startSchedules } from './local-schedule.ts';
import { siteHandler, siteHeaders } from './local-server.ts';
import { fileFor } from './static-site.ts';
import { DEFAULT_LOCALE, TRANSLATED_LOCALES, localeOfPath } from '../src/i18n/locales.ts';
import { goneTarget, parseGoneRules } from '../src/lib/openings/gone.ts';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env['PORT'] ?? 8888);
const host = process.env['HOST'] ?? 'localhost';

if (existsSync(`${root}.env`)) process.loadEnvFile(`${root}.env`);
if (!existsSync(`${root}dist/index.html`)) {
  console.error('No build found in dist/: run `npm run build` first (or `npm start`).');
  process.exit(1);
}
const admin = ensureLocalAdmin(root);

const netlify = new NetlifyDev({
  projectRoot: root,
  serverAddress: null,
  edgeFunctions: { enabled: false },
  database: { enabled: false },
  images: { enabled: false },
  aiGateway: { enabled: false },
  geolocation: { enabled: false },
  // functions/ run in this process (scripts/local-functions.ts), not one worker per call,
  // against the Blobs server started below.
  functions: { enabled: false },
  blobs: { enabled: false },
});
await netlify.start();
// BLOBS_DIR gives a run data of its own (the browser tests use a fresh folder each run).
const dataDir = process.env['BLOBS_DIR']
  ? resolve(process.env['BLOBS_DIR'])
  : `${root}.netlify/blobs-serve`;
const stopBlobs = await startLocalBlobs(root, dataDir);
const notFoundPages = new Map([
  ['en', readFileSync(`${root}dist/404.html`)],
  ...TRANSLATED_LOCALES.filter((locale) => existsSync(`${root}dist/${locale}/404/index.html`)).map(
    (locale) => [locale, readFileSync(`${root}dist/${locale}/404/index.html`)] as const,
  ),
]);
// dist/_redirects' 410 rules (closed job openings), answered as Netlify's CDN answers them.
const goneRules = existsSync(`${root}dist/_redirects`)
  ? parseGoneRules(readFileSync(`${root}dist/_redirects`, 'utf8'))
  : new Map<string, string>();
const gonePage = (pathname: string) => {
  const target = goneTarget(goneRules, pathname);
  const file = target === undefined ? undefined : fileFor(`${root}dist`, target);
  return file === undefined ? undefined : new Uint8Array(readFileSync(file));
};
const handler = siteHandler({
  routes: await loadFunctions(`${root}functions`),
  origin: `http://localhost:${port}`,
  staticFile: async (req) => {
    // netlify.toml's `/<locale>/* → /<locale>/404/index.html 404` rules: NetlifyDev serves the
    // page with 200 (netlify/cli#373), so a missing page under a language's prefix is left to
    // notFoundPage here, as Netlify's CDN would answer it.
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (localeOfPath(pathname) !== DEFAULT_LOCALE && !fileFor(`${root}dist`, pathname)) {
      return undefined;
    }
    return (await netlify.handleAndIntrospectNodeRequest(req))?.response;
  },
  notFoundPage: (pathname) => notFoundPages.get(localeOfPath(pathname)) ?? notFoundPages.get('en')!,
  gonePage,
  headersFor: siteHeaders(root),
});

// Scheduled functions (the outbox's retries, the retention purge) on their intervals.
const stopSchedules = await startSchedules(`${root}functions`);

const addresses = await lookup(host, { all: true });
const servers = addresses.map(({ address }) => {
  // Idle keep-alive sockets stay open past any client's own idle limit: with Node's default
  // 5 s, a client (Playwright's request context, say) that reuses a socket the moment the server
  // closes it gets ECONNRESET ("socket hang up") for a request the server never saw.
  const server = createServer(handler);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.listen(port, address);
  return server;
});

const url = `http://localhost:${port}`;
console.log(`\nSite, API and admin on ${url}  (Ctrl+C to stop)`);
if (admin.generated) {
  console.log(`Admin: ${url}/login  username "${admin.username}", password "${admin.password}"`);
  console.log(
    '       (local only, kept in .netlify/local-admin.json; set ADMIN_* in .env to choose)',
  );
} else {
  console.log(`Admin: ${url}/login  with ADMIN_USERNAME and the password you configured.`);
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const server of servers) server.close();
  stopSchedules();
  await netlify.stop();
  await stopBlobs();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
