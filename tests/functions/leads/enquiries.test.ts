import { describe, expect, it, vi } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import { ENQUIRY_FIELDS } from '../../../src/lib/schemas/index.ts';
import {
  call,
  deleteRecord,
  expectInvalidFields,
  makeToken,
  methodNotAllowed,
  recordMethodNotAllowed,
  useBlobs,
} from '../helpers.ts';
import { blobReads, writes, liveIds } from '../store-inspection.ts';
import { validEnquiry } from '../samples.ts';

const blobs = useBlobs();

const post = (json: unknown) => call(enquiriesFn, { path: '/api/enquiries', json });

async function listAll(token: string, query = '') {
  const res = await call(enquiriesFn, { path: `/api/enquiries${query}`, token });
  expect(res.status).toBe(200);
  return { res, items: (await res.json()) as Record<string, unknown>[] };
}

describe('POST /api/enquiries', () => {
  it('stores a valid enquiry and answers 201 with its id and creation time', async () => {
    const res = await post(validEnquiry());
    expect(res.status).toBe(201);
    const body = (await res.json()) as { _id: string; createdAt: string };
    expect(body._id).toMatch(/^[0-9A-Z]{26}$/);
    expect(Date.parse(body.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const { items } = await listAll(await makeToken());
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ ...validEnquiry(), _id: body._id, createdAt: body.createdAt });
  });

  it('stores every entity field and nothing else: unknown fields are dropped', async () => {
    await post(
      validEnquiry({ isAdmin: true, _id: 'forged', createdAt: '1999-01-01', __proto__: { x: 1 } }),
    );
    const [stored] = (await listAll(await makeToken())).items;
    // Plus its language, its verification (no proof of work sent: unverified) and the follow-up
    // every admin read fills in (status New, no notes, version 1).
    expect(Object.keys(stored!).sort()).toEqual(
      [
        '_id',
        'createdAt',
        ...ENQUIRY_FIELDS,
        'lang',
        'verification',
        'status',
        'notes',
        'version',
      ].sort(),
    );
    expect(stored!['_id']).not.toBe('forged');
    expect(stored!['createdAt']).not.toBe('1999-01-01');
  });

  it('empties conditional fields that do not apply and keeps those that do', async () => {
    await post(
      validEnquiry({
        institutionName: 'Stale School',
        institutionType: ['Others'],
        institutionTypeOther: 'stale',
        renewableEnergyUsed: 'Yes',
        renewableEnergySpecify: 'Solar',
      }),
    );
    const [stored] = (await listAll(await makeToken())).items;
    expect(stored).toMatchObject({
      institutionName: '',
      institutionType: [],
      institutionTypeOther: '',
      renewableEnergySpecify: 'Solar',
    });
  });

  it('answers 400 with the field messages and stores nothing', async () => {
    const res = await post(
      validEnquiry({
        emailAddress: 'not-an-email',
        phoneNumber: '12345',
        enquiryType: 'Institution / Business / Government',
        institutionType: ['Others'],
        renewableEnergyUsed: 'Yes',
        preferredTimeline: 'Someday',
      }),
    );
    await expectInvalidFields(res, {
      emailAddress: 'Invalid email format.',
      phoneNumber: 'Phone number must be at least 10 digits.',
      institutionName: 'Institution name is required.',
      institutionTypeOther: 'Please specify.',
      renewableEnergySpecify: 'Please specify the type of renewable energy.',
      preferredTimeline: 'Please select preferred timeline.',
    });
    expect(writes(blobs.ops)).toBe(0);
  });

  it('answers 400 for malformed JSON and for JSON that is not an object', async () => {
    for (const body of ['{"fullName":', 'null', '[]', '"text"', '42', '']) {
      const res = await call(enquiriesFn, {
        path: '/api/enquiries',
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, body).toBe(400);
      expect(Object.keys((await res.json()) as object)).toEqual(['error']);
    }
    expect(writes(blobs.ops)).toBe(0);
  });

  it('answers 415 for a body that is neither JSON nor a form', async () => {
    for (const type of ['text/plain', 'multipart/form-data; boundary=x', 'application/xml']) {
      const res = await call(enquiriesFn, {
        path: '/api/enquiries',
        body: JSON.stringify(validEnquiry()),
        headers: { 'content-type': type },
      });
      expect(res.status, type).toBe(415);
    }
    const missing = await call(enquiriesFn, { path: '/api/enquiries', method: 'POST', body: '{}' });
    expect([415, 400]).toContain(missing.status);
  });

  it('answers 413 over 32 KB, whether or not Content-Length says so', async () => {
    const big = validEnquiry({ additionalComments: 'x'.repeat(40_000) });
    expect((await post(big)).status).toBe(413);

    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(JSON.stringify(big)));
        controller.close();
      },
    });
    // A stream has no Content-Length: the limit must hold while reading.
    const init = {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    };
    const res = await enquiriesFn(
      new Request('http://localhost/api/enquiries', init as RequestInit),
      { params: {} },
    );
    expect(res.status).toBe(413);
    expect(writes(blobs.ops)).toBe(0);
  });

  it('answers 400 for bytes that are not UTF-8', async () => {
    const res = await call(enquiriesFn, {
      path: '/api/enquiries',
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('answers a filled honeypot as if accepted and holds it (no lead)', async () => {
    const res = await post(validEnquiry({ website: 'http://spam.example' }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      _id: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(await liveIds('enquiries')).toEqual([]);
    expect(await liveIds('held')).toHaveLength(1);
  });
});

describe('GET /api/enquiries (admin)', () => {
  async function seed(count: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const res = await post(validEnquiry({ fullName: `Person ${i}` }));
      ids.push(((await res.json()) as { _id: string })._id);
    }
    return ids;
  }

  it('lists newest first with X-Total-Count, 10 a page by default', async () => {
    const ids = await seed(12);
    const { res, items } = await listAll(await makeToken());
    expect(res.headers.get('x-total-count')).toBe('12');
    expect(items.map((item) => item['_id'])).toEqual(ids.slice().reverse().slice(0, 10));
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('returns the requested page only, reading only that page’s records', async () => {
    const ids = (await seed(7)).reverse();
    const token = await makeToken();
    await listAll(token); // The first list builds the index: it reads each record once.
    blobs.resetOps();
    const { res, items } = await listAll(token, '?page=2&pageSize=3');
    expect(res.headers.get('x-total-count')).toBe('7');
    expect(items.map((item) => item['_id'])).toEqual(ids.slice(3, 6));
    expect(blobReads(blobs.ops, 'enquiries').sort()).toEqual(ids.slice(3, 6).sort());

    const last = await listAll(token, '?page=3&pageSize=3');
    expect(last.items.map((item) => item['_id'])).toEqual(ids.slice(6));
    const beyond = await listAll(token, '?page=9&pageSize=3');
    expect(beyond.items).toEqual([]);
    expect(beyond.res.headers.get('x-total-count')).toBe('7');
  });

  it('lists keys again only after the store changed (generation-tagged index)', async () => {
    await seed(3);
    const token = await makeToken();
    // Of the enquiries' store (a post also lists the spent proofs' store to sweep it).
    const listings = () =>
      blobs.ops.filter((op) => op.type === 'list' && op.url.includes('site:enquiries')).length;
    await listAll(token);
    blobs.resetOps();
    await listAll(token, '?page=2&pageSize=1');
    expect(listings()).toBe(0);
    await post(validEnquiry());
    const { res } = await listAll(token);
    expect(listings()).toBe(1);
    expect(res.headers.get('x-total-count')).toBe('4');
  });

  it('rebuilds a damaged index', async () => {
    await seed(2);
    const token = await makeToken();
    await listAll(token);
    const { getStore } = await import('@netlify/blobs');
    await getStore({ name: 'enquiries', consistency: 'strong' }).set('_index', '{not json');
    const { res, items } = await listAll(token);
    expect(items).toHaveLength(2);
    expect(res.headers.get('x-total-count')).toBe('2');
  });

  it('sees at once what another function instance wrote or deleted', async () => {
    vi.resetModules();
    const other = (await import('../../../functions/enquiries.ts')).default;
    expect(other).not.toBe(enquiriesFn);
    const token = await makeToken();
    await seed(2);
    expect((await listAll(token)).items).toHaveLength(2);

    const created = await call(other, {
      path: '/api/enquiries',
      json: validEnquiry({ fullName: 'Elsewhere' }),
    });
    const { _id } = (await created.json()) as { _id: string };
    const afterCreate = await listAll(token);
    expect(afterCreate.items[0]!['fullName']).toBe('Elsewhere');
    expect(afterCreate.res.headers.get('x-total-count')).toBe('3');

    await call(other, {
      method: 'DELETE',
      path: `/api/enquiries/${_id}`,
      params: { id: _id },
      token,
    });
    const afterDelete = await listAll(token);
    expect(afterDelete.items.map((item) => item['fullName'])).not.toContain('Elsewhere');
    expect(afterDelete.res.headers.get('x-total-count')).toBe('2');
  });

  it('answers 400 for page parameters out of bounds', async () => {
    const token = await makeToken();
    for (const query of [
      '?page=0',
      '?page=-1',
      '?page=abc',
      '?pageSize=0',
      '?pageSize=101',
      '?pageSize=1.5',
    ]) {
      const res = await call(enquiriesFn, { path: `/api/enquiries${query}`, token });
      expect(res.status, query).toBe(400);
    }
    expect((await listAll(token, '?pageSize=100')).res.status).toBe(200);
  });

  it('answers an empty list with X-Total-Count 0', async () => {
    const { res, items } = await listAll(await makeToken());
    expect(items).toEqual([]);
    expect(res.headers.get('x-total-count')).toBe('0');
  });
});

describe('DELETE /api/enquiries/:id (admin)', () => {
  it('deletes an enquiry (204), then 404 for it', async () => {
    const { _id } = (await (await post(validEnquiry())).json()) as { _id: string };
    const token = await makeToken();
    const del = () => deleteRecord(enquiriesFn, 'enquiries', _id, token);
    const first = await del();
    expect(first.status).toBe(204);
    expect(await first.text()).toBe('');
    expect((await del()).status).toBe(404);
    expect((await listAll(token)).items).toEqual([]);
  });

  it('answers 404 for ids that are not ours without touching the records', async () => {
    const token = await makeToken();
    for (const id of ['nope', '../announcements/x', '01ARZ3NDEKTSV4RRFFQ69G5FA', 'A'.repeat(300)]) {
      blobs.resetOps();
      const res = await call(enquiriesFn, {
        method: 'DELETE',
        path: `/api/enquiries/x`,
        params: { id },
        token,
      });
      expect(res.status, id).toBe(404);
      expect(await res.json()).toEqual({ error: 'Enquiry not found.' });
      // Only the admin check's one read of the revocation list.
      expect(blobs.ops.filter((op) => !op.url.includes('/site:revoked-tokens/'))).toEqual([]);
    }
  });
});

describe('methods', () => {
  it('answers 405 with Allow for other methods', async () => {
    expect(await methodNotAllowed(enquiriesFn, { method: 'PATCH', path: '/api/enquiries' })).toBe(
      'GET, HEAD, POST',
    );
    expect(await recordMethodNotAllowed(enquiriesFn, 'PUT', 'enquiries')).toBe(
      'GET, HEAD, PATCH, DELETE',
    );
  });
});
