/**
 * What the backup tests share: a fresh pair of each kind of key, the stores as the scripts open
 * them, a snapshot of every blob (bytes and metadata), and a way to make files of chosen lines,
 * signed with a chosen key (the files an attacker, or a faulty backup, could make).
 */
import { getStore } from '@netlify/blobs';
import { generateIdentity, identityToRecipient } from 'age-encryption';
import {
  BACKED_UP_STORES,
  BACKUP_FORMAT,
  sealToBytes,
  sha256,
  type BackupKeys,
  type BackupLine,
  type EntryLine,
} from '../../../scripts/backup-core.ts';
import { makeSigningPair, signingKey, verifyKey } from '../../../scripts/backup-keys.ts';
import type { KeyObject } from 'node:crypto';

export const storeOf = (name: string) => getStore({ name, consistency: 'strong' });

export interface KeySet {
  /** Where backups are made. */
  making: BackupKeys;
  /** Where restores run. */
  opening: { identity: string; verifyKey: KeyObject };
}

export async function makeKeys(): Promise<KeySet> {
  const identity = await generateIdentity();
  const pair = makeSigningPair();
  return {
    making: {
      recipient: await identityToRecipient(identity),
      signingKey: signingKey(pair.signing),
    },
    opening: { identity, verifyKey: verifyKey(pair.verify) },
  };
}

/** `store/key` → SHA-256 of the bytes and the metadata, for every blob of `names`. */
export async function snapshot(
  names: readonly string[] = BACKED_UP_STORES,
): Promise<Map<string, string>> {
  const all = new Map<string, string>();
  for (const name of names) {
    const store = storeOf(name);
    const keys = (await store.list()).blobs.map(({ key }) => key).sort();
    for (let at = 0; at < keys.length; at += 32) {
      const read = await Promise.all(
        keys.slice(at, at + 32).map(async (key) => {
          const found = await store.getWithMetadata(key, { type: 'arrayBuffer' });
          const digest = sha256(new Uint8Array(found!.data));
          return [`${name}/${key}`, `${digest} ${JSON.stringify(found!.metadata)}`] as const;
        }),
      );
      for (const [where, what] of read) all.set(where, what);
    }
  }
  return all;
}

export interface Blob {
  store: string;
  key: string;
  value: unknown;
  metadata?: Record<string, unknown>;
}

/** The line of one blob, as a backup writes it. */
export function entryLine({ store, key, value, metadata = {} }: Blob): EntryLine {
  const bytes = Buffer.from(JSON.stringify(value), 'utf8');
  return {
    store,
    key,
    size: bytes.length,
    sha256: sha256(bytes),
    metadata,
    data: bytes.toString('base64'),
  };
}

/** A whole file's lines around `entries`, with the end line counting them. */
export function linesOf(entries: EntryLine[]): BackupLine[] {
  const stores: Record<string, number> = {};
  for (const { store } of entries) stores[store] = (stores[store] ?? 0) + 1;
  return [
    { format: BACKUP_FORMAT, createdAt: '2026-11-01T02:17:00.000Z' },
    ...entries,
    { end: true, stores },
  ];
}

export const fileOf = (entries: EntryLine[], keys: BackupKeys) =>
  sealToBytes(linesOf(entries), keys);
