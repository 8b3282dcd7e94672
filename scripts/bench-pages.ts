/**
 * Page-speed benchmark of a freshly built site, served by the production-like local server
 * (scripts/serve.ts) on loopback, in Debian's Chromium.
 *
 * - `npm run bench:pages`: Lighthouse (its default mobile config, simulated throttling,
 *   performance only) `--runs` times on each page; prints per page a Markdown table of the
 *   performance score, total blocking time, main-thread work and LCP for each run and the worst.
 * - `npm run trace:pages` (`--trace`): a Chrome trace of each page at 4× CPU throttling and
 *   where its main thread's time went (scripts/trace-pages.ts says how that is counted).
 *
 * The site is built into a folder of the benchmark's own (never dist/, which the browser tests
 * serve) and served from a throw-away copy of the project whose dist/ is that build, on a free
 * port. Lighthouse reports and traces go to a new temporary folder, named at the end.
 *
 * Options: --runs=N (default 3; 1 with --trace), --pages=/a,/b, --busy (the unit tests run in a
 * loop meanwhile, loading the machine as CI would), --no-build (reuse the benchmark's last
 * build), --trace.
 *
 * Side by side: --against=DIR serves another site's build (AstroWind's dist/, say) with
 * scripts/static-site.ts and measures its pages of the same kind, given in the same order by
 * --against-pages=/x,/y, each run of ours followed by one of theirs, so that both meet the same
 * load.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
// chrome-launcher comes with lighthouse: it is how the lighthouse command starts Chromium.
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { OwnServer, makeSandbox, runBenchmark } from './bench-kit.ts';
import { DEBIAN_CHROMIUM, chromiumLaunchOptions } from './chromium.ts';
import { serveStatic } from './static-site.ts';
import { CPU_SLOWDOWN, profilePage, profileTables } from './trace-pages.ts';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const option = (name: string) =>
  args.find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
const optionValue = (name: string) => option(name)?.split('=')[1];
const OPTIONS = ['runs', 'pages', 'busy', 'no-build', 'trace', 'against', 'against-pages'];
const unknown = args.filter((arg) => !OPTIONS.some((name) => arg.split('=')[0] === `--${name}`));

const trace = option('trace') !== undefined;
const busy = option('busy') !== undefined;
const runs = Number(optionValue('runs') ?? (trace ? 1 : 3));
const defaultPages = trace
  ? ['/', '/renewable-energy']
  : ['/', '/renewable-energy', '/services/environmental-impact-assessment', '/about'];
const pages = optionValue('pages')?.split(',') ?? defaultPages;
const againstDir = optionValue('against');
const againstPages = optionValue('against-pages')?.split(',');
/** Kept between runs for `--no-build`. */
const BUILD_DIR = join(tmpdir(), 'bench-pages-build/dist');
const OVERALL_LIMIT_MS = 30 * 60_000;

const log = (message: string) => process.stderr.write(`${message}\n`);

let server: OwnServer | undefined;
let site: string | undefined;
let stopLoad: (() => Promise<void>) | undefined;
let againstServer: Server | undefined;

// ---- the site ---------------------------------------------------------------------------------

function build(): void {
  log(`Building the site into ${BUILD_DIR}…`);
  rmSync(BUILD_DIR, { recursive: true, force: true });
  // Astro's output goes to stderr, keeping stdout for the tables.
  const result = spawnSync('npx', ['astro', 'build', '--outDir', BUILD_DIR], {
    cwd: root,
    stdio: ['ignore', 2, 2],
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error('the build failed');
}

/** Serves BUILD_DIR on a free loopback port; resolves with the site's base URL. */
async function serveBuild(): Promise<string> {
  // A copy of the project with the benchmark's build as its dist/, which OwnServer then serves
  // from a copy of its own.
  site = makeSandbox(root, 'bench-pages-site-');
  unlinkSync(join(site, 'dist'));
  symlinkSync(BUILD_DIR, join(site, 'dist'));
  server = await OwnServer.create(site, 'bench-pages-server-', log);
  const secret = () => randomBytes(32).toString('base64url');
  await server.start({ admin: { username: 'bench', password: secret() }, jwtSecret: secret() });
  return server.base;
}

// ---- load ---------------------------------------------------------------------------------------

/** `--busy`: the unit tests in a loop until stopped, in their own process group. */
function startLoad(): () => Promise<void> {
  let child: ChildProcess | undefined;
  let stopped = false;
  const next = () => {
    if (stopped) return;
    child = spawn('npx', ['vitest', 'run', '--project', 'unit'], {
      cwd: root,
      detached: true,
      stdio: 'ignore',
    });
    child.once('exit', next);
  };
  next();
  return async () => {
    stopped = true;
    if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // Exited meanwhile.
    }
    await exited;
  };
}

/**
 * How loaded the machine was while the measurements ran: the 1-minute load average, sampled
 * every 5 s (it trails the load by about a minute, so short runs also get the share of CPU time
 * all cores spent busy, which does not).
 */
function watchLoad(): { stop: () => string } {
  const samples = [loadavg()[0]!];
  // Unref'd: a run that fails never stops it.
  const timer = setInterval(() => samples.push(loadavg()[0]!), 5_000).unref();
  /** CPU time of all cores since boot (ms): spent busy, and in all. */
  const cpuTime = () => {
    let busy = 0;
    let total = 0;
    for (const { times } of cpus()) {
      const all = times.user + times.nice + times.sys + times.irq + times.idle;
      busy += all - times.idle;
      total += all;
    }
    return { busy, total };
  };
  const before = cpuTime();
  return {
    stop: () => {
      clearInterval(timer);
      const after = cpuTime();
      const cpuBusy = (100 * (after.busy - before.busy)) / (after.total - before.total);
      const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
      const f = (value: number) => value.toFixed(2);
      return (
        `1-min load average during the runs: min ${f(Math.min(...samples))}, mean ${f(mean)}, ` +
        `max ${f(Math.max(...samples))} (${samples.length} samples); ` +
        `CPU busy ${cpuBusy.toFixed(0)} % of ${cpus().length} cores`
      );
    },
  };
}

// ---- Lighthouse -------------------------------------------------------------------------------

/** Chromium's flags for Lighthouse: the browser tests' (no outside host lookups), headless. */
const CHROME_FLAGS = ['--headless=new', ...(chromiumLaunchOptions(DEBIAN_CHROMIUM).args ?? [])];

/** One Lighthouse run of `url` in a fresh Chromium; the report is saved as JSON to `file`. */
async function lighthouseRun(url: string, file: string): Promise<Result> {
  const chrome = await launch({ chromePath: DEBIAN_CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (result === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
    writeFileSync(file, result.report as string);
    const error = result.lhr.runtimeError;
    if (error !== undefined) throw new Error(`${url}: ${error.code}: ${error.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

/**
 * A run Lighthouse itself could not record (e.g. NO_NAVSTART, a trace that lost the navigation on
 * a busy machine) is tried once more; a second failure ends the benchmark.
 */
async function lighthouseRunWithRetry(url: string, file: string): Promise<Result> {
  try {
    return await lighthouseRun(url, file);
  } catch (error) {
    console.warn(`${String(error)}: trying once more`);
    return lighthouseRun(url, file);
  }
}

interface Measures {
  perf: number;
  tbt: number;
  mainThread: number;
  lcp: number;
}

function measures(lhr: Result): Measures {
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
  return {
    perf: Math.round((lhr.categories['performance']?.score ?? NaN) * 100),
    tbt: value('total-blocking-time'),
    // Lighthouse multiplies the observed time by the simulated CPU slowdown (4×).
    mainThread: value('mainthread-work-breakdown'),
    lcp: value('largest-contentful-paint'),
  };
}

function lighthouseTable(rows: Measures[]): string {
  const ms = (value: number) => Math.round(value).toLocaleString('en-GB');
  const row = (label: string, m: Measures) =>
    `| ${label} | ${m.perf} | ${ms(m.tbt)} | ${ms(m.mainThread)} | ${ms(m.lcp)} |`;
  const worst: Measures = {
    perf: Math.min(...rows.map((m) => m.perf)),
    tbt: Math.max(...rows.map((m) => m.tbt)),
    mainThread: Math.max(...rows.map((m) => m.mainThread)),
    lcp: Math.max(...rows.map((m) => m.lcp)),
  };
  return [
    '| run | perf | TBT (ms) | main-thread work (ms) | LCP (ms) |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...rows.map((m, i) => row(String(i + 1), m)),
    row(`**worst of ${rows.length}**`, worst),
  ].join('\n');
}

/** Ours against theirs, worst of the runs each: main-thread work and LCP as ratios. */
function comparison(ours: Measures[], theirs: Measures[]): string {
  const worst = (rows: Measures[], key: 'mainThread' | 'lcp') =>
    Math.max(...rows.map((m) => m[key]));
  const ratio = (key: 'mainThread' | 'lcp') => (worst(ours, key) / worst(theirs, key)).toFixed(2);
  return `Ours against theirs, worst of ${ours.length}: main-thread work ${ratio('mainThread')}×, LCP ${ratio('lcp')}×.`;
}

// ---- main ---------------------------------------------------------------------------------------

/** A page's path as a file name. */
const slug = (path: string) => path.replace(/^\/|\/$/g, '').replaceAll('/', '_') || 'home';

async function main(): Promise<void> {
  if (unknown.length > 0) throw new Error(`unknown option ${unknown.join(' ')}`);
  if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs needs a positive integer');
  if (option('no-build') === undefined) build();
  else if (!existsSync(join(BUILD_DIR, 'index.html'))) {
    throw new Error(`--no-build: no earlier build in ${BUILD_DIR}`);
  }
  if ((againstDir === undefined) !== (againstPages === undefined)) {
    throw new Error('--against and --against-pages go together');
  }
  if (againstPages !== undefined && againstPages.length !== pages.length) {
    throw new Error('--against-pages needs one page for each of --pages');
  }
  const base = await serveBuild();
  let againstBase: string | undefined;
  if (againstDir !== undefined) {
    if (!existsSync(join(againstDir, 'index.html')))
      throw new Error(`${againstDir}: no index.html`);
    ({ base: againstBase, server: againstServer } = await serveStatic(resolve(againstDir)));
  }
  const out = mkdtempSync(join(tmpdir(), trace ? 'trace-pages-' : 'bench-pages-'));
  if (busy) {
    stopLoad = startLoad();
    // Vitest takes a few seconds to start its workers.
    await new Promise((resolve) => setTimeout(resolve, 10_000));
  }
  const load = watchLoad();
  for (const [index, path] of pages.entries()) {
    const theirs = againstBase === undefined ? undefined : againstPages?.[index];
    const sites: [string, string, string][] = [['', base, path]];
    if (theirs !== undefined && againstBase !== undefined) {
      sites.push(['against_', againstBase, theirs]);
    }
    const url = (siteBase: string, sitePath: string) =>
      // The built pages' own address (build.format 'directory'), so no redirect is measured.
      `${siteBase}${sitePath.replace(/\/?$/, '/')}`;
    const file = (prefix: string, sitePath: string, run: number) =>
      join(out, `${prefix}${slug(sitePath)}.run${run}.${trace ? 'trace' : 'report'}.json`);
    const label = (prefix: string, sitePath: string) =>
      prefix === '' ? sitePath : `${sitePath} of ${againstDir}`;
    if (trace) {
      for (const [prefix, siteBase, sitePath] of sites) {
        for (let run = 1; run <= runs; run++) {
          log(`Tracing ${url(siteBase, sitePath)} (run ${run} of ${runs})…`);
          const title = `${label(prefix, sitePath)}, run ${run}: main thread at ${CPU_SLOWDOWN}× CPU throttling`;
          const profile = await profilePage(url(siteBase, sitePath), file(prefix, sitePath, run));
          console.log(`\n### ${title}\n\n${profileTables(profile)}`);
        }
      }
    } else {
      const rows = sites.map((): Measures[] => []);
      for (let run = 1; run <= runs; run++) {
        for (const [i, [prefix, siteBase, sitePath]] of sites.entries()) {
          log(`Lighthouse ${url(siteBase, sitePath)} (run ${run} of ${runs})…`);
          const lhr = await lighthouseRunWithRetry(
            url(siteBase, sitePath),
            file(prefix, sitePath, run),
          );
          rows[i]!.push(measures(lhr));
        }
      }
      for (const [i, [prefix, , sitePath]] of sites.entries()) {
        console.log(`\n### ${label(prefix, sitePath)}\n\n${lighthouseTable(rows[i]!)}`);
      }
      if (rows.length === 2) console.log(`\n${comparison(rows[0]!, rows[1]!)}`);
    }
  }
  console.log(`\n${busy ? 'With the unit tests running in a loop. ' : ''}${load.stop()}.`);
  console.log(`${trace ? 'Traces' : 'Lighthouse reports'} (JSON): ${out}`);
}

async function cleanUp(): Promise<void> {
  await stopLoad?.();
  await server?.remove();
  againstServer?.close();
  if (site !== undefined) rmSync(site, { recursive: true, force: true });
}

await runBenchmark(trace ? 'trace:pages' : 'bench:pages', OVERALL_LIMIT_MS, main, cleanUp);
