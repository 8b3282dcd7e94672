/**
 * The life of an Idempotency-Key claim (repositories/submission-keys.ts), through the public
 * POSTs: a claim is `{ id }` under the key's SHA-256 plus a day mark, and holds nothing of the
 * submission; a retry of the same body is the first answer again (same id and time, one record,
 * one notification); another body is 422; once the record is deleted the claim is `{ gone: true }`
 * and a retry is 410 storing nothing; `sweepClaims` forgets claims after CLAIM_DAYS (7) days.
 */
import { createHash } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { CLAIM_DAYS, sweepClaims } from '../../../functions/_lib/repositories/submission-keys.ts';
import { purgeExpired } from '../../../functions/_lib/retention.ts';
import { call, countingWaitUntil, deleteRecord, makeToken, useBlobs } from '../helpers.ts';
import { deadPort } from '../loopback.ts';
import { recordIds } from '../store-inspection.ts';
import { validContact, validEnquiry } from '../samples.ts';

useBlobs({ silenceErrors: true });

const DAY = 86_400_000;
const KEY = 'lifecycle-key-0123456789';
const HASH = createHash('sha256').update(KEY).digest('hex');
const today = () => new Date().toISOString().slice(0, 10);

const PERSON = {
  fullName: 'Oyelaran Kowalczyk',
  emailAddress: 'oyelaran.k@example.org',
  phoneNumber: '4412398765432',
};

let token = '';
let notices = countingWaitUntil();
beforeEach(async () => {
  token = await makeToken();
  notices = countingWaitUntil();
  // Mail configured (to a port nobody answers): each new lead queues one e-mail and hands its
  // sending to waitUntil; a retry finds it queued and hands nothing.
  vi.stubEnv('SMTP_HOST', '127.0.0.1');
  vi.stubEnv('SMTP_PORT', String(await deadPort()));
});

type Body = Record<string, unknown>;

const postEnquiry = (body: Body, key: string = KEY) =>
  call(enquiriesFn, {
    path: '/api/enquiries',
    json: body,
    headers: { 'idempotency-key': key },
    context: { waitUntil: notices.waitUntil },
  });

const keysStore = (timeline = 'enquiries') =>
  getStore({ name: `${timeline}-keys`, consistency: 'strong' });

/** Every blob of a keys store, with its text and metadata. */
async function keyBlobs(timeline = 'enquiries') {
  const store = keysStore(timeline);
  const { blobs } = await store.list();
  return Promise.all(
    // Every claim and day mark; not the sweep's own bookmark (`_sweep`: a day and a prefix).
    blobs
      .filter(({ key }) => key !== '_sweep')
      .map(async ({ key }) => {
        const found = await store.getWithMetadata(key, { type: 'text' });
        return { key, text: found?.data ?? null, metadata: found?.metadata ?? {} };
      }),
  );
}

const storedIds = () => recordIds('enquiries');

describe('a key claim', () => {
  it('is { id } under the key hash plus one day mark, and holds no personal data', async () => {
    const res = await postEnquiry(validEnquiry(PERSON));
    expect(res.status).toBe(201);
    const { _id } = (await res.json()) as { _id: string };
    const blobs = await keyBlobs();
    expect(blobs.map((b) => b.key).sort()).toEqual([`day-${today()}-${HASH}`, HASH].sort());
    expect(JSON.parse(blobs.find((b) => b.key === HASH)!.text!)).toEqual({ id: _id });
    expect(blobs.find((b) => b.key.startsWith('day-'))!.text).toBe('');
    // Nothing of the submission, in the blobs or their metadata; not even the key itself.
    const everything = JSON.stringify(blobs).toLowerCase();
    for (const value of [...Object.values(PERSON), 'oyelaran', 'kowalczyk', KEY.toLowerCase()]) {
      expect(everything).not.toContain(value.toLowerCase());
    }
    expect(everything).not.toContain('98765432');
    // The record names its claim (the hash), nothing more.
    const record = await getStore({ name: 'enquiries', consistency: 'strong' }).getMetadata(_id);
    expect(record?.metadata).toEqual({ claim: HASH });
  });

  it('is one per key: retries add no claim, no day mark, no record', async () => {
    for (let n = 0; n < 3; n++) expect((await postEnquiry(validEnquiry(PERSON))).status).toBe(201);
    expect((await keyBlobs()).map((b) => b.key).sort()).toEqual(
      [`day-${today()}-${HASH}`, HASH].sort(),
    );
    expect(await storedIds()).toHaveLength(1);
  });

  it('a retry of the same body answers 201 with the same id and time, and notifies once', async () => {
    const first = await postEnquiry(validEnquiry(PERSON));
    expect(first.status).toBe(201);
    const body = await first.json();
    const again = await postEnquiry(validEnquiry(PERSON));
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(body);
    expect(await storedIds()).toEqual([(body as { _id: string })._id]);
    expect(notices.count()).toBe(1);
  });

  it('the same key with another body answers 422 and stores nothing more', async () => {
    expect((await postEnquiry(validEnquiry(PERSON))).status).toBe(201);
    const before = await storedIds();
    const other = await postEnquiry(validEnquiry({ ...PERSON, fullName: 'Somebody Else' }));
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({ error: expect.any(String) });
    expect(await storedIds()).toEqual(before);
    expect(notices.count()).toBe(1);
  });

  it('of a deleted record becomes { gone: true }; a retry answers 410 with a JSON error', async () => {
    const res = await postEnquiry(validEnquiry(PERSON));
    const { _id } = (await res.json()) as { _id: string };
    const deleted = await deleteRecord(enquiriesFn, 'enquiries', _id, token);
    expect(deleted.status).toBe(204);
    expect(await keysStore().get(HASH, { type: 'json' })).toEqual({ gone: true });

    const retry = await postEnquiry(validEnquiry(PERSON));
    expect(retry.status).toBe(410);
    expect(retry.headers.get('content-type')).toMatch(/^application\/json/);
    const error = (await retry.json()) as { error: string };
    expect(error).toEqual({ error: expect.stringMatching(/deleted/) });
    // Another body with the spent key: still gone, not a conflict, and nothing stored.
    expect((await postEnquiry(validEnquiry({ fullName: 'Somebody Else' }))).status).toBe(410);
    expect(await storedIds()).toEqual([]);
    expect(notices.count()).toBe(1);
    expect(await keysStore().get(HASH, { type: 'json' })).toEqual({ gone: true });
  });

  it('works the same for contact messages, in their own keys store', async () => {
    const send = () =>
      call(contactFn, {
        path: '/api/contact',
        json: validContact({ email: PERSON.emailAddress, name: PERSON.fullName }),
        headers: { 'idempotency-key': KEY },
        context: { waitUntil: notices.waitUntil },
      });
    const first = await send();
    expect(first.status).toBe(201);
    const { _id } = (await first.json()) as { _id: string };
    expect(await keysStore('contact-messages').get(HASH, { type: 'json' })).toEqual({ id: _id });
    expect(await keyBlobs('enquiries')).toEqual([]);
    expect(JSON.stringify(await keyBlobs('contact-messages'))).not.toContain('oyelaran');
    expect((await send()).status).toBe(201);
    expect(notices.count()).toBe(1);
  });
});

describe('sweepClaims', () => {
  it(`keeps claims younger than ${CLAIM_DAYS} days and deletes older ones with their day marks`, async () => {
    const res = await postEnquiry(validEnquiry(PERSON));
    const { _id } = (await res.json()) as { _id: string };
    const other = await postEnquiry(validEnquiry(PERSON), 'another-key-0123456789');
    expect(other.status).toBe(201);
    expect(await keyBlobs()).toHaveLength(4);

    expect(await sweepClaims('enquiries', Date.now() + 6 * DAY)).toBe(0);
    expect(await keyBlobs()).toHaveLength(4);
    expect(await keysStore().get(HASH, { type: 'json' })).toEqual({ id: _id });

    expect(await sweepClaims('enquiries', Date.now() + 8 * DAY)).toBe(2);
    expect(await keyBlobs()).toEqual([]);
    // The records themselves are not the sweep's business.
    expect(await storedIds()).toHaveLength(2);
  });

  it('also sweeps the { gone: true } claim of a deleted record', async () => {
    const res = await postEnquiry(validEnquiry(PERSON));
    const { _id } = (await res.json()) as { _id: string };
    await deleteRecord(enquiriesFn, 'enquiries', _id, token);
    expect(await sweepClaims('enquiries', Date.now() + 6 * DAY)).toBe(0);
    expect(await keysStore().get(HASH, { type: 'json' })).toEqual({ gone: true });
    expect(await sweepClaims('enquiries', Date.now() + 8 * DAY)).toBe(1);
    expect(await keyBlobs()).toEqual([]);
  });

  it('leaves nothing behind when a record is deleted after its claim was swept', async () => {
    const res = await postEnquiry(validEnquiry(PERSON));
    const { _id } = (await res.json()) as { _id: string };
    // A week later the daily run forgets the key...
    expect(await sweepClaims('enquiries', Date.now() + 8 * DAY)).toBe(1);
    expect(await keyBlobs()).toEqual([]);
    // ...and later still the admin deletes the record.
    const deleted = await deleteRecord(enquiriesFn, 'enquiries', _id, token);
    expect(deleted.status).toBe(204);
    // No claim may be (re)made that no sweep can ever find: every claim has a day mark.
    await sweepClaims('enquiries', Date.now() + 30 * DAY);
    expect(await keyBlobs()).toEqual([]);
  });

  it('leaves nothing behind when the retention purge removes a keyed record years later', async () => {
    expect((await postEnquiry(validEnquiry(PERSON))).status).toBe(201);
    // The daily purge, a week on: the claim is swept.
    await purgeExpired({ now: Date.now() + 8 * DAY });
    expect(await keyBlobs()).toEqual([]);
    // Years on, the record expires and is purged (and the claims swept again).
    const result = await purgeExpired({ now: Date.now() + 3 * 365 * DAY });
    expect(result.removed).toHaveLength(1);
    expect(await storedIds()).toEqual([]);
    expect(await keyBlobs()).toEqual([]);
  });

  it('counts a claim from its first use, even if retried on a later day', async () => {
    expect((await postEnquiry(validEnquiry(PERSON))).status).toBe(201);
    // A retry's day mark made 3 days later (as claimKey files it under its own day).
    const later = new Date(Date.now() + 3 * DAY).toISOString().slice(0, 10);
    await keysStore().set(`day-${later}-${HASH}`, '');
    // 8 days after the first use, the claim goes (only the later day mark stays).
    expect(await sweepClaims('enquiries', Date.now() + 8 * DAY)).toBe(1);
    expect(await keysStore().get(HASH)).toBeNull();
    expect((await keyBlobs()).map((b) => b.key)).toEqual([`day-${later}-${HASH}`]);
  });
});
