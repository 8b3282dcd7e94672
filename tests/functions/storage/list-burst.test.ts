/**
 * The admin list under load and when the index cannot be brought up to date in time:
 *  - 100 concurrent submissions, each followed by a list: every list answers 200 and counts at
 *    least every submission acknowledged before it started (read-your-writes);
 *  - when reading records for the index "takes too long" (an injected clock, `indexClock.now`,
 *    makes the read budget run out), an unfiltered list still answers 200 with the full total and
 *    the newest records on page 1, and says how many records are pending (X-Index-Pending); a
 *    search answers 200 and says so too; with time again, the next search is complete;
 *  - "after 10,000 new leads the first search answers 200", scaled down: 300 unindexed leads and
 *    a budget of 50 record reads per request: every search answers 200, each one makes progress
 *    (pending strictly decreasing) until none is pending, a cold instance carries on from the
 *    stored partial index instead of starting again, and every record is read once in all.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import { enquiries } from '../../../functions/_lib/repositories/enquiries.ts';
import { forgetLoadedIndexes, indexClock } from '../../../functions/_lib/repositories/timeline.ts';
import { parseEnquiry } from '../../../src/lib/schemas/index.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { blobReads } from '../store-inspection.ts';
import { validEnquiry } from '../samples.ts';

const blobs = useBlobs({ silenceErrors: true });

const realNow = indexClock.now;
let token = '';
beforeEach(async () => {
  token = await makeToken();
  forgetLoadedIndexes();
});
afterEach(() => {
  indexClock.now = realNow;
});

/** A clock under which no record can be read for the index: each reading jumps 10^9 ms on. */
function timeIsUp(): void {
  let t = 0;
  indexClock.now = () => (t += 1e9);
}

/** A clock that allows `reads` record reads per request (each read is preceded by one check). */
function allowReads(reads: number): () => void {
  let calls = 0;
  indexClock.now = () => (calls++ <= reads ? 0 : Number.MAX_SAFE_INTEGER);
  return () => {
    calls = 0;
  };
}

async function createLeads(count: number, name = (n: number) => `Lead ${n}`): Promise<string[]> {
  const parsed = parseEnquiry(validEnquiry());
  if (!parsed.success) throw new Error('invalid fixture');
  const ids: string[] = [];
  for (let n = 0; n < count; n += 20) {
    const made = await Promise.all(
      Array.from({ length: Math.min(20, count - n) }, (_, k) =>
        enquiries.create({ ...parsed.output, fullName: name(n + k) }),
      ),
    );
    ids.push(...made.map((record) => record._id));
  }
  return ids.sort();
}

async function list(query = '') {
  const res = await call(enquiriesFn, { path: `/api/enquiries?${query}`, token });
  const body = (await res.json()) as { _id: string; fullName?: string }[] | { error: string };
  return {
    status: res.status,
    items: Array.isArray(body) ? body : [],
    ids: Array.isArray(body) ? body.map((item) => item._id) : [],
    total: Number(res.headers.get('x-total-count')),
    newCount: Number(res.headers.get('x-new-count')),
    pending: Number(res.headers.get('x-index-pending') ?? 'NaN'),
  };
}

const newestFirst = (ids: readonly string[]) => [...ids].sort().reverse();

describe('a burst of submissions and lists', () => {
  it('100 concurrent POSTs each followed by a list: every list 200, counting what was acknowledged', async () => {
    let acknowledged = 0;
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, async (_, n) => {
        const posted = await call(enquiriesFn, {
          path: '/api/enquiries',
          json: validEnquiry({ fullName: `Burst ${n}` }),
          ip: `198.51.100.${n}`,
        });
        if (posted.status === 201) acknowledged++;
        const before = acknowledged;
        const listed = await list();
        return { posted: posted.status, before, ...listed };
      }),
    );
    expect(outcomes.filter((o) => o.posted !== 201).map((o) => o.posted)).toEqual([]);
    expect(outcomes.filter((o) => o.status !== 200).map((o) => o.status)).toEqual([]);
    const short = outcomes.filter((o) => o.total < o.before);
    expect(short.map((o) => `${o.total} < ${o.before}`)).toEqual([]);
    const final = await list('pageSize=100');
    expect(final.total).toBe(100);
    expect(final.pending).toBe(0);
  });
});

describe('when the index cannot be read in time', () => {
  it('an unfiltered list answers the full total and the newest records; a search says it is pending', async () => {
    const indexed = await createLeads(20);
    expect((await list()).pending).toBe(0);
    const fresh = await createLeads(5, (n) => `Fresh ${n}`);
    const all = newestFirst([...indexed, ...fresh]);

    timeIsUp();
    const page1 = await list('pageSize=10');
    expect(page1.status).toBe(200);
    expect(page1.total).toBe(25);
    expect(page1.pending).toBe(5);
    expect(page1.ids).toEqual(all.slice(0, 10));
    // Whole records, not just ids: the page's records are read.
    expect(
      page1.items
        .slice(0, 5)
        .map((item) => item.fullName)
        .sort(),
    ).toEqual(['Fresh 0', 'Fresh 1', 'Fresh 2', 'Fresh 3', 'Fresh 4']);
    expect(page1.newCount).toBe(25);
    const page3 = await list('pageSize=10&page=3');
    expect(page3.status).toBe(200);
    expect(page3.ids).toEqual(all.slice(20));

    const searched = await list('q=lead');
    expect(searched.status).toBe(200);
    expect(searched.pending).toBeGreaterThan(0);
    expect(searched.total).toBe(20); // The pending ones are not searched yet.

    indexClock.now = realNow;
    const complete = await list('q=fresh');
    expect(complete.status).toBe(200);
    expect(complete.pending).toBe(0);
    expect(complete.ids).toEqual(newestFirst(fresh));
  });

  it('a cold instance with no index at all still answers the first list and search with 200', async () => {
    const ids = await createLeads(40);
    timeIsUp();
    const first = await list('pageSize=10');
    expect(first.status).toBe(200);
    expect(first.total).toBe(40);
    expect(first.pending).toBe(40);
    expect(first.ids).toEqual(newestFirst(ids).slice(0, 10));
    forgetLoadedIndexes();
    const searched = await list('q=lead%207');
    expect(searched.status).toBe(200);
    expect(searched.pending).toBe(40);
    indexClock.now = realNow;
    const done = await list('q=lead');
    expect(done.status).toBe(200);
    expect(done.pending).toBe(0);
    expect(done.total).toBe(40);
  });

  it('300 new leads, 50 reads a request: every search 200, steady progress, a cold instance carries on', async () => {
    const ids = await createLeads(300);
    forgetLoadedIndexes();
    const nextRequest = allowReads(50);
    const read = new Map<string, number>();
    const pendings: number[] = [];
    const NO_MATCH = 'q=qqxyzzy';

    for (let request = 1; request <= 12; request++) {
      if (request === 4) forgetLoadedIndexes(); // A cold instance, mid-way.
      nextRequest();
      blobs.resetOps();
      const searched = await list(NO_MATCH);
      expect(searched.status, `request ${request}`).toBe(200);
      const reads = blobReads(blobs.ops, 'enquiries');
      expect(reads.length, `record reads of request ${request}`).toBeLessThanOrEqual(50);
      for (const key of reads) read.set(key, (read.get(key) ?? 0) + 1);
      pendings.push(searched.pending);
      if (searched.pending === 0) break;
    }
    // Strictly decreasing to 0, with the cold instance's request (the 4th) making progress too.
    expect(pendings).toEqual([250, 200, 150, 100, 50, 0]);
    // Every record read exactly once across all the requests, cold instance included.
    expect(read.size).toBe(300);
    expect([...read.values()].filter((times) => times > 1)).toEqual([]);
    expect([...read.keys()].sort()).toEqual(ids);

    // Complete now: the next search reads no record and finds what it should.
    indexClock.now = realNow;
    forgetLoadedIndexes();
    blobs.resetOps();
    const found = await list('q=lead%20299');
    expect(found.status).toBe(200);
    expect(found.pending).toBe(0);
    expect(found.total).toBeGreaterThanOrEqual(1);
    expect(found.items[0]?.fullName).toBe('Lead 299');
  });
});
