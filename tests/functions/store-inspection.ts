/**
 * What function tests read of the Blobs emulation: record writes and reads among the operations a
 * `useBlobs()` harness recorded, and the record ids a store holds.
 */
import { getStore } from '@netlify/blobs';
import { isId } from '../../functions/_lib/ids.ts';
import type { BlobOperation } from './helpers.ts';

/** A store's generation marker, index or journal note (repositories/timeline-index.ts), not a record. */
const isMarker = (op: BlobOperation) =>
  /\/_(generation|index(-[\w-]+)?|change-[\w.-]+)$/.test(op.url);

/** The number of record writes among the recorded operations. */
export function writes(ops: readonly BlobOperation[]): number {
  return ops.filter((op) => op.type === 'set' && !isMarker(op)).length;
}

/** The keys read one by one (GET of a single blob) among the recorded operations. */
export function blobReads(ops: readonly BlobOperation[], store: string): string[] {
  return (
    ops
      .filter((op) => op.type === 'get' && !isMarker(op))
      .map((op) => new URL(op.url, 'http://x').pathname.split('/'))
      // Paths look like /<site>/site:<store>/<key>.
      .filter((parts) => parts.length === 4 && parts[2] === `site:${store}`)
      .map((parts) => parts[3]!)
  );
}

/** The ids of a store's record blobs, tombstones included, sorted. */
export async function recordIds(storeName: string): Promise<string[]> {
  const { blobs } = await getStore({ name: storeName, consistency: 'strong' }).list();
  return blobs
    .map((blob) => blob.key)
    .filter(isId)
    .sort();
}

/**
 * The ids of a store's live records: its record blobs minus tombstones (what a delete or a failed
 * create's take-back leaves until it is removed).
 */
export async function liveIds(storeName: string): Promise<string[]> {
  const store = getStore({ name: storeName, consistency: 'strong' });
  const ids: string[] = [];
  for (const { key } of (await store.list()).blobs) {
    if (!isId(key)) continue;
    const value = (await store.get(key, { type: 'json' })) as { _deleted?: unknown } | null;
    if (value !== null && value._deleted !== true) ids.push(key);
  }
  return ids;
}
