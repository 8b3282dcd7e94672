/**
 * The outbox store: one blob per e-mail a lead causes, keyed `<lead store>/<lead id>/<kind>`,
 * written with the lead (functions/_lib/outbox.ts decides what happens to it). Every change of an
 * entry is a conditional write on the ETag read, so two instances never both claim, or both mark,
 * one message. An entry holds personal data (the e-mail's text), so it goes with its lead:
 * `forgetMailOf` runs on every delete of a lead (timeline.ts `leadTimeline`).
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

/** Every entry's key (the outbox stays small: sent entries are deleted after a week). */
export async function outboxKeys(store: Store, prefix = ''): Promise<string[]> {
  const { blobs } = await store.list(prefix === '' ? {} : { prefix });
  return blobs.map(({ key }) => key);
}

/** Deletes every e-mail of these leads from the outbox (their text holds the lead's data). */
export async function forgetMailOf(leadStore: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await withStore(OUTBOX_STORE, async (store) => {
    for (const id of ids) {
      for (const key of await outboxKeys(store, `${leadStore}/${id}/`)) await store.delete(key);
    }
  });
}
