/**
 * What the benchmarks (scripts/bench.ts, scripts/bench-storage.ts) and the tests share: a valid
 * enquiry to send, a free loopback port, a health probe, a throw-away copy of the project whose
 * local data is its own, and the benchmarks' own server and run guard.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A valid public enquiry (an individual, no renewable energy), with `overrides` applied. */
export function sampleEnquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    fullName: 'Asha Menon',
    designation: 'Facilities Manager',
    emailAddress: 'asha@example.org',
    phoneNumber: '9876543210',
    country: 'India',
    stateProvince: 'Kerala',
    cityTownVillage: 'Kochi',
    fullAddress: '12 Marine Drive',
    enquiryType: 'Individual',
    institutionName: '',
    institutionType: [],
    institutionTypeOther: '',
    purposeOfUse: 'Backup Power',
    generatorCapacity: '10 kWh - 50 kWh',
    monthlyElectricityBill: '4500',
    renewableEnergyUsed: 'No',
    renewableEnergySpecify: '',
    installationSiteLocation: 'Rooftop',
    spaceAvailable: 'Yes',
    preferredTimeline: '1-3 months',
    additionalComments: '',
    ...overrides,
  };
}

/** A port with nothing listening on it, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/** Whether the server at `base` answers its health check. */
export async function healthy(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

/** A copy of the project `root` whose `.netlify/` (and so Blobs data) is its own. */
export function makeSandbox(root: string, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  // Sources are copied (the function bundler trips over symlinked ones); the rest is linked.
  for (const entry of ['functions', 'src', 'netlify.toml', 'package.json', 'tsconfig.json']) {
    if (existsSync(join(root, entry)))
      cpSync(join(root, entry), join(dir, entry), { recursive: true });
  }
  for (const entry of ['dist', 'node_modules']) symlinkSync(join(root, entry), join(dir, entry));
  // serve.ts finds the project root from its own location, so the scripts are copied.
  mkdirSync(join(dir, 'scripts'));
  for (const file of readdirSync(join(root, 'scripts'))) {
    if (file.endsWith('.ts')) copyFileSync(join(root, 'scripts', file), join(dir, 'scripts', file));
  }
  return dir;
}

/** Builds the site (`npm run build`) when `root` has no build in dist/ yet. */
function ensureBuilt(root: string, log: (message: string) => void): void {
  if (existsSync(join(root, 'dist/index.html'))) return;
  log('No build in dist/: running `npm run build` first…');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
}

/** What a benchmark starts its own server with. */
export interface ServerSettings {
  admin: { username: string; password: string };
  jwtSecret: string;
  /** The Blobs folder; serve.ts's default inside the copy when not given. */
  blobsDir?: string;
}

/**
 * A benchmark's own server: scripts/serve.ts of a throw-away copy of the built project (built
 * first when dist/ is missing) on a free loopback port, sending no e-mail. It may be stopped and
 * started again on the same port and data; `remove` stops it and deletes the copy.
 */
export class OwnServer {
  /** What the server printed, to report its errors. */
  readonly output: string[] = [];
  readonly sandbox: string;
  readonly port: number;
  private child: ChildProcess | undefined;

  private constructor(sandbox: string, port: number) {
    this.sandbox = sandbox;
    this.port = port;
  }

  static async create(
    root: string,
    prefix: string,
    log: (message: string) => void,
  ): Promise<OwnServer> {
    ensureBuilt(root, log);
    const port = await freePort();
    return new OwnServer(makeSandbox(root, prefix), port);
  }

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The server process's id while it runs. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts the server; resolves once it answers its health check, with how long that took (ms). */
  async start(settings: ServerSettings): Promise<number> {
    const started = Date.now();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: settings.admin.username,
      ADMIN_PASSWORD: settings.admin.password,
      ADMIN_PASSWORD_HASH: '',
      JWT_SECRET: settings.jwtSecret,
      SMTP_HOST: '',
      ASTRO_TELEMETRY_DISABLED: '1',
    };
    if (settings.blobsDir !== undefined) env['BLOBS_DIR'] = settings.blobsDir;
    // Set in the benchmark's own process by a direct seed; the server starts its own Blobs server.
    delete env['NETLIFY_BLOBS_CONTEXT'];
    // A process group of its own, so that stopping it stops whatever it started.
    const child = spawn(process.execPath, [join(this.sandbox, 'scripts/serve.ts')], {
      cwd: this.sandbox,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    });
    this.child = child;
    const keep = (chunk: Buffer) => void this.output.push(chunk.toString());
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) break;
      if (await healthy(this.base)) return Date.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`the server did not become healthy:\n${this.output.join('').slice(-4_000)}`);
  }

  /** Stops the server: SIGTERM to its process group, SIGKILL after 5 s. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child?.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const pid = child.pid;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      return; // Already gone.
    }
    const timer = setTimeout(() => {
      try {
        if (child.exitCode === null) process.kill(-pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }, 5_000);
    await exited;
    clearTimeout(timer);
  }

  /** Stops the server and deletes the copy of the project. */
  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.sandbox, { recursive: true, force: true });
  }
}

/**
 * Runs a benchmark's `main`, then `cleanUp` whatever happens: also when the run outlasts
 * `limitMs` (exit code 1) or is interrupted (130). A failure is logged as `name: reason`, exit 1.
 */
export async function runBenchmark(
  name: string,
  limitMs: number,
  main: () => Promise<void>,
  cleanUp: () => Promise<void>,
): Promise<void> {
  const log = (message: string) => process.stderr.write(`${message}\n`);
  const guard = setTimeout(() => {
    log(`Benchmark exceeded ${limitMs / 60_000} minutes; stopping.`);
    void cleanUp().finally(() => process.exit(1));
  }, limitMs);
  guard.unref();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  try {
    await main();
  } catch (error) {
    log(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}
