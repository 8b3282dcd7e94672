/**
 * Files that records carry (an application's CV): one blob per record in a store of their own,
 * `<records' store>-files`, under the record's id, so a file is never served by a public URL
 * and goes wherever its record goes. Written with `onlyIfNew` before the record
 * (timeline.ts `submit`), so a record never names a file that is not there; deleted with the
 * record (`leadTimeline`'s and the held store's deletes), so an erasure, a purge or a delete
 * leaves no copy.
 *
 * The metadata holds what the bytes were found to be and their digest, never a name or an
 * address: the record holds those, and an erased record takes them with it.
 */
import { createHash } from 'node:crypto';
import { withStore, type StoreOptions } from './store.ts';

/** The store of the files of the records in `store`. */
export const filesStoreOf = (store: string): string => `${store}-files`;

export interface FileFacts {
  /** What the bytes were found to be: 'pdf', 'docx', 'odt'. */
  type: string;
  contentType: string;
  size: number;
  /** Hex SHA-256 of the bytes: a retry of the same submission carries the same file. */
  sha256: string;
}

export interface StoredFile {
  bytes: Uint8Array;
  facts: FileFacts;
}

export const sha256Of = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

/** What a file's bytes and type say of it, as its record and its metadata keep it. */
export function factsOf(bytes: Uint8Array, type: string, contentType: string): FileFacts {
  return { type, contentType, size: bytes.byteLength, sha256: sha256Of(bytes) };
}

/**
 * Writes `bytes` as the file of record `id` unless one is there already (a keyed retry finds
 * the first try's); true when this call wrote it.
 */
export async function putFile(
  store: string,
  id: string,
  bytes: Uint8Array,
  facts: FileFacts,
): Promise<boolean> {
  return withStore(filesStoreOf(store), async (files) => {
    const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const { modified } = await files.set(id, body as ArrayBuffer, {
      onlyIfNew: true,
      metadata: { ...facts },
    });
    return modified;
  });
}

const isFacts = (value: Record<string, unknown>): value is Record<string, unknown> & FileFacts =>
  typeof value['type'] === 'string' &&
  typeof value['contentType'] === 'string' &&
  typeof value['size'] === 'number' &&
  typeof value['sha256'] === 'string';

/** The file of record `id`, or null; a file whose bytes no longer match their digest is null. */
export async function readFile(store: string, id: string): Promise<StoredFile | null> {
  return withStore(filesStoreOf(store), async (files) => {
    const found = await files.getWithMetadata(id, { type: 'arrayBuffer' });
    if (found === null || !isFacts(found.metadata)) return null;
    const bytes = new Uint8Array(found.data);
    const { type, contentType, size, sha256 } = found.metadata;
    if (bytes.byteLength !== size || sha256Of(bytes) !== sha256) {
      console.error(`${filesStoreOf(store)}/${id}: the file does not match its digest`);
      return null;
    }
    return { bytes, facts: { type, contentType, size, sha256 } };
  });
}

/** Deletes the files of records `ids` (those that have none are skipped). */
export async function deleteFiles(
  store: string,
  ids: readonly string[],
  options: StoreOptions = {},
): Promise<void> {
  if (ids.length === 0) return;
  await withStore(
    filesStoreOf(store),
    async (files) => {
      for (const id of ids) await files.delete(id);
    },
    options,
  );
}
