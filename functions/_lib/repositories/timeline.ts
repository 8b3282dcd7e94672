/**
 * A store of records keyed by time-sortable id: one blob per record, so concurrent submissions
 * never overwrite each other. Used by the enquiry and contact-message repositories. A record's
 * fields never change after its create; its follow-up (status, notes, version) is edited in
 * place by conditional writes (follow-up.ts), and every read fills it in.
 *
 * Pages, searches and counts go through the store's index (timeline-index.ts): each record's id
 * and a small summary (the fields `summary` names, and its status), kept under the store's
 * *generation*, a random value every create, edit and delete replaces after writing. A page is a
 * slice of the matching entries, newest first, and only that slice's records are read, so a
 * search of 10,000 records reads the index, not 10,000 blobs. Because each change replaces the
 * generation before it answers, a record acknowledged with 201 (or an edit with 200) is in every
 * list that starts after it (read-your-writes).
 *
 * A create with an idempotency key (submission-keys.ts) stores under the id the key was first
 * claimed for, so a retry after a timeout or a 503 finds, and shows, the record instead of adding
 * a second. Without a key, a create that fails after its record was written takes the record
 * back (within a short grace period), so its 503 means "not stored"; if even that fails, the
 * record is shown from the next change of the store on.
 */
import {
  DEFAULT_STATUS,
  isEmptyQuery,
  matcher,
  searchableOf,
  type ListQuery,
  type SearchSpec,
  type Searchable,
} from '../../../src/lib/schemas/index.ts';
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
import {
  bumpGeneration,
  loadIndex,
  newestFirst,
  type IndexOptions,
  type LoadedChunk,
  type Summary,
} from './timeline-index.ts';

export { forgetLoadedIndexes } from './timeline-index.ts';

export interface Stamped {
  _id: string;
  /** ISO 8601, the time the id carries. */
  createdAt: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface Listing<T> extends Page<T> {
  /** Records in the whole store (whatever the query) whose status is New. */
  newCount: number;
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
  /** One page of the records matching `query`, newest first, with their number and New's. */
  search(query: ListQuery, page: number, pageSize: number): Promise<Listing<Tracked<Stamped & T>>>;
  /** Every record's id and summary, newest first (no record is read). */
  summaries(): Promise<{ id: string; summary: Summary }[]>;
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

export interface TimelineOptions<T> {
  /** Index entries per chunk (tests use small ones to cross chunk boundaries). */
  chunkSize?: number;
  /**
   * The summary kept in the index besides `status` and `statusChangedAt` (which every summary
   * holds, for counts and retention): its field name, and the record field it copies.
   */
  summary?: Readonly<Record<string, keyof T & string>>;
  /** What `search` may ask of the summary (src/lib/schemas/search.ts). */
  search?: SearchSpec;
}

const READ_CONCURRENCY = 16;
const CREATE_ATTEMPTS = 3;
/** How long past its request's deadline a failed create may spend taking its record back. */
const TAKE_BACK_GRACE_MS = 1_500;
const DEFAULT_CHUNK_SIZE = 1_000;
/** Raise when what a summary holds changes in code, so stored summaries are made again. */
const SUMMARY_VERSION = 2;
const NO_SEARCH: SearchSpec = { text: [], filters: {} };

export function timeline<T extends object>(
  storeName: string,
  { chunkSize = DEFAULT_CHUNK_SIZE, summary = {}, search = NO_SEARCH }: TimelineOptions<T> = {},
): Timeline<T> {
  const indexOptions: IndexOptions = {
    chunkSize,
    shape: JSON.stringify([SUMMARY_VERSION, summary]),
    summarize: (record) => {
      const { status, statusChangedAt = '' } = tracked(record);
      const fields: Record<string, string> = { status, statusChangedAt };
      for (const [name, field] of Object.entries(summary)) {
        const value = record[field];
        fields[name] = typeof value === 'string' ? value : '';
      }
      return fields;
    },
  };
  const index = (store: Store) => loadIndex(store, storeName, indexOptions, newId);
  const changed = (store: Store) => bumpGeneration(store, newId());

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
            await changed(store);
            return { record, replayed: false };
          }
          ours = undefined;
          if (key !== undefined) {
            // A retry of a create that stored its record: make sure it is listed, answer it.
            const stored: unknown = await store.get(id, { type: 'json' });
            await changed(store);
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

  /** The search text of a chunk's entries, made once per loaded chunk. */
  const searchable = (chunk: LoadedChunk, at: number): Searchable => {
    const derived = (chunk.derived ??= new Array<unknown>(chunk.entries.length));
    return (derived[at] ??= searchableOf(chunk.entries[at]!.summary, search)) as Searchable;
  };

  const searchIn = (store: Store, query: ListQuery, page: number, pageSize: number) =>
    (async () => {
      const loaded = await index(store);
      const start = (page - 1) * pageSize;
      const ids: string[] = [];
      let total = 0;
      let newCount = 0;
      const matches = isEmptyQuery(query) ? () => true : matcher(query, search);
      for (const { entry, chunk, at } of newestFirst(loaded)) {
        if (entry.summary['status'] === DEFAULT_STATUS) newCount++;
        if (!matches(entry.summary, () => searchable(chunk, at))) continue;
        if (total >= start && ids.length < pageSize) ids.push(entry.id);
        total++;
      }
      const items = (await read<Stamped & T>(store, ids)).map(tracked);
      return { items, total, newCount };
    })();

  return {
    create: async (data) => (await submit(data)).record,
    submit,

    page: (page, pageSize) =>
      withStore(storeName, async (store) => {
        const { items, total } = await searchIn(store, { q: '', filters: {} }, page, pageSize);
        return { items, total };
      }),

    search: (query, page, pageSize) =>
      withStore(storeName, (store) => searchIn(store, query, page, pageSize)),

    summaries: () =>
      withStore(storeName, async (store) =>
        Array.from(newestFirst(await index(store)), ({ entry }) => ({
          id: entry.id,
          summary: entry.summary,
        })),
      ),

    all: () =>
      withStore(storeName, async (store) => {
        const loaded = await index(store);
        const ids = Array.from(newestFirst(loaded), ({ entry }) => entry.id);
        return (await read<Stamped & T>(store, ids)).map(tracked);
      }),

    find: (id) =>
      withStore(storeName, async (store) => {
        const found = await store.get(id, { type: 'json' });
        return isLive(found) ? tracked(found as Stamped & T) : null;
      }),

    edit: (id, change, options) =>
      withStore(storeName, async (store) => {
        const result = await editRecord<Stamped & T>(store, id, change, options);
        // The summary holds the status: the index must see the new version.
        if (result.kind === 'saved') await changed(store);
        return result;
      }),

    remove: (id) =>
      withStore(storeName, async (store) => {
        if (!(await removeRecord(store, id))) return false;
        await changed(store);
        return true;
      }),
  };
}

/** Best effort, past the request's deadline: removes a record whose create failed. */
async function takeBack(storeName: string, id: string): Promise<void> {
  await withStore(storeName, (store) => store.delete(id), { graceMs: TAKE_BACK_GRACE_MS }).catch(
    () => {},
  );
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
