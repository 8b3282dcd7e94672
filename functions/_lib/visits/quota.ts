/**
 * The site-wide ceiling on stored visit events, PAGEVIEW_SITE_PER_MINUTE (default 15,000, rounded
 * up to whole blocks), that holds across instances and however many addresses send them (Netlify's rate limit counts per
 * address). An instance takes a block of QUOTA_BLOCK events of the current minute by writing
 * `q/<minute>/<n>` with `onlyIfNew` (n below the minute's number of blocks), and spends it
 * before it takes another: one storage write per block, never a shared counter. A block
 * part-spent when the minute ends is lost, so the ceiling is never passed, only sometimes not
 * reached.
 */
import { readPositiveInt } from '../env.ts';
import { scopedName } from '../repositories/store.ts';
import { keysUnder, putOnce, VISITS_STORE } from '../repositories/visits.ts';

export const QUOTA_BLOCK = 100;
/** Blocks an instance tries to take before it gives up for the minute. */
const MAX_TRIES = 5;

export const sitePerMinute = () => readPositiveInt('PAGEVIEW_SITE_PER_MINUTE', 15_000);

interface Block {
  minute: number;
  left: number;
}

const held = new Map<string, Block>();
const claiming = new Map<string, Promise<Block | undefined>>();

/** Takes one event's place of the site's current minute; false when the minute is full. */
export async function takeQuota(now: number): Promise<boolean> {
  const minute = Math.floor(now / 60_000);
  const name = scopedName(VISITS_STORE);
  for (;;) {
    const block = held.get(name);
    if (block !== undefined && block.minute === minute && block.left > 0) {
      block.left--;
      return true;
    }
    // One claim at a time per instance and minute: simultaneous requests share its block.
    const claimKey = `${name}|${minute}`;
    let claim = claiming.get(claimKey);
    if (claim === undefined) {
      claim = claimBlock(minute).finally(() => claiming.delete(claimKey));
      claiming.set(claimKey, claim);
    }
    const taken = await claim;
    if (taken === undefined) return false;
    held.set(name, taken);
  }
}

async function claimBlock(minute: number): Promise<Block | undefined> {
  const blocks = Math.ceil(sitePerMinute() / QUOTA_BLOCK);
  const prefix = `q/${minute}/`;
  const taken = new Set(await keysUnder(prefix, blocks));
  let tries = 0;
  for (let index = 0; index < blocks && tries < MAX_TRIES; index++) {
    if (taken.has(`${prefix}${index}`)) continue;
    tries++;
    if (await putOnce(`${prefix}${index}`, {})) return { minute, left: QUOTA_BLOCK };
  }
  return undefined;
}

/** Forgets the blocks this instance holds (tests: a cold instance). */
export function forgetQuota(): void {
  held.clear();
}
