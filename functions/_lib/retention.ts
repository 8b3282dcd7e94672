/**
 * Retention: leads of every kind are deleted as their declaration's `retention` says. Enquiries
 * and contact messages older than RETENTION_MONTHS (retention-period.ts) are deleted when they
 * are Won, Lost or untouched New (New, or no status, never changed); Contacted and Qualified
 * leads are still being worked on and stay. Applications are deleted 12 months after they were
 * sent, whatever their status, with their CV (timeline.ts deletes a record's file with it), as
 * the applicant agreed to in the form.
 *
 * "Older than" counts calendar months back from `now`, from the record's last change of status
 * (`statusChangedAt`), else its creation (`createdAt`, the id's time): a lead won or lost last week
 * on an enquiry from two years ago is then kept another period, as the privacy policy promises
 * ("from our last exchange with you"), instead of vanishing the night it is closed. An untouched
 * New lead has no change, so its creation counts.
 *
 * The purge finds expired records in the stores' indexes (timeline-index.ts, whose summaries
 * hold each record's status and last change; the id holds its creation), so finding them reads
 * no record and never lists a store (the index learns changes from its journal); each expired one
 * costs a read and a delete, under the daily function's own deadline (functions/retention.ts,
 * 25 s), not the API's 4 s. A run starts no batch with under 5 s of that time left: the records it
 * could not reach are the oldest of the next run's, and the run ends with its summary, not a 503.
 * Each record is read again just before its delete and kept if it is no longer expired (an admin
 * changed it meanwhile); a change in the few milliseconds between that read and the delete is not
 * caught (Blobs has no conditional delete on content). Reports carry ids, store, dates and status
 * only: never names or e-mail addresses, as they go to logs.
 */
import { DEFAULT_STATUS, isStatus, type FollowUp } from '../../src/lib/schemas/index.ts';
import { idTime } from './ids.ts';
import { LEAD_KINDS, type AnyLeadKind } from '../../src/lib/leads/index.ts';
import { leadTimeline, type Stamped } from './repositories/timeline.ts';
import { retentionMonths } from '../../src/lib/retention-period.ts';
import { storageTimeLeft } from './repositories/store.ts';
import { sweepClaims } from './repositories/submission-keys.ts';

export { retentionMonths };

export type RetainedRecord = Stamped & Pick<FollowUp, 'status' | 'statusChangedAt'>;

/** The store of a kind of lead: 'enquiries' | 'contact-messages'. */
export type StoreName = (typeof LEAD_KINDS)[number]['store'];

/** One record the purge removed (or, in a dry run, would remove). */
export interface PurgedRecord {
  store: StoreName;
  id: string;
  createdAt: string;
  status: FollowUp['status'];
  statusChangedAt?: string;
}

export interface PurgeOptions {
  /** Report what would be removed, remove nothing. */
  dryRun?: boolean;
  /** Epoch ms; injectable for tests. */
  now?: number;
  /** Months to keep; default RETENTION_MONTHS. */
  months?: number;
  /** Called after each delete, so a run cut short can still say what it removed. */
  onRemoved?: (record: PurgedRecord) => void;
}

export interface PurgeResult {
  dryRun: boolean;
  months: number;
  /** ISO 8601: records whose last change is before this are expired. */
  cutoff: string;
  removed: PurgedRecord[];
  /** Records too new to the index to be judged in this run (the next run judges them). */
  unindexed?: number;
  /** Expired records this run had no time left to delete (the next run starts with them). */
  left?: number;
}

/** How a kind's records are kept (its declaration's `retention`): enquiries' and messages' rule. */
export type RetentionRule = AnyLeadKind['retention'];

const LEADS_RULE: RetentionRule = {
  from: 'last-change',
  purgeable: ['Won', 'Lost', DEFAULT_STATUS],
};

/** The instant `months` calendar months before `now` (clamped to the month's end, as Date does). */
export function cutoffOf(now: number, months: number): number {
  const date = new Date(now);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** Whether the purge may delete this record at `now`. */
export function isExpired(
  record: RetainedRecord,
  now: number,
  months: number = retentionMonths(),
  rule: RetentionRule = LEADS_RULE,
): boolean {
  if (rule.from === 'created') {
    // Kept for as long as the sender agreed to, from the day it was sent, whatever became of it.
    const created = Date.parse(record.createdAt);
    return Number.isFinite(created) && created < cutoffOf(now, rule.months ?? months);
  }
  const status = record.status ?? DEFAULT_STATUS;
  if (rule.purgeable !== 'all' && !rule.purgeable.includes(status)) return false;
  // New but changed before (e.g. Contacted, then back to New) is not untouched.
  if (status === DEFAULT_STATUS && record.statusChangedAt !== undefined) return false;
  const lastChange = Date.parse(record.statusChangedAt ?? record.createdAt);
  // A record whose dates cannot be read is kept: deleting on a guess is not undoable.
  return Number.isFinite(lastChange) && lastChange < cutoffOf(now, months);
}

/** What the index says of a record, as `isExpired` reads it. */
function retainedOf(id: string, summary: Readonly<Record<string, string>>): RetainedRecord {
  const changed = summary['statusChangedAt'];
  return {
    _id: id,
    createdAt: new Date(idTime(id)).toISOString(),
    status: isStatus(summary['status']) ? summary['status'] : DEFAULT_STATUS,
    ...(changed ? { statusChangedAt: changed } : {}),
  };
}

/** Expired records deleted per rewrite of the index. */
const BATCH = 20;
/** Storage time a batch may start with at least: a run ends cleanly, never by its deadline. */
const BATCH_RESERVE_MS = 5_000;

/**
 * Finds, and unless `dryRun` deletes, every expired record of every kind, oldest first; then
 * forgets idempotency keys older than their time (submission-keys.ts).
 */
export async function purgeExpired({
  dryRun = false,
  now = Date.now(),
  months = retentionMonths(),
  onRemoved,
}: PurgeOptions = {}): Promise<PurgeResult> {
  const removed: PurgedRecord[] = [];
  let unindexed = 0;
  let left = 0;
  for (const kind of LEAD_KINDS as readonly AnyLeadKind[]) {
    const name = kind.store as StoreName;
    const timeline = leadTimeline(kind);
    const expires = (record: RetainedRecord) => isExpired(record, now, months, kind.retention);
    const { entries, pending } = await timeline.summaries();
    unindexed += pending;
    const expired = entries
      .map(({ id, summary }) => retainedOf(id, summary))
      .filter(expires)
      .reverse();
    for (let start = 0; start < expired.length; start += BATCH) {
      // Bounded by the run's storage time: what is left is the oldest next run's first work.
      if (!dryRun && storageTimeLeft() < BATCH_RESERVE_MS) {
        left += expired.length - start;
        break;
      }
      const batch = expired.slice(start, start + BATCH);
      if (dryRun) {
        removed.push(...batch.map((record) => purged(name, record)));
        continue;
      }
      // Read again just before the delete: a record changed meanwhile may no longer be expired.
      const current: RetainedRecord[] = [];
      for (const candidate of batch) {
        const record = await timeline.find(candidate._id);
        if (record && expires(record)) current.push(record);
      }
      const gone = new Set(await timeline.removeMany(current.map((record) => record._id)));
      for (const record of current) {
        if (!gone.has(record._id)) continue;
        const entry = purged(name, record);
        removed.push(entry);
        onRemoved?.(entry);
      }
    }
    if (!dryRun) await sweepClaims(name, now);
  }
  return {
    dryRun,
    months,
    cutoff: new Date(cutoffOf(now, months)).toISOString(),
    removed,
    unindexed,
    left,
  };
}

function purged(store: StoreName, record: RetainedRecord): PurgedRecord {
  return {
    store,
    id: record._id,
    createdAt: record.createdAt,
    status: record.status,
    ...(record.statusChangedAt === undefined ? {} : { statusChangedAt: record.statusChangedAt }),
  };
}

/** One line for the log: counts per store and the ids, nothing personal. */
export function summary(result: PurgeResult): string {
  // Each store by its name in words: '3 enquiries, 1 contact messages'.
  const counts = LEAD_KINDS.map(({ store }) => {
    const count = result.removed.filter((r) => r.store === store).length;
    return `${count} ${store.replaceAll('-', ' ')}`;
  });
  const verb = result.dryRun ? 'would remove' : 'removed';
  const ids = result.removed.map((r) => `${r.store}/${r.id}`).join(' ');
  return (
    `retention (${result.months} months, before ${result.cutoff}): ${verb} ${counts.join(', ')}` +
    (ids ? `: ${ids}` : '') +
    (result.unindexed
      ? ` (${result.unindexed} records not indexed yet, left to the next run)`
      : '') +
    (result.left ? ` (${result.left} expired records left to the next run: no time)` : '')
  );
}
