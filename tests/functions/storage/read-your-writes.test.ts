/**
 * Read-your-writes under load, and edits racing deletes: what the admin sees while visitors and
 * other admin tabs write at the same time.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';

useBlobs();

// This file is about what the list holds, not about deadlines (deadline.test.ts): 400 requests
// at once on a busy 2-core machine can queue past the usual 30 s.
beforeEach(() => {
  vi.stubEnv('STORAGE_TIMEOUT_MS', '120000');
});

/** Every id the admin list shows, page by page (100 a page). */
async function allListed(token: string): Promise<{ ids: Set<string>; total: number }> {
  const ids = new Set<string>();
  let total = 0;
  for (let page = 1; ; page++) {
    const res = await call(enquiriesFn, {
      path: `/api/enquiries?page=${page}&pageSize=100`,
      token,
    });
    expect(res.status).toBe(200);
    total = Math.max(total, Number(res.headers.get('x-total-count')));
    const items = (await res.json()) as { _id: string }[];
    items.forEach((item) => ids.add(item._id));
    if (items.length < 100) return { ids, total };
  }
}

describe('the admin list while enquiries arrive', () => {
  it('holds every acknowledged enquiry in the very next list (200 concurrent posts)', async () => {
    const token = await makeToken();
    const missing: string[] = [];
    const totals: number[] = [];
    await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        const res = await call(enquiriesFn, {
          path: '/api/enquiries',
          json: validEnquiry({ fullName: `Lead ${i}` }),
        });
        expect(res.status).toBe(201);
        const { _id } = (await res.json()) as { _id: string };
        const list = await call(enquiriesFn, { path: '/api/enquiries?pageSize=20', token });
        expect(list.status).toBe(200);
        totals.push(Number(list.headers.get('x-total-count')));
        const ids = ((await list.json()) as { _id: string }[]).map((item) => item._id);
        // Newest first: ours is on this page, or 20 newer ones pushed it to a later one.
        const pushedOn = ids.length === 20 && ids.every((id) => id > _id);
        if (!ids.includes(_id) && !pushedOn) missing.push(_id);
      }),
    );
    expect(missing).toEqual([]);
    expect(totals.every((total) => total >= 1)).toBe(true);
    const final = await allListed(token);
    expect(final.ids.size).toBe(200);
    expect(final.total).toBe(200);
  }, 180_000);
});

describe('edits racing deletes', () => {
  it('never brings a deleted announcement back: PUT after DELETE is 404 and stores nothing', async () => {
    const token = await makeToken();
    const created = await Promise.all(
      Array.from({ length: 100 }, async (_, i) => {
        const res = await call(announcementsFn, {
          path: '/api/announcements',
          json: { text: `Notice ${i}`, link: '' },
          token,
        });
        return ((await res.json()) as { _id: string })._id;
      }),
    );
    const outcomes = await Promise.all(
      created.map(async (id) => {
        const [put, del] = await Promise.all([
          call(announcementsFn, {
            method: 'PUT',
            path: `/api/announcements/${id}`,
            params: { id },
            json: { text: 'Edited', link: '' },
            token,
          }),
          call(announcementsFn, {
            method: 'DELETE',
            path: `/api/announcements/${id}`,
            params: { id },
            token,
          }),
        ]);
        return { put: put.status, del: del.status };
      }),
    );
    // Every delete wins; an edit either landed before it (200) or found nothing (404).
    expect(outcomes.every(({ del }) => del === 204)).toBe(true);
    expect(outcomes.every(({ put }) => put === 200 || put === 404)).toBe(true);
    const list = await call(announcementsFn, { path: '/api/announcements' });
    expect(await list.json()).toEqual([]);
  });

  it('lets one of two concurrent deletes of an enquiry win: one 204, one 404', async () => {
    const token = await makeToken();
    for (let round = 0; round < 20; round++) {
      const res = await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() });
      const { _id: id } = (await res.json()) as { _id: string };
      const statuses = await Promise.all(
        [1, 2].map(() =>
          call(enquiriesFn, {
            method: 'DELETE',
            path: `/api/enquiries/${id}`,
            params: { id },
            token,
          }).then((answer) => answer.status),
        ),
      );
      expect(statuses.sort()).toEqual([204, 404]);
    }
    expect((await allListed(token)).total).toBe(0);
  });
});
