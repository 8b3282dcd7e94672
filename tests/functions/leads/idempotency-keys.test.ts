/**
 * The Idempotency-Key of public submissions (functions/_lib/submission.ts and
 * repositories/submission-keys.ts) at its edges: 16 and 64 characters, blank headers, the exact
 * texts of its 400 and 422, what a replay answers, and claims that cannot be read.
 */
import { createHash } from 'node:crypto';
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { ID_PATTERN } from '../../../functions/_lib/ids.ts';
import { claimKey, sweepClaims } from '../../../functions/_lib/repositories/submission-keys.ts';
import { call, useBlobs } from '../helpers.ts';
import { recordIds } from '../store-inspection.ts';
import { validContact, validEnquiry } from '../samples.ts';

useBlobs({ silenceErrors: true });

const MALFORMED = { error: 'Idempotency-Key must be 16 to 64 letters, digits, "-" or "_".' };
const REUSED = {
  error: 'This Idempotency-Key was already used for a different submission. Please send it again.',
};

const send = (key: string | undefined, overrides: Record<string, unknown> = {}) =>
  call(contactFn, {
    path: '/api/contact',
    json: validContact(overrides),
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
  });

const storedIds = () => recordIds('contact-messages');

/** A second send with `key` but other content: the exact 422, and only the first is stored. */
async function expectReuseRefused(key: string) {
  expect((await send(key)).status).toBe(201);
  const res = await send(key, { message: 'Something else entirely.' });
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual(REUSED);
  expect(await storedIds()).toHaveLength(1);
}

describe('the Idempotency-Key header', () => {
  it('takes 16 to 64 letters, digits, "-" and "_"', async () => {
    for (const key of [
      'a'.repeat(16),
      'Z'.repeat(64),
      '0123456789_-AbCd',
      `${'a-'.repeat(31)}_9`,
    ]) {
      const res = await send(key);
      expect(res.status, key).toBe(201);
    }
    expect(await storedIds()).toHaveLength(4);
  });

  it('refuses 15 or 65 characters and anything else with one exact 400, storing nothing', async () => {
    for (const key of [
      'a'.repeat(15),
      'a'.repeat(65),
      `${'a'.repeat(16)}.`,
      `é${'a'.repeat(16)}`,
    ]) {
      const res = await send(key);
      expect(res.status, key).toBe(400);
      expect(await res.json()).toEqual(MALFORMED);
    }
    expect(await storedIds()).toEqual([]);
  });

  it('treats an empty header as no key: each send stores its own record', async () => {
    expect((await send('')).status).toBe(201);
    expect((await send('')).status).toBe(201);
    expect(await storedIds()).toHaveLength(2);
  });

  it('answers a retry as the first send was answered: same id and time, one record', async () => {
    const key = 'retry-key-0123456789';
    const first = await send(key);
    expect(first.status).toBe(201);
    const body = (await first.json()) as { _id: string; createdAt: string };
    expect(body._id).toMatch(ID_PATTERN);
    const again = await send(key);
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(body);
    expect(await storedIds()).toEqual([body._id]);
  });

  it('refuses the key for different content with the exact 422', async () => {
    await expectReuseRefused('reused-key-0123456789');
  });

  it('sends a form post with a malformed key back to the form, storing nothing', async () => {
    const res = await call(contactFn, {
      path: '/api/contact',
      form: validContact() as Record<string, string>,
      headers: { 'idempotency-key': 'short' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?error=1#contact-form');
    expect(await storedIds()).toEqual([]);
  });
});

/** The ten-character time part of an id for `time` (Crockford base32, as ids.ts writes it). */
function newIdTime(time: number): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let text = '';
  for (let rest = time, n = 0; n < 10; n++, rest = Math.floor(rest / 32)) {
    text = alphabet[rest % 32] + text;
  }
  return text;
}

describe('key claims', () => {
  it('are kept under a SHA-256 of the key, never the key itself, naming the id and nothing of the submission', async () => {
    const key = 'claim-key-0123456789';
    const res = await call(enquiriesFn, {
      path: '/api/enquiries',
      json: validEnquiry(),
      headers: { 'idempotency-key': key },
    });
    const { _id } = (await res.json()) as { _id: string };
    const keys = getStore({ name: 'enquiries-keys', consistency: 'strong' });
    const { blobs } = await keys.list();
    const digest = createHash('sha256').update(key).digest('hex');
    const day = new Date().toISOString().slice(0, 10);
    expect(blobs.map((blob) => blob.key).sort()).toEqual([`day-${day}-${digest}`, digest].sort());
    expect(await keys.get(digest, { type: 'json' })).toEqual({ id: _id });
  });

  it('give the first claimant its id and a retry the same id, per timeline', async () => {
    expect(await claimKey('things', 'key', 'first-id')).toEqual({
      kind: 'claimed',
      id: 'first-id',
    });
    expect(await claimKey('things', 'key', 'second-id')).toEqual({ kind: 'retry', id: 'first-id' });
    expect(await claimKey('others', 'key', 'other-id')).toEqual({
      kind: 'claimed',
      id: 'other-id',
    });
  });

  it('refuse a retry with other content (422) by comparing it with the stored record', async () => {
    await expectReuseRefused('content-key-0123456789');
  });

  it('kept by an earlier version (no day mark, a fingerprint) are swept by their record id’s age', async () => {
    const keys = getStore({ name: 'things-keys', consistency: 'strong' });
    const now = Date.parse('2026-11-24T00:00:00Z');
    const old = '1'.repeat(64);
    const recent = '2'.repeat(64);
    const idAt = (time: number) => `${newIdTime(time)}${'0'.repeat(15)}1`;
    await keys.setJSON(old, { id: idAt(now - 8 * 86_400_000), fingerprint: 'x' });
    await keys.setJSON(recent, { id: idAt(now - 86_400_000), fingerprint: 'y' });
    expect(await sweepClaims('things', now)).toBe(1);
    expect(await keys.get(old)).toBeNull();
    expect(await keys.get(recent, { type: 'json' })).toMatchObject({ fingerprint: 'y' });
  });

  it('that cannot be read make the submission fail as storage trouble (503), not a new record', async () => {
    const key = 'damaged-key-0123456789';
    const digest = createHash('sha256').update(key).digest('hex');
    await getStore({ name: 'contact-messages-keys', consistency: 'strong' }).setJSON(digest, {
      fingerprint: 'x',
    });
    const res = await send(key);
    expect(res.status).toBe(503);
    expect(await storedIds()).toEqual([]);
    expect(console.error).toHaveBeenCalledWith(
      'Blobs store "contact-messages-keys" is unavailable',
      'damaged key claim in contact-messages-keys',
    );
  });
});
