/**
 * A store of records keyed by time-sortable id: one blob per record, so concurrent submissions
 * never overwrite each other. Used by the enquiry and contact-message repositories. A record's
 * fields never change after its create; its follow-up (status, notes, version) is edited in
 * place by conditional writes (follow-up.ts), and every read fills it in.
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
 *
 * A listing is cached as the index only when the generation is the same after it as before it:
 * a listing that overlapped a create or delete may be short or stale, so it answers only the
 * request that made it. A create answers only after its generation change, so a record
 * acknowledged with 201 is in every list that starts after it (read-your-writes).
 *
 * A create with an idempotency key (submission-keys.ts) stores under the id the key was first
 * claimed for, so a retry after a timeout or a 503 finds, and shows, the record instead of adding
 * a second. Without a key, a create that fails after its record was written takes the record
 * back (within a short grace period), so its 503 means "not stored"; if even that fails, the
 * record is shown from the next change of the store on.
 */
import { idTime, isId, newId } from '../ids.ts';
import {
  editRecord,
  tracked,
  type EditOptions,
  type EditResult,
  type Tracked,
  type UNCHANGED,
} from './follow-up.ts';
import { isLive, removeRecord } from './records.ts';
import { withStore, type Store } from './store.ts';
import { claimKey, fingerprintOf } from './submission-keys.ts';

export interface Stamped {
  _id: string;
  /** ISO 8601, the time the id carries. */
  createdAt: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

/** A create whose idempotency key was used before for different content. */
export class KeyConflictError extends Error {
  constructor() {
    super('idempotency key reused for different content');
    this.name = 'KeyConflictError';
  }
}

export interface Submitted<T> {
  record: Stamped & T;
  /** True when an earlier request with the same key had stored it. */
  replayed: boolean;
}

export interface Timeline<T extends object> {
  /** Stores a new record under a fresh id (never overwriting) and returns it. */
  create(data: T): Promise<Stamped & T>;
  /**
   * `create`, made safe to retry: with `key`, a retry returns the record the key's first use
   * stored (`replayed`); a key reused for other content throws `KeyConflictError`.
   */
  submit(data: T, key?: string): Promise<Submitted<T>>;
  /** One page, newest first (page counts from 1), with the number of records in all. */
  page(page: number, pageSize: number): Promise<Page<Tracked<Stamped & T>>>;
  /** Every record, newest first (exports). */
  all(): Promise<Tracked<Stamped & T>[]>;
  /** One record; null when there is none. */
  find(id: string): Promise<Tracked<Stamped & T> | null>;
  /** Changes one record's follow-up (follow-up.ts): `missing`, `stale` or `saved`. */
  edit(
    id: string,
    change: (current: Tracked<Stamped & T>) => Tracked<Stamped & T> | typeof UNCHANGED,
    options?: EditOptions,
  ): Promise<EditResult<Stamped & T>>;
  /** Deletes one record; false when there was none. */
  remove(id: string): Promise<boolean>;
}

export interface TimelineOptions {
  /** Ids per index chunk (tests use small ones to cross chunk boundaries). */
  chunkSize?: number;
}

const READ_CONCURRENCY = 16;
const CREATE_ATTEMPTS = 3;
/** How long past its request's deadline a failed create may spend taking its record back. */
const TAKE_BACK_GRACE_MS = 1_500;
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
  const submit = async (data: T, key?: string): Promise<Submitted<T>> => {
    let id = newId();
    if (key !== undefined) {
      const claim = await claimKey(storeName, key, { id, fingerprint: fingerprintOf(data) });
      if (claim.kind === 'conflict') throw new KeyConflictError();
      id = claim.id;
    }
    // The id whose record this request may have written (not one another request owns).
    let ours: string | undefined;
    try {
      return await withStore(storeName, async (store) => {
        for (let attempt = 1; ; attempt++) {
          const record = { _id: id, createdAt: new Date(idTime(id)).toISOString(), ...data };
          ours = id;
          const { modified } = await store.setJSON(id, record, { onlyIfNew: true });
          if (modified) {
            await bumpGeneration(store);
            return { record, replayed: false };
          }
          ours = undefined;
          if (key !== undefined) {
            // A retry of a create that stored its record: make sure it is listed, answer it.
            const stored: unknown = await store.get(id, { type: 'json' });
            await bumpGeneration(store);
            return { record: isLive(stored) ? (stored as Stamped & T) : record, replayed: true };
          }
          if (attempt === CREATE_ATTEMPTS) {
            throw new Error(`could not allocate an id in ${storeName}`);
          }
          id = newId();
        }
      });
    } catch (error) {
      // A keyed create is finished by its retry; taking its record back could race that retry.
      if (key === undefined && ours !== undefined) await takeBack(storeName, ours);
      throw error;
    }
  };

  return {
    create: async (data) => (await submit(data)).record,
    submit,

    page: (page, pageSize) =>
      withStore(storeName, async (store) => {
        const start = (page - 1) * pageSize;
        const { ids, total } = await idRange(store, chunkSize, start, start + pageSize);
        return { items: (await read<Stamped & T>(store, ids)).map(tracked), total };
      }),

    all: () =>
      withStore(storeName, async (store) => {
        const { ids } = await idRange(store, chunkSize, 0, Infinity);
        return (await read<Stamped & T>(store, ids)).map(tracked);
      }),

    find: (id) =>
      withStore(storeName, async (store) => {
        const found = await store.get(id, { type: 'json' });
        return isLive(found) ? tracked(found as Stamped & T) : null;
      }),

    edit: (id, change, options) =>
      withStore(storeName, (store) => editRecord<Stamped & T>(store, id, change, options)),

    remove: (id) =>
      withStore(storeName, async (store) => {
        if (!(await removeRecord(store, id))) return false;
        await bumpGeneration(store);
        return true;
      }),
  };
}

/** Marks the store as changed: every index piece tagged with an older generation is stale. */
async function bumpGeneration(store: Store): Promise<void> {
  await store.set(GENERATION_KEY, newId());
}

/** Best effort, past the request's deadline: removes a record whose create failed. */
async function takeBack(storeName: string, id: string): Promise<void> {
  await withStore(storeName, (store) => store.delete(id), { graceMs: TAKE_BACK_GRACE_MS }).catch(
    () => {},
  );
}

async function currentGeneration(store: Store): Promise<string> {
  const current = await store.get(GENERATION_KEY, { type: 'text' });
  if (current) return current;
  // Never trust an index under "no generation": a fresh value only forces a listing.
  const fresh = newId();
  const { modified } = await store.set(GENERATION_KEY, fresh, { onlyIfNew: true });
  return modified ? fresh : ((await store.get(GENERATION_KEY, { type: 'text' })) ?? fresh);
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
  // Cache only a listing no create or delete overlapped; otherwise it answers this request only.
  if ((await store.get(GENERATION_KEY, { type: 'text' })) === generation) {
    await writeIndex(store, generation, chunkSize, ids);
  }
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

/** Reads records in key order, a few at a time; a record deleted meanwhile (or a tombstone) is skipped. */
export async function read<R>(store: Store, ids: readonly string[]): Promise<R[]> {
  const records: (R | null)[] = new Array(ids.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      const value: unknown = await store.get(ids[index]!, { type: 'json' });
      records[index] = isLive(value) ? (value as R) : null;
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, ids.length) }, worker));
  return records.filter((record): record is R => record !== null);
}
