/**
 * Where the audit log's records live: store `audit-log` of the deploy's data, one blob per record,
 * keyed `<bucket>/<time>-<12 hex>.<event>`: the time in epoch ms zero-padded to 15 digits (so
 * keys sort by time), its first BUCKET_DIGITS digits as a folder (a bucket of 10^9 ms, about
 * 11.6 days), 12 hex digits so two records of one millisecond never meet, and the event, so a
 * listing alone can filter by event. Records written before buckets and events joined the key
 * are `<time>-<12 hex>` at the top: a bucket's listing (prefix `<bucket>`, no slash) finds them
 * too, and they are read to filter by event.
 *
 * A listing is always of one bucket, never of the whole store: the admin's list walks buckets
 * from the newest down and stops once it has what the page needs (audit-query.ts).
 */
import { randomBytes } from 'node:crypto';
import { isAuditEvent, type AuditEvent } from '../../src/lib/audit-events.ts';

export const AUDIT_STORE = 'audit-log';

const TIME_DIGITS = 15;
/** Digits of the time a bucket's prefix holds: 10^(15 − 6) ms per bucket. */
export const BUCKET_DIGITS = 6;
export const BUCKET_MS = 10 ** (TIME_DIGITS - BUCKET_DIGITS);

const KEY = /^(?:(\d{6})\/)?((\d{15})-[0-9a-f]{12}(?:\.([a-z][a-z.-]*))?)$/;

const padTime = (time: number) => String(time).padStart(TIME_DIGITS, '0');

/** The bucket a time falls in, as its key prefix. */
export const bucketOf = (time: number) => padTime(time).slice(0, BUCKET_DIGITS);

/** The start (epoch ms) of the bucket a time falls in. */
export const bucketStart = (time: number) => Math.floor(time / BUCKET_MS) * BUCKET_MS;

/** A fresh record's key. */
export const recordKey = (now: number, event: AuditEvent, hex = randomBytes(6).toString('hex')) =>
  `${bucketOf(now)}/${padTime(now)}-${hex}.${event}`;

export interface KeyParts {
  time: number;
  /** Undefined for a record written before events joined the key. */
  event: AuditEvent | undefined;
}

/** A key's time and event; null for a key that is not a record's. */
export function parseKey(key: string): KeyParts | null {
  const match = KEY.exec(key);
  if (match === null) return null;
  const [, folder, , time = '', event] = match;
  // A bucketed key is in its own bucket's folder, and has its event.
  if (folder !== undefined && (folder !== time.slice(0, BUCKET_DIGITS) || event === undefined)) {
    return null;
  }
  if (event !== undefined && !isAuditEvent(event)) return null;
  return { time: Number(time), event };
}
