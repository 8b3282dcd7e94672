import { describe, expect, it } from 'vitest';
import contactMessagesFn from '../../../functions/contact-messages.ts';
import contactFn from '../../../functions/contact.ts';
import { call, expectInvalidFields, makeToken, methodNotAllowed, useBlobs } from '../helpers.ts';
import { validContact } from '../samples.ts';
import { writes, liveIds } from '../store-inspection.ts';

const blobs = useBlobs();

const post = (json: unknown) => call(contactFn, { path: '/api/contact', json });

async function messages(query = '') {
  const res = await call(contactMessagesFn, {
    path: `/api/contact-messages${query}`,
    token: await makeToken(),
  });
  expect(res.status).toBe(200);
  return {
    total: res.headers.get('x-total-count'),
    items: (await res.json()) as Record<string, unknown>[],
  };
}

describe('POST /api/contact', () => {
  it('stores a message (201) with only email, name and message', async () => {
    const res = await post(validContact({ name: '  Ravi  ', phone: '123', role: 'admin' }));
    expect(res.status).toBe(201);
    const { _id } = (await res.json()) as { _id: string };
    const { items, total } = await messages();
    expect(total).toBe('1');
    expect(items).toEqual([
      {
        _id,
        createdAt: expect.any(String),
        email: 'ravi@example.com',
        name: 'Ravi',
        message: 'Please call me back.',
        lang: 'en',
        // Sent with a proof of work (tests/functions/helpers.ts `call`); one sent without is held.
        verification: 'verified',
        status: 'New',
        notes: [],
        version: 1,
      },
    ]);
  });

  it('answers 400 with a message per field and stores nothing', async () => {
    const res = await post({ email: 'ravi@', name: '', message: 'm'.repeat(5001) });
    await expectInvalidFields(res, {
      email: 'Invalid email format.',
      name: 'This field is required.',
      message: 'Please use at most 5,000 characters.',
    });
    expect(writes(blobs.ops)).toBe(0);
  });

  it('answers a filled honeypot as if accepted and holds it (no lead)', async () => {
    const res = await post(validContact({ website: 'buy-now' }));
    expect(res.status).toBe(201);
    expect(await liveIds('contact-messages')).toEqual([]);
    expect(await liveIds('held')).toHaveLength(1);
    expect((await messages()).items).toEqual([]);
  });

  it('answers 405 with Allow: POST', async () => {
    expect(await methodNotAllowed(contactFn, { path: '/api/contact' })).toBe('POST');
  });
});

describe('/api/contact-messages (admin)', () => {
  it('lists newest first, one page at a time, and deletes', async () => {
    const ids: string[] = [];
    for (const name of ['A', 'B', 'C']) {
      ids.push(((await (await post(validContact({ name }))).json()) as { _id: string })._id);
    }
    const page = await messages('?page=1&pageSize=2');
    expect(page.total).toBe('3');
    expect(page.items.map((item) => item['name'])).toEqual(['C', 'B']);

    const token = await makeToken();
    const del = (id: string) =>
      call(contactMessagesFn, {
        method: 'DELETE',
        path: `/api/contact-messages/${id}`,
        params: { id },
        token,
      });
    expect((await del(ids[1]!)).status).toBe(204);
    expect((await del(ids[1]!)).status).toBe(404);
    expect((await messages()).items.map((item) => item['name'])).toEqual(['C', 'A']);
  });

  it('answers 405 with Allow', async () => {
    expect(
      await methodNotAllowed(contactMessagesFn, {
        method: 'POST',
        path: '/api/contact-messages',
        json: {},
      }),
    ).toBe('GET, HEAD');
  });
});
