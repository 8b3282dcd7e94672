/**
 * Every e-mail a lead causes goes through the outbox: delivered at least once, never twice.
 *
 * - `enqueue` writes the message to the outbox store (`onlyIfNew`) in the request that stores the
 *   lead, before the answer; a keyed retry of the submission enqueues again and finds it there.
 * - `deliver` sends one message: it claims the entry (state `sending`, for CLAIM_MS) with a
 *   conditional write, sends it with its stable Message-ID (`<lead id>.<kind>@<sender's
 *   domain>`), then marks it `sent`, or `pending` with the next attempt's time, over its own
 *   claim. Two instances that try at once: one claim wins, the other sends nothing. An instance
 *   that dies mid-send leaves a claim that runs out, and the message is tried again (with the same
 *   Message-ID, which receivers use to drop a repeat).
 * - The schedule (functions/outbox-schedule.ts, every 5 minutes) delivers what is due: attempts 5 min,
 *   15 min, 1 h and 6 h after each failure, then every 12 h until 3 days after the lead; then the
 *   message is marked `failed`. The admin lists what is `failed` or still not sent after
 *   OVERDUE_MS, and can retry one at once.
 * - Sent entries are deleted after KEEP_SENT_MS; all of a lead's go when the lead is deleted
 *   (repositories/outbox.ts `forgetMailOf`). Errors are stored as the server gave them; logs carry
 *   keys only. The schedule also clears the acknowledgement limits' old places.
 *
 * Clocks are injected (`clock`), never read from a test's wall time.
 */
import { mailSettings, sendMail, type MailSettings, type Notification } from './mailer.ts';
import {
  OUTBOX_STORE,
  outboxKey,
  outboxKeys,
  readEntry,
  writeEntry,
  type MailKind,
  type OutboxEntry,
} from './repositories/outbox.ts';
import { sweepPlaces } from './repositories/ack-limits.ts';
import { withRequestScope, withStore, type DeployInfo, type Store } from './repositories/store.ts';

export { OUTBOX_STORE, type OutboxEntry };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Waits after the 1st, 2nd, 3rd and 4th failed attempt; LATER_RETRY_MS after any further one. */
export const RETRY_DELAYS_MS: readonly number[] = [5 * MINUTE, 15 * MINUTE, HOUR, 6 * HOUR];
export const LATER_RETRY_MS = 12 * HOUR;
/** No attempt is made later than this after the lead: the message is marked failed. */
export const GIVE_UP_AFTER_MS = 3 * DAY;
/** How long an instance holds a message it is sending: past the SMTP time-outs (10 + 10 + 15 s). */
export const CLAIM_MS = 2 * MINUTE;
/** A message not sent this long after its lead shows in the admin as not delivered. */
export const OVERDUE_MS = 15 * MINUTE;
/** Sent entries are kept this long (a late retry finds them sent), then deleted. */
export const KEEP_SENT_MS = 7 * DAY;

export type Clock = () => number;
const iso = (ms: number) => new Date(ms).toISOString();
const time = (text: string | undefined) => (text === undefined ? NaN : Date.parse(text));

/** When to try again after `failures` failed attempts at `now`; undefined: give up. */
export function retryAt(createdAt: number, failures: number, now: number): number | undefined {
  const at = now + (RETRY_DELAYS_MS[failures - 1] ?? LATER_RETRY_MS);
  return at - createdAt > GIVE_UP_AFTER_MS ? undefined : at;
}

/** `<id.kind@domain>`, the domain of the sending address (the site's when it has none). */
export function messageIdOf(leadId: string, kind: MailKind, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?$/.exec(from)?.[1] ?? 'localhost';
  return `<${leadId}.${kind}@${domain}>`;
}

export interface Queued {
  key: string;
  /** False when a retry of the submission found it queued already. */
  created: boolean;
}

/**
 * Puts an e-mail about a new lead in the outbox: to `message.to`, else the office. Undefined
 * where this deploy sends no mail (no SMTP_HOST, or a preview without NOTIFY_IN_PREVIEWS):
 * nothing is queued there.
 */
export async function enqueue(
  lead: { store: string; id: string; createdAt: string },
  kind: MailKind,
  message: Notification & { to?: string },
  deployContext: string | undefined,
): Promise<Queued | undefined> {
  const settings = mailSettings(deployContext);
  if (settings === undefined) return undefined;
  const key = outboxKey(lead.store, lead.id, kind);
  const to = message.to ?? settings.office;
  const entry: OutboxEntry = {
    key,
    lead: { store: lead.store, id: lead.id },
    kind,
    mail: { ...message, to, messageId: messageIdOf(lead.id, kind, settings.from) },
    createdAt: lead.createdAt,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: lead.createdAt,
  };
  const created = await withStore(OUTBOX_STORE, (store) => writeEntry(store, entry, 'new'));
  return { key, created: created !== null };
}

export type Delivery = 'sent' | 'retry' | 'failed' | 'not-due' | 'claimed-elsewhere' | 'missing';

function due(entry: OutboxEntry, now: number, force: boolean): boolean {
  switch (entry.state) {
    case 'sent':
      return false;
    case 'failed':
      return force;
    case 'sending':
      return time(entry.claimedUntil) <= now;
    case 'pending':
      return force || time(entry.nextAttemptAt) <= now;
  }
}

export interface DeliverOptions {
  clock?: Clock;
  /** Send even if the next attempt is not due yet, or the message was given up (Retry now). */
  force?: boolean;
  /** The mail settings (default: this deploy's). */
  settings?: MailSettings;
}

/**
 * One attempt at one message, in `deploy`'s data. Each storage step has a fresh deadline of its
 * own: the send between them may take longer than one request's storage time.
 */
export async function deliver(
  deploy: DeployInfo | undefined,
  key: string,
  {
    clock = Date.now,
    force = false,
    settings = mailSettings(deploy?.context),
  }: DeliverOptions = {},
): Promise<Delivery> {
  const outbox = <T>(work: (store: Store) => Promise<T>) =>
    withRequestScope(deploy, () => withStore(OUTBOX_STORE, work));
  const read = await outbox((store) => readEntry(store, key));
  if (read === null) return 'missing';
  const { entry } = read;
  if (!due(entry, clock(), force)) return 'not-due';
  if (settings === undefined) return 'not-due';
  const claimed: OutboxEntry = {
    ...entry,
    state: 'sending',
    claimedUntil: iso(clock() + CLAIM_MS),
  };
  const claim = await outbox((store) => writeEntry(store, claimed, read));
  if (claim === null) return 'claimed-elsewhere';

  let failure: string | undefined;
  try {
    await sendMail(entry.mail, settings);
  } catch (error) {
    failure = (error instanceof Error ? error.message : String(error)).slice(0, 500);
  }
  const now = clock();
  const attempts = entry.attempts + 1;
  const rest: OutboxEntry = { ...claimed };
  delete rest.claimedUntil;
  let next: OutboxEntry;
  if (failure === undefined) {
    next = { ...rest, state: 'sent', attempts, sentAt: iso(now), nextAttemptAt: iso(now) };
  } else {
    const at = retryAt(time(entry.createdAt), attempts, now);
    next =
      at === undefined
        ? { ...rest, state: 'failed', attempts, lastError: failure, nextAttemptAt: iso(now) }
        : { ...rest, state: 'pending', attempts, lastError: failure, nextAttemptAt: iso(at) };
  }
  const marked = await outbox((store) => writeEntry(store, next, { etag: claim }));
  if (marked === null) console.error(`outbox ${key}: its claim was taken over while sending`);
  if (failure !== undefined) console.error(`outbox ${key}: attempt ${attempts} failed`);
  return failure === undefined ? 'sent' : next.state === 'failed' ? 'failed' : 'retry';
}

/** Sends a lead's messages after the response (`waitUntil`), else before answering; never rejects. */
export async function deliverAfterResponse(
  keys: readonly string[],
  context: { waitUntil?: (promise: Promise<unknown>) => void; deploy?: DeployInfo },
): Promise<void> {
  if (keys.length === 0) return;
  const sending = Promise.all(
    keys.map((key) =>
      deliver(context.deploy, key).catch((error: unknown) => {
        console.error(`outbox ${key}: left for the next scheduled run`, String(error));
      }),
    ),
  );
  if (context.waitUntil) context.waitUntil(sending);
  else await sending;
}

export interface RunReport {
  sent: number;
  retry: number;
  failed: number;
  /** Sent entries older than KEEP_SENT_MS, deleted. */
  removed: number;
  /** Due messages left for the next run (the run's time was up). */
  left: number;
}

/**
 * The scheduled run: every due message, one at a time, while `budgetMs` lasts (a send may take
 * up to ~35 s against a hanging server; the rest waits for the next run), and sent entries past
 * KEEP_SENT_MS deleted.
 */
export async function deliverDue(
  deploy: DeployInfo | undefined,
  { clock = Date.now, budgetMs = 12_000, settings = mailSettings(deploy?.context) } = {},
): Promise<RunReport> {
  const started = clock();
  const report: RunReport = { sent: 0, retry: 0, failed: 0, removed: 0, left: 0 };
  const entries = await withRequestScope(deploy, () => readAll());
  await withRequestScope(deploy, () => sweepPlaces(clock()));
  for (const entry of entries) {
    if (entry.state === 'sent') {
      if (clock() - time(entry.sentAt) > KEEP_SENT_MS) {
        await withRequestScope(deploy, () =>
          withStore(OUTBOX_STORE, (store) => store.delete(entry.key)),
        );
        report.removed++;
      }
      continue;
    }
    if (!due(entry, clock(), false)) continue;
    if (clock() - started > budgetMs || settings === undefined) {
      report.left++;
      continue;
    }
    const result = await deliver(deploy, entry.key, { clock, settings });
    if (result === 'sent' || result === 'retry' || result === 'failed') report[result]++;
  }
  return report;
}

/** Every entry of the outbox, oldest lead first. */
export async function readAll(): Promise<OutboxEntry[]> {
  return withStore(OUTBOX_STORE, async (store) => {
    const found: OutboxEntry[] = [];
    for (const key of await outboxKeys(store)) {
      const read = await readEntry(store, key);
      if (read !== null) found.push(read.entry);
    }
    return found.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  });
}

/** What the admin lists: given up, or still not sent OVERDUE_MS after the lead. */
export function isUndelivered(entry: OutboxEntry, now: number): boolean {
  if (entry.state === 'failed') return true;
  return entry.state !== 'sent' && now - time(entry.createdAt) > OVERDUE_MS;
}
