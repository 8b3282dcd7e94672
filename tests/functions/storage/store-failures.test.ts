/**
 * How the one door to Blobs (functions/_lib/repositories/store.ts) fails: a 5xx, a 429 or a
 * broken connection ends the operation at once (no retries past the request's deadline), the
 * log names the store and the reason, a failed create still takes its record back within its
 * grace period, client errors raised inside an operation pass unchanged, and every call goes to
 * the uncached edge (strong consistency).
 */
import { createServer as createHttpServer } from 'node:http';
import { createServer, type Server } from 'node:net';
import { setEnvironmentContext } from '@netlify/blobs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { HttpError } from '../../../functions/_lib/http.ts';
import {
  StorageUnavailableError,
  withRequestScope,
  withStore,
} from '../../../functions/_lib/repositories/store.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { deadPort, listenOnLoopback } from '../loopback.ts';
import { validEnquiry } from '../samples.ts';
import { liveIds } from '../store-inspection.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);

/** Accepts each connection and drops it at once: a fetch that fails, counted. */
let dropping: Server;
let dropped = 0;
let droppingURL = '';

beforeAll(async () => {
  dropping = createServer((socket) => {
    dropped++;
    socket.destroy();
  });
  droppingURL = await listenOnLoopback(dropping);
});
afterAll(async () => {
  await new Promise<void>((resolve) => dropping.close(() => resolve()));
});
beforeEach(() => {
  dropped = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

const RECORD = /\/site:enquiries\/[0-7][0-9A-Z]{25}$/;
const GENERATION = /\/site:enquiries\/_generation$/;

/** Live records (a taken-back create leaves a tombstone, no record). */
async function storedEnquiries(): Promise<string[]> {
  blobs.restore();
  const ids = await liveIds('enquiries');
  return ids;
}

const listAnnouncements = () => call(announcementsFn, { path: '/api/announcements' });

describe('a failing storage answer', () => {
  it.each([500, 503, 429])(
    '%i ends the operation at once: one request, 503 to the client',
    async (status) => {
      faulty.inject({ path: /site:announcements/, fault: { kind: 'refuse', status } });
      const res = await listAnnouncements();
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('30');
      expect(await res.json()).toEqual({
        error: 'Storage is unavailable. Please try again shortly.',
      });
      expect(faulty.seen.filter((line) => line.includes('site:announcements'))).toHaveLength(1);
      expect(console.error).toHaveBeenCalledWith(
        'Blobs store "announcements" is unavailable',
        `storage answered HTTP ${status}`,
      );
    },
  );

  it('is not a 4xx such as a missing record: that is an answer, not a fault', async () => {
    faulty.inject({ path: /site:announcements/, fault: { kind: 'refuse', status: 499 } });
    // The client treats an unexpected 499 as its own error; what matters is one request only.
    await listAnnouncements();
    expect(faulty.seen.filter((line) => line.includes('site:announcements'))).toHaveLength(1);
    expect(console.error).not.toHaveBeenCalledWith(expect.anything(), 'storage answered HTTP 499');
  });

  it('429 with a reset time seconds away ends it at once too: the client would wait till then', async () => {
    const reset = Math.ceil(Date.now() / 1000) + 25;
    faulty.inject({
      path: /site:announcements/,
      fault: { kind: 'refuse', status: 429, headers: { 'X-RateLimit-Reset': String(reset) } },
    });
    const started = performance.now();
    expect((await listAnnouncements()).status).toBe(503);
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('a connection that breaks is not retried either', async () => {
    blobs.pointAt(droppingURL);
    const res = await listAnnouncements();
    expect(res.status).toBe(503);
    expect(dropped).toBe(1);
  });
});

describe('the request deadline', () => {
  it('is logged as the reason when storage is too slow', async () => {
    vi.stubEnv('STORAGE_TIMEOUT_MS', '300');
    faulty.inject({ path: /./, fault: { kind: 'delay', ms: 1_000 } });
    expect((await listAnnouncements()).status).toBe(503);
    expect(console.error).toHaveBeenCalledWith(
      'Blobs store "announcements" is unavailable',
      'the request ran out of storage time',
    );
  });

  it('refuses any storage call once it has passed, without contacting storage', async () => {
    vi.stubEnv('STORAGE_TIMEOUT_MS', '50');
    blobs.pointAt(faulty.url);
    const late = withRequestScope(undefined, async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return withStore('late', (store) => store.set('k', 'v'));
    });
    await expect(late).rejects.toBeInstanceOf(StorageUnavailableError);
    expect(faulty.seen).toEqual([]);
    expect(console.error).toHaveBeenCalledWith(
      'Blobs store "late" is unavailable',
      'the request ran out of storage time',
    );
  });

  it('has passed when no time at all is left: nothing is asked of storage', async () => {
    // Time stands still, so exactly 0 ms remain (and no timer could end the call).
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    blobs.pointAt(faulty.url);
    const none = withRequestScope(
      undefined,
      () => withStore('edge', (store) => store.set('k', 'v')),
      0,
    );
    await expect(none).rejects.toBeInstanceOf(StorageUnavailableError);
    vi.useRealTimers();
    expect(faulty.seen).toEqual([]);
  });

  it('leaves no timer behind once an operation has ended (a script exits at once)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    expect(await withStore('any', async () => 'done')).toBe('done');
    await expect(withStore('any', () => Promise.reject(new Error('x')))).rejects.toThrow();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('cancels a call still waiting for storage: its connection is closed, not left open', async () => {
    vi.stubEnv('STORAGE_TIMEOUT_MS', '300');
    const closed: string[] = [];
    const hanging = createHttpServer((req) => {
      req.on('close', () => closed.push(req.url ?? ''));
    });
    blobs.pointAt(await listenOnLoopback(hanging));
    try {
      expect((await listAnnouncements()).status).toBe(503);
      for (let wait = 0; wait < 50 && closed.length === 0; wait++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(closed).toHaveLength(1);
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });

  it('still leaves a failed keyless create the grace to take its record back', async () => {
    vi.stubEnv('STORAGE_TIMEOUT_MS', '600');
    // The record is written; the write that would list it outlives the deadline.
    faulty.inject({
      method: 'PUT',
      path: GENERATION,
      fault: { kind: 'delay', ms: 1_500 },
      times: 1,
    });
    const res = await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() });
    expect(res.status).toBe(503);
    // The record's write, then its take-back: a tombstone written over it.
    expect(faulty.seen.filter((line) => line.startsWith('PUT') && RECORD.test(line))).toHaveLength(
      2,
    );
    expect(await storedEnquiries()).toEqual([]);
  });
});

describe('errors raised inside an operation', () => {
  it('pass unchanged when they are client errors or storage errors already', async () => {
    const clientError = new HttpError(409, 'Changed meanwhile.');
    await expect(withStore('any', () => Promise.reject(clientError))).rejects.toBe(clientError);
    const inner = new StorageUnavailableError('inner', new Error('x'));
    await expect(withStore('outer', () => Promise.reject(inner))).rejects.toBe(inner);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('become a StorageUnavailableError for the store otherwise, with the cause kept', async () => {
    const cause = new Error('damaged');
    const failure = await withStore('things', () => Promise.reject(cause)).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StorageUnavailableError);
    expect(failure).toMatchObject({
      name: 'StorageUnavailableError',
      message: 'Blobs store "things" is unavailable',
      cause,
    });
    expect(console.error).toHaveBeenCalledWith('Blobs store "things" is unavailable', 'damaged');
  });

  it('are logged as they are when they are not errors', async () => {
    await expect(withStore('things', () => Promise.reject('plain'))).rejects.toBeInstanceOf(
      StorageUnavailableError,
    );
    expect(console.error).toHaveBeenCalledWith('Blobs store "things" is unavailable', 'plain');
  });
});

describe('strong consistency', () => {
  it('sends every call to the uncached edge, never to the cached one', async () => {
    const encoded = process.env['NETLIFY_BLOBS_CONTEXT'];
    if (!encoded) throw new Error('no Blobs context');
    const context = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as Record<
      string,
      unknown
    >;
    setEnvironmentContext({ ...context, edgeURL: `http://127.0.0.1:${await deadPort()}` });

    const token = await makeToken();
    const created = await call(announcementsFn, {
      path: '/api/announcements',
      json: { text: 'Open day', link: '' },
      token,
    });
    expect(created.status).toBe(201);
    expect((await listAnnouncements()).status).toBe(200);
    expect((await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() })).status).toBe(
      201,
    );
    const list = await call(enquiriesFn, { path: '/api/enquiries', token });
    expect(list.headers.get('x-total-count')).toBe('1');
  });
});
