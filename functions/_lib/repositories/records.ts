/**
 * Conditional reads and writes of one record, shared by the repositories.
 *
 * Blobs has no conditional delete, so a delete first replaces the record with a tombstone,
 * conditionally on the ETag it read (`onlyIfMatch`), then removes the blob. Of two concurrent
 * deletes only one replaces the live record (one 204, one 404), and an edit that read the record
 * before it was deleted fails its own `onlyIfMatch` (404, nothing stored). Readers treat a
 * tombstone as no record, so one left behind by a failed removal hides nothing and shows nothing.
 */
import type { Store } from './store.ts';

const TOMBSTONE = { _deleted: true } as const;
const CONFLICT_ATTEMPTS = 5;

export function isLive(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !('_deleted' in value && value._deleted === true)
  );
}

export interface Versioned<T> {
  data: T;
  etag: string;
}

/** The live record and its ETag, or null when there is none (missing or deleted). */
export async function readVersioned<T>(store: Store, key: string): Promise<Versioned<T> | null> {
  const result = await store.getWithMetadata(key, { type: 'json' });
  if (!result || !isLive(result.data) || !result.etag) return null;
  return { data: result.data as T, etag: result.etag };
}

/** What a `change` returns to write nothing: `replaceRecord` then answers the record as read. */
export const UNCHANGED = Symbol('unchanged');

export interface ReplaceOptions {
  /** Conditional writes to try before giving up (default 5). */
  attempts?: number;
}

/**
 * Replaces a live record with `change(current)`, only over the version it read (retrying when
 * another edit came first). Null when there is no live record, so nothing is ever recreated.
 */
export async function replaceRecord<T>(
  store: Store,
  key: string,
  change: (current: T) => T | typeof UNCHANGED,
  { attempts = CONFLICT_ATTEMPTS }: ReplaceOptions = {},
): Promise<T | null> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const current = await readVersioned<T>(store, key);
    if (!current) return null;
    const next = change(current.data);
    if (next === UNCHANGED) return current.data;
    const { modified } = await store.setJSON(key, next, { onlyIfMatch: current.etag });
    if (modified) return next;
  }
  throw new Error(`record ${key} kept changing; gave up after ${attempts} attempts`);
}

/** Deletes a live record; false when there was none or another delete took it first. */
export async function removeRecord(store: Store, key: string): Promise<boolean> {
  for (let attempt = 1; attempt <= CONFLICT_ATTEMPTS; attempt++) {
    const current = await readVersioned<unknown>(store, key);
    if (!current) return false;
    const { modified } = await store.setJSON(key, TOMBSTONE, { onlyIfMatch: current.etag });
    if (modified) {
      await store.delete(key);
      return true;
    }
  }
  throw new Error(`record ${key} kept changing; gave up after ${CONFLICT_ATTEMPTS} attempts`);
}
