/**
 * The audit log: one append-only record per admin action and security event, in the store
 * `audit-log` of the deploy's data, keyed by time and event (audit-layout.ts) and written with
 * `onlyIfNew`, so a record is never overwritten. Refused sign-ins, which anyone can cause without
 * signing in, are counted per hour instead (refusals.ts), within a bounded number of blobs. A record holds the time, the event, its target (a record's
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
import { createHash } from 'node:crypto';
import type { AuditEvent, AuditRecord } from '../../src/lib/audit-events.ts';
import { addressKey } from '../../src/lib/schemas/index.ts';
import { AUDIT_STORE, recordKey } from './audit-layout.ts';
import { countRefusal, isRefusal } from './refusals.ts';
import { withStore } from './repositories/store.ts';

export { AUDIT_STORE };
export {
  auditPage,
  auditRecords,
  purgeAudit,
  type AuditPage,
  type AuditQuery,
} from './audit-query.ts';

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
    id: recordKey(now, event),
    at: new Date(now).toISOString(),
    event,
    ...(details.target !== undefined && { target: details.target }),
    ...(details.count !== undefined && { count: details.count }),
    ...(actor.ip !== undefined && { ip: actor.ip }),
    ...(actor.session !== undefined && { session: actor.session }),
  };
}

/**
 * Appends one record; `actor` defaults to the admin handler's (asActor). A refusal of a sign-in
 * (refusals.ts) is counted in its hour's counter instead, and gets a record of its own only as its
 * address's first that hour, within the site-wide hourly cap. Never throws.
 */
export async function audit(
  event: AuditEvent,
  details: AuditDetails = {},
  actor: Actor = actors.getStore() ?? {},
  now = Date.now(),
): Promise<void> {
  const record = auditRecord(event, details, actor, now);
  try {
    if (isRefusal(event) && !(await countRefusal(actor.ip, now))) return;
    await withStore(AUDIT_STORE, (store) => store.setJSON(record.id, record, { onlyIfNew: true }), {
      graceMs: 1_000,
    });
  } catch {
    console.error(`audit: the ${event} record could not be written`);
  }
}
