/**
 * The first build of a large store's index must read every record, which may not fit in one
 * request's storage time. A list reads records only until its share of that time is spent
 * (timeline.ts), answers 200 with what it has (`X-Index-Pending` says how many records it could
 * not search yet), and stores what it read as the next request's base, so every later request,
 * in this instance or a cold one, carries on where it stopped.
 *
 * Time is the index's injected clock (`indexClock`), advanced by each look at it: the tests say
 * how many record reads fit a request, whatever the machine's speed or load.
 */
import { afterEach, describe, expect, it } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import { enquiries } from '../../../functions/_lib/repositories/enquiries.ts';
import { forgetLoadedIndexes, indexClock } from '../../../functions/_lib/repositories/timeline.ts';
import { parseEnquiry } from '../../../src/lib/schemas/index.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { blobReads } from '../store-inspection.ts';
import { validEnquiry } from '../samples.ts';

const blobs = useBlobs({ silenceErrors: true });
const realNow = indexClock.now;

const RECORDS = 120;

afterEach(() => {
  indexClock.now = realNow;
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

/**
 * A clock on which each look advances time by a fixed step: a list's read budget (half of the
 * helpers' 30 s of storage time) then allows about `readsPerRequest` looks, one per record read.
 */
function slowClock(readsPerRequest: number): void {
  const step = 15_000 / readsPerRequest;
  let time = 0;
  indexClock.now = () => (time += step);
}

interface Answer {
  status: number;
  total: number;
  pending: number;
}

async function list(query: string, token: string): Promise<Answer> {
  const res = await call(enquiriesFn, { path: `/api/enquiries?${query}`, token });
  return {
    status: res.status,
    total: Number(res.headers.get('x-total-count')),
    pending: Number(res.headers.get('x-index-pending')),
  };
}

describe('the first build of a large index', () => {
  it('answers the first search at once (200, pending said), then carries on until complete, reading each record about once', async () => {
    await createLeads(RECORDS);
    forgetLoadedIndexes(); // A cold instance meets a store it has never indexed.
    slowClock(30);
    const token = await makeToken();
    blobs.resetOps();

    const answers: Answer[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      const answer = await list('q=lead', token);
      answers.push(answer);
      expect(answer.status).toBe(200);
      if (answer.pending === 0) break;
    }
    const first = answers[0]!;
    expect(first.pending).toBeGreaterThan(0);
    expect(first.total).toBe(RECORDS - first.pending);
    // Each answer knows more, and the last knows all.
    const pendings = answers.map((answer) => answer.pending);
    expect(pendings).toEqual([...pendings].sort((a, b) => b - a));
    expect(new Set(pendings).size).toBe(pendings.length);
    expect(answers.at(-1)).toEqual({ status: 200, total: RECORDS, pending: 0 });

    // Every record read once for the index, plus each answer's page of ten.
    const reads = blobReads(blobs.ops, 'enquiries');
    expect(new Set(reads).size).toBe(RECORDS);
    expect(reads.length).toBeLessThanOrEqual(RECORDS + 10 * answers.length);
    console.info(`first build of ${RECORDS}: pending ${pendings.join(', ')}`);
  });

  it('lists every record by id while it is incomplete: the total, and the newest on page 1', async () => {
    await createLeads(40);
    forgetLoadedIndexes();
    let time = 0;
    indexClock.now = () => (time += 1e9); // Each look is past any budget: no record read.
    const token = await makeToken();
    const res = await call(enquiriesFn, { path: '/api/enquiries?pageSize=5', token });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('40');
    expect(res.headers.get('x-index-pending')).toBe('40');
    const names = ((await res.json()) as { fullName: string }[]).map((item) => item.fullName);
    expect(names).toHaveLength(5);
    expect(names.every((name) => /^Lead (3[5-9])$/.test(name))).toBe(true);
  });

  it('is carried on by a cold instance from the stored base, not started afresh', async () => {
    await createLeads(40);
    forgetLoadedIndexes();
    slowClock(16);
    const token = await makeToken();
    const first = await list('q=nobody', token);
    expect(first.status).toBe(200);
    expect(first.pending).toBeGreaterThan(0);
    const readFirst = 40 - first.pending;

    forgetLoadedIndexes(); // Another instance: only the stored base to go by.
    indexClock.now = realNow;
    blobs.resetOps();
    expect(await list('q=nobody', token)).toEqual({ status: 200, total: 0, pending: 0 });
    // Only the records the first request could not read are read now.
    expect(new Set(blobReads(blobs.ops, 'enquiries')).size).toBe(40 - readFirst);
  });
});
