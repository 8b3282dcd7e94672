/**
 * Backups of the site's Blobs stores, and their checked opening (`npm run backup`, `npm run
 * restore`; scripts/backup.ts, scripts/restore.ts, the restore itself in
 * scripts/backup-restore.ts).
 *
 * A backup is one file: the ciphertext, then a signature. The ciphertext is gzip-compressed
 * lines of JSON encrypted with age to a public key (BACKUP_RECIPIENT, `age1…`), so a leaked file
 * reveals nothing without the identity (BACKUP_IDENTITY, `AGE-SECRET-KEY-1…`), which never goes
 * near the site. The lines: a header (format, time), one line per blob (store, key, size,
 * SHA-256, metadata and the bytes in base64), and an end line with each store's count. The
 * signature is Ed25519 over the SHA-512 of the whole ciphertext, with a key that is not the
 * encrypting one (scripts/backup-keys.ts): age alone authenticates nothing, since anyone with the
 * public recipient can make a file that decrypts.
 *
 * The backup streams: one page of keys and a few blobs at a time are in memory, never a store.
 * Opening a file checks, before anything is written anywhere: the signature against
 * BACKUP_VERIFY_KEY (before decrypting), then every line: a known store, a key Blobs takes, once
 * only, metadata Blobs takes, the bytes against their size and checksum, the counts of the end
 * line. The restore decrypts the file a second time to write it, checking each blob again.
 *
 * What is backed up: the announcements, every kind of lead (records, follow-up and notes, their
 * indexes, an application's CV), their idempotency keys, held submissions with their files, the outbox, the audit log, and the admin's security store
 * (passkeys, authenticator app, recovery codes, sessions), which a restore writes only when asked
 * by name. Not the login attempts, revoked tokens or the acknowledgement limits: short-lived
 * bookkeeping, worthless to restore.
 */
import { createHash } from 'node:crypto';
import { Decrypter, Encrypter } from 'age-encryption';
import type { Store } from '@netlify/blobs';
import type { KeyObject } from 'node:crypto';
import { SECURITY_STORE } from '../functions/_lib/repositories/admin-security.ts';
import { HELD_STORE } from '../functions/_lib/repositories/held.ts';
import { LEAD_KINDS, type AnyLeadKind } from '../src/lib/leads/index.ts';
import { filesStoreOf } from '../functions/_lib/repositories/attachments.ts';
import { BackupKeyError, signDigest, verifyDigest } from './backup-keys.ts';

export const BACKUP_FORMAT = 'site-backup/2';

/** The stores a restore writes only when asked by name (`--include-security`). */
export const SECURITY_STORES: readonly string[] = [SECURITY_STORE];

/** Every store a backup holds, by name; a file naming any other is refused. */
export const BACKED_UP_STORES: readonly string[] = [
  'announcements',
  // Each lead kind's records and its idempotency keys (repositories/submission-keys.ts), and the
  // files its records carry (an application's CV: repositories/attachments.ts).
  ...(LEAD_KINDS as readonly AnyLeadKind[]).flatMap((kind) => [
    kind.store,
    `${kind.store}-keys`,
    ...(kind.attachment ? [filesStoreOf(kind.store)] : []),
  ]),
  // Held submissions (functions/_lib/hold.ts), their idempotency keys and files, like the leads'.
  HELD_STORE,
  `${HELD_STORE}-keys`,
  filesStoreOf(HELD_STORE),
  'outbox',
  'audit-log',
  ...SECURITY_STORES,
];

/** The signature's place: the file's last bytes, after this marker. */
const SIGNATURE_MARK = Buffer.from('\nsite-backup-sig', 'ascii');
const SIGNATURE_BYTES = 64;
const TRAILER_BYTES = SIGNATURE_MARK.length + SIGNATURE_BYTES;

/** Blobs' own limits on a key and on metadata (the client refuses more). */
const MAX_KEY_BYTES = 600;
const MAX_METADATA_HEADER = 2048 - 'netlify-blobs-metadata'.length - 'b64;'.length;
/** Blobs read at once while backing up. */
const READ_BATCH = 16;

export interface ManifestEntry {
  store: string;
  key: string;
  size: number;
  sha256: string;
  metadata: Record<string, unknown>;
}

/** One line of the file for one blob. */
export interface EntryLine extends ManifestEntry {
  /** The bytes, base64. */
  data: string;
}

export interface HeaderLine {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
}

export interface EndLine {
  end: true;
  stores: Record<string, number>;
}

export type BackupLine = HeaderLine | EntryLine | EndLine;

export type StoreOf = (name: string) => Store;

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface BackupKeys {
  /** `age1…`. */
  recipient: string;
  signingKey: KeyObject;
}

/** Every blob of the backed-up stores, as the file's lines, one page of keys at a time. */
export async function* backupLines(storeOf: StoreOf, now = new Date()): AsyncGenerator<BackupLine> {
  yield { format: BACKUP_FORMAT, createdAt: now.toISOString() };
  const stores: Record<string, number> = {};
  for (const name of BACKED_UP_STORES) {
    const store = storeOf(name);
    stores[name] = 0;
    for await (const page of store.list({ paginate: true })) {
      const keys = page.blobs.map(({ key }) => key);
      for (let at = 0; at < keys.length; at += READ_BATCH) {
        const found = await Promise.all(
          keys.slice(at, at + READ_BATCH).map(async (key) => ({
            key,
            blob: await store.getWithMetadata(key, { type: 'arrayBuffer' }),
          })),
        );
        for (const { key, blob } of found) {
          if (blob === null) continue; // Deleted while the backup ran.
          const bytes = new Uint8Array(blob.data);
          stores[name]++;
          yield {
            store: name,
            key,
            size: bytes.length,
            sha256: sha256(bytes),
            metadata: blob.metadata,
            data: Buffer.from(bytes).toString('base64'),
          };
        }
      }
    }
  }
  yield { end: true, stores };
}

/** The DOM typings lack ReadableStream.from, which Node has. */
const streamFrom = (source: AsyncIterable<Uint8Array>) =>
  (
    ReadableStream as unknown as {
      from(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array>;
    }
  ).from(source);

export interface SealReport {
  stores: Record<string, number>;
  bytes: number;
}

/**
 * Writes `lines` as a backup file, chunk by chunk, to `write`: compressed, encrypted to the
 * recipient, then signed. Returns the end line's counts and the file's size.
 */
export async function seal(
  lines: AsyncIterable<BackupLine> | Iterable<BackupLine>,
  { recipient, signingKey }: BackupKeys,
  write: (chunk: Uint8Array) => unknown,
): Promise<SealReport> {
  if (!recipient.startsWith('age1')) {
    throw new BackupError('BACKUP_RECIPIENT must be an age public key (age1…).');
  }
  let stores: Record<string, number> = {};
  async function* text(): AsyncGenerator<Uint8Array> {
    for await (const line of lines) {
      if ('end' in line) stores = line.stores;
      yield Buffer.from(`${JSON.stringify(line)}\n`, 'utf8');
    }
  }
  const encrypter = new Encrypter();
  encrypter.addRecipient(recipient);
  const plain = streamFrom(text()).pipeThrough(
    new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>,
  );
  const cipher = await encrypter.encrypt(plain);
  const digest = createHash('sha512');
  let bytes = 0;
  for await (const chunk of cipher as unknown as AsyncIterable<Uint8Array>) {
    digest.update(chunk);
    bytes += chunk.length;
    await write(chunk);
  }
  const signature = signDigest(digest.digest(), signingKey);
  await write(Buffer.concat([SIGNATURE_MARK, signature]));
  return { stores, bytes: bytes + TRAILER_BYTES };
}

/** A whole backup file in memory (tests, the bench). */
export async function sealToBytes(
  lines: AsyncIterable<BackupLine> | Iterable<BackupLine>,
  keys: BackupKeys,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  await seal(lines, keys, (chunk) => chunks.push(Buffer.from(chunk)));
  return Buffer.concat(chunks);
}

export interface Manifest {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  stores: Record<string, number>;
  /** Every blob, in the file's order, without its bytes. */
  entries: ManifestEntry[];
}

/** A file whose signature and every line were checked: what a restore writes from. */
export interface CheckedBackup {
  manifest: Manifest;
  /** Each blob again with its bytes, decrypted anew and checked against the manifest. */
  blobs(): AsyncGenerator<{ entry: ManifestEntry; bytes: Uint8Array }>;
}

const NOTHING = 'Nothing was restored.';

/** The file's lines, decrypted and unpacked as they come. */
async function* decryptLines(cipher: Uint8Array, identity: string): AsyncGenerator<unknown> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(identity);
  let plain: ReadableStream<Uint8Array>;
  try {
    plain = await decrypter.decrypt(new Blob([cipher as Uint8Array<ArrayBuffer>]).stream());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(
      `This backup cannot be decrypted with this identity (${reason}). ${NOTHING}`,
    );
  }
  const text = plain
    .pipeThrough(
      new DecompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>,
    )
    .pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>);
  let rest = '';
  try {
    for await (const chunk of text as unknown as AsyncIterable<string>) {
      rest += chunk;
      let end = rest.indexOf('\n');
      while (end >= 0) {
        yield JSON.parse(rest.slice(0, end));
        rest = rest.slice(end + 1);
        end = rest.indexOf('\n');
      }
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`This backup decrypts but does not unpack: it is damaged. ${NOTHING}`);
  }
  if (rest !== '') throw new BackupError(`This backup ends mid-line: it is damaged. ${NOTHING}`);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why a blob line cannot be restored, or undefined; its bytes when it can. */
function checkEntry(line: Record<string, unknown>): { entry: ManifestEntry; bytes: Buffer } {
  const { store, key, size, sha256: sum, metadata, data } = line;
  const where = `${String(store)}/${String(key)}`;
  if (typeof store !== 'string' || !BACKED_UP_STORES.includes(store)) {
    throw new BackupError(
      `This backup names a store no backup holds (${String(store)}). ${NOTHING}`,
    );
  }
  if (
    typeof key !== 'string' ||
    key === '' ||
    key.startsWith('/') ||
    key.startsWith('%2F') ||
    Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES
  ) {
    throw new BackupError(`This backup holds a key Blobs refuses in ${String(store)}. ${NOTHING}`);
  }
  if (
    !isObject(metadata) ||
    Buffer.from(JSON.stringify(metadata), 'utf8').toString('base64').length > MAX_METADATA_HEADER
  ) {
    throw new BackupError(`${where} has metadata Blobs refuses. ${NOTHING}`);
  }
  if (typeof data !== 'string' || typeof size !== 'number' || typeof sum !== 'string') {
    throw new BackupError(`${where} is not a whole entry: the backup is damaged. ${NOTHING}`);
  }
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length !== size || sha256(bytes) !== sum) {
    throw new BackupError(`${where} does not match its checksum in the manifest. ${NOTHING}`);
  }
  return { entry: { store, key, size, sha256: sum, metadata }, bytes };
}

/** Checks the signature of a whole file; the ciphertext it covers. */
function verifiedCipher(file: Uint8Array, key: KeyObject): Uint8Array {
  const mark = file.subarray(file.length - TRAILER_BYTES, file.length - SIGNATURE_BYTES);
  if (file.length <= TRAILER_BYTES || !SIGNATURE_MARK.equals(mark)) {
    throw new BackupError(
      `This backup is not signed (made before backups were signed, or cut short). ${NOTHING}`,
    );
  }
  const cipher = file.subarray(0, file.length - TRAILER_BYTES);
  const digest = createHash('sha512').update(cipher).digest();
  if (!verifyDigest(digest, file.subarray(file.length - SIGNATURE_BYTES), key)) {
    throw new BackupError(
      'This backup is not signed by the key BACKUP_VERIFY_KEY names: it was made elsewhere, or ' +
        `changed since. ${NOTHING}`,
    );
  }
  return cipher;
}

/**
 * Checks a backup file whole before anything is written: its signature, then every line (see
 * the module's comment). Throws a BackupError saying what is wrong.
 */
export async function open(
  file: Uint8Array,
  { identity, verifyKey }: { identity: string; verifyKey: KeyObject },
): Promise<CheckedBackup> {
  if (!identity.startsWith('AGE-SECRET-KEY-')) {
    throw new BackupError('BACKUP_IDENTITY must be an age identity (AGE-SECRET-KEY-1…).');
  }
  const cipher = verifiedCipher(file, verifyKey);
  const entries: ManifestEntry[] = [];
  const counted: Record<string, number> = {};
  const seen = new Set<string>();
  let header: HeaderLine | undefined;
  let end: EndLine | undefined;
  for await (const line of decryptLines(cipher, identity)) {
    if (!isObject(line) || end !== undefined) {
      throw new BackupError(`This backup has lines after its end: it is damaged. ${NOTHING}`);
    }
    if (header === undefined) {
      if (line['format'] !== BACKUP_FORMAT || typeof line['createdAt'] !== 'string') {
        throw new BackupError(`This is not a ${BACKUP_FORMAT} backup. ${NOTHING}`);
      }
      header = { format: BACKUP_FORMAT, createdAt: line['createdAt'] };
    } else if (line['end'] === true) {
      end = {
        end: true,
        stores: isObject(line['stores']) ? (line['stores'] as EndLine['stores']) : {},
      };
    } else {
      const { entry } = checkEntry(line);
      const id = JSON.stringify([entry.store, entry.key]);
      if (seen.has(id)) {
        throw new BackupError(`${entry.store}/${entry.key} is in this backup twice. ${NOTHING}`);
      }
      seen.add(id);
      counted[entry.store] = (counted[entry.store] ?? 0) + 1;
      entries.push(entry);
    }
  }
  if (header === undefined || end === undefined) {
    throw new BackupError(`This backup is cut short: it has no end. ${NOTHING}`);
  }
  for (const [name, count] of Object.entries(end.stores)) {
    if (!BACKED_UP_STORES.includes(name) || count !== (counted[name] ?? 0)) {
      throw new BackupError(
        `The backup's count of ${name} does not match its blobs: it is damaged. ${NOTHING}`,
      );
    }
  }
  for (const name of Object.keys(counted)) {
    if (!(name in end.stores)) {
      throw new BackupError(`The backup's end does not count ${name}: it is damaged. ${NOTHING}`);
    }
  }
  const manifest: Manifest = { ...header, stores: end.stores, entries };
  return {
    manifest,
    async *blobs() {
      let index = 0;
      for await (const line of decryptLines(cipher, identity)) {
        if (!isObject(line) || 'format' in line || line['end'] === true) continue;
        const { entry, bytes } = checkEntry(line);
        const expected = entries[index++];
        if (expected?.key !== entry.key || expected.sha256 !== entry.sha256) {
          throw new BackupError('The backup read differently the second time.');
        }
        yield { entry: expected, bytes };
      }
    },
  };
}

export { BackupKeyError };
