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
 * - The schedule finds due messages through the outbox's `due` index, at most SENDS_PER_RUN a
 *   run, and never reads the whole outbox (repositories/outbox.ts keeps the index); the admin's
 *   list pages through the `unsent` index (`undeliveredPage`).
 * - Sent entries are deleted KEEP_SENT_MS after they were sent, at most CLEAN_PER_RUN a run,
 *   found through the `sent` index; all of a lead's go when the lead is deleted
 *   (repositories/outbox.ts `forgetMailOf`). Errors are stored as the server gave them; logs carry
 *   keys only. The schedule also clears the acknowledgement limits' old places and hour salts.
 *
 * Clocks are injected (`clock`), never read from a test's wall time.
 */
import { mailSettings, sendMail, type MailSettings, type Notification } from './mailer.ts';
import {
  OUTBOX_STORE,
  dropPointers,
  indexLegacy,
  outboxKey,
  pointersOf,
  pointersUntil,
  putNewEntry,
  putPointers,
  readEntry,
  unsentPointers,
  writeEntry,
  type MailKind,
  type OutboxEntry,
  type Pointer,
} from './repositories/outbox.ts';
import { sweepPlaces } from './repositories/ack-limits.ts';
import {
  StorageUnavailableError,
  withRequestScope,
  withStore,
  type DeployInfo,
  type Store,
} from './repositories/store.ts';

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
/** The most messages one scheduled run sends (the rest wait for the next run). */
export const SENDS_PER_RUN = 50;
/** The most sent entries one scheduled run deletes (each: a read and three deletes). */
export const CLEAN_PER_RUN = 100;
/** How long one run's clean-up may go on starting deletes (the sends wait for it). */
export const CLEAN_BUDGET_MS = 5_000;
/** The most entries from before the index one scheduled run indexes. */
export const LEGACY_PER_RUN = 100;
/** A pointer to no entry is dropped only this long after its time (its entry may be on its way). */
const ORPHAN_AFTER_MS = 10 * MINUTE;

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
  const created = await withStore(OUTBOX_STORE, (store) => putNewEntry(store, entry));
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
  // A message given up and sent again by hand is due while it is claimed: an instance that dies
  // sending it leaves it for the schedule.
  await reindex(outbox, entry, claimed, 'add');
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
  const added = await reindex(outbox, claimed, next, 'add');
  const marked = await outbox((store) => writeEntry(store, next, { etag: claim }));
  if (marked === null) console.error(`outbox ${key}: its claim was taken over while sending`);
  else if (added) await reindex(outbox, [entry, claimed], next, 'drop');
  if (failure !== undefined) console.error(`outbox ${key}: attempt ${attempts} failed`);
  return failure === undefined ? 'sent' : next.state === 'failed' ? 'failed' : 'retry';
}

/**
 * The index follows an entry from state `from` (the states it went through) to `to`: `add`
 * writes the pointers `to` needs (before the entry is written), `drop` deletes those only `from`
 * needed (after it was). Best
 * effort: a pointer left behind is dropped by the reader that meets it; one that could not be
 * added leaves the old ones in place (a due pointer found with its entry in another state writes
 * the pointers of that state, `sendDue`). Whether it was done.
 */
async function reindex(
  outbox: <T>(work: (store: Store) => Promise<T>) => Promise<T>,
  from: OutboxEntry | OutboxEntry[],
  to: OutboxEntry,
  step: 'add' | 'drop',
): Promise<boolean> {
  const before = [from].flat().flatMap(pointersOf);
  const after = pointersOf(to);
  const keys =
    step === 'add'
      ? after.filter((key) => !before.includes(key))
      : before.filter((key) => !after.includes(key));
  if (keys.length === 0) return true;
  try {
    await outbox((store) =>
      step === 'add' ? putPointers(store, keys) : dropPointers(store, keys),
    );
    return true;
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    console.error(`outbox ${to.key}: its index was not updated (${step}); repaired later`);
    return false;
  }
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
  /** Due messages left for the next run (the run's time or its SENDS_PER_RUN was up). */
  left: number;
  /** Entries from before the index, read and indexed. */
  indexed: number;
  /** The steps that met a storage fault (the others ran all the same). */
  faults: string[];
}

export interface RunOptions {
  clock?: Clock;
  /** How long the run may go on starting sends (a send may take ~35 s against a hanging server). */
  budgetMs?: number;
  settings?: MailSettings | undefined;
  sendLimit?: number;
  cleanLimit?: number;
  /** How long the clean-up may go on starting deletes. */
  cleanBudgetMs?: number;
  legacyLimit?: number;
}

/**
 * The scheduled run, in steps that each have a storage deadline of their own and fail alone (a
 * storage fault is counted in `faults`, the next step runs): the acknowledgement limits' sweep,
 * the clean-up of sent entries, the indexing of entries from before the index, then the sends.
 * The clean-up comes before the sends, so a send that hangs can never starve it, and its
 * bounds (CLEAN_PER_RUN, and the time its deadline leaves) keep it from starving the sends.
 */
export async function deliverDue(
  deploy: DeployInfo | undefined,
  {
    clock = Date.now,
    budgetMs = 12_000,
    settings = mailSettings(deploy?.context),
    sendLimit = SENDS_PER_RUN,
    cleanLimit = CLEAN_PER_RUN,
    cleanBudgetMs = CLEAN_BUDGET_MS,
    legacyLimit = LEGACY_PER_RUN,
  }: RunOptions = {},
): Promise<RunReport> {
  const report: RunReport = {
    sent: 0,
    retry: 0,
    failed: 0,
    removed: 0,
    left: 0,
    indexed: 0,
    faults: [],
  };
  const step = async (name: string, work: () => Promise<void>) => {
    try {
      await withRequestScope(deploy, work);
    } catch (error) {
      if (!(error instanceof StorageUnavailableError)) throw error;
      report.faults.push(name);
    }
  };
  await step('ack-limits', async () => void (await sweepPlaces(clock())));
  await step('clean-up', async () => {
    report.removed = await cleanUp(deploy, { clock, limit: cleanLimit, budgetMs: cleanBudgetMs });
  });
  await step('legacy', async () => {
    report.indexed = await withStore(OUTBOX_STORE, (store) => indexLegacy(store, legacyLimit));
  });
  await step('send', () => sendDue(deploy, report, { clock, budgetMs, settings, sendLimit }));
  return report;
}

/**
 * Deletes up to `limit` sent entries sent more than KEEP_SENT_MS before `clock()`, oldest first,
 * found through the `sent` index, and their pointers: 8 at a time, each with a storage deadline
 * of its own, none started once `budgetMs` is spent (what is left waits for the next run). A
 * sent entry is never written again (a retry of it is refused, `due`), so its delete needs no
 * condition. How many entries it deleted.
 */
async function cleanUp(
  deploy: DeployInfo | undefined,
  { clock, limit, budgetMs }: { clock: Clock; limit: number; budgetMs: number },
): Promise<number> {
  const started = clock();
  const pointers = await withStore(OUTBOX_STORE, (store) =>
    pointersUntil(store, 'sent', started - KEEP_SENT_MS - 1, limit),
  );
  let removed = 0;
  const one = (pointer: Pointer) =>
    withRequestScope(deploy, () =>
      withStore(OUTBOX_STORE, async (store) => {
        const read = await readEntry(store, pointer.entry);
        const entry = read?.entry;
        if (entry?.state === 'sent' && time(entry.sentAt) === pointer.at) {
          await store.delete(entry.key);
          removed++;
          await dropPointers(store, pointersOf({ ...entry, state: 'pending' }));
        } else if (entry !== undefined) {
          await putPointers(store, pointersOf(entry));
        } else if (started - pointer.at < ORPHAN_AFTER_MS) {
          return;
        }
        await store.delete(pointer.key);
      }),
    );
  for (let i = 0; i < pointers.length && clock() - started <= budgetMs; i += 8) {
    await Promise.all(pointers.slice(i, i + 8).map(one));
  }
  return removed;
}

/**
 * Sends what the `due` index says is due, oldest first, at most `sendLimit` a run and while
 * `budgetMs` lasts. Each pointer's entry is read again: a pointer that no longer matches its
 * entry's state is replaced by the ones that state needs (or dropped, if there is no entry).
 */
async function sendDue(
  deploy: DeployInfo | undefined,
  report: RunReport,
  {
    clock,
    budgetMs,
    settings,
    sendLimit,
  }: { clock: Clock; budgetMs: number; settings: MailSettings | undefined; sendLimit: number },
): Promise<void> {
  const started = clock();
  const outbox = <T>(work: (store: Store) => Promise<T>) =>
    withRequestScope(deploy, () => withStore(OUTBOX_STORE, work));
  const pointers = await withStore(OUTBOX_STORE, (store) =>
    pointersUntil(store, 'due', started, sendLimit + 1),
  );
  if (pointers.length > sendLimit) report.left++;
  for (const pointer of pointers.slice(0, sendLimit)) {
    const now = clock();
    const read = await outbox((store) => readEntry(store, pointer.entry));
    if (read === null) {
      if (now - pointer.at >= ORPHAN_AFTER_MS) {
        await outbox((store) => store.delete(pointer.key));
      }
      continue;
    }
    const wanted = pointersOf(read.entry);
    if (!wanted.includes(pointer.key)) {
      await outbox(async (store) => {
        await putPointers(store, wanted);
        await store.delete(pointer.key);
      });
      // The pointer of its state is due too, or it waits for its own time.
    }
    if (!due(read.entry, now, false)) continue;
    if (now - started > budgetMs || settings === undefined) {
      report.left++;
      continue;
    }
    const result = await deliver(deploy, pointer.entry, { clock, settings });
    if (result === 'sent' || result === 'retry' || result === 'failed') report[result]++;
  }
}

/** One page of the admin's list of e-mails not delivered, oldest lead first. */
export interface UndeliveredPage {
  entries: OutboxEntry[];
  /** Where the next page starts, when there is one. */
  next?: string;
}

/** How many e-mails one page of the admin's list holds at most. */
export const UNDELIVERED_PAGE = 50;

/**
 * The e-mails not delivered (`isUndelivered`) among the next `limit` entries of the `unsent`
 * index after `after` (the previous page's `next`). A pointer whose entry is sent, or gone
 * ORPHAN_AFTER_MS after its time, is dropped.
 */
export async function undeliveredPage(
  now: number,
  after: string | undefined,
  limit = UNDELIVERED_PAGE,
): Promise<UndeliveredPage> {
  return withStore(OUTBOX_STORE, async (store) => {
    const { pointers, more } = await unsentPointers(store, {
      ...(after !== undefined && { after }),
      max: limit,
    });
    const entries: OutboxEntry[] = [];
    for (let i = 0; i < pointers.length; i += 10) {
      const batch = pointers.slice(i, i + 10);
      const reads = await Promise.all(batch.map((pointer) => readEntry(store, pointer.entry)));
      for (const [n, read] of reads.entries()) {
        const pointer = batch[n]!;
        if (read !== null && pointersOf(read.entry).includes(pointer.key)) {
          if (isUndelivered(read.entry, now)) entries.push(read.entry);
        } else if (read?.entry.state === 'sent' || now - pointer.at >= ORPHAN_AFTER_MS) {
          await store.delete(pointer.key);
        }
      }
    }
    const last = pointers.at(-1);
    return { entries, ...(more && last !== undefined && { next: last.key }) };
  });
}

/** What the admin lists: given up, or still not sent OVERDUE_MS after the lead. */
export function isUndelivered(entry: OutboxEntry, now: number): boolean {
  if (entry.state === 'failed') return true;
  return entry.state !== 'sent' && now - time(entry.createdAt) > OVERDUE_MS;
}
