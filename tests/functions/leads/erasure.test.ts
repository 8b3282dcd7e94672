/**
 * Erasing one person (functions/erasure.ts) against real local Blobs: the preview counts every
 * enquiry and contact message of an address (trimmed, any case); the confirmation names the
 * previewed ids, a record that arrived since answers 409 and deletes nothing, and only previewed
 * records of that address are deleted;
 * admin only, and a malformed address is a 400 with the field's message.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import erasureFn from '../../../functions/erasure.ts';
import { contactMessages } from '../../../functions/_lib/repositories/contact-messages.ts';
import { enquiries } from '../../../functions/_lib/repositories/enquiries.ts';
import type { ContactMessageInput, EnquiryInput } from '../../../src/lib/schemas/index.ts';
import { call, makeToken, methodNotAllowed, useBlobs } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';

useBlobs();

let token = '';
beforeEach(async () => {
  token = await makeToken();
});

const enquiry = (emailAddress: string) =>
  enquiries.create(validEnquiry({ emailAddress }) as unknown as EnquiryInput);
const message = (email: string) =>
  contactMessages.create(validContact({ email }) as unknown as ContactMessageInput);

/** Asha's two enquiries and two messages in several spellings, and Ravi's records. */
async function seed() {
  const asha = [(await enquiry('asha@example.org'))._id, (await enquiry('Asha@Example.ORG'))._id];
  const ashaMessages = [
    (await message('ASHA@EXAMPLE.ORG'))._id,
    (await message(' asha@example.org '))._id,
  ];
  const ravi = [(await enquiry('ravi@example.com'))._id, (await message('ravi@example.com'))._id];
  // Not Asha: another address that merely contains hers.
  const lookalike = (await message('asha@example.org.in'))._id;
  return { asha, ashaMessages, others: [...ravi, lookalike] };
}

const preview = (email: string, auth = token) =>
  call(erasureFn, {
    path: `/api/erasure?email=${encodeURIComponent(email)}`,
    ...(auth ? { token: auth } : {}),
  });

const erase = (body: unknown, auth = token) =>
  call(erasureFn, { path: '/api/erasure', json: body, ...(auth ? { token: auth } : {}) });

const storedIds = async () =>
  [...(await enquiries.all()), ...(await contactMessages.all())].map((r) => r._id).sort();

describe('GET /api/erasure', () => {
  it("counts one person's enquiries and messages, whatever the case and spacing", async () => {
    const { asha, ashaMessages } = await seed();
    const res = await preview('  ASHA@example.org ');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { enquiries: number; messages: number; ids: string[] };
    expect(body.enquiries).toBe(2);
    expect(body.messages).toBe(2);
    expect([...body.ids].sort()).toEqual([...asha, ...ashaMessages].sort());
  });

  it('lists the records it would delete: kind, id, date and name, newest first per kind', async () => {
    const { asha, ashaMessages } = await seed();
    const body = (await (await preview('asha@example.org')).json()) as {
      ids: string[];
      records: { kind: string; id: string; createdAt: string; name: string | null }[];
    };
    const stored = new Map(
      [...(await enquiries.all()), ...(await contactMessages.all())].map((r) => [r._id, r]),
    );
    expect(body.records.map((r) => r.id)).toEqual(body.ids);
    expect(body.records.map((r) => r.kind)).toEqual([
      'enquiries',
      'enquiries',
      'messages',
      'messages',
    ]);
    expect(body.records.map((r) => r.id).sort()).toEqual([...asha, ...ashaMessages].sort());
    for (const record of body.records) {
      const found = stored.get(record.id) as unknown as Record<string, string>;
      expect(record.createdAt).toBe(found['createdAt']);
      expect(record.name).toBe(found[record.kind === 'enquiries' ? 'fullName' : 'name']);
    }
  });

  it('answers zeros for an address with no records', async () => {
    await seed();
    const res = await preview('nobody@example.net');
    expect(await res.json()).toEqual({
      enquiries: 0,
      messages: 0,
      applications: 0,
      ids: [],
      records: [],
    });
  });

  it('refuses a malformed or missing address with 400 and the field message', async () => {
    for (const path of ['/api/erasure?email=not-an-email', '/api/erasure']) {
      const res = await call(erasureFn, { path, token });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { fields: Record<string, string> };
      expect(Object.keys(body.fields)).toEqual(['email']);
    }
  });

  it('needs the admin token', async () => {
    await seed();
    const res = await preview('asha@example.org', '');
    expect(res.status).toBe(401);
    expect(await res.json()).not.toHaveProperty('ids');
  });
});

describe('POST /api/erasure', () => {
  /** The preview's ids for an address. */
  const previewed = async (email: string) =>
    ((await (await preview(email)).json()) as { ids: string[] }).ids;

  it("deletes every record of one person and no one else's", async () => {
    const { others } = await seed();
    const ids = await previewed('asha@example.org');
    const res = await erase({ email: 'Asha@Example.org', ids });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: 4 });
    expect(await storedIds()).toEqual([...others].sort());
    expect(await (await preview('asha@example.org')).json()).toEqual({
      enquiries: 0,
      messages: 0,
      applications: 0,
      ids: [],
      records: [],
    });
  });

  it('answers 409 and deletes nothing when a record arrived after the preview', async () => {
    await seed();
    const ids = await previewed('asha@example.org');
    const before = await storedIds();
    // The preview found 4; a new message arrived before the confirmation.
    const late = (await message('asha@example.org'))._id;
    const res = await erase({ email: 'asha@example.org', ids });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error:
        '1 record of this address arrived after the preview. Review them and confirm again; ' +
        'nothing was deleted.',
    });
    expect(await storedIds()).toEqual([...before, late].sort());
  });

  it('erases only what was previewed: one gone and one new since is still a 409, never the unseen one', async () => {
    const { asha } = await seed();
    const ids = await previewed('asha@example.org');
    // The count stays 4: one previewed record is deleted, one new one arrives.
    await enquiries.remove(asha[0]!);
    const late = (await message('asha@example.org'))._id;
    const res = await erase({ email: 'asha@example.org', ids });
    expect(res.status).toBe(409);
    expect(await storedIds()).toContain(late);
    // Confirmed again from a fresh preview, everything goes.
    const again = await erase({
      email: 'asha@example.org',
      ids: await previewed('asha@example.org'),
    });
    expect(await again.json()).toEqual({ deleted: 4 });
    expect(await storedIds()).not.toContain(late);
  });

  it("never deletes another address's record, even when its id is sent", async () => {
    const { others } = await seed();
    const ids = await previewed('asha@example.org');
    const res = await erase({ email: 'asha@example.org', ids: [...ids, ...others] });
    expect(await res.json()).toEqual({ deleted: 4 });
    expect(await storedIds()).toEqual([...others].sort());
  });

  it('refuses a malformed address, or ids that are missing or not record ids, with 400', async () => {
    await seed();
    const ids = await previewed('asha@example.org');
    const before = await storedIds();
    for (const body of [
      { email: 'asha@', ids },
      { email: 'asha@example.org' },
      { email: 'asha@example.org', confirm: 4 },
      { email: 'asha@example.org', ids: 'all' },
      { email: 'asha@example.org', ids: [1, 2] },
      { email: 'asha@example.org', ids: ['../x'] },
      { email: 'asha@example.org', ids: Array.from({ length: 1001 }, () => ids[0]) },
    ]) {
      const res = await erase(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await storedIds()).toEqual(before);
  });

  it('needs the admin token and deletes nothing without it', async () => {
    await seed();
    const before = await storedIds();
    const res = await erase({ email: 'asha@example.org', ids: [] }, '');
    expect(res.status).toBe(401);
    expect(await storedIds()).toEqual(before);
  });

  it('answers 405 with Allow for other methods', async () => {
    expect(
      await methodNotAllowed(erasureFn, { method: 'DELETE', path: '/api/erasure', token }),
    ).toBe('GET, HEAD, POST');
  });
});
