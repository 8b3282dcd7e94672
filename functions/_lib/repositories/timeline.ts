/**
 * A store of immutable records keyed by time-sortable id: one blob per record, so concurrent
 * submissions never overwrite each other. Used by the enquiry and contact-message repositories.
 *
 * A page is a slice of the sorted keys, and only that slice's blobs are read. Listing keys costs
 * time in proportion to the store's size, so each function instance keeps the sorted listing
 * it last made, tagged with the store's *generation*: a random value every create and delete
 * replaces after writing. An admin read fetches the generation first (one small strong read)
 * and lists again only when it changed, so every acknowledged write is seen, and paging a
 * large store that is not changing costs the same as paging a small one.
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

const READ_CONCURRENCY = 16;
const CREATE_ATTEMPTS = 3;
/** Not an id, so listings skip it. */
const GENERATION_KEY = '_generation';

interface Listing {
  generation: string;
  newestFirst: readonly string[];
}

/** Per store, the last listing this instance made. Ids only: no personal data is cached. */
const listings = new Map<string, Listing>();

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

export function timeline<T extends object>(storeName: string): Timeline<T> {
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
          if (attempt === CREATE_ATTEMPTS) throw new Error(`could not allocate an id in ${storeName}`);
        }
      }),

    page: (page, pageSize) =>
      withStore(storeName, async (store) => {
        const ids = await newestFirst(store, storeName);
        const start = (page - 1) * pageSize;
        const items = await read<Stamped & T>(store, ids.slice(start, start + pageSize));
        return { items, total: ids.length };
      }),

    all: () =>
      withStore(storeName, async (store) => read<Stamped & T>(store, await newestFirst(store, storeName))),

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

async function generation(store: Store): Promise<string> {
  const current = await store.get(GENERATION_KEY, { type: 'text' });
  if (current) return current;
  // Never cache under "no generation": a fresh value is always safe (it only forces a listing).
  const fresh = newId();
  await store.set(GENERATION_KEY, fresh);
  return fresh;
}

async function newestFirst(store: Store, storeName: string): Promise<readonly string[]> {
  // The generation is read before listing, so a listing is never older than its tag.
  const current = await generation(store);
  const cached = listings.get(storeName);
  if (cached?.generation === current) return cached.newestFirst;
  const ids = (await oldestFirst(store)).reverse();
  listings.set(storeName, { generation: current, newestFirst: ids });
  return ids;
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
