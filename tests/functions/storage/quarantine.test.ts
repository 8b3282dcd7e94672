/**
 * Damaged records (a blob that is not a JSON object: empty, cut short, an array, a string) never
 * make an answer 5xx: the first read sets each aside as `_quarantine-<id>` (its bytes kept as they
 * were), removes the record blob and logs the id; lists name them in X-Quarantined and answer
 * every good record; search, GET/PATCH/notes/DELETE of the id, the erasure preview, the CSV
 * export and the retention purge all go on. Also when a record is damaged after it was indexed.
 */
import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import enquiriesCsvFn from '../../../functions/enquiries-csv.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import erasureFn from '../../../functions/erasure.ts';
import { isId, newId } from '../../../functions/_lib/ids.ts';
import { forgetLoadedIndexes } from '../../../functions/_lib/repositories/timeline.ts';
import { purgeExpired } from '../../../functions/_lib/retention.ts';
import { call, createdId, makeToken, useBlobs } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';

useBlobs({ silenceErrors: true });

let token = '';
beforeEach(async () => {
  token = await makeToken();
  forgetLoadedIndexes();
});

const raw = () => getStore({ name: 'enquiries', consistency: 'strong' });
const FAR_FUTURE = Date.now() + 20 * 365 * 86_400_000;

/** The damaged contents used here, each a blob that is not a JSON object. */
const DAMAGED = ['', '{"_id": "tru', '[1]', '"x"'] as const;

const post = async (name: string) =>
  createdId(
    await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry({ fullName: name }) }),
  );

/** Good records and damaged ones, interleaved in id order; each damaged write bumps nothing. */
async function seed(): Promise<{ good: string[]; damaged: Map<string, string> }> {
  const good: string[] = [];
  const damaged = new Map<string, string>();
  for (const [n, text] of DAMAGED.entries()) {
    good.push(await post(`Good Lead ${n}`));
    const id = newId();
    await raw().set(id, text);
    damaged.set(id, text);
  }
  good.push(await post('Good Lead last')); // Also bumps the generation after the damaged writes.
  return { good, damaged };
}

const list = async (query = '') => {
  const res = await call(enquiriesFn, { path: `/api/enquiries?pageSize=100${query}`, token });
  const body = (await res.json()) as { _id: string }[] | { error: string };
  return {
    status: res.status,
    ids: Array.isArray(body) ? body.map((item) => item._id) : [],
    total: Number(res.headers.get('x-total-count')),
    quarantined: (res.headers.get('x-quarantined') ?? '').split(',').filter(Boolean),
    pending: res.headers.get('x-index-pending'),
  };
};

const byId = (method: string, id: string, extra: Record<string, unknown> = {}) =>
  call(enquiriesFn, { method, path: `/api/enquiries/${id}`, params: { id }, token, ...extra });

const patch = (id: string) =>
  byId('PATCH', id, { json: { status: 'Contacted' }, headers: { 'if-match': '"1"' } });
const addNote = (id: string) =>
  call(enquiriesFn, {
    path: `/api/enquiries/${id}/notes`,
    params: { id },
    json: { text: 'Rang, no answer.' },
    token,
  });

/** The ids named in console.error calls. */
const loggedIds = () => {
  const { calls } = vi.mocked(console.error).mock;
  return calls.map((args) => args.map(String).join(' ')).join('\n');
};

const csvIds = async (res: Response) =>
  (await res.text())
    .split('\r\n')
    .map((line) => line.split(',')[0]!)
    .filter(isId);

const sorted = (ids: Iterable<string>) => [...ids].sort();

describe('damaged records are set aside, never a 5xx', () => {
  it('a list answers every good record and names the damaged ones in X-Quarantined', async () => {
    const { good, damaged } = await seed();
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.ids).toEqual([...good].reverse());
    expect(first.total).toBe(good.length);
    expect(first.pending).toBe('0');
    expect(sorted(first.quarantined)).toEqual(sorted(damaged.keys()));
    // Each is logged by id, its bytes kept as they were, and its record blob is gone.
    for (const [id, text] of damaged) {
      expect(loggedIds()).toContain(id);
      expect(await raw().get(`_quarantine-${id}`, { type: 'text' })).toBe(text);
      expect(await raw().get(id, { type: 'text' })).toBeNull();
    }
    // A second list and a cold instance say the same.
    expect(await list()).toEqual(first);
    forgetLoadedIndexes();
    expect(await list()).toEqual(first);
  });

  it('a search and a filter answer 200 with the good records only', async () => {
    const { good, damaged } = await seed();
    const found = await list('&q=good%20lead');
    expect(found.status).toBe(200);
    expect(sorted(found.ids)).toEqual(sorted(good));
    expect(sorted(found.quarantined)).toEqual(sorted(damaged.keys()));
    const filtered = await list('&status=New');
    expect(filtered.status).toBe(200);
    expect(filtered.total).toBe(good.length);
  });

  it('GET, PATCH, a note and DELETE of a damaged id, met before any list, answer 4xx', async () => {
    const { damaged } = await seed();
    const [a, b, c, d] = [...damaged.keys()] as [string, string, string, string];
    const got = await byId('GET', a);
    expect(got.status).toBe(404);
    const patched = await patch(b);
    expect([404, 409]).toContain(patched.status);
    const noted = await addNote(c);
    expect([404, 409]).toContain(noted.status);
    const deleted = await byId('DELETE', d);
    expect([204, 404]).toContain(deleted.status);
    // And again once each has been set aside (or deleted).
    await list();
    for (const id of damaged.keys()) {
      expect((await byId('GET', id)).status).toBe(404);
      expect([404, 409]).toContain((await patch(id)).status);
      expect([404, 409]).toContain((await addNote(id)).status);
    }
    const list2 = await list();
    expect(list2.status).toBe(200);
    // DELETE of a set-aside id deletes its copy: it is no longer named.
    const removed = await byId('DELETE', a);
    expect([204, 404]).toContain(removed.status);
    expect((await list()).quarantined).not.toContain(a);
    expect((await list()).quarantined).not.toContain(d);
  });

  it('the erasure preview, the CSV export and the purge go on', async () => {
    const { good, damaged } = await seed();
    const preview = await call(erasureFn, {
      path: '/api/erasure?email=asha%40example.org',
      token,
    });
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as { ids: string[] }).ids.sort()).toEqual(sorted(good));

    const csv = await call(enquiriesCsvFn, { path: '/api/enquiries.csv', token });
    expect(csv.status).toBe(200);
    expect(await csvIds(csv)).toEqual([...good].reverse());

    const dry = await purgeExpired({ dryRun: true, now: FAR_FUTURE });
    expect(sorted(dry.removed.map((r) => r.id))).toEqual(sorted(good));
    const real = await purgeExpired({ now: FAR_FUTURE });
    expect(sorted(real.removed.map((r) => r.id))).toEqual(sorted(good));
    // The quarantined copies are left for inspection (not records: the purge does not judge them).
    for (const [id, text] of damaged) {
      expect(await raw().get(`_quarantine-${id}`, { type: 'text' })).toBe(text);
    }
    const after = await list();
    expect(after.status).toBe(200);
    expect(after.total).toBe(0);
  });

  it('the CSV export and the purge, met first by damaged records, go on too', async () => {
    const { good, damaged } = await seed();
    const csv = await call(enquiriesCsvFn, { path: '/api/enquiries.csv', token });
    expect(csv.status).toBe(200);
    expect(await csvIds(csv)).toEqual([...good].reverse());
    for (const id of damaged.keys()) expect(loggedIds()).toContain(id);
    forgetLoadedIndexes();
    await raw().set(newId(), '{"half');
    await post('Good Lead after'); // Bumps the generation.
    await expect(purgeExpired({ dryRun: true, now: FAR_FUTURE })).resolves.toBeDefined();
    await expect(purgeExpired({ now: FAR_FUTURE })).resolves.toBeDefined();
  });
});

describe('erasure meeting a damaged record first', () => {
  it('the preview that first meets a damaged record of the address lists it; the POST erases it', async () => {
    const good = await post('Good Lead');
    const expected = await list();
    expect(expected.total).toBe(1);
    const id = newId();
    const text = `{"_id":"${id}","fullName":"Ilse Vantongeren","emailAddress":"ilse.v@example.be","phone`;
    await raw().set(id, text);
    // As the create that wrote it would: its change noted, then a new generation.
    await raw().set(`_change-${newId()}.${id}.c`, '');
    await raw().set('_generation', newId());

    const preview = await call(erasureFn, {
      path: '/api/erasure?email=ilse.v%40example.be',
      token,
    });
    expect(preview.status).toBe(200);
    const body = (await preview.json()) as { enquiries: number; ids: string[] };
    expect(body.ids).toEqual([id]);
    expect(body.enquiries).toBe(1);
    const erased = await call(erasureFn, {
      path: '/api/erasure',
      json: { email: 'ilse.v@example.be', ids: body.ids },
      token,
    });
    expect(erased.status).toBe(200);
    expect(await erased.json()).toEqual({ deleted: 1 });
    expect(await raw().get(`_quarantine-${id}`)).toBeNull();
    expect(await raw().get(id)).toBeNull();
    expect((await list()).ids).toEqual([good]);
  });
});

describe('a record damaged after it was indexed', () => {
  it('is set aside by the next read; the lists still answer 200', async () => {
    const good: string[] = [];
    for (let n = 0; n < 5; n++) good.push(await post(`Lead ${n}`));
    const before = await list();
    expect(before.total).toBe(5);
    const victim = good[2]!;
    // Emptied behind the index's back: no generation change.
    await raw().set(victim, '');

    const next = await list();
    expect(next.status).toBe(200);
    expect(next.ids).not.toContain(victim);
    const settled = await list();
    expect(settled.status).toBe(200);
    expect(settled.ids).toEqual(good.filter((id) => id !== victim).reverse());
    expect(settled.total).toBe(4);
    expect(settled.quarantined).toEqual([victim]);
    expect(loggedIds()).toContain(victim);
    expect(await raw().get(`_quarantine-${victim}`, { type: 'text' })).toBe('');

    forgetLoadedIndexes();
    const cold = await list();
    expect(cold).toEqual(settled);
  });

  it('a search that does not page over it, a cold instance and the CSV still answer 200', async () => {
    const good: string[] = [];
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo']) good.push(await post(name));
    expect((await list()).total).toBe(5);
    const victim = good[1]!;
    await raw().set(victim, '{"_id":"' + victim + '","fullName":"Lea');
    forgetLoadedIndexes(); // A cold instance trusts the stored index, which still holds it.
    const searched = await list('&q=delta');
    expect(searched.status).toBe(200);
    expect(searched.ids).toEqual([good[3]]);
    const csv = await call(enquiriesCsvFn, { path: '/api/enquiries.csv', token });
    expect(csv.status).toBe(200);
    expect(await csvIds(csv)).toEqual(good.filter((id) => id !== victim).reverse());
    const settled = await list();
    expect(settled.status).toBe(200);
    expect(settled.total).toBe(4);
    expect(settled.quarantined).toEqual([victim]);
    const preview = await call(erasureFn, { path: '/api/erasure?email=asha%40example.org', token });
    expect(preview.status).toBe(200);
  });
});
