/**
 * The first build of a large store's index must read every record, which may not fit in one
 * request's storage deadline: the reads a request made before its 503 are kept, so the next
 * request carries on, and every record is read about once however many attempts it takes.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import enquiriesFn from '../../functions/enquiries.ts';
import { enquiries } from '../../functions/_lib/repositories/enquiries.ts';
import { forgetLoadedIndexes } from '../../functions/_lib/repositories/timeline.ts';
import { parseEnquiry } from '../../src/lib/schemas/index.ts';
import { startFaultyBlobs, type FaultyBlobs } from './faulty-blobs.ts';
import { call, makeToken, useBlobs, validEnquiry } from './helpers.ts';

const blobs = useBlobs();
let faulty: FaultyBlobs;

const RECORDS = 120;
const RECORD_READ = /^GET \/[^/]+\/site:enquiries\/[0-7][0-9A-Z]{25}/;
/** The record reads the proxy saw, as keys. */
const recordReads = () =>
  faulty.seen
    .filter((line) => RECORD_READ.test(line))
    .map((line) => line.split('/').at(-1)!.split('?')[0]);

beforeAll(async () => {
  faulty = await startFaultyBlobs(blobs);
});
afterAll(() => faulty.close());
beforeEach(() => {
  faulty.rules.length = 0;
  faulty.seen.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  blobs.restore();
});

/** Stores `count` enquiries, 20 at a time. */
async function createLeads(count: number): Promise<void> {
  const parsed = parseEnquiry(validEnquiry());
  if (!parsed.success) throw new Error('invalid fixture');
  for (let n = 0; n < count; n += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, count - n) }, (_, k) =>
        enquiries.create({ ...parsed.output, fullName: `Lead ${n + k}` }),
      ),
    );
  }
}

/** A cold instance meets a store it has never indexed, each record read taking `readMs`. */
function coldWithSlowReads(readMs: number, timeoutMs: number): void {
  forgetLoadedIndexes();
  faulty.rules.push({
    method: 'GET',
    path: /site:enquiries\/[0-7]/,
    fault: { kind: 'delay', ms: readMs },
  });
  blobs.pointAt(faulty.url);
  vi.stubEnv('STORAGE_TIMEOUT_MS', String(timeoutMs));
}

describe('the first build of a large index', () => {
  it('carries on across requests cut short by the deadline, reading each record about once', async () => {
    await createLeads(RECORDS);
    // Each record read takes 150 ms; 16 at a time, a 700 ms deadline allows about 60 of 120.
    coldWithSlowReads(150, 700);
    const token = await makeToken();

    const statuses: number[] = [];
    let res: Response | undefined;
    for (let attempt = 0; attempt < 8; attempt++) {
      res = await call(enquiriesFn, { path: '/api/enquiries?q=lead', token });
      statuses.push(res.status);
      if (res.status === 200) break;
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    }
    expect(statuses[0]).toBe(503);
    expect(statuses.at(-1)).toBe(200);
    expect(res!.headers.get('x-total-count')).toBe(String(RECORDS));

    // Every record at least once; re-reads only of those in flight when a deadline struck.
    const reads = recordReads();
    const attempts = statuses.length;
    expect(new Set(reads).size).toBe(RECORDS);
    expect(reads.length).toBeLessThanOrEqual(RECORDS + 16 * (attempts - 1) + 10);
    console.info(`first build of ${RECORDS}: ${statuses.join(', ')}; ${reads.length} record reads`);
  }, 60_000);

  it('is started afresh by a cold instance (forgetLoadedIndexes forgets a cut build’s reads too)', async () => {
    await createLeads(40);
    // 16 reads of 300 ms at a time: a 500 ms deadline cuts the build after the first 16.
    coldWithSlowReads(300, 500);
    const token = await makeToken();
    expect((await call(enquiriesFn, { path: '/api/enquiries?q=nobody', token })).status).toBe(503);

    forgetLoadedIndexes();
    faulty.rules.length = 0;
    faulty.seen.length = 0;
    vi.stubEnv('STORAGE_TIMEOUT_MS', '4000');
    const res = await call(enquiriesFn, { path: '/api/enquiries?q=nobody', token });
    expect(res.headers.get('x-total-count')).toBe('0');
    // No match, so no page to read: every read is the index's, and it reads all 40 again.
    expect(new Set(recordReads()).size).toBe(40);
  });
});
