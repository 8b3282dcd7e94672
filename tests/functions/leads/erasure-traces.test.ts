/**
 * "Erased" means no trace is left anywhere in storage: after an erasure (preview + POST), an
 * admin DELETE or the retention purge, no file of the Blobs server's data folder (records, their
 * metadata, key claims and day marks, index head and chunks, quarantine copies, in every store)
 * holds the person's name, e-mail address (in any case) or phone digits, while everyone else's
 * data is still there. A keyed submission retried after its record was erased answers 410 and
 * stores (and announces) nothing.

 */
import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import contactMessagesFn from '../../../functions/contact-messages.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import erasureFn from '../../../functions/erasure.ts';
import { newId } from '../../../functions/_lib/ids.ts';
import { forgetLoadedIndexes, timeline } from '../../../functions/_lib/repositories/timeline.ts';
import { purgeExpired } from '../../../functions/_lib/retention.ts';
import {
  call,
  countingWaitUntil,
  createdId,
  deleteRecord,
  editStatus,
  makeToken,
  useBlobs,
} from '../helpers.ts';
import { recordIds } from '../store-inspection.ts';
import { validContact, validEnquiry } from '../samples.ts';

const blobs = useBlobs({ silenceErrors: true });

/** Every file of the current site in the data folder (entries and metadata, every store). */
async function siteFiles(): Promise<{ path: string; text: string }[]> {
  const files: { path: string; text: string }[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path);
      else files.push({ path, text: await readFile(path, 'utf8') });
    }
  };
  await walk(blobs.directory);
  return files
    .map((file) => ({ ...file, path: relative(blobs.directory, file.path).split(sep).join('/') }))
    .filter((file) => file.path.split('/').includes(blobs.siteID));
}

/** A pattern for a run of digits, allowing up to two separators between them ("98470 55501"). */
const digits = (run: string) => new RegExp(run.split('').join('\\D{0,2}'));

interface Person {
  name: string;
  email: string;
  phone: string;
}

/** The files (and which of the person's data) in which any trace of `person` is found. */
async function tracesOf(person: Person): Promise<string[]> {
  const found: string[] = [];
  const needles = [
    person.name.toLowerCase(),
    person.name.split(' ').at(-1)!.toLowerCase(),
    person.email.toLowerCase(),
  ];
  const phone = digits(person.phone.slice(-10));
  for (const { path, text } of await siteFiles()) {
    const lower = text.normalize('NFC').toLowerCase();
    for (const needle of needles) if (lower.includes(needle)) found.push(`${path}: ${needle}`);
    if (phone.test(text)) found.push(`${path}: phone`);
  }
  return found;
}

// --- People and requests. ------------------------------------------------------------------

const P: Person = { name: 'Zarina Quetzal', email: 'zarina.q@example.net', phone: '919847055501' };
const OTHER: Person = { name: 'Ravi Odukkathil', email: 'ravi.o@example.com', phone: '9876543210' };

let token = '';
let notices = countingWaitUntil();

beforeEach(async () => {
  token = await makeToken();
  notices = countingWaitUntil();
});

type Body = Record<string, unknown>;

const enquiryOf = (person: Person, overrides: Body = {}) =>
  validEnquiry({
    fullName: person.name,
    emailAddress: person.email,
    phoneNumber: person.phone,
    fullAddress: `${person.name}, 4 Lotus Lane`,
    ...overrides,
  });
const messageOf = (person: Person, overrides: Body = {}) =>
  validContact({
    name: person.name,
    email: person.email,
    message: `This is ${person.name}, please call me on +${person.phone}.`,
    ...overrides,
  });

async function submit(kind: 'enquiry' | 'message', body: Body, key?: string): Promise<Response> {
  return call(kind === 'enquiry' ? enquiriesFn : contactFn, {
    path: kind === 'enquiry' ? '/api/enquiries' : '/api/contact',
    json: body,
    ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    context: { waitUntil: notices.waitUntil },
  });
}

const created = async (kind: 'enquiry' | 'message', body: Body, key?: string) =>
  createdId(await submit(kind, body, key));

const newKey = () => `key-${randomBytes(12).toString('hex')}`;

async function list(resource: 'enquiries' | 'contact-messages', query = '') {
  const res = await call(resource === 'enquiries' ? enquiriesFn : contactMessagesFn, {
    path: `/api/${resource}?pageSize=100${query}`,
    token,
  });
  expect(res.status).toBe(200);
  const items = (await res.json()) as { _id: string }[];
  return {
    items,
    ids: items.map((item) => item._id),
    total: Number(res.headers.get('x-total-count')),
  };
}

const note = (id: string, text: string) =>
  call(enquiriesFn, { path: `/api/enquiries/${id}/notes`, params: { id }, json: { text }, token });

const setStatus = (resource: 'enquiries' | 'contact-messages', id: string, status: string) =>
  editStatus(resource === 'enquiries' ? enquiriesFn : contactMessagesFn, resource, id, {
    status,
    version: 1,
    token,
  });

/** P's records (some keyed, one with a note and a status) among OTHER's, all indexed and searched. */
async function seed() {
  const keys = { pEnquiry: newKey(), pMessage: newKey(), other: newKey() };
  const pEnquiries = [
    await created('enquiry', enquiryOf(P)),
    await created('enquiry', enquiryOf(P, { emailAddress: 'Zarina.Q@Example.NET' }), keys.pEnquiry),
  ];
  const oEnquiries = [await created('enquiry', enquiryOf(OTHER), keys.other)];
  pEnquiries.push(await created('enquiry', enquiryOf(P, { cityTownVillage: 'Quetzaltenango' })));
  const pMessages = [
    await created('message', messageOf(P), keys.pMessage),
    await created('message', messageOf(P, { email: ' ZARINA.Q@example.net ' })),
  ];
  const oMessages = [await created('message', messageOf(OTHER))];
  // Lists and searches build the index chunks (which hold names, addresses and phones).
  expect((await list('enquiries')).total).toBe(4);
  expect((await list('contact-messages')).total).toBe(3);
  expect((await list('enquiries', '&q=quetzal')).total).toBe(3);
  expect((await list('contact-messages', '&q=zarina')).total).toBe(2);
  expect((await note(pEnquiries[0]!, 'Called back, left a voicemail.')).status).toBe(201);
  expect((await setStatus('enquiries', pEnquiries[1]!, 'Contacted')).status).toBe(200);
  expect((await list('enquiries', '&status=Contacted')).total).toBe(1);
  // The seed itself must be traceable, or the checks below prove nothing.
  expect(await tracesOf(P)).not.toEqual([]);
  return { keys, pEnquiries, pMessages, oEnquiries, oMessages };
}

/** OTHER's data is still stored and listed. */
async function othersIntact(seeded: Awaited<ReturnType<typeof seed>>) {
  expect(await tracesOf(OTHER)).not.toEqual([]);
  expect((await list('enquiries')).ids).toEqual([...seeded.oEnquiries].reverse());
  expect((await list('contact-messages')).ids).toEqual([...seeded.oMessages].reverse());
  expect((await list('enquiries', '&q=odukkathil')).total).toBe(1);
}

async function erase(email: string) {
  const preview = await call(erasureFn, {
    path: `/api/erasure?email=${encodeURIComponent(email)}`,
    token,
  });
  expect(preview.status).toBe(200);
  const { ids } = (await preview.json()) as { ids: string[] };
  const res = await call(erasureFn, { path: '/api/erasure', json: { email, ids }, token });
  expect(res.status).toBe(200);
  return { ids, deleted: ((await res.json()) as { deleted: number }).deleted };
}

/** A retry of a keyed submission of an erased record: 410 with a message, nothing stored or sent. */
async function retryIsGone(kind: 'enquiry' | 'message', body: Body, key: string) {
  const store = kind === 'enquiry' ? 'enquiries' : 'contact-messages';
  const before = await recordIds(store);
  const sent = notices.count();
  const res = await submit(kind, body, key);
  expect(res.status).toBe(410);
  expect(await res.json()).toEqual({ error: expect.stringMatching(/deleted/) });
  expect(await recordIds(store)).toEqual(before);
  expect(notices.count()).toBe(sent);
}

describe('erasure leaves no trace of the person in any store', () => {
  it('after preview + POST, no file holds the name, e-mail or phone; others are intact', async () => {
    const seeded = await seed();
    const { ids, deleted } = await erase('zarina.q@EXAMPLE.net');
    expect([...ids].sort()).toEqual([...seeded.pEnquiries, ...seeded.pMessages].sort());
    expect(deleted).toBe(5);
    expect(await tracesOf(P)).toEqual([]);
    await othersIntact(seeded);
    // A cold instance reads the same: nothing of P in its index either.
    forgetLoadedIndexes();
    expect((await list('enquiries', '&q=quetzal')).total).toBe(0);
    expect((await list('contact-messages', '&q=zarina')).total).toBe(0);
  });

  it('a keyed submission retried after the erasure answers 410 and stores nothing', async () => {
    const seeded = await seed();
    await erase(P.email);
    const noticesBefore = notices.count();
    await retryIsGone(
      'enquiry',
      enquiryOf(P, { emailAddress: 'Zarina.Q@Example.NET' }),
      seeded.keys.pEnquiry,
    );
    await retryIsGone('message', messageOf(P), seeded.keys.pMessage);
    expect(notices.count()).toBe(noticesBefore);
    expect(await tracesOf(P)).toEqual([]);
    expect(await recordIds('enquiries')).toEqual(seeded.oEnquiries);
    expect(await recordIds('contact-messages')).toEqual(seeded.oMessages);
  });

  it('a quarantined (damaged) record of the person is found by its raw text and its copy erased', async () => {
    const seeded = await seed();
    // A record of P cut short mid-write: not JSON, so it is set aside by the next read.
    const damagedId = newId();
    const raw = getStore({ name: 'enquiries', consistency: 'strong' });
    await raw.set(
      damagedId,
      `{"_id":"${damagedId}","fullName":"${P.name}","emailAddress":"ZARINA.Q@example.net","phoneNumber":"9198470`,
    );
    // As the create that wrote it would: its change noted, then a new generation.
    await raw.set(`_change-${newId()}.${damagedId}.c`, '');
    await raw.set('_generation', newId());
    const listed = await call(enquiriesFn, { path: '/api/enquiries', token });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-quarantined')).toBe(damagedId);
    const { ids, deleted } = await erase(P.email);
    expect(ids).toContain(damagedId);
    expect(deleted).toBe(6);
    expect(await tracesOf(P)).toEqual([]);
    await othersIntact(seeded);
    const after = await call(enquiriesFn, { path: '/api/enquiries', token });
    expect(after.headers.get('x-quarantined')).toBe('');
  });

  it('a record of the person that arrived after the preview: 409, and nothing at all is erased', async () => {
    const seeded = await seed();
    const preview = await call(erasureFn, {
      path: `/api/erasure?email=${encodeURIComponent(P.email)}`,
      token,
    });
    const { ids } = (await preview.json()) as { ids: string[] };
    const late = await created('message', messageOf(P, { message: 'One more thing.' }));
    const before = [...(await recordIds('enquiries')), ...(await recordIds('contact-messages'))];
    const res = await call(erasureFn, {
      path: '/api/erasure',
      json: { email: P.email, ids },
      token,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: expect.any(String) });
    expect([...(await recordIds('enquiries')), ...(await recordIds('contact-messages'))]).toEqual(
      before,
    );
    expect(before).toContain(late);
    expect(before).toEqual(expect.arrayContaining([...seeded.pEnquiries, ...seeded.pMessages]));
    // Confirmed again with the new preview, everything goes.
    const { deleted } = await erase(P.email);
    expect(deleted).toBe(6);
    expect(await tracesOf(P)).toEqual([]);
    await othersIntact(seeded);
  });

  it('with several index chunks, the chunks that held the person are all rewritten', async () => {
    interface Row {
      name: string;
      email: string;
      phone: string;
    }
    const people = timeline<Row>('people', {
      chunkSize: 2,
      summary: { name: 'name', email: 'email', phone: 'phone' },
    });
    const pIds: string[] = [];
    const oIds: string[] = [];
    // P in the oldest chunk, a middle one and the newest one.
    for (let n = 0; n < 7; n++) {
      if (n % 3 === 0) pIds.push((await people.create({ ...P }))._id);
      else oIds.push((await people.create({ ...OTHER, name: `${OTHER.name} ${n}` }))._id);
    }
    expect((await people.page(1, 10)).total).toBe(7);
    // Filtered again: the local emulator's prefix listing also returns `_index` for `_index-`.
    const chunks = async () =>
      (
        await getStore({ name: 'people', consistency: 'strong' }).list({ prefix: '_index-' })
      ).blobs.filter((blob) => blob.key.startsWith('_index-')).length;
    expect(await chunks()).toBe(4);
    expect(await tracesOf(P)).not.toEqual([]);
    expect([...(await people.removeMany(pIds))].sort()).toEqual([...pIds].sort());
    expect(await tracesOf(P)).toEqual([]);
    expect(await tracesOf(OTHER)).not.toEqual([]);
    forgetLoadedIndexes();
    const after = await people.page(1, 10);
    expect(after.total).toBe(4);
    expect(after.items.map((item) => item._id)).toEqual([...oIds].reverse());
  });
});

describe('an admin DELETE leaves no trace of the record', () => {
  it("deleting P's single (keyed) enquiry removes it from every store; a retry is 410", async () => {
    const key = newKey();
    const pId = await created('enquiry', enquiryOf(P), key);
    const others = [
      await created('enquiry', enquiryOf(OTHER)),
      await created('enquiry', enquiryOf(OTHER)),
    ];
    expect((await list('enquiries', '&q=quetzal')).total).toBe(1);
    expect((await note(pId, 'Sent the brochure.')).status).toBe(201);
    expect(await tracesOf(P)).not.toEqual([]);

    const res = await deleteRecord(enquiriesFn, 'enquiries', pId, token);
    expect(res.status).toBe(204);
    expect(await tracesOf(P)).toEqual([]);
    expect(await tracesOf(OTHER)).not.toEqual([]);
    expect(await recordIds('enquiries')).toEqual(others);
    await retryIsGone('enquiry', enquiryOf(P), key);
    expect(await tracesOf(P)).toEqual([]);
  });
});

describe('the retention purge leaves no trace of what it removed', () => {
  /** P's records untouched (New), OTHER's being worked on (Contacted, kept by the purge). */
  async function seedForPurge() {
    const seeded = await seed();
    // seed() set one of P's to Contacted: put it back to an expirable state (Won).
    const won = await call(enquiriesFn, {
      method: 'PATCH',
      path: `/api/enquiries/${seeded.pEnquiries[1]!}`,
      params: { id: seeded.pEnquiries[1]! },
      json: { status: 'Won' },
      headers: { 'if-match': '"2"' },
      token,
    });
    expect(won.status).toBe(200);
    for (const id of seeded.oEnquiries) {
      expect((await setStatus('enquiries', id, 'Contacted')).status).toBe(200);
    }
    for (const id of seeded.oMessages) {
      expect((await setStatus('contact-messages', id, 'Contacted')).status).toBe(200);
    }
    return seeded;
  }

  it('a purge far in the future removes every file trace of the expired person', async () => {
    const seeded = await seedForPurge();
    const result = await purgeExpired({ now: Date.now() + 20 * 365 * 86_400_000 });
    expect(result.removed.map((r) => r.id).sort()).toEqual(
      [...seeded.pEnquiries, ...seeded.pMessages].sort(),
    );
    expect(await tracesOf(P)).toEqual([]);
    await othersIntact(seeded);
  });

  it('after a purge, a keyed retry of a purged record answers 410 (claims of today are kept)', async () => {
    const seeded = await seedForPurge();
    // months: 0 makes today's records expired while keeping today's key claims (7 days).
    const result = await purgeExpired({ now: Date.now() + 1_000, months: 0 });
    expect(result.removed.map((r) => r.id).sort()).toEqual(
      [...seeded.pEnquiries, ...seeded.pMessages].sort(),
    );
    expect(await tracesOf(P)).toEqual([]);
    await othersIntact(seeded);
    await retryIsGone(
      'enquiry',
      enquiryOf(P, { emailAddress: 'Zarina.Q@Example.NET' }),
      seeded.keys.pEnquiry,
    );
    await retryIsGone('message', messageOf(P), seeded.keys.pMessage);
    expect(await tracesOf(P)).toEqual([]);
  });
});
