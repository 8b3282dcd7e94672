/**
 * The counts the admin frame shows (navigation badges, the dashboard's "needs attention" line),
 * each from one small request: a one-record page of each lead list (its X-New-Count), the
 * outbox's first page, and the backup status. A count that could not be read is null.
 */
import { backupStatus } from '../api/security';
import { listLeads } from '../api/leads';
import { listUndelivered } from '../api/mail';
import { listHeld } from '../api/held';
import { LEAD_KINDS, type AnyLeadKind, type LeadKey } from '../../lib/leads';

/** A count for each kind of lead, by its key (null: not read). */
export type LeadCounts = Readonly<Record<LeadKey, number | null>>;

export interface FrameCounts {
  /** Each kind's New records in its whole store (its 'new' or 'unread'). */
  fresh: LeadCounts;
  /** Each kind's records New for more than a working day (src/lib/working-day.ts). */
  waiting: LeadCounts;
  /** E-mails not delivered on the outbox's first page. */
  undelivered: number | null;
  /** The outbox has more pages than the first. */
  undeliveredMore: boolean;
  /** Held submissions waiting for a decision (the Spam / held room). */
  held: number | null;
  /** The last backup is older than the server's limit, or there is none. */
  backupOverdue: boolean | null;
}

const UNKNOWN_LEADS = Object.fromEntries(LEAD_KINDS.map(({ key }) => [key, null])) as LeadCounts;

/** A count for each kind of lead, as `count` reads it from the kind's list answer. */
const byKind = (read: (kind: AnyLeadKind, at: number) => number | null): LeadCounts =>
  Object.fromEntries(
    (LEAD_KINDS as readonly AnyLeadKind[]).map((kind, at) => [kind.key, read(kind, at)]),
  ) as LeadCounts;

export const UNKNOWN_COUNTS: FrameCounts = {
  fresh: UNKNOWN_LEADS,
  waiting: UNKNOWN_LEADS,
  undelivered: null,
  undeliveredMore: false,
  held: null,
  backupOverdue: null,
};

const EVERYTHING = { q: '', filters: {} };
const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

export async function readCounts(): Promise<FrameCounts> {
  const [lists, outbox, backup, held] = await Promise.all([
    Promise.all(
      (LEAD_KINDS as readonly AnyLeadKind[]).map((kind) =>
        orNull(listLeads(kind, EVERYTHING, 1, 1)),
      ),
    ),
    orNull(listUndelivered()),
    orNull(backupStatus()),
    orNull(listHeld(1, 1)),
  ]);
  return {
    fresh: byKind((_kind, at) => lists[at]?.newCount ?? null),
    waiting: byKind((_kind, at) => lists[at]?.waitingCount ?? null),
    undelivered: outbox?.mails.length ?? null,
    undeliveredMore: outbox?.next !== undefined,
    held: held?.total ?? null,
    backupOverdue: backup?.overdue ?? null,
  };
}
