/**
 * The site-wide cap on checks of the admin's password: however many addresses an attacker holds,
 * at most LOGIN_SITE_MAX_CHECKS (default 100) attempts at the admin's name reach the password in
 * any LOGIN_LOCKOUT_MINUTES window. Past it, addresses that have not passed the password within
 * TRUSTED_DAYS get 429 until the window ends (login.ts) and the admin gets the hourly
 * 'sign-in-paused' alert; an address that passed it recently is still checked, so the admin
 * gets in during an attack.
 *
 * Store `sign-in-tallies` (credentials scope, like the lockout): the count is split over SHARDS
 * blobs `checks/<window parity>/<shard>` holding `{ window, count }`, each capped at its share of
 * the limit and changed by conditional writes only (tallies.ts), so the limit holds exactly under
 * any number of simultaneous attempts; a blob of an ended window counts as empty, so the store
 * never holds more than 2 × SHARDS counters. An address that passed the password is remembered
 * as `known/<sha256 of the address>` with the time.
 */
import { createHash, randomInt } from 'node:crypto';
import { readPositiveInt } from './env.ts';
import { withStore, type Store } from './repositories/store.ts';
import { changeTally, readTally, shareOf } from './repositories/tallies.ts';
import { throttleConfig } from './throttle.ts';

const STORE = 'sign-in-tallies';
const SHARDS = 8;
/** How long an address that passed the password is let past the site-wide cap. */
export const TRUSTED_DAYS = 30;
const DAY_MS = 86_400_000;

const withTallies = <T>(operation: (store: Store) => Promise<T>): Promise<T> =>
  withStore(STORE, operation, { scope: 'credentials' });

export interface SiteCheckConfig {
  max: number;
  windowMs: number;
}

export function siteCheckConfig(): SiteCheckConfig {
  return {
    max: readPositiveInt('LOGIN_SITE_MAX_CHECKS', 100),
    windowMs: throttleConfig().windowMs,
  };
}

interface CheckShard {
  window: number;
  count: number;
}

const addressKey = (ip: string) => `known/${createHash('sha256').update(ip).digest('hex')}`;

export type SiteCheck = { granted: true } | { granted: false; retryAfter: number };

/** Takes one of the window's password checks, or says how long until the next window. */
export async function takeSiteCheck(
  { max, windowMs }: SiteCheckConfig = siteCheckConfig(),
  now = Date.now(),
): Promise<SiteCheck> {
  const window = Math.floor(now / windowMs) * windowMs;
  const key = (shard: number) => `checks/${(window / windowMs) % 2}/${shard}`;
  const first = randomInt(SHARDS);
  const granted = await withTallies(async (store) => {
    for (let step = 0; step < SHARDS; step++) {
      const shard = (first + step) % SHARDS;
      const cap = shareOf(max, shard, SHARDS);
      const { written } = await changeTally<CheckShard>(store, key(shard), (current) => {
        const count = current?.window === window ? current.count : 0;
        return count < cap ? { window, count: count + 1 } : undefined;
      });
      if (written !== undefined) return true;
    }
    return false;
  });
  if (granted) return { granted: true };
  return { granted: false, retryAfter: Math.max(1, Math.ceil((window + windowMs - now) / 1000)) };
}

/** Whether `ip` passed the admin's password within TRUSTED_DAYS. */
export async function knownAddress(ip: string, now = Date.now()): Promise<boolean> {
  const { value } = await withTallies((store) =>
    readTally<{ at?: unknown }>(store, addressKey(ip)),
  );
  return typeof value?.at === 'number' && value.at > now - TRUSTED_DAYS * DAY_MS;
}

/** Remembers that `ip` passed the admin's password (a plain write: the newest time wins). */
export async function rememberAddress(ip: string, now = Date.now()): Promise<void> {
  await withTallies((store) => store.setJSON(addressKey(ip), { at: now }));
}
