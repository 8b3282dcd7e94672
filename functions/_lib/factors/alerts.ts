/**
 * Security e-mails to the admin (ADMIN_EMAIL, else the office's address): a lockout, a sign-in
 * from a device not seen before, a passkey or authenticator added or removed, a recovery code
 * used, the factors reset. They go through the outbox like a lead's e-mails (kind `alert`, under
 * the pseudo-store `security`), so a mail server that is down delays an alert, never loses it.
 * An alert's id says what it is about, so a burst is one e-mail: the outbox writes an id once.
 * Refusals anyone can cause without signing in (`HOURLY` kinds: a lockout, the site-wide pause
 * of password checks) are one e-mail per kind and clock hour, whoever and wherever from, and say
 * how many sign-ins were refused from how many addresses since the previous hour began
 * (refusals.ts counts them). Never a password, code or token in the text.
 */
import { createHash } from 'node:crypto';
import { readEnv } from '../env.ts';
import type { FunctionContext } from '../http.ts';
import { deliverAfterResponse, enqueue } from '../outbox.ts';
import { HOUR_MS, firstThisHour, refusalSummary, type RefusalSummary } from '../refusals.ts';
import { StorageUnavailableError } from '../repositories/store.ts';
import { describeDevice, placeOf } from './sessions.ts';

export type AlertKind =
  | 'locked-out'
  | 'sign-in-paused'
  | 'account-locked'
  | 'new-device'
  | 'passkey-added'
  | 'passkey-removed'
  | 'totp-added'
  | 'totp-removed'
  | 'recovery-code-used'
  | 'factors-reset';

const SUBJECTS: Record<AlertKind, string> = {
  'locked-out': 'Admin sign-in locked after failed attempts',
  'sign-in-paused': 'Admin password checks paused after many failed attempts',
  'account-locked': "Admin sign-in's second step locked after failed codes",
  'new-device': 'New sign-in to the admin from a new device',
  'passkey-added': 'A passkey was added to the admin',
  'passkey-removed': 'A passkey was removed from the admin',
  'totp-added': 'An authenticator app was added to the admin',
  'totp-removed': 'The authenticator app was removed from the admin',
  'recovery-code-used': 'A recovery code was used to sign in to the admin',
  'factors-reset': "The admin's sign-in factors were reset",
};

const WHAT: Record<AlertKind, string> = {
  'locked-out':
    'Too many sign-in attempts failed, and sign-in from the address they came from is paused for a while.',
  'sign-in-paused':
    'Too many wrong admin passwords were tried from many addresses: password checks are paused for a while for every address that has not signed in recently.',
  'account-locked':
    'Too many codes or passkeys were refused after a right password, from one or more addresses: the second step of sign-in is paused for everyone for a while. Whoever sent them knows the admin password.',
  'new-device': 'Someone signed in to the admin from a browser that had not signed in before.',
  'passkey-added': 'A new passkey was added to the admin.',
  'passkey-removed': 'A passkey was removed from the admin.',
  'totp-added': 'An authenticator app was set up as a way to sign in to the admin.',
  'totp-removed': 'The authenticator app was removed as a way to sign in to the admin.',
  'recovery-code-used': 'A recovery code was used to sign in to the admin.',
  'factors-reset':
    'The operator removed every passkey, the authenticator app and the recovery codes. The next sign-in will set up a new passkey.',
};

export interface AlertDetails {
  /** What it is about, beyond its kind (a passkey's name, codes left). */
  detail?: string;
  /** Makes alerts of one kind distinct (a device hash, a lockout window); default: the time. */
  about?: string;
}

const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** Kinds anyone can cause without signing in: one e-mail per kind and clock hour, a summary. */
const HOURLY: ReadonlySet<AlertKind> = new Set<AlertKind>(['locked-out', 'sign-in-paused']);

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "12 refused sign-ins from 3 addresses since 13:00 UTC." (exported for the tests) */
export function refusalLine({ refused, addresses, more, since }: RefusalSummary): string {
  const from = `${more ? 'more than ' : ''}${plural(addresses, 'address', 'addresses')}`;
  const hour = new Date(since).toISOString().slice(11, 16);
  return `${plural(refused, 'refused sign-in', 'refused sign-ins')} from ${from} since ${hour} UTC (the last hour and this one so far). This e-mail is sent at most once an hour.`;
}

/** The alert's text (exported for the tests and the reset script). */
export function alertText(
  kind: AlertKind,
  { detail }: AlertDetails,
  where: { at: string; ip?: string; place?: string; device?: string },
): { subject: string; text: string } {
  const lines = [
    WHAT[kind],
    ...(detail ? ['', detail] : []),
    '',
    `When: ${where.at} (UTC)`,
    ...(where.device ? [`Browser: ${where.device}`] : []),
    ...(where.ip ? [`Address: ${where.ip}`] : []),
    ...(where.place ? [`Approximate place: ${where.place}`] : []),
    '',
    'If this was you, you need not do anything.',
    'If it was not: sign in, end the sessions you do not recognise (Security, Sessions), remove any',
    'passkey you do not know, and change the admin password (ADMIN_PASSWORD_HASH in Netlify).',
  ];
  return { subject: SUBJECTS[kind], text: lines.join('\n') };
}

/**
 * Queues the alert and sends it after the answer. A storage fault costs only the alert (logged):
 * the event it is about has happened.
 */
export async function sendAlert(
  kind: AlertKind,
  details: AlertDetails,
  req: Request | undefined,
  context: FunctionContext,
  now = Date.now(),
): Promise<void> {
  const at = new Date(now).toISOString();
  const place = placeOf(context.geo);
  const hourly = HOURLY.has(kind);
  if (hourly) {
    // The hour's alert is sent: a refusal costs one read, never the summary's reads.
    if (!(await claimHour(kind, now))) return;
    details = await hourlyDetails(details, now);
  }
  const { subject, text } = alertText(kind, details, {
    at: at.replace('T', ' ').slice(0, 19),
    ...(context.ip !== undefined && { ip: context.ip }),
    ...(place !== undefined && { place }),
    ...(req && { device: describeDevice(req.headers.get('user-agent')) }),
  });
  const id = hourly
    ? `${kind}-${hash(`hour ${Math.floor(now / HOUR_MS)}`)}`
    : `${kind}-${hash(details.about ?? at)}`;
  const to = readEnv('ADMIN_EMAIL');
  try {
    const queued = await enqueue(
      { store: 'security', id, createdAt: at },
      'alert',
      { subject, text, ...(to && { to }) },
      context.deploy?.context,
    );
    if (queued?.created) await deliverAfterResponse([queued.key], context);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    console.error(`alert ${kind}: not queued (storage unavailable)`);
  }
}

async function claimHour(kind: AlertKind, now: number): Promise<boolean> {
  try {
    return await firstThisHour(kind, now);
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    console.error(`alert ${kind}: not queued (storage unavailable)`);
    return false;
  }
}

/** An hourly alert's details: the hour's count of refusals (its `about` is the hour, always). */
async function hourlyDetails(details: AlertDetails, now: number): Promise<AlertDetails> {
  let line: string;
  try {
    line = refusalLine(await refusalSummary(now));
  } catch (error) {
    if (!(error instanceof StorageUnavailableError)) throw error;
    line = 'The number of refused sign-ins could not be read (storage unavailable).';
  }
  return { ...details, detail: details.detail ? `${details.detail}\n\n${line}` : line };
}
