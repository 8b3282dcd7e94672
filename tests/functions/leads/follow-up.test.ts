/**
 * The lead desk's follow-up (functions/_lib/follow-up-handlers.ts), for enquiries and contact
 * messages alike: read one record with its version, change its status under `If-Match`, add
 * notes; the exact answers the admin UI relies on, and what is stored (or not) after each.
 */
import { join } from 'node:path';
import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import contactMessagesFn from '../../../functions/contact-messages.ts';
import enquiriesCsvFn from '../../../functions/enquiries-csv.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { loadFunctions, matchRoute } from '../../../scripts/local-functions.ts';
import {
  call,
  createdId,
  expectInvalidFields,
  makeToken,
  methodNotAllowed,
  useBlobs,
  type FunctionHandler,
} from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { writes } from '../store-inspection.ts';

const blobs = useBlobs();

let token = '';
beforeEach(async () => {
  token = await makeToken();
});

const IF_MATCH_MISSING =
  'If-Match is required: send the version you last read, as If-Match: "<version>".';
const IF_MATCH_MALFORMED = 'If-Match must be one version in double quotes, as If-Match: "3".';
const NO_ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

interface Resource {
  name: string;
  fn: FunctionHandler;
  base: string;
  store: string;
  notFound: string;
  changedElsewhere: string;
  create(extra?: Record<string, unknown>): Promise<string>;
}

const RESOURCES: Resource[] = [
  {
    name: 'enquiries',
    fn: enquiriesFn,
    base: '/api/enquiries',
    store: 'enquiries',
    notFound: 'Enquiry not found.',
    changedElsewhere: 'This enquiry was changed elsewhere. Reload it and try again.',
    create: async (extra = {}) =>
      createdId(await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry(extra) })),
  },
  {
    name: 'contact messages',
    fn: contactMessagesFn,
    base: '/api/contact-messages',
    store: 'contact-messages',
    notFound: 'Message not found.',
    changedElsewhere: 'This message was changed elsewhere. Reload it and try again.',
    create: async (extra = {}) =>
      createdId(await call(contactFn, { path: '/api/contact', json: validContact(extra) })),
  },
];

type Body = Record<string, unknown>;

/** The record as stored, bypassing the API (null when there is no blob). */
const raw = (r: Resource, id: string) =>
  getStore({ name: r.store, consistency: 'strong' }).get(id, { type: 'json' }) as Promise<Body>;

const show = (r: Resource, id: string) =>
  call(r.fn, { path: `${r.base}/${id}`, params: { id }, token });

const patch = (r: Resource, id: string, json: unknown, ifMatch?: string) =>
  call(r.fn, {
    method: 'PATCH',
    path: `${r.base}/${id}`,
    params: { id },
    json,
    token,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });

const note = (r: Resource, id: string, text: unknown, ifMatch?: string) =>
  call(r.fn, {
    path: `${r.base}/${id}/notes`,
    params: { id },
    json: { text },
    token,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });

const listed = async (r: Resource) =>
  (await (await call(r.fn, { path: `${r.base}?pageSize=100`, token })).json()) as Body[];

const isoTime = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe.each(RESOURCES)('follow-up of $name', (r) => {
  it('reads one record with status New, no notes and version 1, its ETag "1"', async () => {
    const id = await r.create();
    const res = await show(r, id);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"1"');
    const record = (await res.json()) as Body;
    expect(record).toMatchObject({ _id: id, status: 'New', notes: [], version: 1 });
    expect(record).not.toHaveProperty('statusChangedAt');
    expect((await listed(r))[0]).toEqual(record);
  });

  it('changes the status: 200, the record at version 2 with statusChangedAt, stored and listed', async () => {
    const id = await r.create();
    const before = Date.now();
    const res = await patch(r, id, { status: 'Contacted' }, '"1"');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"2"');
    const record = (await res.json()) as Body;
    expect(record).toMatchObject({ _id: id, status: 'Contacted', notes: [], version: 2 });
    expect(record['statusChangedAt']).toMatch(isoTime);
    expect(Date.parse(record['statusChangedAt'] as string)).toBeGreaterThanOrEqual(before - 1);
    expect(await raw(r, id)).toEqual(record);
    expect(await (await show(r, id)).json()).toEqual(record);
    expect((await listed(r))[0]).toEqual(record);

    const again = await patch(r, id, { status: 'Won' }, '"2"');
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'Won', version: 3 });
  });

  it('answers 409 to a stale If-Match and stores nothing', async () => {
    const id = await r.create();
    expect((await patch(r, id, { status: 'Qualified' }, '"1"')).status).toBe(200);
    const stored = await raw(r, id);
    blobs.resetOps();
    const res = await patch(r, id, { status: 'Lost' }, '"1"');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: r.changedElsewhere });
    expect(writes(blobs.ops)).toBe(0);
    expect(await raw(r, id)).toEqual(stored);
    // A version ahead of the record's is as stale as one behind it.
    expect((await patch(r, id, { status: 'Lost' }, '"7"')).status).toBe(409);
  });

  it('answers 428 without If-Match and 400 to a malformed one, storing nothing', async () => {
    const id = await r.create();
    blobs.resetOps();
    const missing = await patch(r, id, { status: 'Won' });
    expect(missing.status).toBe(428);
    expect(await missing.json()).toEqual({ error: IF_MATCH_MISSING });
    for (const header of ['1', 'W/"1"', '*', '"0"', '"01"', '"1", "2"', '"abc"', '"1.0"']) {
      const res = await patch(r, id, { status: 'Won' }, header);
      expect(res.status, header).toBe(400);
      expect(await res.json(), header).toEqual({ error: IF_MATCH_MALFORMED });
    }
    expect(writes(blobs.ops)).toBe(0);
    expect(await raw(r, id)).not.toHaveProperty('status');
  });

  it('answers 400 with the field message to a status that is not one of the five', async () => {
    const id = await r.create();
    for (const body of [{ status: 'won' }, { status: 'Closed' }, { status: 3 }, {}]) {
      const res = await patch(r, id, body, '"1"');
      await expectInvalidFields(
        res,
        { status: 'Status must be New, Contacted, Qualified, Won or Lost.' },
        JSON.stringify(body),
      );
    }
    expect((await (await show(r, id)).json()) as Body).toMatchObject({ status: 'New', version: 1 });
  });

  it('changes nothing but the status: other fields in the body are dropped', async () => {
    const id = await r.create();
    const before = await raw(r, id);
    const res = await patch(
      r,
      id,
      { status: 'Won', notes: [{ text: 'forged', at: 'x' }], version: 40, _id: 'x', name: 'Eve' },
      '"1"',
    );
    expect(res.status).toBe(200);
    const after = await raw(r, id);
    expect(after).toEqual({
      ...before,
      status: 'Won',
      statusChangedAt: expect.stringMatching(isoTime) as unknown,
      firstStatusChangedAt: after['statusChangedAt'] as unknown,
      notes: [],
      version: 2,
    });
  });

  it('setting the status a record has writes nothing and keeps its version', async () => {
    const id = await r.create();
    blobs.resetOps();
    const res = await patch(r, id, { status: 'New' }, '"1"');
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"1"');
    expect(await res.json()).toMatchObject({ status: 'New', version: 1 });
    expect(writes(blobs.ops)).toBe(0);
  });

  it('answers 404 for unknown ids, and for ids that are not ids', async () => {
    for (const id of [NO_ID, 'x']) {
      for (const res of [
        await show(r, id),
        await patch(r, id, { status: 'Won' }, '"1"'),
        await note(r, id, 'Called back'),
      ]) {
        expect(res.status, id).toBe(404);
        expect(await res.json()).toEqual({ error: r.notFound });
      }
    }
    expect(await raw(r, NO_ID)).toBeNull();
  });

  it('adds a note: 201 { text, at }, appended oldest first, the version up by one', async () => {
    const id = await r.create();
    const first = await note(r, id, '  Called; asked for a quote.\nVisit on Monday.  ');
    expect(first.status).toBe(201);
    expect(first.headers.get('etag')).toBe('"2"');
    const body = (await first.json()) as Body;
    expect(Object.keys(body)).toEqual(['text', 'at']);
    expect(body['text']).toBe('Called; asked for a quote.\nVisit on Monday.');
    expect(body['at']).toMatch(isoTime);

    const second = await note(r, id, 'Sent the quote.', '"2"');
    expect(second.status).toBe(201);
    expect(second.headers.get('etag')).toBe('"3"');
    const record = (await (await show(r, id)).json()) as Body;
    expect(record['notes']).toEqual([body, await second.json()]);
    expect(record).toMatchObject({ status: 'New', version: 3 });
    // A note with a stale If-Match is refused like a status change.
    const stale = await note(r, id, 'Late', '"2"');
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ error: r.changedElsewhere });
  });

  it('refuses a note over 2,000 characters, empty, or with control characters (400)', async () => {
    const id = await r.create();
    const cases: [unknown, string][] = [
      ['n'.repeat(2_001), 'Please use at most 2,000 characters.'],
      ['   ', 'This field is required.'],
      [undefined, 'This field is required.'],
      ['bell\u0007', 'Please remove invisible control characters.'],
      ['right-to-left \u202e override', 'Please remove invisible control characters.'],
      ['lone\rCR', 'Please remove invisible control characters.'],
    ];
    for (const [text, message] of cases) {
      const res = await note(r, id, text);
      await expectInvalidFields(res, { text: message }, JSON.stringify(text));
    }
    expect((await note(r, id, 'n'.repeat(2_000))).status).toBe(201);
    expect((await note(r, id, 'tab\there\r\nand a new line')).status).toBe(201);
    expect(((await raw(r, id))['notes'] as unknown[]).length).toBe(2);
  });

  it('keeps every admin call behind the token: 401, nothing written', async () => {
    const id = await r.create();
    blobs.resetOps();
    const calls = [
      call(r.fn, { path: `${r.base}/${id}`, params: { id } }),
      call(r.fn, {
        method: 'PATCH',
        path: `${r.base}/${id}`,
        params: { id },
        json: { status: 'Won' },
        headers: { 'if-match': '"1"' },
      }),
      call(r.fn, { path: `${r.base}/${id}/notes`, params: { id }, json: { text: 'x' } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
    expect(writes(blobs.ops)).toBe(0);
  });

  it('answers 405 with Allow on the record and on its notes', async () => {
    const id = await r.create();
    expect(
      await methodNotAllowed(r.fn, { method: 'PUT', path: `${r.base}/${id}`, params: { id } }),
    ).toBe('GET, HEAD, PATCH, DELETE');
    expect(
      await methodNotAllowed(r.fn, { path: `${r.base}/${id}/notes`, params: { id }, token }),
    ).toBe('POST');
  });

  it('takes JSON only (415)', async () => {
    const id = await r.create();
    const res = await call(r.fn, {
      method: 'PATCH',
      path: `${r.base}/${id}`,
      params: { id },
      form: { status: 'Won' },
      token,
      headers: { 'if-match': '"1"' },
    });
    expect(res.status).toBe(415);
  });

  it('never lets the public POST set status, notes or version', async () => {
    const id = await r.create({
      status: 'Won',
      statusChangedAt: '2020-01-01T00:00:00.000Z',
      notes: [{ text: 'planted', at: '2020-01-01T00:00:00.000Z' }],
      version: 99,
    });
    const stored = await raw(r, id);
    for (const key of ['status', 'statusChangedAt', 'notes', 'version']) {
      expect(stored).not.toHaveProperty(key);
    }
    expect(await (await show(r, id)).json()).toMatchObject({
      status: 'New',
      notes: [],
      version: 1,
    });
  });

  it('reads damaged follow-up fields as the defaults', async () => {
    const id = await r.create();
    const store = getStore({ name: r.store, consistency: 'strong' });
    await store.setJSON(id, {
      ...(await raw(r, id)),
      status: 'Maybe',
      notes: 'none',
      version: -3,
    });
    expect(await (await show(r, id)).json()).toMatchObject({
      status: 'New',
      notes: [],
      version: 1,
    });
    expect((await patch(r, id, { status: 'Won' }, '"1"')).status).toBe(200);
    expect(await raw(r, id)).toMatchObject({ status: 'Won', notes: [], version: 2 });
  });
});

describe('GET /api/enquiries.csv', () => {
  it('ends each row with Status and Last change', async () => {
    const [enquiries] = RESOURCES;
    const untouched = await enquiries!.create({ fullName: 'Untouched' });
    const won = await enquiries!.create({ fullName: 'Won' });
    const changed = (await (await patch(enquiries!, won, { status: 'Won' }, '"1"')).json()) as Body;
    const res = await call(enquiriesCsvFn, { path: '/api/enquiries.csv', token });
    const lines = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    const cells = (line: string) => line.split(',').slice(-6, -4);
    expect(cells(lines[0]!)).toEqual(['Status', 'Last change']);
    expect(lines[1]!.startsWith(`${won},`)).toBe(true);
    expect(cells(lines[1]!)).toEqual(['Won', changed['statusChangedAt']]);
    expect(lines[2]!.startsWith(`${untouched},`)).toBe(true);
    expect(cells(lines[2]!)).toEqual(['New', '']);
  });
});

describe('the `npm start` router', () => {
  it('routes the new calls to their function with the id', async () => {
    const routes = await loadFunctions(join(process.cwd(), 'functions'));
    for (const base of ['/api/enquiries', '/api/contact-messages']) {
      for (const [method, path] of [
        ['GET', `${base}/${NO_ID}`],
        ['PATCH', `${base}/${NO_ID}`],
        ['POST', `${base}/${NO_ID}/notes`],
      ] as const) {
        expect(matchRoute(routes, method, path)?.params, `${method} ${path}`).toEqual({
          id: NO_ID,
        });
      }
    }
  });
});
