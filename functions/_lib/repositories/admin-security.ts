/**
 * The admin's sign-in factors, spent sign-in tickets, known devices and sessions: store
 * `admin-security`, in the scope of the credentials (store.ts `storeLocation`), like the
 * revocations and login attempts: production and local runs have their own, every preview and
 * branch deploy shares one. Every change of a record is a conditional write (`onlyIfNew`, or
 * `onlyIfMatch` on the ETag read): two requests never both spend a ticket, a code or a
 * passkey's signature counter value.
 *
 * Keys: `passkeys/<credential id>`, `totp`, `recovery`, `devices/<sha256 of the device id>`,
 * `tickets/<exp>.<jti>` (spent), `sessions/<session id>`.
 */
import { withStore, type Store } from './store.ts';

export const SECURITY_STORE = 'admin-security';

export interface StoredPasskey {
  /** Credential id, base64url. */
  id: string;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports?: string[];
  name: string;
  /** The relying party id (host) it was made for. */
  rp: string;
  createdAt: string;
  lastUsedAt?: string;
  backedUp: boolean;
}

export interface StoredTotp {
  /** Base32, as authenticator apps take it. */
  secret: string;
  createdAt: string;
  /** The last 30-second step whose code was accepted: no code of it or before works again. */
  lastStep: number;
}

export interface StoredRecoveryCodes {
  createdAt: string;
  /** SHA-256 (hex) of each code; a used one is gone from the list. */
  hashes: string[];
}

export interface StoredSession {
  /** What the admin and the audit log call it (audit.ts `sessionOf`). */
  id: string;
  jti: string;
  /** Epoch seconds: when the token expires. */
  exp: number;
  createdAt: string;
  device: string;
  place?: string;
  ip?: string;
  method: string;
}

export interface Versioned<T> {
  value: T;
  etag: string;
}

const withSecurity = <T>(operation: (store: Store) => Promise<T>): Promise<T> =>
  withStore(SECURITY_STORE, operation, { scope: 'credentials' });

async function read<T>(key: string): Promise<Versioned<T> | null> {
  return withSecurity(async (store) => {
    const found = await store.getWithMetadata(key, { type: 'json' });
    if (found === null || found.etag === undefined) return null;
    return { value: found.data as T, etag: found.etag };
  });
}

/** Writes `value` as new, or over the version read; whether it was written. */
async function write<T>(key: string, value: T, over: { etag: string } | 'new'): Promise<boolean> {
  return withSecurity(async (store) => {
    const result = await store.setJSON(
      key,
      value,
      over === 'new' ? { onlyIfNew: true } : { onlyIfMatch: over.etag },
    );
    return result.modified;
  });
}

async function listKeys(prefix: string): Promise<string[]> {
  return withSecurity(async (store) => {
    const { blobs } = await store.list({ prefix });
    return blobs.map(({ key }) => key);
  });
}

async function remove(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await withSecurity(async (store) => {
    await Promise.all(keys.map((key) => store.delete(key)));
  });
}

const TICKET_KEY = /^tickets\/(\d{1,12})\.[\w-]+$/;
const PASSKEY_PREFIX = 'passkeys/';
const SESSION_PREFIX = 'sessions/';

export const security = {
  passkey: (id: string) => read<StoredPasskey>(`${PASSKEY_PREFIX}${id}`),
  async passkeys(): Promise<Versioned<StoredPasskey>[]> {
    const keys = await listKeys(PASSKEY_PREFIX);
    const found = await Promise.all(keys.map((key) => read<StoredPasskey>(key)));
    return found
      .filter((entry) => entry !== null)
      .sort((a, b) => a.value.createdAt.localeCompare(b.value.createdAt));
  },
  writePasskey: (passkey: StoredPasskey, over: { etag: string } | 'new') =>
    write(`${PASSKEY_PREFIX}${passkey.id}`, passkey, over),
  removePasskey: (id: string) => remove([`${PASSKEY_PREFIX}${id}`]),

  totp: () => read<StoredTotp>('totp'),
  writeTotp: (totp: StoredTotp, over: { etag: string } | 'new') => write('totp', totp, over),
  removeTotp: () => remove(['totp']),

  recoveryCodes: () => read<StoredRecoveryCodes>('recovery'),
  writeRecoveryCodes: (codes: StoredRecoveryCodes, over: { etag: string } | 'new') =>
    write('recovery', codes, over),
  removeRecoveryCodes: () => remove(['recovery']),

  /** Records a device; false when it was known already. */
  rememberDevice: (hash: string, at: string) => write(`devices/${hash}`, { firstSeen: at }, 'new'),

  /**
   * Spends a ticket (its id and expiry, epoch seconds): true for the one request that does, false
   * for every other. Spent tickets of the past are swept on the way (best effort).
   */
  async spendTicket(jti: string, exp: number, now: number): Promise<boolean> {
    const spent = await write(`tickets/${exp}.${jti}`, { spentAt: now }, 'new');
    const stale = (await listKeys('tickets/').catch(() => [])).filter((key) => {
      const at = TICKET_KEY.exec(key)?.[1];
      return at !== undefined && Number(at) * 1000 < now;
    });
    await remove(stale).catch(() => {});
    return spent;
  },

  session: (id: string) => read<StoredSession>(`${SESSION_PREFIX}${id}`),
  writeSession: (session: StoredSession) => write(`${SESSION_PREFIX}${session.id}`, session, 'new'),
  removeSession: (id: string) => remove([`${SESSION_PREFIX}${id}`]),
  async sessions(): Promise<StoredSession[]> {
    const keys = await listKeys(SESSION_PREFIX);
    const found = await Promise.all(keys.map((key) => read<StoredSession>(key)));
    return found.filter((entry) => entry !== null).map((entry) => entry.value);
  },

  /** Deletes every factor (the operator's reset): passkeys, authenticator, recovery codes. */
  async removeFactors(): Promise<number> {
    const keys = [
      ...(await listKeys(PASSKEY_PREFIX)),
      ...(await listKeys('totp')),
      ...(await listKeys('recovery')),
    ];
    await remove(keys);
    return keys.length;
  },
};
