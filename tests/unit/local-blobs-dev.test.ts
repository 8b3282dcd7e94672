/**
 * `npm run dev` serves Blobs from the corrected server (src/integrations/local-blobs-dev.ts):
 * astro.config.mjs turns @netlify/vite-plugin's own emulator off and adds the integration, whose
 * dev-server hook starts scripts/local-blobs.ts and sets the Blobs context that the plugin's
 * function workers inherit.
 */
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import localBlobsDev from '../../src/integrations/local-blobs-dev.ts';

const netlifyPlugin = vi.hoisted(() => vi.fn((_options: unknown) => []));
vi.mock('@netlify/vite-plugin', () => ({ default: netlifyPlugin }));

const CONTEXT = 'NETLIFY_BLOBS_CONTEXT';
let saved: string | undefined;
let root = '';
let httpServer: EventEmitter | undefined;

beforeEach(async () => {
  saved = process.env[CONTEXT];
  root = await mkdtemp(join(tmpdir(), 'local-blobs-dev-'));
});

afterEach(async () => {
  httpServer?.emit('close');
  httpServer = undefined;
  vi.unstubAllEnvs();
  if (saved === undefined) delete process.env[CONTEXT];
  else process.env[CONTEXT] = saved;
  await rm(root, { recursive: true, force: true });
});

/** Runs the integration's dev-server hook as Astro would, for a project at `root`. */
async function serverSetup(withHttpServer = true): Promise<void> {
  const hook = localBlobsDev().hooks['astro:server:setup'] as (params: unknown) => Promise<void>;
  httpServer = withHttpServer ? new EventEmitter() : undefined;
  await hook({ server: { config: { root }, httpServer }, logger: { info: () => {} } });
}

const blobsContext = () =>
  JSON.parse(Buffer.from(process.env[CONTEXT] ?? '', 'base64').toString()) as {
    edgeURL: string;
  };

/**
 * In `workers` worker threads (as the plugin runs functions), `writes` concurrent `onlyIfNew`
 * writes each of one key, through the Blobs context the threads inherit: how many won. The
 * threads start writing together, once all of them are ready.
 */
async function onlyIfNewWinsInWorkers(workers: number, writes: number): Promise<number> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    import(workerData.blobs).then(async ({ getStore }) => {
      const store = getStore({ name: 'leads', consistency: 'strong' });
      await new Promise((go) => {
        parentPort.once('message', go);
        parentPort.postMessage('ready');
      });
      const results = await Promise.all(
        Array.from({ length: workerData.writes }, (_, i) =>
          store.set('once', String(i), { onlyIfNew: true })),
      );
      parentPort.postMessage(results.filter((result) => result.modified).length);
    });`;
  const blobs = import.meta.resolve('@netlify/blobs');
  const threads = Array.from(
    { length: workers },
    () => new Worker(code, { eval: true, workerData: { blobs, writes } }),
  );
  const next = (thread: Worker) =>
    new Promise<unknown>((resolve, reject) => {
      thread.once('message', resolve);
      thread.once('error', reject);
    });
  try {
    await Promise.all(threads.map(next));
    const wins = threads.map(next);
    for (const thread of threads) thread.postMessage('go');
    return (await Promise.all(wins)).reduce<number>((sum, won) => sum + Number(won), 0);
  } finally {
    await Promise.all(threads.map((thread) => thread.terminate()));
  }
}

describe('npm run dev Blobs', () => {
  it('lets one of 20 concurrent onlyIfNew writes from function workers through', async () => {
    await serverSetup();
    expect(await onlyIfNewWinsInWorkers(4, 5)).toBe(1);
    // Kept where `npm start` keeps it, under the unlinked site's id.
    expect(existsSync(join(root, '.netlify/blobs-serve/entries/0'))).toBe(true);
  });

  it('stops the Blobs server when the dev server closes', async () => {
    await serverSetup();
    const { edgeURL } = blobsContext();
    expect((await fetch(edgeURL)).status).toBeGreaterThan(0);
    httpServer?.emit('close');
    await vi.waitFor(() => expect(fetch(edgeURL)).rejects.toThrow());
  });

  it('leaves Blobs alone under `netlify dev` and without an HTTP server', async () => {
    process.env[CONTEXT] = 'untouched';
    vi.stubEnv('NETLIFY_DEV', 'true');
    await serverSetup();
    vi.unstubAllEnvs();
    await serverSetup(false);
    expect(process.env[CONTEXT]).toBe('untouched');
  });

  it('is wired into astro.config.mjs with the plugin’s own Blobs emulator off', async () => {
    const { default: config } = await import('../../astro.config.mjs');
    const names = (config.integrations ?? [])
      .flat()
      .map((integration) => integration && integration.name);
    expect(names).toContain('local-blobs-dev');
    expect(netlifyPlugin).toHaveBeenCalledWith(
      expect.objectContaining({ blobs: { enabled: false } }),
    );
  });
});
