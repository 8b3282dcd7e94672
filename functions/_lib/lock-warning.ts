/**
 * The warning a refused sign-in (401) carries when one more failure may lock sign-in: the headers
 * `X-Attempts-Left: 1` and `X-Lockout-Minutes: <LOGIN_LOCKOUT_MINUTES>` (names in
 * src/lib/schemas/login.ts; the login page turns them into a sentence). Nothing otherwise, and
 * nothing when the counts cannot be read: a warning never turns a refusal into another answer.
 */
import { LOCK_WARNING_HEADERS } from '../../src/lib/schemas/index.ts';
import { throttleConfig } from './throttle.ts';

/** The warning's headers when the smallest of `attemptsLeft` (throttle.ts counts) is exactly 1. */
export async function lockWarning(
  ...attemptsLeft: Promise<number>[]
): Promise<Record<string, string>> {
  let left: number;
  try {
    left = Math.min(...(await Promise.all(attemptsLeft)));
  } catch {
    return {}; // The store has logged the cause: the refusal goes out without the warning.
  }
  if (left !== 1) return {};
  return {
    [LOCK_WARNING_HEADERS.attemptsLeft]: '1',
    [LOCK_WARNING_HEADERS.lockoutMinutes]: String(throttleConfig().windowMs / 60_000),
  };
}
