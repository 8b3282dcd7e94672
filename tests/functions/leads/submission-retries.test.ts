/**
 * "503 means not stored, or stored once and shown": public submissions under storage faults
 * injected between their writes, and retries with the same Idempotency-Key.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { liveIds } from '../store-inspection.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);
// Every storage call of these tests passes the proxy, faults or not.
beforeEach(() => {
  blobs.pointAt(faulty.url);
});

const RECORD = /\/site:enquiries\/[0-7][0-9A-Z]{25}$/;
const GENERATION = /\/site:enquiries\/_generation$/;
const KEY = '6f1c2a4e-9b1d-4c3e-8f7a-0d2b5e9c1a77';

/** Record ids in the enquiries store, read straight from storage. */
/** Live records (a taken-back create leaves a tombstone, no record). */
async function storedIds(): Promise<string[]> {
  blobs.restore();
  const ids = await liveIds('enquiries');
  blobs.pointAt(faulty.url);
  return ids;
}

async function listedIds(): Promise<string[]> {
  const res = await call(enquiriesFn, {
    path: '/api/enquiries?pageSize=100',
    token: await makeToken(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { _id: string }[]).map((item) => item._id);
}

const post = (key?: string, overrides: Record<string, unknown> = {}) =>
  call(enquiriesFn, {
    path: '/api/enquiries',
    json: validEnquiry(overrides),
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });

describe('a submission without an idempotency key', () => {
  it('is taken back when the write after its record fails: 503 and nothing stored', async () => {
    faulty.rules.push({
      method: 'PUT',
      path: GENERATION,
      fault: { kind: 'refuse', status: 500 },
      times: 1,
    });
    const res = await post();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await storedIds()).toEqual([]);
    expect(await listedIds()).toEqual([]);
  });

  it('is taken back when the answer to its stored record write is lost', async () => {
    faulty.rules.push({ method: 'PUT', path: RECORD, fault: { kind: 'lose-answer' }, times: 1 });
    expect((await post()).status).toBe(503);
    expect(await storedIds()).toEqual([]);
  });
});

describe('a submission with an idempotency key', () => {
  it('stores once however the first try failed, and the retry shows it', async () => {
    const faults = [
      { method: 'PUT', path: GENERATION, fault: { kind: 'refuse', status: 500 } },
      { method: 'PUT', path: GENERATION, fault: { kind: 'refuse', status: 429 } },
      { method: 'PUT', path: RECORD, fault: { kind: 'lose-answer' } },
      { method: 'PUT', path: RECORD, fault: { kind: 'refuse', status: 503 } },
    ] as const;
    for (const [n, rule] of faults.entries()) {
      blobs.freshSite();
      blobs.pointAt(faulty.url);
      const key = `${KEY.slice(0, -2)}${String(n).padStart(2, '0')}`;
      faulty.rules.push({ ...rule, times: 1 });
      expect((await post(key)).status, JSON.stringify(rule)).toBe(503);

      const retry = await post(key);
      expect(retry.status).toBe(201);
      const { _id } = (await retry.json()) as { _id: string };
      expect(await storedIds()).toEqual([_id]);
      expect(await listedIds()).toEqual([_id]);

      const again = await post(key);
      expect(((await again.json()) as { _id: string })._id).toBe(_id);
      expect(await storedIds()).toEqual([_id]);
    }
  });

  it('gives 20 simultaneous sends of one submission one record and one id', async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(KEY)));
    expect(responses.map((res) => res.status)).toEqual(Array(20).fill(201));
    const ids = new Set(
      await Promise.all(responses.map(async (res) => ((await res.json()) as { _id: string })._id)),
    );
    expect(ids.size).toBe(1);
    expect(await storedIds()).toEqual([...ids]);
  });

  it('refuses the key for different content (422) and stores nothing more', async () => {
    expect((await post(KEY)).status).toBe(201);
    const res = await post(KEY, { fullName: 'Someone Else' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({ error: expect.stringContaining('Idempotency-Key') });
    expect(await storedIds()).toHaveLength(1);
  });

  it('keeps keys of contact messages apart from those of enquiries', async () => {
    expect((await post(KEY)).status).toBe(201);
    const res = await call(contactFn, {
      path: '/api/contact',
      json: validContact(),
      headers: { 'idempotency-key': KEY },
    });
    expect(res.status).toBe(201);
  });

  it('answers 400 for a malformed key and stores nothing', async () => {
    for (const key of [
      'short',
      'x'.repeat(65),
      'has spaces in it, sixteen+',
      'semi;colon-0123456789',
    ]) {
      const res = await post(key);
      expect(res.status, key).toBe(400);
      expect(await res.json()).toEqual({ error: expect.stringContaining('Idempotency-Key') });
    }
    expect(await storedIds()).toEqual([]);
  });
});
