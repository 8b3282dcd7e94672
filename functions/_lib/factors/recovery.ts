/**
 * Recovery codes: ten single-use codes, shown once when made and stored only as SHA-256 hashes
 * (each code holds 50 random bits: no dictionary to try). Using one removes its hash with a
 * conditional write, so one code never opens two sessions. Making new codes replaces the old.
 */
import { createHash, randomInt } from 'node:crypto';
import { RECOVERY_ALPHABET } from '../../../src/lib/schemas/index.ts';
import { HttpError } from '../http.ts';
import { security } from '../repositories/admin-security.ts';

export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_REFUSED = 'That recovery code is not right, or was used already.';

const hashOf = (code: string) => createHash('sha256').update(code).digest('hex');

function newCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Makes and stores a new set (the old one stops working); the codes, to show once. */
export async function newRecoveryCodes(now: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  const record = {
    createdAt: new Date(now).toISOString(),
    hashes: codes.map((code) => hashOf(code.replace('-', ''))),
  };
  for (let attempt = 0; attempt < 5; attempt++) {
    const current = await security.recoveryCodes();
    if (
      await security.writeRecoveryCodes(record, current === null ? 'new' : { etag: current.etag })
    ) {
      return codes;
    }
  }
  throw new HttpError(409, 'The recovery codes were changed at the same time. Please try again.');
}

/** Spends `code` (normalised: ten characters, no dash); how many are left, or 401. */
export async function useRecoveryCode(code: string): Promise<number> {
  const hash = hashOf(code);
  for (let attempt = 0; attempt < 5; attempt++) {
    const stored = await security.recoveryCodes();
    if (stored === null || !stored.value.hashes.includes(hash)) {
      throw new HttpError(401, RECOVERY_REFUSED);
    }
    const hashes = stored.value.hashes.filter((other) => other !== hash);
    if (await security.writeRecoveryCodes({ ...stored.value, hashes }, { etag: stored.etag })) {
      return hashes.length;
    }
  }
  throw new HttpError(401, RECOVERY_REFUSED);
}
