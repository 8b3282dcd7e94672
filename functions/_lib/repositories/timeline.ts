/**
 * A store of immutable records keyed by time-sortable id: one blob per record, so concurrent
 * submissions never overwrite each other. Used by the enquiry and contact-message repositories.
 *
 * A page is a slice of the ids sorted newest first, and only that slice's records are read.
 * Listing keys costs time in proportion to the store's size (one call per 1,000 keys on
 * Netlify, a file scan locally), so the store also keeps an index of the sorted ids, cut into
 * chunks of `chunkSize`, every piece tagged with the store's *generation*: a random value that
 * each create and delete replaces after writing. A read fetches the generation first, then the
 * index head and the one chunk its page lies in; only when a tag differs does it list the keys
 * again and rewrite the index. So every acknowledged write is seen, concurrent index writers
 * need no locking (a piece is trusted only under the current tag; the last writer wins), and
 * reading page 1 of 10,000 records costs what it costs with 100.
 */
import { idTime, isId, newId } from '../ids.ts';
import { withStore, type Store } from './store.ts';

export interface Stamped {
  _id: string;
  /** ISO 8601, the time the id carries. */
  createdAt: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface Timeline<T extends object> {
  /** Stores a new record under a fresh id (never overwriting) and returns it. */
  create(data: T): Promise<Stamped & T>;
  /** One page, newest first (page counts from 1), with the number of records in all. */
  page(page: number, pageSize: number): Promise<Page<Stamped & T>>;
  /** Every record, newest first (exports). */
  all(): Promise<(Stamped & T)[]>;
  /** Deletes one record; false when there was none. */
  remove(id: string): Promise<boolean>;
}

export interface TimelineOptions {
  /** Ids per index chunk (tests use small ones to cross chunk boundaries). */
  chunkSize?: number;
}

const READ_CONCURRENCY = 16;
const CREATE_ATTEMPTS = 3;
const DEFAULT_CHUNK_SIZE = 1_000;
// Bookkeeping keys are not ids, so listings skip them.
const GENERATION_KEY = '_generation';
const INDEX_KEY = '_index';
const chunkKey = (chunk: number) => `_index-${chunk}`;

interface IndexHead {
  generation: string;
  total: number;
  chunkSize: number;
}

interface IndexChunk {
  generation: string;
  /** Ids `chunk * chunkSize` up to the next chunk, newest first. */
  ids: string[];
}

export function timeline<T extends object>(
  storeName: string,
  { chunkSize = DEFAULT_CHUNK_SIZE }: TimelineOptions = {},
): Timeline<T> {
  return {
    create: (data) =>
      withStore(storeName, async (store) => {
        for (let attempt = 1; ; attempt++) {
          const _id = newId();
          const record = { _id, createdAt: new Date(idTime(_id)).toISOString(), ...data };
          const { modified } = await store.setJSON(_id, record, { onlyIfNew: true });
          if (modified) {
            await bumpGeneration(store, () => store.delete(_id));
            return record;
          }
          if (attempt === CREATE_ATTEMPTS) {
            throw new Error(`could not allocate an id in ${storeName}`);
          }
        }
      }),

    page: (page, pageSize) =>
      withStore(storeName, async (store) => {
        const start = (page - 1) * pageSize;
        const { ids, total } = await idRange(store, chunkSize, start, start + pageSize);
        return { items: await read<Stamped & T>(store, ids), total };
      }),

    all: () =>
      withStore(storeName, async (store) => {
        const { ids } = await idRange(store, chunkSize, 0, Infinity);
        return read<Stamped & T>(store, ids);
      }),

    remove: (id) =>
      withStore(storeName, async (store) => {
        // A read, not getMetadata: the local Blobs server only answers HEAD for blobs with metadata.
        if ((await store.get(id)) === null) return false;
        await store.delete(id);
        await bumpGeneration(store);
        return true;
      }),
  };
}

/**
 * Marks the store as changed. If that fails after a create, the record is taken back (best
 * effort) so the client's 503 means "not stored".
 */
async function bumpGeneration(store: Store, undo?: () => Promise<void>): Promise<void> {
  try {
    await store.set(GENERATION_KEY, newId());
  } catch (error) {
    await undo?.().catch(() => {});
    throw error;
  }
}

async function currentGeneration(store: Store): Promise<string> {
  const current = await store.get(GENERATION_KEY, { type: 'text' });
  if (current) return current;
  // Never trust an index under "no generation": a fresh value only forces a listing.
  const fresh = newId();
  await store.set(GENERATION_KEY, fresh);
  return fresh;
}

/** Ids `start` (inclusive) to `end` (exclusive) in newest-first order, and the total. */
async function idRange(
  store: Store,
  chunkSize: number,
  start: number,
  end: number,
): Promise<{ ids: string[]; total: number }> {
  // Read before the index (or a listing), so nothing trusted is older than its tag.
  const generation = await currentGeneration(store);
  const head = await readJson<IndexHead>(store, INDEX_KEY);
  if (head?.generation === generation && head.chunkSize === chunkSize) {
    const last = Math.min(end, head.total);
    if (start >= last) return { ids: [], total: head.total };
    const first = Math.floor(start / chunkSize);
    const chunkNumbers = range(first, Math.floor((last - 1) / chunkSize));
    const chunks = await Promise.all(
      chunkNumbers.map((chunk) => readJson<IndexChunk>(store, chunkKey(chunk))),
    );
    if (chunks.every((chunk) => chunk?.generation === generation && Array.isArray(chunk.ids))) {
      const ids = chunks.flatMap((chunk) => chunk!.ids);
      const offset = first * chunkSize;
      return { ids: ids.slice(start - offset, last - offset), total: head.total };
    }
  }
  const ids = await listNewestFirst(store);
  await writeIndex(store, generation, chunkSize, ids);
  return { ids: ids.slice(start, end), total: ids.length };
}

/** Chunks first, head last: a head is only ever written over chunks of its own generation. */
async function writeIndex(
  store: Store,
  generation: string,
  chunkSize: number,
  ids: readonly string[],
): Promise<void> {
  const chunks = range(0, Math.ceil(ids.length / chunkSize) - 1);
  await Promise.all(
    chunks.map((chunk) =>
      store.setJSON(chunkKey(chunk), {
        generation,
        ids: ids.slice(chunk * chunkSize, (chunk + 1) * chunkSize),
      } satisfies IndexChunk),
    ),
  );
  await store.setJSON(INDEX_KEY, { generation, total: ids.length, chunkSize } satisfies IndexHead);
}

/** A bookkeeping blob, or null when missing or damaged (it is then rebuilt). */
async function readJson<V>(store: Store, key: string): Promise<V | null> {
  const text = await store.get(key, { type: 'text' });
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as V) : null;
  } catch {
    return null;
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

async function listNewestFirst(store: Store): Promise<string[]> {
  return (await oldestFirst(store)).reverse();
}

/** Every record id in the store, oldest first (other keys, such as in-flight temp files, are ignored). */
export async function oldestFirst(store: Store): Promise<string[]> {
  const { blobs } = await store.list();
  return blobs
    .map((blob) => blob.key)
    .filter(isId)
    .sort();
}

/** Reads records in key order, a few at a time; a record deleted meanwhile is skipped. */
export async function read<R>(store: Store, ids: readonly string[]): Promise<R[]> {
  const records: (R | null)[] = new Array(ids.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      records[index] = (await store.get(ids[index]!, { type: 'json' })) as R | null;
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, ids.length) }, worker));
  return records.filter((record): record is R => record !== null);
}
