/**
 * Backups of the site's Blobs stores, and their verified restore (`npm run backup`, `npm run
 * restore`; scripts/backup.ts, scripts/restore.ts).
 *
 * A backup is one file: JSON of a manifest (each blob's store, key, size, SHA-256 and metadata,
 * and the time) and the blobs themselves (base64), gzip-compressed, then encrypted with age to a
 * public key (BACKUP_RECIPIENT, `age1…`), so a leaked file reveals nothing without the identity
 * (BACKUP_IDENTITY, `AGE-SECRET-KEY-1…`), which never goes near the site. A restore decrypts,
 * checks every blob against the manifest before writing anything, refuses a store that is not
 * empty (unless told to replace it), writes each blob with its metadata, then reads every one
 * back and compares it with the manifest, and the counts.
 *
 * What is backed up: the announcements, both kinds of lead (records, follow-up and notes, their
 * indexes), their idempotency keys, the outbox and the audit log. Not the login attempts, revoked tokens or the
 * acknowledgement limits: short-lived security bookkeeping, worthless to restore.
 */
import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Decrypter, Encrypter } from 'age-encryption';
import type { Store } from '@netlify/blobs';
import { LEAD_KINDS } from '../src/lib/leads/index.ts';

export const BACKUP_FORMAT = 'site-backup/1';

/** Every store a backup holds, by name. */
export const BACKED_UP_STORES: readonly string[] = [
  'announcements',
  ...LEAD_KINDS.flatMap((kind) => [kind.store, `${kind.store}-keys`]),
  'outbox',
  'audit-log',
];

export interface ManifestEntry {
  store: string;
  key: string;
  size: number;
  sha256: string;
  metadata: Record<string, unknown>;
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  stores: Record<string, number>;
  entries: ManifestEntry[];
}

interface BackupDocument {
  manifest: Manifest;
  /** Each blob's bytes, base64, in the manifest's order. */
  data: string[];
}

export type StoreOf = (name: string) => Store;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Reads every blob of the backed-up stores. */
export async function collect(storeOf: StoreOf, now = new Date()): Promise<BackupDocument> {
  const entries: ManifestEntry[] = [];
  const data: string[] = [];
  const stores: Record<string, number> = {};
  for (const name of BACKED_UP_STORES) {
    const store = storeOf(name);
    const { blobs } = await store.list();
    stores[name] = 0;
    for (const { key } of blobs.sort((a, b) => a.key.localeCompare(b.key))) {
      const found = await store.getWithMetadata(key, { type: 'arrayBuffer' });
      if (found === null) continue; // Deleted while the backup ran.
      const bytes = new Uint8Array(found.data);
      entries.push({
        store: name,
        key,
        size: bytes.length,
        sha256: sha256(bytes),
        metadata: found.metadata,
      });
      data.push(Buffer.from(bytes).toString('base64'));
      stores[name]++;
    }
  }
  return {
    manifest: { format: BACKUP_FORMAT, createdAt: now.toISOString(), stores, entries },
    data,
  };
}

/** The backup file: the document as gzip-compressed JSON, encrypted to `recipient`. */
export async function seal(document: BackupDocument, recipient: string): Promise<Uint8Array> {
  if (!recipient.startsWith('age1')) {
    throw new BackupError('BACKUP_RECIPIENT must be an age public key (age1…).');
  }
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  return encrypter.encrypt(gzipSync(JSON.stringify(document)));
}

/** Decrypts and checks a backup file: every blob against the manifest. */
export async function open(file: Uint8Array, identity: string): Promise<BackupDocument> {
  if (!identity.startsWith('AGE-SECRET-KEY-')) {
    throw new BackupError('BACKUP_IDENTITY must be an age identity (AGE-SECRET-KEY-1…).');
  }
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  let plain: Uint8Array;
  try {
    plain = await decrypter.decrypt(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(
      `This backup cannot be decrypted with this identity, or the file is damaged (${reason}). Nothing was restored.`,
    );
  }
  let document: BackupDocument;
  try {
    document = JSON.parse(gunzipSync(plain).toString('utf8')) as BackupDocument;
  } catch {
    throw new BackupError(
      'This backup decrypts but does not unpack: it is damaged. Nothing was restored.',
    );
  }
  const { manifest, data } = document;
  if (manifest?.format !== BACKUP_FORMAT || data.length !== manifest.entries.length) {
    throw new BackupError(`This is not a ${BACKUP_FORMAT} backup. Nothing was restored.`);
  }
  manifest.entries.forEach((entry, index) => {
    const bytes = Buffer.from(data[index] ?? '', 'base64');
    if (bytes.length !== entry.size || sha256(bytes) !== entry.sha256) {
      throw new BackupError(
        `${entry.store}/${entry.key} does not match its checksum in the manifest. Nothing was restored.`,
      );
    }
  });
  return document;
}

export interface RestoreReport {
  stores: Record<string, number>;
  verified: number;
}

/**
 * Writes a checked backup into the stores. A store that holds anything is refused (nothing is
 * written) unless `replace`, which first empties it. Every blob is then read back and compared.
 */
export async function restore(
  document: BackupDocument,
  storeOf: StoreOf,
  { replace = false }: { replace?: boolean } = {},
): Promise<RestoreReport> {
  const { manifest, data } = document;
  const names = Object.keys(manifest.stores);
  const occupied: string[] = [];
  for (const name of names) {
    if ((await storeOf(name).list()).blobs.length > 0) occupied.push(name);
  }
  if (occupied.length > 0 && !replace) {
    throw new BackupError(
      `These stores are not empty: ${occupied.join(', ')}. Restore into empty stores, or pass ` +
        '--replace to delete what they hold first. Nothing was restored.',
    );
  }
  for (const name of occupied) {
    const store = storeOf(name);
    for (const { key } of (await store.list()).blobs) await store.delete(key);
  }
  for (const [index, entry] of manifest.entries.entries()) {
    const bytes = Buffer.from(data[index]!, 'base64');
    const body = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    await storeOf(entry.store).set(entry.key, body as ArrayBuffer, { metadata: entry.metadata });
  }
  let verified = 0;
  const stores: Record<string, number> = {};
  for (const name of names) {
    const store = storeOf(name);
    const { blobs } = await store.list();
    stores[name] = blobs.length;
    if (blobs.length !== manifest.stores[name]) {
      throw new BackupError(
        `${name} holds ${blobs.length} blobs after the restore, the backup ${manifest.stores[name]}.`,
      );
    }
  }
  for (const entry of manifest.entries) {
    const found = await storeOf(entry.store).getWithMetadata(entry.key, { type: 'arrayBuffer' });
    const bytes = new Uint8Array(found?.data ?? new ArrayBuffer(0));
    if (found === null || sha256(bytes) !== entry.sha256) {
      throw new BackupError(`${entry.store}/${entry.key} did not read back as it was backed up.`);
    }
    if (JSON.stringify(found.metadata) !== JSON.stringify(entry.metadata)) {
      throw new BackupError(
        `${entry.store}/${entry.key}'s metadata did not read back as backed up.`,
      );
    }
    verified++;
  }
  return { stores, verified };
}
