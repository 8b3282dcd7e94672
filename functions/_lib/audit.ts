/**
 * The audit log: one append-only record per admin action and security event, in the store
 * `audit-log` of the deploy's data, keyed by a time-sortable id and written with `onlyIfNew`, so
 * a record is never overwritten. A record holds the time, the event, its target (a record's
 * `<store>/<id>`, an announcement's id, an outbox key; for an erasure the SHA-256 of the address),
 * a count where one applies, the client address and the session (a hash of the token's id, never
 * the token). Never a password, code, token, note text or e-mail address.
 *
 * Admin handlers declare their event where they are made admin-only (auth.ts `admin`), which
 * records it once the handler has answered 2xx; sign-in and sign-out record theirs themselves.
 * Records older than AUDIT_MONTHS are deleted by the daily retention job. A failure to write a
 * record does not undo the action (it has happened): it is logged as an error, by event name.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash, randomBytes } from 'node:crypto';
import type { AuditEvent, AuditRecord } from '../../src/lib/audit-events.ts';
import { addressKey } from '../../src/lib/schemas/index.ts';
import { withStore } from './repositories/store.ts';

export const AUDIT_STORE = 'audit-log';

export {
  AUDIT_EVENTS,
  AUDIT_MONTHS,
  isAuditEvent,
  type AuditEvent,
  type AuditRecord,
} from '../../src/lib/audit-events.ts';

export interface AuditDetails {
  target?: string;
  count?: number;
}

interface Actor {
  ip?: string;
  session?: string;
}

const actors = new AsyncLocalStorage<Actor>();

/**
 * A record's key: its time in epoch ms, zero-padded so keys sort by time, and random hex so two
 * records of one millisecond never meet. (Lead ids never go back in time; a record's must, in a
 * test of a year-old record.)
 */
const keyOf = (now: number) => `${String(now).padStart(15, '0')}-${randomBytes(6).toString('hex')}`;
const KEY = /^(\d{15})-[0-9a-f]{12}$/;
const timeOf = (key: string) => Number(KEY.exec(key)?.[1] ?? NaN);

/** The session as the log names it: a short hash of the token's id, never the id itself. */
export const sessionOf = (jti: string) =>
  createHash('sha256').update(jti).digest('hex').slice(0, 16);

/** An address as an erasure leaves it in the log. */
export const hashedAddress = (email: string) =>
  `sha256:${createHash('sha256').update(addressKey(email)).digest('hex')}`;

/** Runs an admin handler with its client address and session, for the records it makes. */
export function asActor<T>(actor: Actor, work: () => Promise<T>): Promise<T> {
  return actors.run(actor, work);
}

/** The admin handler's client address and session (asActor), if it runs as one. */
export const currentActor = (): Actor | undefined => actors.getStore();

/** One record of `event` at `now`, as `audit` stores it (the reset script writes one too). */
export function auditRecord(
  event: AuditEvent,
  details: AuditDetails = {},
  actor: Actor = {},
  now = Date.now(),
): AuditRecord {
  return {
    id: keyOf(now),
    at: new Date(now).toISOString(),
    event,
    ...(details.target !== undefined && { target: details.target }),
    ...(details.count !== undefined && { count: details.count }),
    ...(actor.ip !== undefined && { ip: actor.ip }),
    ...(actor.session !== undefined && { session: actor.session }),
  };
}

/** Appends one record; `actor` defaults to the admin handler's (asActor). Never throws. */
export async function audit(
  event: AuditEvent,
  details: AuditDetails = {},
  actor: Actor = actors.getStore() ?? {},
  now = Date.now(),
): Promise<void> {
  const record = auditRecord(event, details, actor, now);
  try {
    await withStore(AUDIT_STORE, (store) => store.setJSON(record.id, record, { onlyIfNew: true }), {
      graceMs: 1_000,
    });
  } catch {
    console.error(`audit: the ${event} record could not be written`);
  }
}

export interface AuditQuery {
  event?: AuditEvent;
  /** ISO 8601 or epoch ms bounds of `at`, inclusive. */
  from?: number;
  to?: number;
}

/** The records matching `query`, newest first. */
export async function auditRecords(query: AuditQuery = {}): Promise<AuditRecord[]> {
  return withStore(AUDIT_STORE, async (store) => {
    const { blobs } = await store.list();
    const ids = blobs
      .map(({ key }) => key)
      .filter((key) => KEY.test(key))
      .filter((id) => {
        const time = timeOf(id);
        return (
          (query.from === undefined || time >= query.from) &&
          (query.to === undefined || time <= query.to)
        );
      })
      .sort()
      .reverse();
    const records: AuditRecord[] = [];
    for (const id of ids) {
      const record = (await store.get(id, { type: 'json' })) as AuditRecord | null;
      if (record !== null && (query.event === undefined || record.event === query.event)) {
        records.push(record);
      }
    }
    return records;
  });
}

/** Deletes records older than `cutoff` (epoch ms); their number. */
export async function purgeAudit(cutoff: number): Promise<number> {
  return withStore(AUDIT_STORE, async (store) => {
    const { blobs } = await store.list();
    let removed = 0;
    for (const { key } of blobs) {
      if (KEY.test(key) && timeOf(key) < cutoff) {
        await store.delete(key);
        removed++;
      }
    }
    return removed;
  });
}
