/**
 * STORAGE_TIMEOUT_MS bounds a request's storage work as a whole, not each call: with a slow
 * backend a request answers 503 with Retry-After once its deadline has passed, well inside
 * Netlify's 10 s function limit, however many calls it would have made.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { call, makeToken, useBlobs, type CallOptions } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);

const TIMEOUT_MS = 1_500;
/**
 * Each storage call of a slow backend takes this long: an answer sooner than one call proves the
 * deadline (plus a failed create's 1.5 s take-back grace) cut the request short, with seconds to
 * spare for a busy machine, where waiting for the calls would take several times as long.
 */
const CALL_DELAY_MS = 6_000;

beforeEach(() => {
  vi.stubEnv('STORAGE_TIMEOUT_MS', String(TIMEOUT_MS));
});

async function timed(handler: typeof enquiriesFn, options: CallOptions) {
  const started = performance.now();
  const res = await call(handler, options);
  return { res, ms: performance.now() - started };
}

describe('one storage deadline per request', () => {
  it('answers a slow admin list 503 by the deadline, not after every call has waited', async () => {
    // Some data first, so the list has an index, chunks and records to read.
    for (let i = 0; i < 3; i++) {
      await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() });
    }
    faulty.inject({ path: /./, fault: { kind: 'delay', ms: CALL_DELAY_MS } });
    const { res, ms } = await timed(enquiriesFn, {
      path: '/api/enquiries',
      token: await makeToken(),
    });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(ms).toBeLessThan(CALL_DELAY_MS);
  });

  it('answers a slow submission 503 by the deadline (plus the take-back grace)', async () => {
    faulty.inject({ path: /./, fault: { kind: 'delay', ms: CALL_DELAY_MS } });
    const { res, ms } = await timed(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() });
    expect(res.status).toBe(503);
    expect(ms).toBeLessThan(CALL_DELAY_MS);
  });

  it('gives each request a deadline of its own', async () => {
    const token = await makeToken();
    await call(announcementsFn, {
      path: '/api/announcements',
      json: { text: 'Open day', link: '' },
      token,
    });
    faulty.inject({ path: /./, fault: { kind: 'delay', ms: TIMEOUT_MS / 3 } });
    // Two sequential requests of one call each: together past the deadline, each within it.
    for (let i = 0; i < 4; i++) {
      const res = await call(announcementsFn, { path: '/api/announcements' });
      expect(res.status).toBe(200);
    }
  });
});
