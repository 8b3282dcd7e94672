/**
 * Follow-up edits racing each other and racing deletes, against the real local Blobs server:
 * two tabs never overwrite each other's status, notes from several tabs all land, and a delete
 * always wins over an edit (the record is never brought back).
 */
import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { call, createdId, makeToken, useBlobs } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';

const blobs = useBlobs();
const faulty = useFaultyBlobs(blobs);

let token = '';
beforeEach(async () => {
  token = await makeToken();
});

type Body = Record<string, unknown>;

const submit = async () =>
  createdId(await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() }));

const patch = (id: string, status: string, ifMatch: string) =>
  call(enquiriesFn, {
    method: 'PATCH',
    path: `/api/enquiries/${id}`,
    params: { id },
    json: { status },
    token,
    headers: { 'if-match': ifMatch },
  });

const note = (id: string, text: string, ifMatch?: string) =>
  call(enquiriesFn, {
    path: `/api/enquiries/${id}/notes`,
    params: { id },
    json: { text },
    token,
    headers: ifMatch === undefined ? {} : { 'if-match': ifMatch },
  });

const remove = (id: string) =>
  call(enquiriesFn, { method: 'DELETE', path: `/api/enquiries/${id}`, params: { id }, token });

const show = (id: string) =>
  call(enquiriesFn, { path: `/api/enquiries/${id}`, params: { id }, token });

const raw = (id: string) =>
  getStore({ name: 'enquiries', consistency: 'strong' }).get(id, { type: 'json' });

const CHANGES = ['Contacted', 'Qualified', 'Won', 'Lost'];

describe('two tabs changing one status', () => {
  it('20 PATCHes with the same If-Match: exactly one 200, nineteen 409, the winner stored', async () => {
    const id = await submit();
    const statuses = Array.from({ length: 20 }, (_, i) => CHANGES[i % CHANGES.length]!);
    const started = performance.now();
    const answers = await Promise.all(statuses.map((status) => patch(id, status, '"1"')));
    const elapsed = performance.now() - started;
    const codes = answers.map((res) => res.status);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    const winner = statuses[codes.indexOf(200)]!;
    const won = (await answers[codes.indexOf(200)]!.json()) as Body;
    expect(won).toMatchObject({ status: winner, version: 2 });
    expect(await raw(id)).toEqual(won);
    console.info(`20 concurrent PATCHes settled in ${elapsed.toFixed(0)} ms`);
  });
});

describe('notes from several tabs', () => {
  it('two tabs that both read version 1 both add their note', async () => {
    const id = await submit();
    const [a, b] = await Promise.all([note(id, 'From tab A'), note(id, 'From tab B')]);
    expect([a!.status, b!.status]).toEqual([201, 201]);
    const record = (await (await show(id)).json()) as {
      notes: { text: string }[];
      version: number;
    };
    expect(record.notes.map((n) => n.text).sort()).toEqual(['From tab A', 'From tab B']);
    expect(record.version).toBe(3);
  });

  it('ten at once all land, in the order of their times, the version up by ten', async () => {
    const id = await submit();
    const texts = Array.from({ length: 10 }, (_, i) => `Note ${i}`);
    const started = performance.now();
    const answers = await Promise.all(texts.map((text) => note(id, text)));
    const elapsed = performance.now() - started;
    expect(answers.map((res) => res.status)).toEqual(texts.map(() => 201));
    const etags = answers.map((res) => res.headers.get('etag')).sort();
    const record = (await raw(id)) as { notes: { text: string; at: string }[]; version: number };
    expect(record.version).toBe(11);
    // Each answer names the version its own note made: 2 to 11, once each.
    expect(etags).toEqual(Array.from({ length: 10 }, (_, i) => `"${i + 2}"`).sort());
    expect(record.notes.map((n) => n.text).sort()).toEqual([...texts].sort());
    const times = record.notes.map((n) => n.at);
    expect(times).toEqual([...times].sort());
    console.info(`10 concurrent notes landed in ${elapsed.toFixed(0)} ms`);
  });

  it('notes sent with the same If-Match: one lands, the others get 409', async () => {
    const id = await submit();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => note(id, `Tab ${i}`, '"1"')),
    );
    const codes = answers.map((res) => res.status).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
    expect(((await raw(id)) as { notes: unknown[] }).notes).toHaveLength(1);
  });
});

describe('an edit racing a delete', () => {
  it('always ends deleted, never brought back (10 rounds, each edit 200 or 404)', async () => {
    for (let round = 0; round < 10; round++) {
      const id = await submit();
      const [edited, noted, deleted] = await Promise.all([
        patch(id, 'Won', '"1"'),
        note(id, 'Racing the delete'),
        remove(id),
      ]);
      expect(deleted.status).toBe(204);
      expect([200, 404, 409]).toContain(edited.status);
      expect([201, 404]).toContain(noted.status);
      expect(await raw(id)).toBeNull();
      expect((await show(id)).status).toBe(404);
    }
    const list = await call(enquiriesFn, { path: '/api/enquiries', token });
    expect(list.headers.get('x-total-count')).toBe('0');
  });

  it('an edit that read the record before the delete and writes after it: 404, still deleted', async () => {
    const id = await submit();
    // Hold the edit's write of the record until the delete has finished.
    const write = `PUT /${blobs.siteID}/site:enquiries/${id}`;
    faulty.inject({
      method: 'PUT',
      path: new RegExp(`/site:enquiries/${id}$`),
      fault: { kind: 'delay', ms: 400 },
      times: 1,
    });
    const editing = patch(id, 'Won', '"1"');
    await expect.poll(() => faulty.seen.some((line) => line.startsWith(write))).toBe(true);
    expect((await remove(id)).status).toBe(204);
    const edited = await editing;
    expect(edited.status).toBe(404);
    expect(await edited.json()).toEqual({ error: 'Enquiry not found.' });
    blobs.restore();
    expect(await raw(id)).toBeNull();
  });

  it('an edit after the delete answers 404 and stores nothing', async () => {
    const id = await submit();
    expect((await remove(id)).status).toBe(204);
    expect((await patch(id, 'Won', '"1"')).status).toBe(404);
    expect((await note(id, 'Too late')).status).toBe(404);
    expect(await raw(id)).toBeNull();
  });
});
