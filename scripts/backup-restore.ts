/**
 * Writes a checked backup (scripts/backup-core.ts `open`) back into the stores, for
 * scripts/restore.ts. Rules:
 * - The security stores (SECURITY_STORES: the admin's passkeys, authenticator app, recovery
 *   codes, sessions) are written only with `includeSecurity`; otherwise left as they are.
 * - Without `replace`, a store that holds anything is refused before the first write, and every
 *   write is `onlyIfNew`: a key that exists is never overwritten, even one that appeared after
 *   the check.
 * - With `replace`, a staged swap: each blob is written over the version read just before
 *   (`onlyIfMatch`, the old bytes and metadata kept aside), every blob is read back and compared,
 *   and only then are the keys the backup does not hold deleted (kept aside too).
 * - On any failure, everything written or deleted so far is put back as it was, newest first,
 *   and the error says so: the old data stays whole (tests/functions/storage/backup-replace.test.ts).
 *   What was kept aside is in memory: the size of the old data the backup replaces.
 */
import {
  BackupError,
  SECURITY_STORES,
  sha256,
  type CheckedBackup,
  type ManifestEntry,
  type StoreOf,
} from './backup-core.ts';

export interface RestoreOptions {
  /** Replace what the stores hold (a staged swap); else restore into empty stores only. */
  replace?: boolean;
  /** Also write the security stores. */
  includeSecurity?: boolean;
}

export interface RestoreReport {
  stores: Record<string, number>;
  verified: number;
  /** Stores in the backup that were left as they are (the security stores, unless asked). */
  skipped: Record<string, number>;
}

interface Kept {
  data: ArrayBuffer;
  metadata: Record<string, unknown>;
}

/** How to take back one change: the old blob to put back, or none (delete what was written). */
interface Undo {
  store: string;
  key: string;
  old: Kept | null;
  /** SHA-256 of what this restore wrote, when `old` is null. */
  wrote?: string;
}

/** Blobs written or read back at once. */
const BATCH = 16;

const bodyOf = (bytes: Uint8Array): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

async function* keysOf(storeOf: StoreOf, name: string): AsyncGenerator<string> {
  for await (const page of storeOf(name).list({ paginate: true })) {
    for (const { key } of page.blobs) yield key;
  }
}

async function holdsAny(storeOf: StoreOf, name: string): Promise<boolean> {
  for await (const page of storeOf(name).list({ paginate: true })) {
    if (page.blobs.length > 0) return true;
  }
  return false;
}

async function countOf(storeOf: StoreOf, name: string): Promise<number> {
  let count = 0;
  for await (const page of storeOf(name).list({ paginate: true })) count += page.blobs.length;
  return count;
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Puts back every change of `undo` (each key is in it once); the keys it could not. */
async function rollBack(undo: Undo[], storeOf: StoreOf): Promise<string[]> {
  const failed: string[] = [];
  await inBatches(undo.reverse(), async (change) => {
    const store = storeOf(change.store);
    try {
      if (change.old !== null) {
        await store.set(change.key, change.old.data, { metadata: change.old.metadata });
        return;
      }
      // Deleted only if it still holds what this restore wrote.
      const now = await store.get(change.key, { type: 'arrayBuffer' });
      if (now !== null && sha256(new Uint8Array(now)) === change.wrote) {
        await store.delete(change.key);
      }
    } catch {
      failed.push(`${change.store}/${change.key}`);
    }
  });
  return failed;
}

async function writeEntry(
  storeOf: StoreOf,
  entry: ManifestEntry,
  bytes: Uint8Array,
  replace: boolean,
  undo: Undo[],
): Promise<void> {
  const store = storeOf(entry.store);
  const where = `${entry.store}/${entry.key}`;
  const old = replace ? await store.getWithMetadata(entry.key, { type: 'arrayBuffer' }) : null;
  if (old !== null && old.etag === undefined) throw new BackupError(`${where} has no version.`);
  const change: Undo =
    old === null
      ? { store: entry.store, key: entry.key, old: null, wrote: entry.sha256 }
      : { store: entry.store, key: entry.key, old: { data: old.data, metadata: old.metadata } };
  undo.push(change);
  const { modified, etag } = await store.set(entry.key, bodyOf(bytes), {
    metadata: entry.metadata,
    ...(old === null ? { onlyIfNew: true } : { onlyIfMatch: old.etag! }),
  });
  if (!modified) {
    // Not written, and what is there now is another writer's: not to be taken back.
    undo.splice(undo.indexOf(change), 1);
    throw new BackupError(
      replace
        ? `${where} changed while the restore ran.`
        : `${where} appeared while the restore ran, and was not overwritten (--replace replaces ` +
            'what the stores hold).',
    );
  }
  // The Blobs client reports any answer but 412 to a conditional write as written.
  if (!etag) throw new BackupError(`${where} was not stored: the storage refused it.`);
}

/** Runs `work` on every item, BATCH at a time; the first failure once its batch has settled. */
async function inBatches<T>(
  items: AsyncIterable<T> | Iterable<T>,
  work: (item: T) => Promise<unknown>,
) {
  let batch: Promise<unknown>[] = [];
  const settle = async () => {
    const failed = (await Promise.allSettled(batch)).find((result) => result.status === 'rejected');
    batch = [];
    if (failed) throw failed.reason;
  };
  for await (const item of items) {
    batch.push(work(item));
    if (batch.length >= BATCH) await settle();
  }
  await settle();
}

async function verify(storeOf: StoreOf, entries: ManifestEntry[]): Promise<number> {
  let verified = 0;
  await inBatches(entries, async (entry) => {
    const found = await storeOf(entry.store).getWithMetadata(entry.key, { type: 'arrayBuffer' });
    if (found === null || sha256(new Uint8Array(found.data)) !== entry.sha256) {
      throw new BackupError(`${entry.store}/${entry.key} did not read back as it was backed up.`);
    }
    if (JSON.stringify(found.metadata) !== JSON.stringify(entry.metadata)) {
      throw new BackupError(
        `${entry.store}/${entry.key}'s metadata did not read back as backed up.`,
      );
    }
    verified++;
  });
  return verified;
}

/** Deletes the keys of `name` the backup does not hold, keeping each aside first. */
async function dropOthers(
  storeOf: StoreOf,
  name: string,
  kept: Set<string>,
  undo: Undo[],
): Promise<void> {
  const store = storeOf(name);
  const others: string[] = [];
  for await (const key of keysOf(storeOf, name)) if (!kept.has(key)) others.push(key);
  for (const key of others) {
    const old = await store.getWithMetadata(key, { type: 'arrayBuffer' });
    if (old === null) continue;
    undo.push({ store: name, key, old: { data: old.data, metadata: old.metadata } });
    await store.delete(key);
  }
}

export async function restore(
  backup: CheckedBackup,
  storeOf: StoreOf,
  { replace = false, includeSecurity = false }: RestoreOptions = {},
): Promise<RestoreReport> {
  const { manifest } = backup;
  const written = (name: string) => includeSecurity || !SECURITY_STORES.includes(name);
  const names = Object.keys(manifest.stores).filter(written);
  const skipped = Object.fromEntries(
    Object.entries(manifest.stores).filter(([name]) => !written(name)),
  );
  const entries = manifest.entries.filter(({ store }) => written(store));

  const occupied: string[] = [];
  for (const name of names) if (await holdsAny(storeOf, name)) occupied.push(name);
  if (occupied.length > 0 && !replace) {
    throw new BackupError(
      `These stores are not empty: ${occupied.join(', ')}. Restore into empty stores, or pass ` +
        '--replace to replace what they hold. Nothing was restored.',
    );
  }

  const undo: Undo[] = [];
  try {
    await inBatches(backup.blobs(), ({ entry, bytes }) =>
      written(entry.store) ? writeEntry(storeOf, entry, bytes, replace, undo) : Promise.resolve(),
    );
    const verified = await verify(storeOf, entries);
    const stores: Record<string, number> = {};
    for (const name of names) {
      if (replace) {
        const kept = new Set(entries.filter((e) => e.store === name).map(({ key }) => key));
        await dropOthers(storeOf, name, kept, undo);
      }
      const count = await countOf(storeOf, name);
      stores[name] = count;
      if (count !== manifest.stores[name]) {
        throw new BackupError(
          `${name} holds ${count} blobs after the restore, the backup ${manifest.stores[name]}.`,
        );
      }
    }
    return { stores, verified, skipped };
  } catch (error) {
    const changes = undo.length;
    const failed = await rollBack(undo, storeOf);
    const after =
      failed.length === 0
        ? `The ${changes} changes made were taken back: the stores are as they were.`
        : `${failed.length} of the ${changes} changes made could not be taken back: ` +
          `${failed.slice(0, 10).join(', ')}${failed.length > 10 ? ', …' : ''}.`;
    throw new BackupError(`The restore failed: ${reasonOf(error)} ${after}`);
  }
}
