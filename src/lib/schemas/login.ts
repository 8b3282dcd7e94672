/**
 * Login, step 1: user name and password (both required) and the browser's device id. The answer
 * is never a token: it is the second step (`LoginStep`), a passkey to use or one to create. The
 * second step's bodies and answers are in `factors.ts`.
 */
import * as v from 'valibot';
import {
  LIMITS,
  REQUIRED_MESSAGE,
  requiredText,
  tooLongMessage,
  withoutControlCharacters,
} from './fields.ts';

/** 128 random bits, base64url: what `deviceId()` in the admin keeps. */
export const DEVICE_ID = /^[\w-]{22}$/;

/**
 * A refused sign-in (401) after which one more failure may lock sign-in carries these headers:
 * `X-Attempts-Left: 1` and `X-Lockout-Minutes`, the lock's length (functions/_lib/lock-warning.ts).
 */
export const LOCK_WARNING_HEADERS = {
  attemptsLeft: 'x-attempts-left',
  lockoutMinutes: 'x-lockout-minutes',
} as const;

export const LoginSchema = v.object({
  username: requiredText(LIMITS.name),
  /**
   * Not trimmed: spaces may be part of a password. Bounded so hashing stays cheap. No control
   * characters: a password field cannot take them, and `npm run hash-password` refuses them too.
   */
  password: v.pipe(
    v.nullish(v.string(REQUIRED_MESSAGE), ''),
    v.nonEmpty(REQUIRED_MESSAGE),
    withoutControlCharacters(),
    v.maxLength(LIMITS.password, tooLongMessage(LIMITS.password)),
  ),
  /** A random id the admin's browser keeps (localStorage), for "a sign-in from a new device". */
  device: v.optional(v.pipe(v.string(), v.regex(DEVICE_ID, 'Invalid device id.'))),
});

export type LoginInput = v.InferOutput<typeof LoginSchema>;

export interface LoginResponse {
  token: string;
}
