/**
 * The site-wide hourly ceiling on held submissions (functions/_lib/repositories/held-quota.ts)
 * against the Blobs emulation: however many addresses send at once, no more are held than the
 * ceiling, the rest are refused with a 429 in the sender's language and store nothing, accepted
 * leads never count against it, a cold instance cannot pass it, and past hours' blocks are swept.
 */
import { getStore } from '@netlify/blobs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import {
  HELD_QUOTA_STORE,
  forgetHeldPlaces,
  sweepHeldQuota,
  takeHeldPlace,
} from '../../../functions/_lib/repositories/held-quota.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { call, useBlobs } from '../helpers.ts';
import { validContact } from '../samples.ts';
import { liveIds } from '../store-inspection.ts';

useBlobs();

const CEILING = 20;
const HOUR = 3_600_000;

beforeEach(() => {
  vi.stubEnv('ALTCHA_MAX_NUMBER', '20');
  vi.stubEnv('ACKNOWLEDGE_SENDER', 'false');
  vi.stubEnv('HELD_SITE_PER_HOUR', String(CEILING));
  forgetHeldPlaces();
});

/** A send without a proof of work (a form without JavaScript, or a bot): it is held. */
const unverified = (n: number, lang = 'en') =>
  call(contactFn, {
    path: '/api/contact',
    json: validContact({ lang, name: `Sender ${n}` }),
    ip: `198.51.${n >> 8}.${n & 255}`,
    proof: false,
  });

const heldKeys = async () =>
  (await getStore({ name: 'held', consistency: 'strong' }).list()).blobs.map(({ key }) => key);
const quotaKeys = async () =>
  (await getStore({ name: HELD_QUOTA_STORE, consistency: 'strong' }).list()).blobs.map(
    ({ key }) => key,
  );

describe('the site-wide ceiling on held submissions', () => {
  it('holds no more than the ceiling from 60 addresses at once; the rest get 429 and store nothing', async () => {
    const answers = await Promise.all(Array.from({ length: 60 }, (_, n) => unverified(n)));
    const statuses = answers.map(({ status }) => status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CEILING);
    expect(statuses.filter((status) => status === 429)).toHaveLength(60 - CEILING);
    const refused = answers.find(({ status }) => status === 429)!;
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await refused.json()).toEqual({
      error:
        'We are receiving an unusual number of messages, so this one was not stored. Please try again in an hour.',
    });
    expect(await liveIds('held')).toHaveLength(CEILING);
    expect(await liveIds('contact-messages')).toEqual([]);
  });

  it('a cold instance cannot pass it; an accepted lead is never counted nor refused', async () => {
    await Promise.all(Array.from({ length: CEILING }, (_, n) => unverified(n)));
    const before = await heldKeys();
    forgetHeldPlaces();
    const late = await unverified(100, 'ar');
    expect(late.status).toBe(429);
    expect(((await late.json()) as { error: string }).error).toMatch(/ساعة/);
    expect(await heldKeys()).toEqual(before);
    const lead = await call(contactFn, {
      path: '/api/contact',
      json: validContact(),
      ip: '192.0.2.9',
    });
    expect(lead.status).toBe(201);
    const { _id } = (await lead.json()) as { _id: string };
    expect(await liveIds('contact-messages')).toEqual([_id]);
  });

  it('opens again the next hour, and the sweep deletes the blocks of past hours only', async () => {
    const now = Date.UTC(2026, 10, 29, 10, 30);
    const take = (at: number) => withRequestScope(undefined, () => takeHeldPlace(at));
    for (let i = 0; i < CEILING; i++) expect(await take(now - 2 * HOUR)).toBe(true);
    expect(await take(now - 2 * HOUR)).toBe(false);
    expect(await take(now - HOUR)).toBe(true);
    expect(await take(now)).toBe(true);
    const hour = (at: number) => String(Math.floor(at / HOUR)).padStart(7, '0');
    expect(new Set((await quotaKeys()).map((key) => key.split('/')[0]))).toEqual(
      new Set([hour(now - 2 * HOUR), hour(now - HOUR), hour(now)]),
    );
    const deleted = await withRequestScope(undefined, () => sweepHeldQuota(now));
    expect(deleted).toBe(3);
    expect((await quotaKeys()).filter((key) => key !== 'sweep-cursor')).toEqual([`${hour(now)}/0`]);
  });
});
