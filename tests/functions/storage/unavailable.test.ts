/**
 * When Blobs cannot be reached, every endpoint answers 503 `{ error }` quickly, and nothing is
 * half-written.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import healthFn from '../../../functions/health.ts';
import loginFn from '../../../functions/login.ts';
import {
  ADMIN,
  call,
  makeToken,
  useBlobs,
  type CallOptions,
  type FunctionHandler,
} from '../helpers.ts';
import { listenOnLoopback } from '../loopback.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { writes } from '../store-inspection.ts';

const blobs = useBlobs({ silenceErrors: true });

/** Accepts connections and never answers: a hung storage backend. */
let silent: Server;
const sockets = new Set<Socket>();
let silentURL = '';

beforeAll(async () => {
  silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  silentURL = await listenOnLoopback(silent);
});

afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});

const CASES: [string, FunctionHandler, () => Promise<CallOptions>][] = [
  [
    'POST /api/enquiries',
    enquiriesFn,
    async () => ({ path: '/api/enquiries', json: validEnquiry() }),
  ],
  [
    'GET /api/enquiries',
    enquiriesFn,
    async () => ({ path: '/api/enquiries', token: await makeToken() }),
  ],
  ['POST /api/contact', contactFn, async () => ({ path: '/api/contact', json: validContact() })],
  ['GET /api/announcements', announcementsFn, async () => ({ path: '/api/announcements' })],
  [
    'POST /api/announcements',
    announcementsFn,
    async () => ({ path: '/api/announcements', json: { text: 'x' }, token: await makeToken() }),
  ],
  [
    'POST /api/login',
    loginFn,
    async () => ({
      path: '/api/login',
      json: { username: ADMIN.username, password: ADMIN.password },
    }),
  ],
];

describe('storage on a dead port', () => {
  it.each(CASES)('%s answers 503 { error } at once', async (_name, handler, options) => {
    const request = await options();
    await blobs.pointAtDeadPort();
    const started = performance.now();
    const res = await call(handler, request);
    const elapsed = performance.now() - started;
    blobs.restore();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toEqual({
      error: 'Storage is unavailable. Please try again shortly.',
    });
    // The Blobs client alone would retry for up to 25 s.
    expect(elapsed).toBeLessThan(10_000);
    // The cause goes to the log, not to the client.
    expect(console.error).toHaveBeenCalled();
  });

  it('stores nothing from submissions made while storage was down', async () => {
    await blobs.pointAtDeadPort();
    expect((await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() })).status).toBe(
      503,
    );
    expect((await call(contactFn, { path: '/api/contact', json: validContact() })).status).toBe(
      503,
    );
    blobs.restore();
    const list = await call(enquiriesFn, { path: '/api/enquiries', token: await makeToken() });
    expect(list.headers.get('x-total-count')).toBe('0');
    expect(writes(blobs.ops)).toBe(0);
  });

  it('health says so: 503 { ok: false, storage: "unavailable" }', async () => {
    await blobs.pointAtDeadPort();
    const res = await call(healthFn, { path: '/api/health' });
    blobs.restore();
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ ok: false, storage: 'unavailable' });
  });

  it('health is 200 { ok: true, storage: "ok" } when Blobs answers', async () => {
    const res = await call(healthFn, { path: '/api/health' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, storage: 'ok' });
  });
});

describe('storage that never answers', () => {
  it('gives up after STORAGE_TIMEOUT_MS and answers 503', async () => {
    vi.stubEnv('STORAGE_TIMEOUT_MS', '300');
    blobs.pointAt(silentURL);
    const started = performance.now();
    const res = await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() });
    const elapsed = performance.now() - started;
    blobs.restore();
    expect(res.status).toBe(503);
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(10_000);
  });
});

describe('missing Blobs environment', () => {
  it('answers 503 rather than failing', async () => {
    const { setEnvironmentContext } = await import('@netlify/blobs');
    setEnvironmentContext({});
    const res = await call(announcementsFn, { path: '/api/announcements' });
    blobs.restore();
    expect(res.status).toBe(503);
  });
});
