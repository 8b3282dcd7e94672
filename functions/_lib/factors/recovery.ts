/**
 * Recovery codes: ten single-use codes, shown once when made and stored only as SHA-256 hashes
 * (each code holds 50 random bits: no dictionary to try). Using one removes its hash with a
 * conditional write, so one code never opens two sessions. Making new codes replaces the set read,
 * never a set another request made meanwhile: the codes a 201 shows are the ones stored.
 */
import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_ALPHABET } from '../../../src/lib/schemas/index.ts';
import { HttpError } from '../http.ts';
import { security, type StoredRecoveryCodes } from '../repositories/admin-security.ts';

export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_REFUSED = 'That recovery code is not right, or was used already.';
/** Conditional writes one use or new set retries after losing to a code used beside it. */
const MAX_CONFLICTS = 50;

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

function newSet(now: number): { codes: string[]; record: StoredRecoveryCodes } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const record = {
    createdAt: new Date(now).toISOString(),
    hashes: codes.map((code) => hashOf(code.replace('-', ''))),
  };
  return { codes, record };
}

/** The first set, at enrolment: written only where none exists; null when one does. */
export async function firstRecoveryCodes(now: number): Promise<string[] | null> {
  const { codes, record } = newSet(now);
  return (await security.writeRecoveryCodes(record, 'new')) ? codes : null;
}

/** Whether `current` is still the set `read` (only codes used since), not a new one. */
const sameSet = (read: StoredRecoveryCodes, current: StoredRecoveryCodes) =>
  current.createdAt === read.createdAt &&
  current.hashes.every((hash) => read.hashes.includes(hash));

/** Makes and stores a new set over the one there (it stops working); the codes, to show once. */
export async function newRecoveryCodes(now: number): Promise<string[]> {
  const { codes, record } = newSet(now);
  const read = await security.recoveryCodes();
  let current = read;
  for (let attempt = 0; attempt < MAX_CONFLICTS; attempt++) {
    if (await security.writeRecoveryCodes(record, current === null ? 'new' : current)) return codes;
    current = await security.recoveryCodes();
    // Lost to a code used meanwhile: write over that. Lost to another new set: refuse.
    if (read === null || current === null || !sameSet(read.value, current.value)) break;
  }
  throw new HttpError(409, 'The recovery codes were changed at the same time. Please try again.');
}

/**
 * Checks `code` (normalised: ten characters, no dash) without using it: 401 unless it is one of
 * the set. Gives the step that uses it up: how many are left, or 401 when another request used it
 * first (tests/functions/auth/factor-races.test.ts: one code, twenty uses at once, one sign-in).
 */
export async function checkRecoveryCode(code: string): Promise<() => Promise<number>> {
  const hash = hashOf(code);
  const stored = await security.recoveryCodes();
  if (stored === null || !stored.value.hashes.includes(hash)) {
    throw new HttpError(401, RECOVERY_REFUSED);
  }
  return async () => {
    let current: typeof stored | null = stored;
    for (let attempt = 0; attempt < MAX_CONFLICTS; attempt++) {
      if (current === null || !current.value.hashes.includes(hash)) break;
      const hashes = current.value.hashes.filter((other) => other !== hash);
      if (await security.writeRecoveryCodes({ ...current.value, hashes }, current)) {
        return hashes.length;
      }
      current = await security.recoveryCodes();
    }
    throw new HttpError(401, RECOVERY_REFUSED);
  };
}
