import { describe, expect, it } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import { call, expectInvalidFields, makeToken, methodNotAllowed, useBlobs } from '../helpers.ts';
import { writes } from '../store-inspection.ts';

const blobs = useBlobs();

async function create(body: unknown, token?: string) {
  return call(announcementsFn, {
    path: '/api/announcements',
    json: body,
    token: token ?? (await makeToken()),
  });
}

async function list() {
  const res = await call(announcementsFn, { path: '/api/announcements' });
  expect(res.status).toBe(200);
  return (await res.json()) as { _id: string; text: string; link: string }[];
}

describe('GET /api/announcements (public)', () => {
  it('answers an empty list when there are none', async () => {
    expect(await list()).toEqual([]);
  });

  it('lists items oldest first as { _id, text, link }, without a token', async () => {
    await create({ text: 'First' });
    await create({ text: 'Second', link: '/about' });
    const items = await list();
    expect(items.map(({ text, link }) => ({ text, link }))).toEqual([
      { text: 'First', link: '' },
      { text: 'Second', link: '/about' },
    ]);
    expect(Object.keys(items[0]!).sort()).toEqual(['_id', 'link', 'text']);
  });
});

describe('POST /api/announcements (admin)', () => {
  it('creates an item (201), trimming text and dropping unknown fields', async () => {
    const res = await create({
      text: '  New solar plant commissioned  ',
      link: 'https://example.org/news',
      extra: 1,
    });
    expect(res.status).toBe(201);
    const item = (await res.json()) as Record<string, unknown>;
    expect(item).toEqual({
      _id: expect.stringMatching(/^[0-9A-Z]{26}$/),
      text: 'New solar plant commissioned',
      link: 'https://example.org/news',
    });
    expect(await list()).toEqual([item]);
  });

  it.each([
    ['javascript:alert(1)'],
    ['JaVaScRiPt:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//evil.example/path'],
    ['/\\evil.example'],
    ['https://'],
    ['http://exa mple.org'],
    ['ftp://example.org'],
    ['vbscript:msgbox'],
    ['about:blank'],
  ])('refuses the link %s with 400 and stores nothing', async (link) => {
    const res = await create({ text: 'Hello', link });
    await expectInvalidFields(res, {
      link: 'Link must start with https://, http://, /, #, mailto: or tel:.',
    });
    expect(writes(blobs.ops)).toBe(0);
  });

  it.each([
    ['https://example.org/a?b=c#d'],
    ['http://example.org'],
    ['/services/x'],
    ['#contact-form'],
    ['mailto:hello@example.org'],
    ['tel:+914842000000'],
    [''],
  ])('accepts the link %s', async (link) => {
    expect((await create({ text: 'Hello', link })).status).toBe(201);
  });

  it('requires text', async () => {
    for (const body of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 42 },
      { text: null },
      { text: 'x'.repeat(501) },
    ]) {
      const res = await create(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { fields: Record<string, string> }).fields).toHaveProperty(
        'text',
      );
    }
  });
});

describe('PUT and DELETE /api/announcements/:id (admin)', () => {
  it('replaces text and link (200), then deletes (204), then 404', async () => {
    const token = await makeToken();
    const { _id } = (await (await create({ text: 'Old', link: '#old' })).json()) as { _id: string };
    const put = await call(announcementsFn, {
      method: 'PUT',
      path: `/api/announcements/${_id}`,
      params: { id: _id },
      json: { text: 'New' },
      token,
    });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ _id, text: 'New', link: '' });
    expect(await list()).toEqual([{ _id, text: 'New', link: '' }]);

    const del = () =>
      call(announcementsFn, {
        method: 'DELETE',
        path: `/api/announcements/${_id}`,
        params: { id: _id },
        token,
      });
    expect((await del()).status).toBe(204);
    expect(await list()).toEqual([]);
    expect((await del()).status).toBe(404);
  });

  it('answers 404 for an unknown id and does not create it', async () => {
    const id = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const res = await call(announcementsFn, {
      method: 'PUT',
      path: `/api/announcements/${id}`,
      params: { id },
      json: { text: 'Ghost' },
      token: await makeToken(),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Announcement not found.' });
    expect(await list()).toEqual([]);
  });

  it('validates before replacing', async () => {
    const { _id } = (await (await create({ text: 'Keep' })).json()) as { _id: string };
    const res = await call(announcementsFn, {
      method: 'PUT',
      path: `/api/announcements/${_id}`,
      params: { id: _id },
      json: { text: '', link: 'javascript:x' },
      token: await makeToken(),
    });
    expect(res.status).toBe(400);
    expect(Object.keys(((await res.json()) as { fields: object }).fields).sort()).toEqual([
      'link',
      'text',
    ]);
    expect((await list())[0]!.text).toBe('Keep');
  });

  it('answers 405 with Allow', async () => {
    expect(
      await methodNotAllowed(announcementsFn, {
        method: 'DELETE',
        path: '/api/announcements',
      }),
    ).toBe('GET, HEAD, POST');
    expect(
      await methodNotAllowed(announcementsFn, {
        method: 'GET',
        path: '/api/announcements/x',
        params: { id: 'x' },
      }),
    ).toBe('PUT, DELETE');
  });
});
