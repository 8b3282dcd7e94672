/**
 * Login throttling per client address and user name that holds under simultaneous requests: in
 * any LOGIN_LOCKOUT_MINUTES at most LOGIN_MAX_FAILURES attempts of one pair reach the password
 * check; the rest get 429 with Retry-After, and other names or addresses are never locked out.
 * Reserve, then check: each request first takes a numbered slot of the current lockout-long
 * window by conditional write, slot i only while i < max − the previous window's attempts still
 * within the lockout time (no lock, no read-then-write race). A failure keeps its slot as its
 * record; a success forgives the failures that ended before it began and frees its own slot only
 * when no other attempt is recorded or in flight. A pair's first attempt in a window deletes
 * older records (SWEEP_LIMIT at a time). A slot taken as its window ends is taken again in the
 * new one, which assumes instances' clocks agree to within the time a claim takes.
 */
import { createHash } from 'node:crypto';
import { readPositiveInt } from './env.ts';
import { equalSecrets } from './password.ts';
import { loginAttempts, type Slot, type SlotRef } from './repositories/login-attempts.ts';

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

/** The name every user name that is not the admin's counts under (it cannot be typed: a NUL). */
export const UNKNOWN_NAME = '\u0000unknown';

/**
 * The name a password attempt counts under: the admin's own, or UNKNOWN_NAME for any other, so
 * made-up names lock out after LOGIN_MAX_FAILURES per address like the real one (each made-up
 * name its own counter never locked anything), no made-up name is stored even hashed, and an
 * address holds at most two counters however many names it tries.
 */
export function throttleName(username: string, adminName: string): string {
  return equalSecrets(username, adminName) ? adminName : UNKNOWN_NAME;
}

/** Slots lost to other requests before a request gives up: it is then refused, never checked. */
const MAX_CONFLICTS = 10;
/** Records of ended windows one request deletes at most (the rest go with later attempts). */
const SWEEP_LIMIT = 100;

/** One reserved attempt: report how the password check went. */
export interface LoginAttempt {
  /** Records the failure: the slot stays taken until it is older than the lockout time. */
  failed(): Promise<void>;
  /** Forgives the failures that ended before this attempt began, and frees its slot when quiet. */
  succeeded(): Promise<void>;
  /**
   * A step that is not the whole sign-in passed (the password, before the second factor): frees
   * its own slot and forgives nothing, so the password alone never wipes out the second factor's
   * failures. Freeing at once is safe: every failure keeps its own slot, so failures stay within
   * the limit however many passes there are.
   */
  passed(): Promise<void>;
}

export type Reservation =
  { granted: true; attempt: LoginAttempt } | { granted: false; retryAfter: number };

export interface ReserveOptions {
  config?: ThrottleConfig;
  clock?: () => number;
}

/** Takes a slot for one password check of the pair, or says how long to wait for one. */
export async function reserveAttempt(
  ip: string,
  username: string,
  { config = throttleConfig(), clock = () => Date.now() }: ReserveOptions = {},
): Promise<Reservation> {
  const pair = throttleKey(ip, username);
  for (let pass = 0; pass < 2; pass++) {
    const now = clock();
    const window = windowStart(now, config.windowMs);
    const claim = await claimSlot(pair, window, now, config);
    if (!claim.granted) return claim;
    if (windowStart(clock(), config.windowMs) === window) {
      if (claim.firstInWindow) await sweepEndedWindows(window - config.windowMs);
      return { granted: true, attempt: attemptOn(claim, config, clock) };
    }
    await loginAttempts.write(claim.slot, { at: now, state: 'released' }, claim.etag);
  }
  return { granted: false, retryAfter: 1 };
}

/**
 * How many more attempts the client address `ip` has under `usernames` taken together before a
 * lock: LOGIN_MAX_FAILURES less the attempts of those pairs that still count (failed, checked or
 * in flight, and younger than the lockout time), never below 0. Read after a failure is recorded,
 * it counts that failure too.
 */
export async function attemptsLeft(
  ip: string,
  usernames: readonly string[],
  { config = throttleConfig(), clock = () => Date.now() }: ReserveOptions = {},
): Promise<number> {
  const now = clock();
  const window = windowStart(now, config.windowMs);
  const slots = await Promise.all(
    usernames.flatMap((username) => {
      const pair = throttleKey(ip, username);
      return [
        loginAttempts.slots(window - config.windowMs, pair),
        loginAttempts.slots(window, pair),
      ];
    }),
  );
  const held = slots.flat().filter((slot) => holds(slot, now, config.windowMs)).length;
  return Math.max(config.maxFailures - held, 0);
}

interface Claim {
  granted: true;
  slot: SlotRef;
  at: number;
  etag: string | undefined;
  /** Attempts already ended (failed, or checked beside others) when the slot was taken. */
  forgivable: Slot[];
  firstInWindow: boolean;
}

type Refusal = { granted: false; retryAfter: number };

async function claimSlot(
  pair: string,
  window: number,
  now: number,
  { maxFailures, windowMs }: ThrottleConfig,
): Promise<Claim | Refusal> {
  const [previous, current] = await Promise.all([
    loginAttempts.slots(window - windowMs, pair),
    loginAttempts.slots(window, pair),
  ]);
  const stillCounting = previous.filter((slot) => holds(slot, now, windowMs));
  const held = [...stillCounting, ...current.filter((slot) => holds(slot, now, windowMs))];
  const bound = maxFailures - stillCounting.length;
  const byIndex = new Map(current.map((slot) => [slot.index, slot]));
  let conflicts = 0;
  for (let index = 0; index < bound && conflicts < MAX_CONFLICTS; index++) {
    const existing = byIndex.get(index);
    // A slot is taken again once it no longer counts: released, or older than the lockout time
    // (stamped by an instance whose clock ran behind).
    if (existing !== undefined && holds(existing, now, windowMs)) continue;
    const slot = { window, pair, index };
    const { written, etag } = await loginAttempts.write(
      slot,
      { at: now, state: 'pending' },
      existing?.etag,
    );
    if (written) {
      return {
        granted: true,
        slot,
        at: now,
        etag,
        forgivable: held.filter((other) => other.state === 'failed' || other.state === 'checked'),
        firstInWindow: current.length === 0,
      };
    }
    conflicts++;
    // Another request's attempt, just begun.
    held.push({ ...slot, at: now, state: 'pending', etag: undefined });
  }
  return { granted: false, retryAfter: secondsUntilFree(held, now, windowMs) };
}

function attemptOn(claim: Claim, { windowMs }: ThrottleConfig, clock: () => number): LoginAttempt {
  const { slot, at, etag } = claim;
  // Without an ETag the slot cannot be rewritten safely: it then stays pending (still counted).
  const rewrite = async (state: 'failed' | 'checked' | 'released') => {
    if (etag !== undefined) await loginAttempts.write(slot, { at, state }, etag);
  };
  return {
    failed: () => rewrite('failed'),
    passed: () => rewrite('released'),
    async succeeded() {
      await Promise.all(
        claim.forgivable.map((failure) =>
          loginAttempts.write(failure, { at: failure.at, state: 'released' }, failure.etag),
        ),
      );
      const now = clock();
      const [previous, current] = await Promise.all([
        loginAttempts.slots(slot.window - windowMs, slot.pair),
        loginAttempts.slots(slot.window, slot.pair),
      ]);
      const others = [...previous, ...current].filter(
        (other) =>
          holds(other, now, windowMs) &&
          !(other.window === slot.window && other.index === slot.index),
      );
      // Anything else recorded began beside this attempt: freeing the slot could let it past.
      // The slot then stays counted as `checked`, and the next success that begins after it
      // forgives it like a failure (else concurrent correct logins would pile up to a lockout).
      await rewrite(others.length === 0 ? 'released' : 'checked');
    },
  };
}

/** Whether a slot still counts against the pair: taken, and younger than the lockout time. */
function holds(slot: Slot, now: number, windowMs: number): boolean {
  return slot.state !== 'released' && (slot.at ?? now) > now - windowMs;
}

function windowStart(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

/** When the oldest attempt that counts leaves the lockout time, a slot frees. */
function secondsUntilFree(held: readonly Slot[], now: number, windowMs: number): number {
  // Never empty: a refusal means each slot below the bound was held, or lost to a request that
  // took it (pushed to `held` as just begun).
  const oldest = Math.min(...held.map((slot) => slot.at ?? now));
  const seconds = Math.ceil((oldest + windowMs - now) / 1000);
  return Math.min(Math.max(seconds, 1), Math.ceil(windowMs / 1000));
}

async function sweepEndedWindows(before: number): Promise<void> {
  try {
    await loginAttempts.sweep(before, SWEEP_LIMIT);
  } catch {
    // Housekeeping only (withStore has logged the cause): a later attempt sweeps again.
  }
}
