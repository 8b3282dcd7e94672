/**
 * API benchmark (`npm run bench`): autocannon against the production-like local server, on
 * loopback only, with bounded durations; prints a markdown table.
 *
 * Cases: GET /api/announcements and POST /api/enquiries at 10 and 50 connections; the admin
 * list's first page (pageSize 10) and an admin search (`q=lead 777&status=New`, about 20
 * matches in 10,000) with 100, 1,000 and 10,000 stored enquiries (one connection: one
 * administrator). Page 1 with 10,000 must cost at most twice page 1 with 100; the search with
 * 10,000 at most three times page 1 with 100.
 *
 * Where it runs:
 * - By default it starts its own server (the `npm start` server, scripts/serve.ts) from a
 *   throw-away copy of the project root, so its ~20,000 benchmark records go to their own
 *   Blobs folder and never into your local data; it builds the site first if dist/ is missing.
 * - With `--use-running` it uses the server already answering on 127.0.0.1:$PORT (default
 *   8888), with the token in ADMIN_TOKEN (sign in at /login; the admin's passkey is not ours to
 *   use), or where no passkey is set up yet, ADMIN_USERNAME/ADMIN_PASSWORD (or
 *   .netlify/local-admin.json) and a software passkey it enrols (scripts/admin-sign-in.ts); it
 *   deletes what it created when done. That server's SMTP settings, if any, would e-mail every
 *   benchmark enquiry: point them elsewhere first.
 *
 * Options: --duration=SECONDS per case (default 5), --use-running.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { OwnServer, healthy, runBenchmark, sampleEnquiry } from './bench-kit.ts';
import { startLocalBlobs } from './local-blobs.ts';
import { signInOverHttp } from './admin-sign-in.ts';

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  onResponse?: (status: number, body: string) => void;
}

interface AutocannonOptions {
  url: string;
  connections: number;
  duration?: number;
  amount?: number;
  timeout?: number;
  requests?: AutocannonRequest[];
}

interface AutocannonResult {
  requests: { average: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (
  options: AutocannonOptions,
) => Promise<AutocannonResult>;

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const flag = (name: string) => args.find((arg) => arg.startsWith(`--${name}`));
const duration = Number(flag('duration')?.split('=')[1] ?? process.env['BENCH_DURATION'] ?? 5);
const useRunning = Boolean(flag('use-running'));
const OVERALL_LIMIT_MS = 25 * 60_000;
/** Stored enquiries at which the admin list and search are measured; the first is the baseline. */
const SIZES = [100, 1_000, 10_000] as const;

const log = (message: string) => process.stderr.write(`${message}\n`);

let own: OwnServer | undefined;

// ---- server ---------------------------------------------------------------------------------

async function startServer(admin: Credentials): Promise<string> {
  own = await OwnServer.create(root, 'bench-site-', log);
  await own.start({ admin, jwtSecret: randomBytes(48).toString('base64url') });
  return own.base;
}

async function stopServer(): Promise<void> {
  await own?.remove();
}

// ---- API helpers ------------------------------------------------------------------------------

interface Credentials {
  username: string;
  password: string;
}

function runningServerCredentials(): Credentials | undefined {
  const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password } = process.env;
  if (username && password) return { username, password };
  const file = join(root, '.netlify/local-admin.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<Credentials>;
    if (saved.username && saved.password)
      return { username: saved.username, password: saved.password };
  }
  return undefined;
}

async function login(base: string, credentials: Credentials): Promise<string> {
  // Twice: the first enrols the benchmark's passkey; the second is a sign-in as every later one.
  await signInOverHttp(base, credentials);
  const { token, steps } = await signInOverHttp(base, credentials);
  if (steps.length > 0) {
    const total = steps.reduce((sum, step) => sum + step.ms, 0);
    console.log(
      `Sign-in: ${steps.length} requests, ${steps.map((step) => `${step.path} ${Math.round(step.ms)} ms`).join(' + ')} = ${Math.round(total)} ms`,
    );
  }
  return token;
}

/**
 * The number of stored enquiries. After thousands were stored at once, the first lists bring the
 * index up to date and may answer 503 when that outlasts one request's storage deadline (each
 * carries on where the last stopped: timeline-index.ts), so this retries a while.
 */
async function totalEnquiries(base: string, token: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${base}/api/enquiries?page=1&pageSize=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.ok) {
      if (attempt > 1) log(`(the index was brought up to date in ${attempt} requests)`);
      return Number(res.headers.get('x-total-count'));
    }
    if (res.status !== 503 || attempt === 30) {
      throw new Error(`admin list failed: HTTP ${res.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

const ENQUIRY = JSON.stringify(
  sampleEnquiry({
    fullName: 'Benchmark Lead',
    emailAddress: 'bench@example.org',
    additionalComments: 'Created by scripts/bench.ts',
  }),
);

/** Ids of everything the benchmark created, to delete from a server that is not ours. */
const created = { enquiries: [] as string[], announcements: [] as string[] };

function recordId(list: string[]) {
  return (status: number, body: string) => {
    if (status === 201) list.push((JSON.parse(body) as { _id: string })._id);
  };
}

/**
 * Runs `work` against the server's Blobs folder through a second Blobs server on the same
 * folder, so the benchmark can store and remove thousands of records through the enquiry
 * repository (the API's own code) in seconds: through the local server, which starts a worker
 * per request, that would take minutes.
 */
async function withLocalBlobs<T>(projectRoot: string, work: () => Promise<T>): Promise<T> {
  const stop = await startLocalBlobs(projectRoot, join(projectRoot, '.netlify/blobs-serve'));
  try {
    return await work();
  } finally {
    await stop();
  }
}

async function inBatches<T>(
  items: readonly T[],
  size: number,
  task: (item: T, index: number) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(
      items.slice(start, start + size).map((item, offset) => task(item, start + offset)),
    );
  }
}

async function seedEnquiries(projectRoot: string, count: number): Promise<void> {
  if (count <= 0) return;
  log(`Storing ${count.toLocaleString('en')} enquiries…`);
  const { enquiries } = await import('../functions/_lib/repositories/enquiries.ts');
  const { parseEnquiry } = await import('../src/lib/schemas/index.ts');
  const parsed = parseEnquiry(JSON.parse(ENQUIRY));
  if (!parsed.success) throw new Error('the benchmark enquiry is invalid');
  // Numbered names, so the search case finds a few among many.
  const first = created.enquiries.length;
  await withLocalBlobs(projectRoot, () =>
    inBatches(Array.from({ length: count }), 50, async (_, index) => {
      const fullName = `Benchmark Lead ${first + index}`;
      created.enquiries.push((await enquiries.create({ ...parsed.output, fullName }))._id);
    }),
  );
}

async function seedAnnouncements(base: string, token: string): Promise<void> {
  const res = await fetch(`${base}/api/announcements`);
  const existing = (await res.json()) as unknown[];
  for (let i = existing.length; i < 5; i++) {
    const post = await fetch(`${base}/api/announcements`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ text: `Benchmark announcement ${i + 1}`, link: '/renewable-energy' }),
    });
    created.announcements.push(((await post.json()) as { _id: string })._id);
  }
}

async function cleanUp(base: string, token: string): Promise<void> {
  log(
    `Deleting the ${created.enquiries.length + created.announcements.length} records the benchmark created…`,
  );
  await inBatches(created.announcements, 8, (id) =>
    fetch(`${base}/api/announcements/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  const { enquiries } = await import('../functions/_lib/repositories/enquiries.ts');
  await withLocalBlobs(root, () => inBatches(created.enquiries, 50, (id) => enquiries.remove(id)));
}

// ---- measuring ------------------------------------------------------------------------------------

interface Row {
  name: string;
  connections: number;
  stored: string;
  result: AutocannonResult;
}

const rows: Row[] = [];

async function measure(
  base: string,
  name: string,
  connections: number,
  stored: string,
  request: AutocannonRequest,
): Promise<AutocannonResult> {
  log(`${name}, ${connections} connections, ${duration} s…`);
  const result = await autocannon({
    url: base,
    connections,
    duration,
    timeout: 30,
    requests: [request],
  });
  rows.push({ name, connections, stored, result });
  return result;
}

/** The median latency of one administrator's requests (one connection); NaN if none completed. */
async function adminP50(
  base: string,
  name: string,
  stored: string,
  request: AutocannonRequest,
): Promise<number> {
  const result = await measure(base, name, 1, stored, request);
  return result['2xx'] > 0 ? result.latency.p50 : NaN;
}

function table(): string {
  const lines = [
    '| case | connections | stored enquiries | req/s | p50 ms | p99 ms | non-2xx | errors |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const { name, connections, stored, result } of rows) {
    lines.push(
      `| ${name} | ${connections} | ${stored} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors + result.timeouts} |`,
    );
  }
  return lines.join('\n');
}

// ---- main -------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!(duration > 0 && duration <= 60))
    throw new Error('--duration must be between 1 and 60 seconds');
  let base: string;
  let credentials: Credentials;
  const ownServer = !useRunning;
  if (useRunning) {
    base = `http://127.0.0.1:${process.env['PORT'] ?? 8888}`;
    if (!(await healthy(base)))
      throw new Error(`no server answers on ${base} (start it with \`npm start\`)`);
    const found = runningServerCredentials();
    if (!found) throw new Error('set ADMIN_USERNAME and ADMIN_PASSWORD for the running server');
    credentials = found;
  } else {
    credentials = { username: 'bench', password: randomBytes(12).toString('base64url') };
    base = await startServer(credentials);
  }
  log(`Benchmarking ${base}${ownServer ? ' (own server, own data)' : ''}`);
  const token = await login(base, credentials);

  const adminList: AutocannonRequest = {
    method: 'GET',
    path: '/api/enquiries?page=1&pageSize=10',
    headers: { authorization: `Bearer ${token}` },
  };
  // A search an administrator would make: a few matches among all (names 777, 1777, 7770–7779…).
  const search: AutocannonRequest = {
    ...adminList,
    path: `/api/enquiries?q=${encodeURIComponent('lead 777')}&status=New&page=1&pageSize=10`,
  };
  const pages = new Map<number, number>();
  const searches = new Map<number, number>();
  for (const target of SIZES) {
    const before = await totalEnquiries(base, token);
    await seedEnquiries(own?.sandbox ?? root, target - before);
    // The first read after a change brings the index up to date; measure the steady state.
    const stored = await totalEnquiries(base, token);
    const label = stored.toLocaleString('en');
    const listName = 'GET /api/enquiries?page=1&pageSize=10 (admin)';
    pages.set(target, await adminP50(base, listName, label, adminList));
    const searchName = 'GET /api/enquiries?q=lead 777&status=New (admin search)';
    searches.set(target, await adminP50(base, searchName, label, search));
  }

  await seedAnnouncements(base, token);
  const stored = (await totalEnquiries(base, token)).toLocaleString('en');
  for (const connections of [10, 50]) {
    await measure(base, 'GET /api/announcements', connections, stored, {
      method: 'GET',
      path: '/api/announcements',
    });
  }
  for (const connections of [10, 50]) {
    await measure(base, 'POST /api/enquiries', connections, `${stored}+`, {
      method: 'POST',
      path: '/api/enquiries',
      headers: { 'content-type': 'application/json' },
      body: ENQUIRY,
      onResponse: recordId(created.enquiries),
    });
  }

  const baseline = pages.get(SIZES[0])!;
  const largest = SIZES.at(-1)!;
  const verdict = (cost: number, limit: number) => {
    const ratio = cost / baseline;
    return Number.isFinite(ratio)
      ? `${ratio.toFixed(2)}× (${ratio <= limit ? 'PASS' : 'FAIL'}: must be at most ${limit}×)`
      : 'not measured: no request completed (machine overloaded? try a longer --duration)';
  };
  process.stdout.write(`\n${table()}\n\n`);
  process.stdout.write(
    `Admin page 1 with 10,000 vs 100 stored: p50 ${pages.get(largest)} ms vs ${baseline} ms = ${verdict(pages.get(largest)!, 2)}.\n`,
  );
  process.stdout.write(
    `Admin search with 10,000 stored vs page 1 with 100: p50 ${searches.get(largest)} ms vs ${baseline} ms = ${verdict(searches.get(largest)!, 3)}.\n`,
  );
  process.stdout.write(
    `Search p50 by records stored: ${SIZES.map((size) => `${size.toLocaleString('en')}: ${searches.get(size)} ms`).join(', ')}.\n`,
  );
  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  process.stdout.write(
    `Node ${process.version}, ${cpus().length} CPUs, load average ${load}, ${duration} s per case, ` +
      `loopback, ${ownServer ? 'own' : 'running'} server.\n`,
  );

  if (!ownServer) await cleanUp(base, token);
}

await runBenchmark('bench', OVERALL_LIMIT_MS, main, stopServer);
