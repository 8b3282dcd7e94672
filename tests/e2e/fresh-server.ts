/**
 * A second local server (scripts/serve.ts, the built dist/ and the functions) with data of its
 * own, for a spec that needs the admin as a fresh deploy has them: no passkey, no session. It
 * takes the run's admin settings (playwright.config.ts) and listens on a free port of localhost,
 * the host its passkeys belong to.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../scripts/bench-kit.ts';

const root = join(import.meta.dirname, '..', '..');

export interface FreshServer {
  /** `http://localhost:<port>`. */
  origin: string;
  stop: () => Promise<void>;
}

export async function startFreshServer(): Promise<FreshServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-fresh-blobs-'));
  const child = spawn(process.execPath, [join(root, 'scripts/serve.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      BLOBS_DIR: dataDir,
      ADMIN_USERNAME: process.env['E2E_ADMIN_USERNAME'],
      ADMIN_PASSWORD: process.env['E2E_ADMIN_PASSWORD'],
      JWT_SECRET: process.env['E2E_JWT_SECRET'],
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // What it says while starting, for the error if it does not; afterwards, nothing (a request
  // cut short by the stop is no news).
  let said = '';
  let started = false;
  child.stderr.on('data', (chunk: Buffer) => {
    if (!started) said += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://localhost:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The second server stopped (${child.exitCode}): ${said}`);
    }
    const up = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) {
      started = true;
      return { origin, stop };
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The second server did not answer in 90 s: ${said}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
