/**
 * Conditional edits and deletes (functions/_lib/repositories/records.ts) when other writers keep
 * winning: tries while the request's deadline allows, then a 409; a tombstone left by a delete
 * cut short hides the record everywhere; a record read without an ETag is never written blind.
 */
import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { call, createdId, makeToken, useBlobs } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);

let token = '';
beforeEach(async () => {
  token = await makeToken();
});

const announce = async (text: string) =>
  createdId(
    await call(announcementsFn, { path: '/api/announcements', json: { text, link: '' }, token }),
  );

const edit = (id: string, text: string) =>
  call(announcementsFn, {
    method: 'PUT',
    path: `/api/announcements/${id}`,
    params: { id },
    json: { text, link: '' },
    token,
  });

const remove = (id: string) =>
  call(announcementsFn, {
    method: 'DELETE',
    path: `/api/announcements/${id}`,
    params: { id },
    token,
  });

const listed = async () =>
  (await (await call(announcementsFn, { path: '/api/announcements' })).json()) as {
    _id: string;
    text: string;
  }[];

/** Answers the next `times` conditional writes of the item as if another writer had come first. */
function loseRaces(id: string, times: number) {
  faulty.inject({
    method: 'PUT',
    path: new RegExp(`/site:announcements/${id}$`),
    fault: { kind: 'refuse', status: 412 },
    times,
  });
}

const writesOf = (id: string) =>
  faulty.seen.filter((line) => line.startsWith('PUT') && line.endsWith(`/${id}`)).length;

describe('an edit that other writers keep beating', () => {
  it('reads again and lands on its fifth try', async () => {
    const id = await announce('First');
    loseRaces(id, 4);
    const res = await edit(id, 'Edited');
    expect(res.status).toBe(200);
    expect(writesOf(id)).toBe(5);
    blobs.restore();
    expect(await listed()).toEqual([{ _id: id, text: 'Edited', link: '' }]);
  });

  it('keeps trying while the deadline allows, then answers 409 (contention, not an outage)', async () => {
    const id = await announce('First');
    // Every conditional write loses; the request has 1.5 s of storage time in all.
    loseRaces(id, Number.MAX_SAFE_INTEGER);
    vi.stubEnv('STORAGE_TIMEOUT_MS', '1500');
    const res = await edit(id, 'Edited');
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(((await res.json()) as { error: string }).error).toMatch(/at the same moment/);
    expect(writesOf(id)).toBeGreaterThan(1);
    vi.stubEnv('STORAGE_TIMEOUT_MS', '30000');
    blobs.restore();
    expect(await listed()).toEqual([{ _id: id, text: 'First', link: '' }]);
  });
});

describe('a delete that other writers keep beating', () => {
  it('reads again and lands on its fifth try, leaving no blob behind', async () => {
    const id = await announce('First');
    loseRaces(id, 4);
    expect((await remove(id)).status).toBe(204);
    expect(writesOf(id)).toBe(5);
    blobs.restore();
    expect(await listed()).toEqual([]);
    const { blobs: left } = await getStore({ name: 'announcements', consistency: 'strong' }).list();
    expect(left.map((blob) => blob.key)).not.toContain(id);
  });

  it('keeps trying while the deadline allows, then answers 409 and the record stays', async () => {
    const id = await announce('First');
    loseRaces(id, Number.MAX_SAFE_INTEGER);
    vi.stubEnv('STORAGE_TIMEOUT_MS', '1500');
    const res = await remove(id);
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('1');
    vi.stubEnv('STORAGE_TIMEOUT_MS', '30000');
    blobs.restore();
    expect(await listed()).toHaveLength(1);
  });
});

describe('a tombstone left by a delete cut short', () => {
  it('hides the announcement from the list, from edits and from a second delete', async () => {
    const kept = await announce('Kept');
    const id = await announce('Gone');
    faulty.inject({
      method: 'DELETE',
      path: new RegExp(`/site:announcements/${id}$`),
      fault: { kind: 'refuse', status: 500 },
    });
    expect((await remove(id)).status).toBe(503);
    blobs.restore();
    const store = getStore({ name: 'announcements', consistency: 'strong' });
    expect(await store.get(id, { type: 'json' })).toEqual({ _deleted: true });

    expect((await listed()).map((item) => item._id)).toEqual([kept]);
    expect((await edit(id, 'Back again')).status).toBe(404);
    expect((await remove(id)).status).toBe(404);
    expect(await store.get(id, { type: 'json' })).toEqual({ _deleted: true });
  });

  it('hides the enquiry from the admin list and its total', async () => {
    const res = await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() });
    const { _id: id } = (await res.json()) as { _id: string };
    await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() });
    faulty.inject({
      method: 'DELETE',
      path: new RegExp(`/site:enquiries/${id}$`),
      fault: { kind: 'refuse', status: 500 },
    });
    const del = await call(enquiriesFn, {
      method: 'DELETE',
      path: `/api/enquiries/${id}`,
      params: { id },
      token,
    });
    expect(del.status).toBe(503);
    blobs.restore();
    const list = await call(enquiriesFn, { path: '/api/enquiries', token });
    const items = (await list.json()) as { _id: string }[];
    expect(items.map((item) => item._id)).not.toContain(id);
    expect(items).toHaveLength(1);
  });
});

describe('a record read without an ETag', () => {
  it('is never overwritten blind: edits and deletes find nothing and write nothing', async () => {
    const id = await announce('First');
    faulty.inject({ path: /./, fault: { kind: 'drop-etag' } });
    expect((await edit(id, 'Edited')).status).toBe(404);
    expect((await remove(id)).status).toBe(404);
    expect(faulty.seen.filter((line) => /^(PUT|DELETE) /.test(line))).toEqual([]);
    blobs.restore();
    expect(await listed()).toEqual([{ _id: id, text: 'First', link: '' }]);
  });
});
