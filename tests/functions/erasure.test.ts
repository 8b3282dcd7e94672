/**
 * Erasing one person (functions/erasure.ts) against real local Blobs: the preview counts every
 * enquiry and contact message of an address (trimmed, any case), a confirmation with another
 * count answers 409 and deletes nothing, the right one deletes exactly that person's records;
 * admin only, and a malformed address is a 400 with the field's message.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import erasureFn from '../../functions/erasure.ts';
import { contactMessages } from '../../functions/_lib/repositories/contact-messages.ts';
import { enquiries } from '../../functions/_lib/repositories/enquiries.ts';
import type { ContactMessageInput, EnquiryInput } from '../../src/lib/schemas/index.ts';
import { call, makeToken, useBlobs, validContact, validEnquiry } from './helpers.ts';

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

  it('answers zeros for an address with no records', async () => {
    await seed();
    const res = await preview('nobody@example.net');
    expect(await res.json()).toEqual({ enquiries: 0, messages: 0, ids: [] });
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
  it("deletes every record of one person and no one else's", async () => {
    const { others } = await seed();
    const res = await erase({ email: 'Asha@Example.org', confirm: 4 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: 4 });
    expect(await storedIds()).toEqual([...others].sort());
    expect(await (await preview('asha@example.org')).json()).toEqual({
      enquiries: 0,
      messages: 0,
      ids: [],
    });
  });

  it('answers 409 and deletes nothing when the count changed since the preview', async () => {
    await seed();
    const before = await storedIds();
    // The preview said 4; a new message arrived before the confirmation.
    const late = (await message('asha@example.org'))._id;
    const res = await erase({ email: 'asha@example.org', confirm: 4 });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'This address now has 5 records, not 4. Review them and confirm again.',
    });
    expect(await storedIds()).toEqual([...before, late].sort());
  });

  it('refuses a malformed address or a missing or non-integer count with 400', async () => {
    await seed();
    const before = await storedIds();
    for (const body of [
      { email: 'asha@', confirm: 4 },
      { email: 'asha@example.org' },
      { email: 'asha@example.org', confirm: '4' },
      { email: 'asha@example.org', confirm: 3.5 },
      { email: 'asha@example.org', confirm: -1 },
    ]) {
      const res = await erase(body);
      expect(res.status).toBe(400);
    }
    expect(await storedIds()).toEqual(before);
  });

  it('needs the admin token and deletes nothing without it', async () => {
    await seed();
    const before = await storedIds();
    const res = await erase({ email: 'asha@example.org', confirm: 4 }, '');
    expect(res.status).toBe(401);
    expect(await storedIds()).toEqual(before);
  });

  it('answers 405 with Allow for other methods', async () => {
    const res = await call(erasureFn, { method: 'DELETE', path: '/api/erasure', token });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST');
  });
});
