/**
 * The generation-tagged id index of functions/_lib/repositories/timeline.ts when it cannot be
 * trusted as it is: another chunk size, a damaged chunk, a generation read that missed, a
 * listing overlapped by a create; chunks named by content, old ones deleted; and record reads
 * kept to 16 at a time.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { withStore } from '../../../functions/_lib/repositories/store.ts';
import {
  forgetLoadedIndexes,
  oldestFirst,
  timeline,
} from '../../../functions/_lib/repositories/timeline.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { useBlobs } from '../helpers.ts';

const blobs = useBlobs();
const faulty = useFaultyBlobs(blobs);

interface Note {
  n: number;
}

async function seeded(count: number, chunkSize = 3) {
  const notes = timeline<Note>('notes', { chunkSize });
  for (let n = 0; n < count; n++) await notes.create({ n });
  return notes;
}

const numbers = (items: Note[]) => items.map((item) => item.n);
const listings = () => blobs.ops.filter((op) => op.type === 'list').length;
const raw = () => getStore({ name: 'notes', consistency: 'strong' });
/** The blob of the stored index's chunk `n` (chunks are named by their content's tag). */
const chunkKey = async (n: number) =>
  `_index-${((await raw().get('_index', { type: 'json' })) as { tags: string[] }).tags[n]}`;
/** The index's chunk blobs in the store. */
const chunkBlobs = async () =>
  (await raw().list({ prefix: '_index-' })).blobs
    .map((blob) => blob.key)
    .filter((key) => key.startsWith('_index-'))
    .sort();

describe('the index', () => {
  it('is rebuilt, not misread, when it was written with another chunk size', async () => {
    await (await seeded(10, 3)).page(1, 10);
    const wider = timeline<Note>('notes', { chunkSize: 4 });
    forgetLoadedIndexes(); // Another function instance, deployed with another chunk size.
    blobs.resetOps();
    expect(numbers((await wider.page(2, 4)).items)).toEqual([5, 4, 3, 2]);
    expect(listings()).toBe(1);
    expect(await raw().get('_index', { type: 'json' })).toMatchObject({ chunkSize: 4 });
    expect(await raw().get(await chunkKey(2), { type: 'json' })).toMatchObject({
      entries: [[expect.any(String), expect.any(String), { status: 'New' }], expect.anything()],
    });
    // The chunks of three are gone: only the head's chunks of four are stored.
    expect(await chunkBlobs()).toHaveLength(3);
    forgetLoadedIndexes();
    blobs.resetOps();
    expect(numbers((await wider.page(3, 4)).items)).toEqual([1, 0]);
    expect(listings()).toBe(0);
  });

  it('is rebuilt when a chunk the head names holds no entries, reading only that chunk’s records', async () => {
    const notes = await seeded(7);
    await notes.page(1, 10);
    const key = await chunkKey(1);
    const chunk = (await raw().get(key, { type: 'json' })) as { tag: string };
    for (const damaged of [
      { tag: chunk.tag, entries: 'AAAA' },
      { tag: chunk.tag, entries: [[1]] },
    ]) {
      await raw().setJSON(key, damaged);
      forgetLoadedIndexes();
      blobs.resetOps();
      expect(numbers((await notes.page(2, 3)).items)).toEqual([3, 2, 1]);
      expect(listings()).toBe(1);
      // Chunk 1 holds notes 3–5: the index reads those three, the page reads 3, 2 and 1.
      const recordReads = blobs.ops.filter(
        (op) => op.type === 'get' && /\/site:notes\/[0-7][0-9A-Z]{25}$/.test(op.url),
      );
      expect(recordReads).toHaveLength(6);
      // Written again, sound: the next cold instance trusts it.
      expect(await raw().get(key, { type: 'json' })).toMatchObject({
        tag: chunk.tag,
        entries: [expect.any(Array), expect.any(Array), expect.any(Array)],
      });
    }
  });

  it('is rebuilt when its head is not an object', async () => {
    const notes = await seeded(4);
    await notes.page(1, 10);
    for (const head of ['5', 'null', '"text"']) {
      await raw().set('_index', head);
      const { items, total } = await notes.page(1, 2);
      expect({ n: numbers(items), total }, head).toEqual({ n: [3, 2], total: 4 });
      expect(numbers((await notes.page(2, 2)).items)).toEqual([1, 0]);
    }
  });

  it('holds its place when a generation read misses once, and another writer set it', async () => {
    const notes = await seeded(5);
    await notes.page(1, 10);
    faulty.inject({
      method: 'GET',
      path: /\/site:notes\/_generation$/,
      fault: { kind: 'refuse', status: 404 },
      times: 1,
    });
    blobs.resetOps();
    expect(numbers((await notes.page(1, 2)).items)).toEqual([4, 3]);
    // The stored generation is kept (not replaced) and the cached index still serves.
    expect(listings()).toBe(0);
    expect(faulty.seen.filter((line) => line.startsWith('PUT'))).toHaveLength(1);
    blobs.resetOps();
    expect(numbers((await notes.page(2, 2)).items)).toEqual([2, 1]);
    expect(listings()).toBe(0);
  });

  it('starts with one generation on a store that has none', async () => {
    const notes = timeline<Note>('fresh', { chunkSize: 3 });
    expect(await notes.page(1, 10)).toEqual({ items: [], total: 0 });
    const generation = await getStore({ name: 'fresh', consistency: 'strong' }).get('_generation', {
      type: 'text',
    });
    expect(generation).toMatch(/^[0-7][0-9A-Z]{25}$/);
    blobs.resetOps();
    expect(await notes.page(1, 10)).toEqual({ items: [], total: 0 });
    expect(listings()).toBe(0);
  });

  it('is not cached from a listing that a create overlapped', async () => {
    const notes = await seeded(3);
    const LISTING = /^GET \/[^/]+\/site:notes$/;
    faulty.inject({
      method: 'GET',
      path: /\/site:notes$/,
      fault: { kind: 'delay', ms: 500 },
      times: 1,
    });
    const reading = notes.page(1, 10);
    // Create while the listing is held up, once the read has taken its generation.
    while (!faulty.seen.some((line) => LISTING.test(line))) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await notes.create({ n: 3 });
    await reading;
    // The overlapped listing is stored as a base only: its head names the generation it started
    // from, so the next load (even in this instance) lists the journal and finds the create.
    const head = (await raw().get('_index', { type: 'json' })) as { generation: string };
    expect(head.generation).not.toBe(await raw().get('_generation', { type: 'text' }));
    expect(numbers((await notes.page(1, 10)).items)).toEqual([3, 2, 1, 0]);
    expect(faulty.seen.filter((line) => LISTING.test(line))).toHaveLength(1);
    const JOURNAL = /^GET \/[^/]+\/site:notes\?prefix=_change-$/;
    expect(faulty.seen.filter((line) => JOURNAL.test(line))).toHaveLength(1);
    blobs.restore();
    forgetLoadedIndexes();
    blobs.resetOps();
    expect(numbers((await notes.page(1, 10)).items)).toEqual([3, 2, 1, 0]);
    expect(listings()).toBe(0);
  });
});

describe('a stored index', () => {
  /** Seven notes indexed and stored; then a cold instance (nothing in memory). */
  async function storedSeven() {
    const notes = await seeded(7);
    await notes.page(1, 10);
    forgetLoadedIndexes();
    blobs.resetOps();
    return notes;
  }

  it('is trusted when it is whole: no listing, no record read but the page', async () => {
    const notes = await storedSeven();
    expect(numbers((await notes.page(2, 3)).items)).toEqual([3, 2, 1]);
    expect(listings()).toBe(0);
  });

  it.each([
    ['another format', { format: 1 }],
    ['tags that are no list', { tags: 'abc' }],
  ])('is rebuilt when its head has %s', async (_, change) => {
    const notes = await storedSeven();
    const head = (await raw().get('_index', { type: 'json' })) as Record<string, unknown>;
    await raw().setJSON('_index', { ...head, ...change });
    blobs.resetOps();
    expect(numbers((await notes.page(2, 3)).items)).toEqual([3, 2, 1]);
    expect(listings()).toBe(1);
  });

  it.each([
    ['no summary', (id: string, etag: string) => [id, etag]],
    ['a summary that is null', (id: string, etag: string) => [id, etag, null]],
    ['a summary that is text', (id: string, etag: string) => [id, etag, 'New']],
    ['an ETag that is no text', (id: string) => [id, 7, { status: 'New' }]],
    ['an id that is no text', (_: string, etag: string) => [7, etag, { status: 'New' }]],
    ['an object for a tuple', (id: string, etag: string) => ({ 0: id, 1: etag, 2: {} })],
  ])('is rebuilt when a chunk holds an entry with %s', async (_, damage) => {
    const notes = await storedSeven();
    const key = await chunkKey(1);
    const chunk = (await raw().get(key, { type: 'json' })) as {
      tag: string;
      entries: [string, string, object][];
    };
    const [id, etag] = chunk.entries[1]!;
    chunk.entries[1] = damage(id, etag) as [string, string, object];
    await raw().setJSON(key, chunk);
    blobs.resetOps();
    expect(numbers((await notes.page(2, 3)).items)).toEqual([3, 2, 1]);
    expect(listings()).toBe(1);
  });

  it('is rebuilt when a chunk the head names is missing', async () => {
    const notes = await storedSeven();
    await raw().delete(await chunkKey(1));
    expect(numbers((await notes.page(2, 3)).items)).toEqual([3, 2, 1]);
    expect(listings()).toBe(1);
  });
});

describe('a warm instance', () => {
  const indexOps = (type: string) =>
    blobs.ops
      .filter((op) => op.type === type)
      .map((op) => decodeURIComponent(op.url).split('?')[0]!.split('/').at(-1)!)
      .filter((key) => key.startsWith('_index'))
      .sort();

  it('after a create, reads no chunk it holds, writes only the chunk that changed and the head, and deletes the old one', async () => {
    const notes = await seeded(7);
    await notes.page(1, 10);
    const before = await chunkKey(2);
    await notes.create({ n: 7 });
    blobs.resetOps();
    expect(numbers((await notes.page(1, 2)).items)).toEqual([7, 6]);
    // The head, and the head again after the journal is listed (the base it is folded into).
    expect(indexOps('get')).toEqual(['_index', '_index']);
    const after = await chunkKey(2);
    expect(after).not.toBe(before);
    expect(indexOps('set')).toEqual(['_index', after].sort());
    expect(indexOps('delete')).toEqual([before]);
    expect(await chunkBlobs()).toEqual([await chunkKey(0), await chunkKey(1), after].sort());
  });

  it('serves the next request from memory once it has loaded a stored index', async () => {
    const notes = await seeded(7);
    await notes.page(1, 10);
    forgetLoadedIndexes();
    await notes.page(1, 2);
    blobs.resetOps();
    expect(numbers((await notes.page(2, 2)).items)).toEqual([4, 3]);
    expect(indexOps('get')).toEqual([]);
    expect(listings()).toBe(0);
  });
});

describe('a rebuild', () => {
  it('keeps no empty chunk: six notes in chunks of three are two chunks', async () => {
    await (await seeded(6)).page(1, 10);
    expect(await raw().get('_index', { type: 'json' })).toMatchObject({
      tags: [expect.any(String), expect.any(String)],
    });
    expect(await chunkBlobs()).toHaveLength(2);
  });

  it('puts keys in order, oldest first, whatever order the service lists them in', async () => {
    const notes = await seeded(7);
    forgetLoadedIndexes();
    await raw().delete('_index');
    faulty.inject({
      method: 'GET',
      path: /\/site:notes(\?|$)/,
      fault: { kind: 'reverse-listing' },
    });
    expect(numbers((await notes.page(1, 10)).items)).toEqual([6, 5, 4, 3, 2, 1, 0]);
  });

  it('of the plain record list (announcements) puts ids oldest first, whatever the listing order', async () => {
    const notes = await seeded(4);
    const ids = (await notes.all()).map((note) => note._id).reverse();
    faulty.inject({
      method: 'GET',
      path: /\/site:notes(\?|$)/,
      fault: { kind: 'reverse-listing' },
    });
    expect(await withStore('notes', (store) => oldestFirst(store))).toEqual(ids);
  });

  it('leaves out a record gone since the listing (404) and one that is a tombstone', async () => {
    const notes = await seeded(5);
    const ids = (await notes.all()).map((note) => note._id);
    forgetLoadedIndexes();
    await raw().delete('_index');
    // ids are newest first: note 3 is a tombstone, note 1 is gone by the time it is read.
    await raw().setJSON(ids[1]!, { _deleted: true });
    faulty.inject({
      method: 'GET',
      path: new RegExp(`/site:notes/${ids[3]}$`),
      fault: { kind: 'refuse', status: 404 },
      times: 1,
    });
    const { items, total } = await notes.page(1, 10);
    expect({ n: numbers(items), total }).toEqual({ n: [4, 2, 0], total: 3 });
  });
});

describe('summaries', () => {
  interface Labelled {
    n: number;
    label: string;
  }

  it('are made again when what they hold changes, even in a warm instance', async () => {
    const plain = timeline<Labelled>('labelled', { chunkSize: 3 });
    for (let n = 0; n < 4; n++) await plain.create({ n, label: `note ${n}` });
    expect((await plain.summaries()).entries[0]!.summary).not.toHaveProperty('label');
    // A new deploy's code asks for the label too; same store, same generation.
    const labelled = timeline<Labelled>('labelled', { chunkSize: 3, summary: { label: 'label' } });
    const { entries } = await labelled.summaries();
    expect(entries.map(({ summary }) => summary['label'])).toEqual([
      'note 3',
      'note 2',
      'note 1',
      'note 0',
    ]);
  });

  it('hold text only: a field that is not a string is summarised as empty', async () => {
    const notes = timeline<Note>('numbered', { chunkSize: 3, summary: { number: 'n' } });
    await notes.create({ n: 5 });
    expect((await notes.summaries()).entries[0]!.summary).toEqual({
      status: 'New',
      statusChangedAt: '',
      number: '',
    });
  });
});

describe('record reads', () => {
  it('go 16 at a time, never all at once', async () => {
    const notes = await seeded(32, 100);
    await notes.page(1, 100);
    faulty.inject({
      method: 'GET',
      path: /\/site:notes\/[0-7][0-9A-Z]{25}$/,
      fault: { kind: 'delay', ms: 250 },
    });
    const started = performance.now();
    expect(numbers(await notes.all())).toEqual(Array.from({ length: 32 }, (_, i) => 31 - i));
    // 32 reads of 250 ms, 16 at a time: two rounds at least.
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
  });

  it('skip records deleted between the listing and the read', async () => {
    const notes = await seeded(4);
    const all = await notes.all();
    await raw().delete(all[1]!._id);
    await raw().setJSON(all[2]!._id, { _deleted: true });
    // The cached index still names them; the reads find nothing live.
    expect(numbers(await notes.all())).toEqual([3, 0]);
  });
});
