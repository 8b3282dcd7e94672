/**
 * The record store behind enquiries and contact messages: newest-first pages read through a
 * generation-tagged, chunked id index (chunks of 3 here, to cross their boundaries).
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { forgetLoadedIndexes, timeline } from '../../../functions/_lib/repositories/timeline.ts';
import { useBlobs } from '../helpers.ts';

const blobs = useBlobs();

interface Note {
  n: number;
}

async function seeded(count: number, name = 'notes') {
  const notes = timeline<Note>(name, { chunkSize: 3 });
  const ids: string[] = [];
  for (let n = 0; n < count; n++) ids.push((await notes.create({ n }))._id);
  return { notes, newestFirst: ids.reverse() };
}

const listings = () => blobs.ops.filter((op) => op.type === 'list').length;
/** Keys read from the store, in order. */
const reads = () =>
  blobs.ops
    .filter((op) => op.type === 'get')
    .map((op) => decodeURIComponent(new URL(op.url, 'http://x').pathname.split('/').at(-1)!));

describe('timeline', () => {
  it('pages newest first across chunk boundaries', async () => {
    const { notes, newestFirst } = await seeded(8);
    for (const pageSize of [1, 2, 3, 4, 5, 8, 10]) {
      for (let page = 1; page <= Math.ceil(8 / pageSize) + 1; page++) {
        const { items, total } = await notes.page(page, pageSize);
        expect(total).toBe(8);
        const start = (page - 1) * pageSize;
        expect(
          items.map((item) => item._id),
          `page ${page} of ${pageSize}`,
        ).toEqual(newestFirst.slice(start, start + pageSize));
      }
    }
    expect((await notes.all()).map((item) => item.n)).toEqual([7, 6, 5, 4, 3, 2, 1, 0]);
  });

  it('lists keys once per change, then reads only the page (and the records it had not seen)', async () => {
    const { notes } = await seeded(8);
    await notes.page(1, 2);
    blobs.resetOps();
    const { items } = await notes.page(3, 2);
    expect(items.map((item) => item.n)).toEqual([3, 2]);
    expect(listings()).toBe(0);
    expect(reads().sort()).toEqual(['_generation', ...items.map((item) => item._id)].sort());

    const added = await notes.create({ n: 8 });
    blobs.resetOps();
    expect((await notes.page(1, 1)).items[0]!.n).toBe(8);
    expect(listings()).toBe(1);
    // The index reads the new record once; the page reads it again.
    expect(reads().filter((key) => key === added._id)).toHaveLength(2);
    expect(reads().filter((key) => /^[0-7]/.test(key))).toHaveLength(2);
  });

  it('rebuilds when a chunk belongs to another generation or is damaged', async () => {
    const { notes } = await seeded(7);
    await notes.page(1, 10);
    const store = getStore({ name: 'notes', consistency: 'strong' });
    // Each time read by a cold instance, which has only the stored index to go by.
    const { tags } = (await store.get('_index', { type: 'json' })) as { tags: string[] };
    await store.setJSON(`_index-${tags[1]}`, { generation: 'stale', ids: ['X'] });
    forgetLoadedIndexes();
    blobs.resetOps();
    expect((await notes.page(2, 3)).items.map((item) => item.n)).toEqual([3, 2, 1]);
    expect(listings()).toBe(1);
    await store.set('_index', 'not json');
    forgetLoadedIndexes();
    blobs.resetOps();
    expect((await notes.page(1, 3)).total).toBe(7);
    expect(listings()).toBe(1);
  });

  it('forgets deleted records at once', async () => {
    const { notes, newestFirst } = await seeded(5);
    await notes.page(1, 10);
    expect(await notes.remove(newestFirst[1]!)).toBe(true);
    expect(await notes.remove(newestFirst[1]!)).toBe(false);
    const { items, total } = await notes.page(1, 10);
    expect(total).toBe(4);
    expect(items.map((item) => item.n)).toEqual([4, 2, 1, 0]);
  });

  it('keeps its index after an edit that changed nothing: missing or stale', async () => {
    const { notes, newestFirst } = await seeded(4);
    await notes.page(1, 10);
    blobs.resetOps();
    const missing = await notes.edit('0000000000000000000000000Z', (current) => current);
    expect(missing.kind).toBe('missing');
    const stale = await notes.edit(newestFirst[0]!, (current) => current, { ifVersion: 7 });
    expect(stale.kind).toBe('stale');
    expect(blobs.ops.filter((op) => op.type === 'set')).toEqual([]);
    expect((await notes.page(1, 10)).total).toBe(4);
    expect(listings()).toBe(0);
  });

  it('answers an empty store', async () => {
    const notes = timeline<Note>('empty', { chunkSize: 3 });
    expect(await notes.page(1, 10)).toEqual({ items: [], total: 0 });
    expect(await notes.page(2, 10)).toEqual({ items: [], total: 0 });
    expect(await notes.all()).toEqual([]);
  });
});
