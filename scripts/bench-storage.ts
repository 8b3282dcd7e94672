/**
 * Storage benchmark (`npm run bench:storage`): burst scenarios against the production-like local
 * server on loopback, each with a check, for release notes. Progress goes to stderr, the markdown
 * tables to stdout; the exit code is 1 when a check fails.
 *
 * Scenarios:
 * - burst: 100 clients at once each POST one enquiry and, as soon as it answers 201, GET the admin
 *   list (page 1, pageSize 10); three rounds in a row (100, 200, 300 stored), then a sustained
 *   variant (100 workers, post → list five times each). Check: every list answers 200 and its
 *   X-Total-Count is at least the records stored before the round plus the 201s acknowledged
 *   when that list started (read-your-writes across clients). X-Index-Pending is reported.
 * - first-search: 10,000 new enquiries (names Lead-0 … Lead-9999), the server restarted (a cold
 *   instance, nothing in memory), then one admin search `q=lead-777`, repeated until
 *   X-Index-Pending is 0. Check: the first search answers 200.
 * - csv: the whole CSV export as the admin's download button fetches it (`/api/enquiries.csv`,
 *   then `?after=<X-Next-After>` until there is none) with at least 10,000 and then 50,000 stored,
 *   sampling the server process's memory every 100 ms; when records were not indexed yet, again
 *   after up to 5 minutes of admin lists. Check: every part answers 200 and the rows are the
 *   stored enquiries, each once.
 *
 * Like scripts/bench.ts it starts its own server (scripts/serve.ts) from a throw-away copy of the
 * project root with a Blobs folder of its own (BLOBS_DIR), so none of its ~50,000 records touch
 * local data; it builds dist/ first if missing; the copy is removed at the end. Enquiries are
 * seeded through the API (50 at a time); if that would take over ~10 minutes for the 50,000, the
 * rest are written through the enquiry repository (the API's own code: ULID ids, createdAt,
 * generation bump) against a second Blobs server on the same folder, as bench.ts does.
 *
 * Options: --scenario=burst|first-search|csv (default: all three, in that order), --skip-50k,
 * --seed=auto|api|direct (how to seed; default auto).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { OwnServer, runBenchmark, sampleEnquiry } from './bench-kit.ts';
import { startLocalBlobs } from './local-blobs.ts';
import { signInOverHttp } from './admin-sign-in.ts';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name: string) =>
  args.find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
const optionValue = (name: string) => option(name)?.split('=')[1];

const SCENARIOS = ['burst', 'first-search', 'csv'] as const;
type Scenario = (typeof SCENARIOS)[number];
const chosen = optionValue('scenario');
const skip50k = Boolean(option('skip-50k'));
const seedMode = optionValue('seed') ?? 'auto';

const OVERALL_LIMIT_MS = 60 * 60_000;
const CLIENTS = 100;
const BURST_ROUNDS = 3;
const SUSTAINED_LOOPS = 5;
const NEW_LEADS = 10_000;
const LARGE_STORE = 50_000;
const SEED_CONCURRENCY = 50;
/** Seeding through the API longer than this switches to writing through the repository. */
const API_SEED_BUDGET_MS = 10 * 60_000;
const SEARCH = 'lead-777';
const MAX_SEARCH_ATTEMPTS = 60;
const MAX_CSV_PARTS = 1_000;
/** Time the CSV scenario spends listing to bring the index up to date before exporting again. */
const SETTLE_LIMIT_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 60_000;
const CSV_TIMEOUT_MS = 120_000;

const log = (message: string) => process.stderr.write(`${message}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---- server (as scripts/bench.ts, plus a restart that keeps the data) --------------------------

let own: OwnServer | undefined;
let dataDir = '';
let base = '';
const admin = { username: 'bench', password: randomBytes(12).toString('base64url') };
const jwtSecret = randomBytes(48).toString('base64url');

async function prepare(): Promise<void> {
  own = await OwnServer.create(root, 'bench-storage-', log);
  dataDir = join(own.sandbox, 'blobs');
  base = own.base;
}

/** Starts scripts/serve.ts of the copy on its Blobs folder; resolves with ms until it answered. */
const startServer = () => own!.start({ admin, jwtSecret, blobsDir: dataDir });

const stopServer = async () => own?.stop();

const cleanUp = async () => own?.remove();

// ---- memory of the server process ---------------------------------------------------------------

/** The process and its descendants (serve.ts runs everything in one process; checked anyway). */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    try {
      for (const task of readdirSync(`/proc/${pids[i]}/task`)) {
        const children = readFileSync(`/proc/${pids[i]}/task/${task}/children`, 'utf8').trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      }
    } catch {
      // Exited meanwhile.
    }
  }
  return pids;
}

function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

interface MemorySample {
  processes: number;
  startKb: number;
  peakKb: number;
  samples: number;
}

/** Samples the server's resident memory (its process tree's VmRSS) every 100 ms until stopped. */
function sampleMemory(): { stop: () => MemorySample } {
  const pid = own?.pid;
  const read = () => {
    if (pid === undefined) return { kb: 0, processes: 0 };
    const pids = processTree(pid);
    return {
      kb: pids.reduce((sum, each) => sum + statusKb(each, 'VmRSS'), 0),
      processes: pids.length,
    };
  };
  const first = read();
  const result: MemorySample = {
    processes: first.processes,
    startKb: first.kb,
    peakKb: first.kb,
    samples: 1,
  };
  const timer = setInterval(() => {
    const now = read();
    result.samples++;
    result.processes = Math.max(result.processes, now.processes);
    result.peakKb = Math.max(result.peakKb, now.kb);
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      const last = read();
      result.peakKb = Math.max(result.peakKb, last.kb);
      return result;
    },
  };
}

// ---- requests -----------------------------------------------------------------------------------

type Status = number | 'error';

interface Sample {
  status: Status;
  ms: number;
  total?: number | undefined;
  pending?: number | undefined;
  /** The least X-Total-Count the list may answer (stored before + acknowledged at its start). */
  atLeast?: number;
}

let token = '';

async function login(): Promise<void> {
  token = (await signInOverHttp(base, admin, AbortSignal.timeout(REQUEST_TIMEOUT_MS))).token;
}

/** A valid enquiry with its own name and e-mail address. */
const enquiry = (name: string, email: string) =>
  sampleEnquiry({ fullName: name, emailAddress: email });

const lead = (n: number) => enquiry(`Lead-${n}`, `lead-${n}@example.org`);

async function post(body: Record<string, unknown>): Promise<Sample> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/enquiries`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch {
    return { status: 'error', ms: performance.now() - started };
  }
}

async function list(query: string): Promise<Sample> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/enquiries?${query}`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await res.arrayBuffer();
    const ms = performance.now() - started;
    const header = (name: string) => {
      const value = res.headers.get(name);
      return value === null ? undefined : Number(value);
    };
    return {
      status: res.status,
      ms,
      total: header('x-total-count'),
      pending: header('x-index-pending'),
    };
  } catch {
    return { status: 'error', ms: performance.now() - started };
  }
}

const ADMIN_PAGE = 'page=1&pageSize=10';

/** The stored enquiries, from a quiet list (retried while the index catches up with 503s). */
async function storedCount(): Promise<{ total: number; pending: number; attempts: number }> {
  for (let attempt = 1; attempt <= 30; attempt++) {
    const found = await list('page=1&pageSize=1');
    if (found.status === 200) {
      return { total: found.total ?? NaN, pending: found.pending ?? NaN, attempts: attempt };
    }
    await pause(500);
  }
  throw new Error('the admin list did not answer 200 in 30 attempts');
}

// ---- figures ------------------------------------------------------------------------------------

function summary(values: readonly number[]): string[] {
  if (values.length === 0) return ['–', '–', '–', '–'];
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (share: number) => sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;
  return [sorted[0]!, rank(0.5), rank(0.95), sorted.at(-1)!].map((ms) => ms.toFixed(0));
}

function statuses(samples: readonly Sample[]): string {
  const counts = new Map<Status, number>();
  for (const { status } of samples) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([status, count]) => `${status}×${count}`)
    .join(', ');
}

const number = (value: number) => (Number.isFinite(value) ? value.toLocaleString('en') : '–');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

const sections: string[] = [];
const failures: string[] = [];
const notes: string[] = [];

function verdict(problems: readonly string[], what: string): string {
  if (problems.length === 0) return 'PASS';
  failures.push(`${what}: ${problems.join('; ')}`);
  return `FAIL: ${problems.join('; ')}`;
}

// ---- seeding ------------------------------------------------------------------------------------

/** Numbers given to seeded leads so far (Lead-0, Lead-1, …). */
let nextLead = 0;

interface Seeded {
  count: number;
  ms: number;
  how: string;
}

const seedings: { label: string; seeded: Seeded[] }[] = [];

/** Runs `task` for 0 … count-1, `concurrency` at a time. */
async function pool(
  count: number,
  concurrency: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** POSTs `count` leads, 50 at a time, retrying one that does not answer 201 (up to 5 times). */
async function seedViaApi(count: number): Promise<Seeded> {
  const started = Date.now();
  let stored = 0;
  let retried = 0;
  await pool(count, SEED_CONCURRENCY, async () => {
    const n = nextLead++;
    for (let attempt = 1; ; attempt++) {
      const { status } = await post(lead(n));
      if (status === 201) break;
      if (attempt === 5) throw new Error(`seeding: POST of Lead-${n} answered ${status} 5 times`);
      retried++;
      await pause(200);
    }
    stored++;
    if (stored % 1_000 === 0) {
      const rate = stored / ((Date.now() - started) / 1000);
      log(`  ${number(stored)} / ${number(count)} stored through the API (${rate.toFixed(0)}/s)`);
    }
  });
  const how = `API, ${SEED_CONCURRENCY} at a time${retried ? `, ${retried} retried` : ''}`;
  return { count: stored, ms: Date.now() - started, how };
}

interface EnquiryRepository {
  create(data: object): Promise<{ _id: string }>;
}

/**
 * Writes `count` leads through the enquiry repository of the copy (the code behind the API:
 * ULID id, createdAt, the generation bump of every create) against a second Blobs server on the
 * server's Blobs folder, 50 at a time.
 */
async function seedDirect(count: number): Promise<Seeded> {
  const started = Date.now();
  const from = (path: string) => pathToFileURL(join(own!.sandbox, path)).href;
  const { enquiries } = (await import(from('functions/_lib/repositories/enquiries.ts'))) as {
    enquiries: EnquiryRepository;
  };
  const { parseEnquiry } = (await import(from('src/lib/schemas/index.ts'))) as {
    parseEnquiry: (value: unknown) => { success: boolean; output?: object };
  };
  const stopBlobs = await startLocalBlobs(own!.sandbox, dataDir);
  let stored = 0;
  try {
    await pool(count, SEED_CONCURRENCY, async () => {
      const parsed = parseEnquiry(lead(nextLead++));
      if (!parsed.success || !parsed.output) throw new Error('seeding: the lead is invalid');
      await enquiries.create(parsed.output);
      stored++;
      if (stored % 5_000 === 0) log(`  ${number(stored)} / ${number(count)} written directly`);
    });
  } finally {
    await stopBlobs();
  }
  return {
    count: stored,
    ms: Date.now() - started,
    how: `repository create() via a second Blobs server on the same folder, ${SEED_CONCURRENCY} at a time`,
  };
}

/** Adds `count` leads, through the API unless that would take too long (or --seed says). */
async function seed(label: string, count: number): Promise<void> {
  if (count <= 0) return;
  log(`Seeding ${number(count)} enquiries (${label})…`);
  const seeded: Seeded[] = [];
  if (seedMode === 'direct') {
    seeded.push(await seedDirect(count));
  } else {
    // A first slice through the API tells its rate; the rest goes direct if it would take too long.
    const probe = seedMode === 'api' ? count : Math.min(count, 2_000);
    const first = await seedViaApi(probe);
    seeded.push(first);
    const left = count - first.count;
    if (left > 0) {
      const projected = (left * first.ms) / first.count;
      if (seedMode === 'auto' && projected > API_SEED_BUDGET_MS) {
        log(`  through the API the rest would take ~${seconds(projected)}: writing directly`);
        seeded.push(await seedDirect(left));
      } else {
        seeded.push(await seedViaApi(left));
      }
    }
  }
  const combined = new Map<string, Seeded>();
  for (const part of seeded) {
    const kind = part.how.startsWith('API') ? 'api' : 'direct';
    const held = combined.get(kind);
    combined.set(
      kind,
      held ? { count: held.count + part.count, ms: held.ms + part.ms, how: held.how } : part,
    );
  }
  seedings.push({ label, seeded: [...combined.values()] });
  for (const part of combined.values()) {
    log(`  ${number(part.count)} in ${seconds(part.ms)} (${part.how})`);
  }
}

// ---- scenario 1: bursts ---------------------------------------------------------------------------

interface Burst {
  name: string;
  before: number;
  posts: Sample[];
  lists: Sample[];
  wallMs: number;
}

/** `workers` clients at once, each `loops` times: POST one enquiry, on 201 GET the admin list. */
async function burst(name: string, workers: number, loops: number, tag: string): Promise<Burst> {
  const before = (await storedCount()).total;
  let acknowledged = 0;
  const posts: Sample[] = [];
  const lists: Sample[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let loop = 0; loop < loops; loop++) {
        const id = `${tag}-${worker}-${loop}`;
        const posted = await post(enquiry(`Burst Client ${id}`, `burst-${id}@example.org`));
        posts.push(posted);
        if (posted.status !== 201) continue;
        acknowledged++;
        const atLeast = before + acknowledged;
        lists.push({ ...(await list(ADMIN_PAGE)), atLeast });
      }
    }),
  );
  return { name, before, posts, lists, wallMs: performance.now() - started };
}

async function burstScenario(): Promise<void> {
  const bursts: Burst[] = [];
  const run = Date.now().toString(36);
  for (let round = 1; round <= BURST_ROUNDS; round++) {
    log(`Burst round ${round}: ${CLIENTS} clients post → list…`);
    bursts.push(await burst(`burst round ${round}`, CLIENTS, 1, `${run}-r${round}`));
  }
  log(`Sustained: ${CLIENTS} workers × ${SUSTAINED_LOOPS} post → list…`);
  bursts.push(
    await burst(
      `sustained (${CLIENTS} workers × ${SUSTAINED_LOOPS})`,
      CLIENTS,
      SUSTAINED_LOOPS,
      `${run}-s`,
    ),
  );
  const after = await storedCount();

  const timing = [
    '| scenario | stored before | request | n | statuses | min ms | median ms | p95 ms | max ms | wall time |',
    '|---|---:|---|---:|---|---:|---:|---:|---:|---:|',
  ];
  const checks = [
    '| scenario | lists answering 200 | lists with X-Total-Count ≥ stored before + 201s acknowledged at their start | least X-Total-Count − that bound | max X-Index-Pending | lists with X-Index-Pending > 0 | check |',
    '|---|---:|---:|---:|---:|---:|---|',
  ];
  for (const { name, before, posts, lists, wallMs } of bursts) {
    timing.push(
      `| ${name} | ${number(before)} | POST /api/enquiries | ${posts.length} | ${statuses(posts)} | ${summary(posts.map((s) => s.ms)).join(' | ')} | ${seconds(wallMs)} |`,
      `| ${name} | ${number(before)} | GET /api/enquiries?${ADMIN_PAGE} (after its 201) | ${lists.length} | ${statuses(lists)} | ${summary(lists.map((s) => s.ms)).join(' | ')} | |`,
    );
    const ok = lists.filter((s) => s.status === 200);
    const counted = ok.filter((s) => (s.total ?? -1) >= s.atLeast!);
    const margins = ok.map((s) => (s.total ?? NaN) - s.atLeast!);
    const pendings = ok.map((s) => s.pending ?? 0);
    const problems: string[] = [];
    if (ok.length !== lists.length) problems.push(`${lists.length - ok.length} lists not 200`);
    if (counted.length !== ok.length) {
      const short = ok.filter((s) => !((s.total ?? -1) >= s.atLeast!));
      const worst = short.reduce((a, b) =>
        (a.total ?? 0) - a.atLeast! < (b.total ?? 0) - b.atLeast! ? a : b,
      );
      problems.push(
        `${short.length} lists counted fewer than acknowledged (worst: X-Total-Count ${worst.total} < ${worst.atLeast})`,
      );
    }
    const notCreated = posts.filter((s) => s.status !== 201).length;
    if (notCreated > 0) {
      notes.push(`${name}: ${notCreated} POSTs did not answer 201 (${statuses(posts)}).`);
    }
    checks.push(
      `| ${name} | ${ok.length} / ${lists.length} | ${counted.length} / ${ok.length} | ${margins.length ? Math.min(...margins) : '–'} | ${pendings.length ? Math.max(...pendings) : '–'} | ${pendings.filter((p) => p > 0).length} | ${verdict(problems, name)} |`,
    );
  }
  sections.push(
    [
      '### 1. Burst: post → admin list',
      '',
      `${CLIENTS} clients at once; each POSTs one enquiry and, on 201, GETs the admin list page 1 (pageSize 10).`,
      '',
      timing.join('\n'),
      '',
      checks.join('\n'),
      '',
      `Stored after the bursts: ${number(after.total)} (X-Index-Pending ${after.pending}).`,
    ].join('\n'),
  );
}

// ---- scenario 2: 10,000 new leads, first search ------------------------------------------------

async function firstSearchScenario(): Promise<void> {
  const before = await storedCount();
  await seed('10,000 new leads', NEW_LEADS);
  log('Restarting the server (cold instance)…');
  await stopServer();
  const startMs = await startServer();
  await login();
  const query = `q=${encodeURIComponent(SEARCH)}&pageSize=10`;
  log(`First search ${query}…`);
  const attempts: Sample[] = [];
  const started = performance.now();
  for (let attempt = 1; attempt <= MAX_SEARCH_ATTEMPTS; attempt++) {
    const found = await list(query);
    attempts.push(found);
    log(
      `  attempt ${attempt}: ${found.status}, ${found.ms.toFixed(0)} ms, pending ${found.pending}`,
    );
    if (found.status === 200 && found.pending === 0) break;
    if (found.status !== 200) await pause(250);
  }
  const settledMs = performance.now() - started;
  const settled = attempts.at(-1)?.status === 200 && attempts.at(-1)?.pending === 0;
  const rows = [
    '| attempt | status | ms | X-Total-Count | X-Index-Pending |',
    '|---:|---|---:|---:|---:|',
    ...attempts.map(
      (s, i) =>
        `| ${i + 1} | ${s.status} | ${s.ms.toFixed(0)} | ${s.total ?? '–'} | ${s.pending === undefined ? '–' : number(s.pending)} |`,
    ),
  ];
  const first = attempts[0]!;
  const problems: string[] = [];
  if (first.status !== 200) problems.push(`the first search answered ${first.status}`);
  if (!settled) problems.push(`X-Index-Pending not 0 after ${attempts.length} searches`);
  const seeding = seedings
    .at(-1)
    ?.seeded.map((s) => `${number(s.count)} in ${seconds(s.ms)} (${s.how})`);
  sections.push(
    [
      `### 2. ${number(NEW_LEADS)} new leads, first search on a cold instance`,
      '',
      `Stored before: ${number(before.total)} (indexed). Seeded: ${seeding?.join(' + ') ?? '–'}. ` +
        `Server restarted (healthy after ${seconds(startMs)}), then \`GET /api/enquiries?${query}\` ` +
        `repeated until X-Index-Pending was 0 (${attempts.length} searches, ${seconds(settledMs)} in all). ` +
        `Expected matches once indexed: 11 of the seeded leads (Lead-777, Lead-7770 … Lead-7779).`,
      '',
      rows.join('\n'),
      '',
      `Check (the first search answers 200${settled ? '' : '; the index settles'}): ${verdict(problems, 'first search')}`,
    ].join('\n'),
  );
}

// ---- scenario 3: CSV export ---------------------------------------------------------------------

interface Part {
  status: Status;
  ms: number;
  rows: number;
  bytes: number;
}

interface Export {
  /** The index's state when the export started. */
  index: string;
  stored: number;
  pendingBefore: number;
  parts: Part[];
  rows: number;
  uniqueIds: number;
  bytes: number;
  ms: number;
  memory: MemorySample;
  hwmKb: number;
  stopped?: string | undefined;
}

async function exportCsv(index: string): Promise<Export> {
  const { total: stored, pending: pendingBefore } = await storedCount();
  log(`CSV export with ${number(stored)} stored (${index}, X-Index-Pending ${pendingBefore})…`);
  const memory = sampleMemory();
  const parts: Part[] = [];
  const ids = new Set<string>();
  let rows = 0;
  let bytes = 0;
  let after: string | null = null;
  let stopped: string | undefined;
  const started = performance.now();
  do {
    const path: string =
      after === null
        ? '/api/enquiries.csv'
        : `/api/enquiries.csv?after=${encodeURIComponent(after)}`;
    const partStarted = performance.now();
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${base}${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(CSV_TIMEOUT_MS),
      });
      text = await res.text();
    } catch (error) {
      parts.push({ status: 'error', ms: performance.now() - partStarted, rows: 0, bytes: 0 });
      stopped = `part ${parts.length}: ${error instanceof Error ? error.message : String(error)}`;
      break;
    }
    const lines = text.split('\r\n').filter((line) => line !== '');
    // Only the first part starts with the byte-order mark and the header.
    const body = after === null ? lines.slice(1) : lines;
    const size = Buffer.byteLength(text);
    parts.push({
      status: res.status,
      ms: performance.now() - partStarted,
      rows: body.length,
      bytes: size,
    });
    log(
      `  part ${parts.length}: ${res.status}, ${body.length} rows, ${(performance.now() - partStarted).toFixed(0)} ms`,
    );
    if (!res.ok) {
      stopped = `part ${parts.length} answered ${res.status}: ${text.slice(0, 200)}`;
      break;
    }
    rows += body.length;
    bytes += size;
    for (const line of body) ids.add(line.slice(0, line.indexOf(',')));
    const next = res.headers.get('x-next-after');
    if (next !== null && next === after) {
      stopped = `X-Next-After repeated ${next}`;
      break;
    }
    after = next;
  } while (after !== null && parts.length < MAX_CSV_PARTS);
  const ms = performance.now() - started;
  const sample = memory.stop();
  const pid = own?.pid;
  const hwmKb = pid === undefined ? 0 : statusKb(pid, 'VmHWM');
  return {
    index,
    stored,
    pendingBefore,
    parts,
    rows,
    uniqueIds: ids.size,
    bytes,
    ms,
    memory: sample,
    hwmKb,
    stopped,
  };
}

/**
 * Admin lists (page 1), one after another, until the index has read every record (X-Index-Pending
 * 0), for at most SETTLE_LIMIT_MS.
 */
async function settleIndex(): Promise<{
  lists: number;
  ms: number;
  pending: number;
  samples: Sample[];
}> {
  const started = performance.now();
  const samples: Sample[] = [];
  let pending = NaN;
  while (performance.now() - started < SETTLE_LIMIT_MS && pending !== 0) {
    const found = await list(ADMIN_PAGE);
    samples.push(found);
    log(
      `  list ${samples.length}: ${found.status}, ${found.ms.toFixed(0)} ms, pending ${found.pending}`,
    );
    if (found.status === 200) pending = found.pending ?? NaN;
    else await pause(250);
  }
  return { lists: samples.length, ms: performance.now() - started, pending, samples };
}

async function csvScenario(): Promise<void> {
  const exports: Export[] = [];
  /** Exports as the store is; when records were not indexed yet, again once they are. */
  const exportTwice = async () => {
    const asFound = await exportCsv('as found');
    exports.push(asFound);
    if (asFound.pendingBefore === 0) return;
    log('Bringing the index up to date with admin lists…');
    const settled = await settleIndex();
    const how = `${settled.lists} admin lists (${statuses(settled.samples)}), ${seconds(settled.ms)}`;
    const pendings = settled.samples.flatMap((s) => (s.status === 200 ? [s.pending ?? NaN] : []));
    notes.push(
      `CSV, ${number(asFound.stored)} stored: X-Index-Pending went from ${number(asFound.pendingBefore)} ` +
        `to ${number(pendings.at(-1) ?? NaN)} over ${how}` +
        (settled.pending === 0 ? '.' : `; stopped at the ${seconds(SETTLE_LIMIT_MS)} limit.`),
    );
    exports.push(await exportCsv(`after ${how}`));
  };
  const current = (await storedCount()).total;
  await seed(`up to ${number(NEW_LEADS)}`, NEW_LEADS - current);
  await exportTwice();
  if (!skip50k) {
    await seed(`up to ${number(LARGE_STORE)}`, LARGE_STORE - (await storedCount()).total);
    await exportTwice();
  }

  const overview = [
    '| stored enquiries | index | X-Index-Pending before | parts | part statuses | rows | unique ids | bytes | total time | slowest part | server RSS before | server peak RSS (100 ms samples) | server VmHWM since start | check |',
    '|---:|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  ];
  const detail = [
    '| stored enquiries | X-Index-Pending before | part | status | ms | rows | bytes |',
    '|---:|---:|---:|---|---:|---:|---:|',
  ];
  for (const e of exports) {
    const problems: string[] = [];
    const notOk = e.parts.filter((p) => p.status !== 200).length;
    if (notOk > 0) problems.push(`${notOk} parts not 200`);
    if (e.rows !== e.stored) problems.push(`rows ${number(e.rows)} ≠ stored ${number(e.stored)}`);
    if (e.uniqueIds !== e.rows) problems.push(`${number(e.rows - e.uniqueIds)} duplicate ids`);
    if (e.stopped) problems.push(`stopped: ${e.stopped}`);
    if (e.parts.length === 1 && e.stored > 5_000) problems.push('no X-Next-After: one part only');
    const slowest = Math.max(...e.parts.map((p) => p.ms));
    overview.push(
      `| ${number(e.stored)} | ${e.index} | ${number(e.pendingBefore)} | ${e.parts.length} | ${statuses(e.parts.map((p) => ({ status: p.status, ms: p.ms })))} | ${number(e.rows)} | ${number(e.uniqueIds)} | ${number(e.bytes)} | ${seconds(e.ms)} | ${slowest.toFixed(0)} ms | ${megabytes(e.memory.startKb)} | ${megabytes(e.memory.peakKb)} | ${megabytes(e.hwmKb)} | ${verdict(problems, `CSV export, ${number(e.stored)} stored, ${e.index}`)} |`,
    );
    e.parts.forEach((p, i) =>
      detail.push(
        `| ${number(e.stored)} | ${number(e.pendingBefore)} | ${i + 1} | ${p.status} | ${p.ms.toFixed(0)} | ${number(p.rows)} | ${number(p.bytes)} |`,
      ),
    );
    if (e.memory.processes > 1)
      notes.push(`The server ran as ${e.memory.processes} processes; RSS is their sum.`);
  }
  const seeding = seedings
    .filter((s) => s.label.startsWith('up to'))
    .map(
      (s) =>
        `${s.label}: ${s.seeded.map((p) => `${number(p.count)} in ${seconds(p.ms)} (${p.how})`).join(' + ')}`,
    );
  sections.push(
    [
      '### 3. CSV export (as the admin download: parts joined by X-Next-After)',
      '',
      ...(seeding.length ? [`Seeding: ${seeding.join('; ')}.`, ''] : []),
      overview.join('\n'),
      '',
      detail.join('\n'),
    ].join('\n'),
  );
}

// ---- main -----------------------------------------------------------------------------------------

function serverErrors(): string[] {
  const counts = new Map<string, number>();
  for (const line of (own?.output ?? []).join('').split('\n')) {
    if (!/error|unavailable|fail|exception|warn/i.test(line)) continue;
    const key = line
      .trim()
      .replace(/\b[0-9A-HJKMNP-TV-Z]{26}\b/g, '<id>')
      .slice(0, 200);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 10)
    .map(([line, count]) => `- ${count}× \`${line.replaceAll('`', "'")}\``);
}

async function main(): Promise<void> {
  if (chosen !== undefined && !SCENARIOS.includes(chosen as Scenario)) {
    throw new Error(`--scenario must be one of ${SCENARIOS.join(', ')}`);
  }
  if (!['auto', 'api', 'direct'].includes(seedMode)) {
    throw new Error('--seed must be auto, api or direct');
  }
  const scenarios = chosen ? [chosen as Scenario] : [...SCENARIOS];
  const started = Date.now();
  await prepare();
  const startMs = await startServer();
  log(`Own server on ${base} (data in ${dataDir}), healthy after ${seconds(startMs)}`);
  await login();
  if (scenarios.includes('burst')) await burstScenario();
  if (scenarios.includes('first-search')) await firstSearchScenario();
  if (scenarios.includes('csv')) await csvScenario();

  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');
  const errors = serverErrors();
  const out = [
    '## Storage benchmark (`npm run bench:storage`)',
    '',
    ...sections.flatMap((section) => [section, '']),
    ...(errors.length
      ? [
          'Server log lines mentioning errors (most frequent first; ids shown as <id>):',
          '',
          ...errors,
          '',
        ]
      : []),
    ...notes.map((note) => `${note}\n`),
    `Node ${process.version}, ${cpus().length} CPUs, load average ${load} at the end, loopback, own ` +
      `server (scripts/serve.ts, STORAGE_TIMEOUT_MS ${process.env['STORAGE_TIMEOUT_MS'] ?? 'default'}), ` +
      `run time ${seconds(Date.now() - started)}.`,
    '',
    failures.length
      ? `**Checks failed (${failures.length}):**\n\n${failures.map((f) => `- ${f}`).join('\n')}`
      : 'All checks passed.',
  ];
  process.stdout.write(`\n${out.join('\n')}\n`);
  if (failures.length > 0) process.exitCode = 1;
}

await runBenchmark('bench-storage', OVERALL_LIMIT_MS, main, cleanUp);
