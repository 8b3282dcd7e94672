/**
 * The admin's sign-in factors, spent sign-in tickets, known devices and sessions: store
 * `admin-security`, in the scope of the credentials (store.ts `storeLocation`), like the
 * revocations and login attempts: production and local runs have their own, every preview and
 * branch deploy shares one. Every change of a record is a conditional write (`onlyIfNew`, or
 * `onlyIfMatch` on the ETag read): two requests never both spend a ticket, a code or a
 * passkey's signature counter value. The authenticator and a session are removed the same way
 * (`retire`: overwritten as retired over the version read, then deleted), so one of several
 * removals at once answers for it.
 *
 * Keys: `passkeys/<credential id>`, `totp`, `recovery`, `devices/<sha256 of the device id>`,
 * `tickets/<exp>.<jti>` (spent), `tickets/<exp>.<jti>.try<n>` (the ticket's n-th code checked),
 * `sessions/<session id>`.
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
    if (found === null || found.etag === undefined || isRetired(found.data)) return null;
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

/** What a record being removed is overwritten with first (`retire`): readers see none. */
const RETIRED = { retired: true } as const;
const isRetired = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { retired?: unknown }).retired === true;

/**
 * Removes `key` if it is still the version read: overwrites it with RETIRED over `etag` (the one
 * request of any number at once that does goes on), then deletes it. Whether this one removed it.
 */
async function retire(key: string, over: { etag: string }): Promise<boolean> {
  if (!(await write(key, RETIRED, over))) return false;
  await remove([key]);
  return true;
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

/** Up to `limit` keys under `prefix`, from the first page of the listing only. */
async function firstKeys(prefix: string, limit: number): Promise<string[]> {
  return withSecurity(async (store) => {
    for await (const page of store.list({ prefix, paginate: true })) {
      return page.blobs.slice(0, limit).map(({ key }) => key);
    }
    return [];
  });
}

/** A spent ticket's record or one of its tries; the expiry (epoch seconds) is the first number. */
const TICKET_KEY = /^tickets\/(\d{1,12})\./;
const ticketKey = (jti: string, exp: number) => `tickets/${exp}.${jti}`;
/** Spent tickets' records one spend sweeps at most (the rest go with later ones). */
const TICKET_SWEEP_LIMIT = 200;
const PASSKEY_PREFIX = 'passkeys/';
const SESSION_PREFIX = 'sessions/';

/** The keys of the sign-in factors, the one list the operator's reset deletes (`removeFactors`). */
export const isFactorKey = (key: string) =>
  key.startsWith(PASSKEY_PREFIX) || key === 'totp' || key === 'recovery';

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
  /** Removes the authenticator read (`over`): false when another request changed it first. */
  retireTotp: (over: { etag: string }) => retire('totp', over),

  recoveryCodes: () => read<StoredRecoveryCodes>('recovery'),
  writeRecoveryCodes: (codes: StoredRecoveryCodes, over: { etag: string } | 'new') =>
    write('recovery', codes, over),
  removeRecoveryCodes: () => remove(['recovery']),

  /** Records a device; false when it was known already. */
  rememberDevice: (hash: string, at: string) => write(`devices/${hash}`, { firstSeen: at }, 'new'),

  /** Whether a sign-in went through with the ticket (its id and expiry, epoch seconds). */
  ticketSpent: async (jti: string, exp: number): Promise<boolean> =>
    (await read(ticketKey(jti, exp))) !== null,

  /**
   * Takes one of the ticket's `tries` (each numbered try is written once, `onlyIfNew`): true for
   * at most `tries` requests however many arrive at once, false for every other.
   */
  async takeTicketTry(jti: string, exp: number, tries: number, now: number): Promise<boolean> {
    for (let index = 0; index < tries; index++) {
      if (await write(`${ticketKey(jti, exp)}.try${index}`, { at: now }, 'new')) return true;
    }
    return false;
  },

  /**
   * Spends a ticket: true for the one request that does, false for every other. Records of
   * tickets that have expired are swept on the way (best effort, one page at most).
   */
  async spendTicket(jti: string, exp: number, now: number): Promise<boolean> {
    const spent = await write(ticketKey(jti, exp), { spentAt: now }, 'new');
    const stale = (await firstKeys('tickets/', TICKET_SWEEP_LIMIT).catch(() => [])).filter(
      (key) => {
        const at = TICKET_KEY.exec(key)?.[1];
        return at !== undefined && Number(at) * 1000 < now;
      },
    );
    await remove(stale).catch(() => {});
    return spent;
  },

  session: (id: string) => read<StoredSession>(`${SESSION_PREFIX}${id}`),
  writeSession: (session: StoredSession) => write(`${SESSION_PREFIX}${session.id}`, session, 'new'),
  removeSession: (id: string) => remove([`${SESSION_PREFIX}${id}`]),
  /** Removes the session read (`over`): false when another request removed it first. */
  retireSession: (id: string, over: { etag: string }) => retire(`${SESSION_PREFIX}${id}`, over),
  async sessions(): Promise<StoredSession[]> {
    const keys = await listKeys(SESSION_PREFIX);
    const found = await Promise.all(keys.map((key) => read<StoredSession>(key)));
    return found.filter((entry) => entry !== null).map((entry) => entry.value);
  },
};

/**
 * Deletes every factor (the operator's reset, scripts/reset-factors.ts, on the store it opened):
 * passkeys, authenticator, recovery codes; never sessions, devices or tickets. The count deleted.
 */
export async function removeFactors(store: Pick<Store, 'list' | 'delete'>): Promise<number> {
  const { blobs } = await store.list();
  const keys = blobs.map(({ key }) => key).filter(isFactorKey);
  for (const key of keys) await store.delete(key);
  return keys.length;
}
