/**
 * Conditional reads and writes of one record, shared by the repositories.
 *
 * Blobs has no conditional delete, so a delete first replaces the record with a tombstone,
 * conditionally on the ETag it read (`onlyIfMatch`), then removes the blob. Readers treat a
 * tombstone as no record. A blob that is not a JSON object (cut short, emptied, overwritten by
 * something else) is *damaged*: it is set aside under `_quarantine-<key>` (`setAside`) so that one
 * bad record never stops a list, a search, an export or an erasure.
 */
import { HttpError } from '../http.ts';
import { storageTimeLeft, type Store } from './store.ts';

/** What a deleted (or taken back) record is replaced by until its blob is removed. */
export const TOMBSTONE = { _deleted: true } as const;
/** Where a damaged record's bytes are kept for inspection (never listed as a record). */
export const QUARANTINE_PREFIX = '_quarantine-';
/** Time kept back from a contended edit's retries, so its answer still fits the deadline. */
const CONTENTION_RESERVE_MS = 500;
const CONTENTION_MESSAGE = 'Someone else changed this record at the same moment. Please try again.';

export function isLive(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !('_deleted' in value && value._deleted === true)
  );
}

export type Metadata = Record<string, unknown>;

export interface Versioned<T> {
  data: T;
  etag: string;
  metadata: Metadata;
}

export type RecordRead<T> =
  | ({ kind: 'live' } & Versioned<T>)
  | { kind: 'missing' }
  | { kind: 'tombstone' }
  | { kind: 'damaged'; text: string; etag: string };

const MISSING = { kind: 'missing' } as const;

/** A stored object, or undefined for anything else (bad JSON, an array, a number…). */
function parseObject(text: string): object | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** One record as stored: live (with ETag and metadata), missing (or deleted), or damaged. */
export async function readRecord<T>(store: Store, key: string): Promise<RecordRead<T>> {
  const result = await store.getWithMetadata(key, { type: 'text' });
  if (!result) return MISSING;
  const value = parseObject(result.data);
  if (value === undefined) return { kind: 'damaged', text: result.data, etag: result.etag ?? '' };
  if (!isLive(value)) return { kind: 'tombstone' };
  if (!result.etag) return MISSING;
  return { kind: 'live', data: value as T, etag: result.etag, metadata: result.metadata };
}

/** The live record and its ETag, or null when there is none (missing, deleted or damaged). */
export async function readVersioned<T>(store: Store, key: string): Promise<Versioned<T> | null> {
  const found = await readRecord<T>(store, key);
  return found.kind === 'live' ? found : null;
}

/**
 * Moves a damaged record out of the way: its bytes to `_quarantine-<key>`, then the record itself
 * is taken away in the version that was read (a record rewritten meanwhile is left alone). Logs
 * the store and key only: the bytes may hold personal data.
 */
export async function setAside(
  store: Store,
  storeName: string,
  key: string,
  damaged: { text: string; etag: string },
): Promise<void> {
  await store.set(`${QUARANTINE_PREFIX}${key}`, damaged.text);
  const { modified } = damaged.etag
    ? await store.setJSON(key, TOMBSTONE, { onlyIfMatch: damaged.etag })
    : { modified: true };
  if (modified) await store.delete(key);
  console.error(
    `Set aside unreadable record ${storeName}/${key} as ${QUARANTINE_PREFIX}${key} ` +
      `(${damaged.text.length} characters)`,
  );
}

/** What a `change` returns to write nothing: `replaceRecord` then answers the record as read. */
export const UNCHANGED = Symbol('unchanged');

export interface ReplaceOptions {
  /** Conditional writes to try before giving up (default: as many as the deadline allows). */
  attempts?: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Replaces a live record with `change(current)`, only over the version it read, keeping its
 * metadata. Another edit that came first means read again and retry, with a short random pause,
 * for as long as the request's deadline allows; then 409 (contention is not an outage). Null when
 * there is no live record, so nothing is ever recreated.
 */
export async function replaceRecord<T>(
  store: Store,
  key: string,
  change: (current: T) => T | typeof UNCHANGED,
  { attempts = Number.POSITIVE_INFINITY }: ReplaceOptions = {},
): Promise<T | null> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const current = await readVersioned<T>(store, key);
    if (!current) return null;
    const next = change(current.data);
    if (next === UNCHANGED) return current.data;
    const { modified } = await store.setJSON(key, next, {
      onlyIfMatch: current.etag,
      metadata: current.metadata,
    });
    if (modified) return next;
    if (storageTimeLeft() < CONTENTION_RESERVE_MS) break;
    await pause(Math.random() * Math.min(50, 2 ** attempt));
  }
  throw new HttpError(409, CONTENTION_MESSAGE, { headers: { 'retry-after': '1' } });
}

export interface Removed {
  /** The record's metadata as it was deleted (empty for a damaged one). */
  metadata: Metadata;
}

/**
 * Deletes a record, live or damaged; null when there was none or another delete took it first.
 * Of two concurrent deletes only one replaces the record (one answer, one null), and an edit
 * that read the record before it was deleted fails its own `onlyIfMatch` (nothing recreated).
 */
export async function removeRecord(store: Store, key: string): Promise<Removed | null> {
  for (let attempt = 1; ; attempt++) {
    const current = await readRecord<unknown>(store, key);
    if (current.kind === 'missing' || current.kind === 'tombstone') return null;
    const { modified } = current.etag
      ? await store.setJSON(key, TOMBSTONE, { onlyIfMatch: current.etag })
      : { modified: true };
    if (modified) {
      await store.delete(key);
      return { metadata: current.kind === 'live' ? current.metadata : {} };
    }
    if (storageTimeLeft() < CONTENTION_RESERVE_MS) {
      throw new HttpError(409, CONTENTION_MESSAGE, { headers: { 'retry-after': '1' } });
    }
    await pause(Math.random() * Math.min(50, 2 ** attempt));
  }
}
