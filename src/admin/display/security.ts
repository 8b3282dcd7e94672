/**
 * The texts of the admin's sign-in factors: what a passkey dialog's failure means, the recovery
 * codes (left, as a file), the authenticator secret for typing, how a session signed in.
 */
import type { PasskeySummary } from '../../lib/schemas';
import { plural, type Noun } from './counts';
import { formatDate } from './values';

/** How many recovery codes a set holds (functions/_lib/factors/recovery.ts). */
export const RECOVERY_CODE_COUNT = 10;
/** At or below this many codes left, the admin is told to make new ones. */
export const RECOVERY_LOW = 3;

const CODE_NOUN: Noun = { one: 'recovery code', many: 'recovery codes' };

export const PASSKEY_CANCELLED =
  'The passkey request was cancelled or timed out. Try again, or use another way in.';
export const PASSKEY_CREATE_CANCELLED =
  'The passkey request was cancelled or timed out. Please try again.';

/**
 * What a failed passkey dialog (`startAuthentication`, `startRegistration`) means for the admin;
 * null for an abort this page asked for (the admin chose another way in).
 */
export function passkeyFailure(error: unknown, purpose: 'use' | 'create'): string | null {
  const name = error instanceof Error ? error.name : '';
  if (name === 'AbortError') return null;
  if (name === 'NotAllowedError') {
    return purpose === 'use' ? PASSKEY_CANCELLED : PASSKEY_CREATE_CANCELLED;
  }
  if (name === 'InvalidStateError') {
    return 'This device or security key holds a passkey for this site already. Use another one.';
  }
  if (name === 'SecurityError') return 'Passkeys cannot be used at this web address.';
  return purpose === 'use'
    ? 'This browser could not use a passkey. Try again, or use another way in.'
    : 'This browser could not create a passkey. Try again, or use another browser or device.';
}

/** '7 of 10 left'. */
export const recoveryLeft = (left: number) => `${left} of ${RECOVERY_CODE_COUNT} left`;

/** Whether so few codes are left that the admin should make new ones. */
export const recoveryLow = (left: number) => left <= RECOVERY_LOW;

/** After a sign-in with a recovery code: how many are left, and what to do next. */
export function recoveryUsedText(left: number): string {
  const count =
    left === 0 ? 'You have no recovery codes left' : `You have ${plural(left, CODE_NOUN)} left`;
  const advice = recoveryLow(left) ? ' Make new codes in Security, on the dashboard, soon.' : '';
  return `${count}.${advice}`;
}

/** The codes as a text file to keep: what they are for, when they were made, one a line. */
export function recoveryCodesFile(codes: readonly string[], host: string, now: Date): string {
  return [
    `Recovery codes for the admin of ${host}`,
    `Made ${now.toISOString().slice(0, 10)}. Each code works once; new codes replace these.`,
    '',
    ...codes,
    '',
  ].join('\n');
}

/** The file's name: `recovery-codes-<host>-<yyyy-mm-dd>.txt`. */
export const recoveryCodesFilename = (host: string, now: Date) =>
  `recovery-codes-${host.replace(/[^\w.-]+/g, '-')}-${now.toISOString().slice(0, 10)}.txt`;

/** An authenticator secret in groups of four, for typing into an app: 'ABCD EFGH …'. */
export const secretGroups = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? '';

/** How a session signed in, in words; an unknown method by its name. */
export function signInMethod(method: string): string {
  return (
    { passkey: 'Passkey', totp: 'Authenticator app', recovery: 'Recovery code' }[method] ?? method
  );
}

/** Stands in for Remove beside the only passkey (src/lib/passkey-removal.ts). */
export const ONLY_PASSKEY_HINT = 'Your only passkey here: add another one before you remove it.';

/** 'Added 3 Mar 2026, 10:00 · last used 4 Mar 2026, 09:12', 'never used'. */
export function passkeyDates({ createdAt, lastUsedAt }: PasskeySummary): string {
  const used = lastUsedAt === undefined ? 'never used' : `last used ${formatDate(lastUsedAt)}`;
  return `Added ${formatDate(createdAt)} · ${used}`;
}
