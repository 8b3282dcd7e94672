/**
 * Creates in functions/_lib/repositories/timeline.ts when an id is already taken (as the fault
 * proxy reports it: 412 to an `onlyIfNew` write): a fresh id up to three times, then a 503 that
 * takes back nothing it does not own; and a keyed retry that makes its record listed again.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { idTime, isId } from '../../../functions/_lib/ids.ts';
import { timeline } from '../../../functions/_lib/repositories/timeline.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';
import { liveIds } from '../store-inspection.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);

const RECORD = /\/site:enquiries\/[0-7][0-9A-Z]{25}$/;
const GENERATION = /\/site:enquiries\/_generation$/;

/** The next `times` record writes (of enquiries, or of the store `path` matches) find their id taken. */
function idsTaken(times: number, path: RegExp = RECORD) {
  faulty.inject({
    method: 'PUT',
    path,
    fault: { kind: 'refuse', status: 412 },
    times,
  });
}

const recordCalls = (method: string) =>
  faulty.seen
    .filter((line) => line.startsWith(`${method} `) && RECORD.test(line.split('?')[0]!))
    .map((line) => line.split('?')[0]!.split('/').at(-1)!);

/** Live records (a taken-back create leaves a tombstone, no record). */
async function storedIds(): Promise<string[]> {
  blobs.restore();
  const ids = await liveIds('enquiries');
  return ids;
}

async function listedIds(): Promise<string[]> {
  const res = await call(enquiriesFn, {
    path: '/api/enquiries?pageSize=100',
    token: await makeToken(),
  });
  return ((await res.json()) as { _id: string }[]).map((item) => item._id);
}

const post = (headers: Record<string, string> = {}) =>
  call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry(), headers });

describe('a create whose id is taken', () => {
  it('tries a fresh id, up to three in all, and answers with the one it stored', async () => {
    idsTaken(2);
    const res = await post();
    expect(res.status).toBe(201);
    const { _id, createdAt } = (await res.json()) as { _id: string; createdAt: string };
    const tried = recordCalls('PUT');
    expect(tried).toHaveLength(3);
    expect(new Set(tried).size).toBe(3);
    expect(tried[2]).toBe(_id);
    expect(createdAt).toBe(new Date(idTime(_id)).toISOString());
    expect(await storedIds()).toEqual([_id]);
  });

  it('gives up after three: 503, logged, and takes back none of the records it did not write', async () => {
    idsTaken(3);
    const res = await post();
    expect(res.status).toBe(503);
    expect(recordCalls('PUT')).toHaveLength(3);
    expect(recordCalls('DELETE')).toEqual([]);
    expect(console.error).toHaveBeenCalledWith(
      'Blobs store "enquiries" is unavailable',
      'could not allocate an id in enquiries',
    );
  });

  it('takes back only its own record when a later step fails', async () => {
    idsTaken(1);
    faulty.rules.push({
      method: 'PUT',
      path: GENERATION,
      fault: { kind: 'refuse', status: 500 },
      times: 1,
    });
    expect((await post()).status).toBe(503);
    // Its own record is written, then taken back (a tombstone over it); the taken one is left.
    const [taken, own, takenBack] = recordCalls('PUT');
    expect(takenBack).toBe(own);
    expect(recordCalls('DELETE')).toEqual([]);
    expect(taken).not.toBe(own);
    expect(await storedIds()).toEqual([]);
  });

  it('with an Idempotency-Key, is the key’s own record: answered, never rewritten', async () => {
    const key = 'collide-key-0123456789';
    expect((await post({ 'idempotency-key': key })).status).toBe(201);
    faulty.seen.length = 0;
    blobs.pointAt(faulty.url);
    const again = await post({ 'idempotency-key': key });
    expect(again.status).toBe(201);
    // One attempt (it exists), no new id tried.
    expect(recordCalls('PUT')).toHaveLength(1);
    expect(await storedIds()).toHaveLength(1);
  });
});

describe('a keyed retry of a create whose listing step failed', () => {
  it('makes the record listed even where an index was cached before', async () => {
    const earlier = (await (await post()).json()) as { _id: string };
    expect(await listedIds()).toEqual([earlier._id]); // The index is now cached.

    const key = 'listing-key-0123456789';
    faulty.inject({
      method: 'PUT',
      path: GENERATION,
      fault: { kind: 'refuse', status: 503 },
      times: 1,
    });
    expect((await post({ 'idempotency-key': key })).status).toBe(503);
    const retry = await post({ 'idempotency-key': key });
    expect(retry.status).toBe(201);
    const { _id } = (await retry.json()) as { _id: string };
    blobs.restore();
    expect(await listedIds()).toEqual([_id, earlier._id]);
  });
});

describe('records straight from the timeline', () => {
  it('carry the creation time of their id and the data given, and nothing else', async () => {
    const notes = timeline<{ n: number }>('notes');
    const record = await notes.create({ n: 1 });
    expect(Object.keys(record)).toEqual(['_id', 'createdAt', 'n']);
    expect(record.createdAt).toBe(new Date(idTime(record._id)).toISOString());
    const stored = await getStore({ name: 'notes', consistency: 'strong' }).get(record._id, {
      type: 'json',
    });
    expect(stored).toEqual(record);
  });

  it('report a keyed create as new the first time and as replayed after', async () => {
    const notes = timeline<{ n: number }>('notes');
    const first = await notes.submit({ n: 1 }, 'note-key-0123456789');
    expect(first.replayed).toBe(false);
    const second = await notes.submit({ n: 1 }, 'note-key-0123456789');
    expect(second).toEqual({ record: first.record, replayed: true });
    expect((await notes.all()).map((note) => note._id)).toEqual([first.record._id]);
  });

  it('answer a replay with the record as stored, its follow-up included', async () => {
    const notes = timeline<{ n: number }>('notes');
    const first = await notes.submit({ n: 1 }, 'note-key-0123456789');
    const edit = await notes.edit(first.record._id, (current) => ({
      ...current,
      status: 'Contacted',
    }));
    expect(edit.kind).toBe('saved');
    const replay = await notes.submit({ n: 1 }, 'note-key-0123456789');
    expect(replay.record).toMatchObject({ _id: first.record._id, status: 'Contacted' });
  });

  it('keep a keyed record whose listing step failed, for its retry to show', async () => {
    const notes = timeline<{ n: number }>('notes');
    faulty.inject({
      method: 'PUT',
      path: /\/site:notes\/_generation$/,
      fault: { kind: 'refuse', status: 503 },
      times: 1,
    });
    await expect(notes.submit({ n: 1 }, 'note-key-0123456789')).rejects.toThrow();
    expect(faulty.seen.filter((line) => line.startsWith('DELETE'))).toEqual([]);
    blobs.restore();
    const { blobs: listed } = await getStore({ name: 'notes', consistency: 'strong' }).list();
    expect(listed.map((blob) => blob.key).filter(isId)).toHaveLength(1);
  });

  it('of a timeline without search fields are found by no text, but by status', async () => {
    const notes = timeline<{ n: number }>('notes');
    await notes.create({ n: 1 });
    expect(await notes.search({ q: '1', filters: {} }, 1, 10)).toMatchObject({ total: 0 });
    expect(await notes.search({ q: '', filters: { status: 'New' } }, 1, 10)).toMatchObject({
      total: 1,
      newCount: 1,
    });
  });
});

describe('announcement creates when an id is taken', () => {
  const ANNOUNCEMENT = /\/site:announcements\/[0-7][0-9A-Z]{25}$/;
  const taken = (times: number) => idsTaken(times, ANNOUNCEMENT);
  const post = async () =>
    call(announcementsFn, {
      path: '/api/announcements',
      json: { text: 'Solar audit week: free site visits in Kochi', link: '' },
      token: await makeToken(),
    });

  it('store under a fresh id and answer the id stored', async () => {
    taken(2);
    const res = await post();
    expect(res.status).toBe(201);
    const { _id } = (await res.json()) as { _id: string };
    blobs.restore();
    const listed = (await (await call(announcementsFn, { path: '/api/announcements' })).json()) as {
      _id: string;
    }[];
    expect(listed.map((item) => item._id)).toEqual([_id]);
  });

  it('answer 503 after three taken ids, and store nothing', async () => {
    taken(3);
    const res = await post();
    expect(res.status).toBe(503);
    blobs.restore();
    const listed = (await (
      await call(announcementsFn, { path: '/api/announcements' })
    ).json()) as unknown[];
    expect(listed).toEqual([]);
  });
});
