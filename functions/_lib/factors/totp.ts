/**
 * The authenticator app (TOTP, RFC 6238 with otpauth): SHA-1, 6 digits, 30-second steps, a code
 * of the step before or after accepted (clocks drift), and each code used once: the step of the
 * last accepted code is stored with a conditional write, and no code of that step or an earlier
 * one is accepted again.
 */
import { Secret, TOTP } from 'otpauth';
import { HttpError } from '../http.ts';
import { security, type StoredTotp } from '../repositories/admin-security.ts';

const PERIOD_SECONDS = 30;
const WINDOW = 1;
export const TOTP_REFUSED = 'That code is not right, or was used already. Please try the next one.';

function totpOf(secret: string, label = 'admin', issuer = 'Site admin'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret (160 bits) and the otpauth:// address an app reads from its QR code. */
export function newSecret(label: string, issuer: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, label, issuer).toString() };
}

/** The step of `code` for `secret` at `now`, within one step either side; undefined if none. */
export function stepOf(secret: string, code: string, now: number): number | undefined {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? undefined : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of `secret` at `now` (tests, and a set-up's own check). */
export const codeAt = (secret: string, now: number) => totpOf(secret).generate({ timestamp: now });

/**
 * Checks `code` against the stored authenticator without using it: 401 unless it is of a step
 * within one either side of `now` and after the last one accepted. Gives the step that uses it up:
 * the step stored over the version checked, or 401 when another request used a code first.
 */
export async function checkTotp(code: string, now: number): Promise<() => Promise<void>> {
  const stored = await security.totp();
  const step = stored === null ? undefined : stepOf(stored.value.secret, code, now);
  if (stored === null || step === undefined || step <= stored.value.lastStep) {
    throw new HttpError(401, TOTP_REFUSED);
  }
  return async () => {
    const used: StoredTotp = { ...stored.value, lastStep: step };
    if (!(await security.writeTotp(used, { etag: stored.etag }))) {
      throw new HttpError(401, TOTP_REFUSED);
    }
  };
}
