/**
 * The outbox store: one blob per e-mail a lead causes, keyed `<lead store>/<lead id>/<kind>`,
 * written with the lead (functions/_lib/outbox.ts decides what happens to it). Every change of an
 * entry is a conditional write on the ETag read, so two instances never both claim, or both mark,
 * one message. An entry holds personal data (the e-mail's text), so it goes with its lead:
 * `forgetMailOf` runs on every delete of a lead (timeline.ts `leadTimeline`).
 *
 * Nothing reads the whole store: entries are found through small index blobs (pointers) in the
 * same store, whose keys hold a time and the entry's key and nothing else (no address, no name):
 * - `_due/<day>/<ms>_<entry>`: a pending (or sending) entry's next attempt, by day of its time;
 * - `_unsent/<ms>_<entry>`: every entry not sent, by its lead's time (the admin's list);
 * - `_sent/<day>/<ms>_<entry>`: a sent entry, by its send time (the clean-up).
 * `<entry>` is the entry's key with `~` for `/`; `<day>` counts days since 1970, `<ms>` is epoch
 * milliseconds, both zero-padded so that keys sort by time. A pointer is written before the entry
 * state that needs it and deleted after the state that no longer does, so an index may hold stale
 * pointers but never misses an entry: readers re-read the entry as the truth, and repair or drop
 * the pointer (`pointersOf` says which pointers an entry's state needs). Listings are paginated
 * and stop after MAX_LISTED keys.
 *
 * Entries written before there was an index (no `indexed` mark) are indexed by `indexLegacy`, a
 * bounded step of each scheduled run that walks their keys in order from a cursor (`_legacy`).
 */
import type { OutgoingMail } from '../mailer.ts';
import { withStore, type Store } from './store.ts';

export const OUTBOX_STORE = 'outbox';

/** The e-mails a lead causes (the office's notification, the sender's acknowledgement), and the
 * admin's security alerts (factors/alerts.ts), filed under the pseudo-store `security`. */
export type MailKind = 'notify' | 'ack' | 'alert';

export type OutboxState = 'pending' | 'sending' | 'sent' | 'failed';

export interface OutboxEntry {
  key: string;
  lead: { store: string; id: string };
  kind: MailKind;
  mail: OutgoingMail & { messageId: string };
  /** ISO 8601: when the lead was stored. */
  createdAt: string;
  state: OutboxState;
  /** Attempts made so far (a claim that expired unanswered counts as none). */
  attempts: number;
  /** ISO 8601: when the next attempt is due (pending), or was made. */
  nextAttemptAt: string;
  /** ISO 8601: while `sending`, when the claim of the instance sending it runs out. */
  claimedUntil?: string;
  /** The last attempt's error, as the mail server or the connection gave it. */
  lastError?: string;
  sentAt?: string;
  /** Written with its index pointers (an entry without it predates the index). */
  indexed?: true;
}

export const outboxKey = (store: string, leadId: string, kind: MailKind) =>
  `${store}/${leadId}/${kind}`;

export interface Read {
  entry: OutboxEntry;
  etag: string;
}

/** One entry and its ETag; null when there is none. */
export async function readEntry(store: Store, key: string): Promise<Read | null> {
  const found = await store.getWithMetadata(key, { type: 'json' });
  if (found === null || found.etag === undefined) return null;
  return { entry: found.data as OutboxEntry, etag: found.etag };
}

/** Writes `entry` over the version read (`etag`), or as new; the new ETag, or null if it lost. */
export async function writeEntry(
  store: Store,
  entry: OutboxEntry,
  over: { etag: string } | 'new',
): Promise<string | null> {
  const result = await store.setJSON(
    entry.key,
    entry,
    over === 'new' ? { onlyIfNew: true } : { onlyIfMatch: over.etag },
  );
  return result.modified ? (result.etag ?? null) : null;
}

// ---- The index ---------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
/** The most keys one listing reads (ten pages of the Blobs service). */
export const MAX_LISTED = 10_000;

export type IndexName = 'due' | 'unsent' | 'sent';

export interface Pointer {
  /** The pointer's own key. */
  key: string;
  index: IndexName;
  /** Epoch ms: the time it is filed under. */
  at: number;
  /** The key of the entry it points to. */
  entry: string;
}

const ms = (at: number) => String(at).padStart(13, '0');
const dayOf = (at: number) => String(Math.floor(at / DAY_MS)).padStart(6, '0');
const flat = (key: string) => key.replaceAll('/', '~');

export function pointerKey(index: IndexName, entryKey: string, at: number): string {
  const name = `${ms(at)}_${flat(entryKey)}`;
  return index === 'unsent' ? `_unsent/${name}` : `_${index}/${dayOf(at)}/${name}`;
}

const POINTER = /^_(due|sent|unsent)\/(?:(\d{6})\/)?(\d{13})_([a-z][a-z-]*~[A-Za-z0-9-]+~[a-z]+)$/;

/** The pointer a key names; undefined for anything else (an entry, a malformed key). */
export function parsePointer(key: string): Pointer | undefined {
  const match = POINTER.exec(key);
  if (match === null) return undefined;
  const [, index, day, at, entry] = match as unknown as [string, IndexName, string, string, string];
  if ((index === 'unsent') !== (day === undefined)) return undefined;
  return { key, index, at: Number(at), entry: entry.replaceAll('~', '/') };
}

const time = (text: string | undefined) => (text === undefined ? NaN : Date.parse(text));

/** The pointers `entry`'s state needs: each must exist while the entry is in that state. */
export function pointersOf(entry: OutboxEntry): string[] {
  const keys: string[] = [];
  if (entry.state !== 'sent') keys.push(pointerKey('unsent', entry.key, time(entry.createdAt)));
  if (entry.state === 'pending') keys.push(pointerKey('due', entry.key, time(entry.nextAttemptAt)));
  if (entry.state === 'sending') {
    // Due again when its claim runs out, or at its next attempt if that comes first.
    const at = Math.min(time(entry.nextAttemptAt), time(entry.claimedUntil));
    keys.push(pointerKey('due', entry.key, at));
  }
  if (entry.state === 'sent' && entry.sentAt !== undefined) {
    keys.push(pointerKey('sent', entry.key, time(entry.sentAt)));
  }
  return keys.filter((key) => parsePointer(key) !== undefined);
}

/** Every pointer `entry` may have left behind, whatever its state (its erasure deletes them). */
function tracesOf(entry: OutboxEntry): string[] {
  const times: [IndexName, string | undefined][] = [
    ['unsent', entry.createdAt],
    ['due', entry.createdAt],
    ['due', entry.nextAttemptAt],
    ['due', entry.claimedUntil],
    ['sent', entry.sentAt],
  ];
  return times
    .filter(([, at]) => Number.isFinite(time(at)))
    .map(([index, at]) => pointerKey(index, entry.key, time(at)));
}

export async function putPointers(store: Store, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => store.setJSON(key, {})));
}

export async function dropPointers(store: Store, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => store.delete(key)));
}

/** Writes a new entry (`onlyIfNew`) after its pointers; its ETag, or null if it was there. */
export async function putNewEntry(store: Store, entry: OutboxEntry): Promise<string | null> {
  const indexed: OutboxEntry = { ...entry, indexed: true };
  await putPointers(store, pointersOf(indexed));
  return writeEntry(store, indexed, 'new');
}

/** Up to `max` keys under `prefix` (or its folders), reading page after page; sorted. */
async function listed(
  store: Store,
  prefix: string,
  { folders = false, max = MAX_LISTED } = {},
): Promise<{ keys: string[]; complete: boolean }> {
  const keys: string[] = [];
  for await (const page of store.list({ prefix, paginate: true, directories: folders })) {
    keys.push(
      ...(folders
        ? page.directories.map((folder) => folder.replace(/\/$/, ''))
        : page.blobs.map(({ key }) => key)),
    );
    if (keys.length >= max) return { keys: keys.sort().slice(0, max), complete: false };
  }
  return { keys: keys.sort(), complete: true };
}

/**
 * Pointers of a day-filed index (`due`, `sent`) filed at or before `until`, oldest first, at most
 * `max`: only the folders of the days up to `until` are listed, oldest day first.
 */
export async function pointersUntil(
  store: Store,
  index: 'due' | 'sent',
  until: number,
  max: number,
): Promise<Pointer[]> {
  const found: Pointer[] = [];
  const last = `_${index}/${dayOf(until)}`;
  const { keys: days } = await listed(store, `_${index}/`, { folders: true });
  for (const day of days.filter((folder) => folder <= last)) {
    const { keys } = await listed(store, `${day}/`);
    for (const key of keys) {
      const pointer = parsePointer(key);
      if (pointer !== undefined && pointer.at <= until) found.push(pointer);
      if (found.length >= max) return found;
    }
  }
  return found;
}

/** The `unsent` pointers after `after` (a pointer key), oldest first: at most `max`, and whether
 * more follow. */
export async function unsentPointers(
  store: Store,
  { after, max }: { after?: string; max: number },
): Promise<{ pointers: Pointer[]; more: boolean }> {
  const { keys } = await listed(store, '_unsent/');
  const pointers: Pointer[] = [];
  for (const key of keys) {
    if (after !== undefined && key <= after) continue;
    const pointer = parsePointer(key);
    if (pointer === undefined) continue;
    if (pointers.length === max) return { pointers, more: true };
    pointers.push(pointer);
  }
  return { pointers, more: false };
}

// ---- Entries from before the index ------------------------------------------------------------

const LEGACY = '_legacy';

interface LegacyCursor {
  /** The last entry key indexed; the walk goes on after it. */
  after?: string;
  done?: true;
}

/**
 * Indexes up to `max` entries written before there was an index, walking the entries' keys in
 * order from the cursor kept in `_legacy` (so each run goes on where the last stopped), until
 * none is left: then `_legacy` says done and later runs read only it. Entries written since are
 * skipped (`indexed`). How many entries it read. Listings are sorted; a store of more than
 * MAX_LISTED entries from before the index would need more than its first listing can show.
 */
export async function indexLegacy(store: Store, max: number): Promise<number> {
  const cursorRead = await store.getWithMetadata(LEGACY, { type: 'json' });
  const cursor = (cursorRead?.data ?? {}) as LegacyCursor;
  if (cursor.done) return 0;
  const after = cursor.after ?? '';
  const { keys: folders } = await listed(store, '', { folders: true });
  // Only stores whose keys can sort after the cursor (`<name>0` follows every `<name>/…`).
  const stores = folders.filter((name) => !name.startsWith('_') && after < `${name}0`);
  let last = after;
  let read = 0;
  let finished = true;
  for (const name of stores) {
    const { keys } = await listed(store, `${name}/`);
    const ahead = keys.filter((key) => key > last);
    const taken = ahead.slice(0, max - read);
    if (taken.length < ahead.length) finished = false;
    for (let i = 0; i < taken.length; i += 10) {
      await Promise.all(
        taken.slice(i, i + 10).map(async (key) => {
          const found = await readEntry(store, key);
          if (found !== null && !found.entry.indexed) {
            await putPointers(store, pointersOf(found.entry));
          }
        }),
      );
    }
    read += taken.length;
    last = taken.at(-1) ?? last;
    if (!finished) break;
  }
  const next: LegacyCursor = finished ? { done: true } : { after: last };
  await store.setJSON(
    LEGACY,
    next,
    cursorRead?.etag === undefined ? { onlyIfNew: true } : { onlyIfMatch: cursorRead.etag },
  );
  return read;
}

// ---- Erasure ----------------------------------------------------------------------------------

/**
 * Deletes every e-mail of these leads from the outbox (their text holds the lead's data), with
 * every index pointer each has or may have left (a pointer holds the lead's id).
 */
export async function forgetMailOf(leadStore: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await withStore(OUTBOX_STORE, async (store) => {
    for (const id of ids) {
      const { blobs } = await store.list({ prefix: `${leadStore}/${id}/` });
      for (const { key } of blobs) {
        const found = await readEntry(store, key);
        if (found !== null) await dropPointers(store, tracesOf(found.entry));
        await store.delete(key);
      }
    }
  });
}
