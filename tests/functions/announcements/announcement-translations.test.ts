/** Announcements in Malayalam and Arabic beside English: stored, edited, refused, served. */
import { describe, expect, it } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import { call, expectInvalidFields, makeToken, useBlobs } from '../helpers.ts';
import { writes } from '../store-inspection.ts';

const blobs = useBlobs();

async function create(body: unknown) {
  const res = await call(announcementsFn, {
    path: '/api/announcements',
    json: body,
    token: await makeToken(),
  });
  return res;
}

async function replace(id: string, body: unknown) {
  return call(announcementsFn, {
    method: 'PUT',
    path: `/api/announcements/${id}`,
    params: { id },
    json: body,
    token: await makeToken(),
  });
}

async function get(query = '', headers: Record<string, string> = {}) {
  return call(announcementsFn, { path: `/api/announcements${query}`, headers });
}

async function listed(query = '') {
  const res = await get(query);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

const both = { text: 'Plant opened', text_ml: 'പ്ലാന്റ് തുറന്നു', text_ar: 'افتتاح المحطة' };

describe('saving an announcement with translations', () => {
  it('stores text_ml and text_ar beside the English text and lists them for the admin', async () => {
    const res = await create({ ...both, link: '/news' });
    expect(res.status).toBe(201);
    const item = (await res.json()) as { _id: string };
    expect(item).toEqual({ _id: item._id, ...both, link: '/news' });
    expect(await listed()).toEqual([item]);
  });

  it('edits a translation, and clears one sent blank', async () => {
    const { _id } = (await (await create(both)).json()) as { _id: string };
    const res = await replace(_id, { ...both, text_ml: 'പുതിയത്', text_ar: '  ' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      _id,
      text: 'Plant opened',
      text_ml: 'പുതിയത്',
      link: '',
    });
  });

  it.each(['text_ml', 'text_ar'])('refuses a bad %s with 400 and stores nothing', async (field) => {
    for (const bad of ['x'.repeat(501), 'a\u0000b']) {
      const res = await create({ text: 'News', [field]: bad });
      expect(res.status).toBe(400);
      const { fields } = (await res.json()) as { fields: Record<string, string> };
      expect(Object.keys(fields)).toEqual([field]);
    }
    expect(writes(blobs.ops)).toBe(0);
  });

  it('gives a translation the English text’s length message', async () => {
    const english = await create({ text: 'x'.repeat(501) });
    const { fields } = (await english.json()) as { fields: { text: string } };
    await expectInvalidFields(await create({ text: 'ok', text_ar: 'x'.repeat(501) }), {
      text_ar: fields.text,
    });
  });

  it('refuses an edit with a bad translation and keeps the stored item', async () => {
    const { _id } = (await (await create(both)).json()) as { _id: string };
    const res = await replace(_id, { text: 'Changed', text_ml: 'a\u0007b' });
    expect(res.status).toBe(400);
    expect((await listed())[0]).toMatchObject(both);
  });
});

describe('GET /api/announcements?lang=', () => {
  it('gives each item in the language asked for, English (marked lang "en") where none is written', async () => {
    const a = (await (await create({ ...both, link: '/a' })).json()) as { _id: string };
    const b = (await (await create({ text: 'English only' })).json()) as { _id: string };
    const c = (await (await create({ text: 'Arabic too', text_ar: 'عربي' })).json()) as {
      _id: string;
    };
    expect(await listed('?lang=ml')).toEqual([
      { _id: a._id, text: 'പ്ലാന്റ് തുറന്നു', link: '/a' },
      { _id: b._id, text: 'English only', link: '', lang: 'en' },
      { _id: c._id, text: 'Arabic too', link: '', lang: 'en' },
    ]);
    expect(await listed('?lang=ar')).toEqual([
      { _id: a._id, text: 'افتتاح المحطة', link: '/a' },
      { _id: b._id, text: 'English only', link: '', lang: 'en' },
      { _id: c._id, text: 'عربي', link: '' },
    ]);
    for (const lang of ['en', 'xx']) {
      expect(await listed(`?lang=${lang}`)).toEqual([
        { _id: a._id, text: 'Plant opened', link: '/a' },
        { _id: b._id, text: 'English only', link: '' },
        { _id: c._id, text: 'Arabic too', link: '' },
      ]);
    }
  });

  it('changes the version (ETag) when only a translation changes', async () => {
    const { _id } = (await (await create(both)).json()) as { _id: string };
    const before = (await get('?lang=ml')).headers.get('etag');
    expect(before).toBeTruthy();
    expect((await get('?lang=ml', { 'if-none-match': before! })).status).toBe(304);
    await replace(_id, { ...both, text_ml: 'മാറ്റി' });
    const after = await get('?lang=ml', { 'if-none-match': before! });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
  });
});
