/**
 * Login throttling per client address *and* username: after LOGIN_MAX_FAILURES failures within
 * LOGIN_LOCKOUT_MINUTES, that pair is refused (429) for LOGIN_LOCKOUT_MINUTES. Failures for
 * other usernames, or from other addresses, never lock anyone else out.
 */
import { createHash } from 'node:crypto';
import { readPositiveInt } from './env.ts';
import { loginAttempts } from './repositories/login-attempts.ts';

export interface ThrottleConfig {
  maxFailures: number;
  windowMs: number;
}

export function throttleConfig(): ThrottleConfig {
  return {
    maxFailures: readPositiveInt('LOGIN_MAX_FAILURES', 5),
    windowMs: readPositiveInt('LOGIN_LOCKOUT_MINUTES', 15) * 60_000,
  };
}

export function throttleKey(ip: string, username: string): string {
  return createHash('sha256').update(`${ip}\n${username}`).digest('hex');
}

/** Seconds until the pair may try again; 0 when it may try now. */
export async function lockedForSeconds(key: string, now: number = Date.now()): Promise<number> {
  const { lockedUntil } = await loginAttempts.get(key);
  return lockedUntil > now ? Math.ceil((lockedUntil - now) / 1000) : 0;
}

/** Counts a failure; the one that reaches the limit starts the lockout. */
export async function recordFailure(
  key: string,
  config: ThrottleConfig,
  now: number = Date.now(),
): Promise<void> {
  const current = await loginAttempts.get(key);
  const failures = [...current.failures.filter((t) => t > now - config.windowMs), now];
  await loginAttempts.put(
    key,
    failures.length >= config.maxFailures
      ? { failures: [], lockedUntil: now + config.windowMs }
      : { failures, lockedUntil: 0 },
  );
}

export async function clearFailures(key: string): Promise<void> {
  await loginAttempts.clear(key);
}
