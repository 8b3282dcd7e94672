/**
 * What visit counting keeps of a person: after a day of visits from many addresses and browsers,
 * no file of the whole Blobs folder (names or contents) holds any address or user agent used,
 * and the day's salt, the only way to link a visitor key to one, is gone once the day is over.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBlobs } from '../helpers.ts';
import {
  CHROME,
  DAY,
  FIREFOX,
  HOUR,
  T0,
  clockAt,
  coldInstance,
  runRollup,
  sendVisit,
  storedKeys,
  viewBody,
} from './visit-kit.ts';

const blobs = useBlobs();

beforeEach(coldInstance);

/** Every file under `dir` whose path or contents hold `needle`. */
async function filesHolding(dir: string, needles: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const text = `${path}\n${await readFile(path, 'latin1')}`;
    if (
      needles.some((needle) => text.includes(needle) || text.includes(encodeURIComponent(needle)))
    )
      found.push(path);
  }
  return found;
}

const ADDRESSES = ['198.51.100.77', '203.0.113.154', '2001:db8::4f2a', '192.0.2.9'];
const AGENTS = [
  CHROME,
  FIREFOX,
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148 Safari/604.1',
];

describe('privacy of visit counts', () => {
  it('stores no address and no user agent anywhere, and the salt is gone the next day', async () => {
    const clock = clockAt(T0);
    for (let i = 0; i < 24; i++) {
      clock.now = T0 + i * 20 * 60_000;
      await sendVisit(
        clock,
        viewBody({ path: i % 2 ? '/' : '/ar/about/', lang: i % 2 ? 'en' : 'ar' }),
        {
          ip: ADDRESSES[i % ADDRESSES.length]!,
          ua: AGENTS[i % AGENTS.length]!,
          country: 'IN',
        },
      );
    }
    await runRollup(T0 + 10 * HOUR);
    expect(await storedKeys('e/')).toHaveLength(24);
    expect(await storedKeys('salt/')).toHaveLength(1);
    const secrets = [...ADDRESSES, ...AGENTS, 'iPhone OS 18_1', 'Firefox/133.0'];
    expect(await filesHolding(blobs.directory, secrets)).toEqual([]);

    // The next day: the rollup deletes the day's salt; the day's counts stay.
    await runRollup(T0 + DAY);
    expect(await storedKeys('salt/')).toEqual([]);
    expect(await storedKeys('d/')).toHaveLength(1);
    expect(await filesHolding(blobs.directory, secrets)).toEqual([]);

    // The search itself finds an address where one is written.
    await getStore({ name: 'elsewhere', consistency: 'strong' }).set('note', ADDRESSES[2]!);
    expect(await filesHolding(blobs.directory, secrets)).toHaveLength(1);
  });
});
