/**
 * 100 visitors post an enquiry while the admin lists at once: every post answers 201, every list
 * 200 and holds the post made just before it (read-your-writes). What makes that hold whatever
 * the machine: no list reads the whole store (the index's journal says what changed) and the
 * storage calls of a pair stay a small constant however many run at once; those are asserted.
 * The deadline is the helpers' generous one, since a shared two-core machine under load cannot
 * answer 100 concurrent lists of the local Blobs server in production's 4 s.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import { forgetLoadedIndexes } from '../../../functions/_lib/repositories/timeline.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';

const blobs = useBlobs({ silenceErrors: true });

beforeEach(() => {
  vi.stubEnv('STORAGE_TIMEOUT_MS', '30000');
  forgetLoadedIndexes();
});

const PAIRS = 100;

describe('100 concurrent post-then-list pairs', () => {
  it('all 201 and 200, each list holding its own post', async () => {
    const token = await makeToken();
    // A store that has been listed before, as production's always has.
    await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() });
    expect((await call(enquiriesFn, { path: '/api/enquiries', token })).status).toBe(200);
    blobs.resetOps();
    const outcomes = await Promise.all(
      Array.from({ length: PAIRS }, async (_, n) => {
        const posted = await call(enquiriesFn, {
          path: '/api/enquiries',
          json: validEnquiry({ fullName: `Pair ${n}` }),
          ip: `198.51.100.${n}`,
        });
        const id = posted.status === 201 ? ((await posted.json()) as { _id: string })._id : '';
        const listed = await call(enquiriesFn, { path: '/api/enquiries', token });
        const ids =
          listed.status === 200
            ? ((await listed.json()) as { _id: string }[]).map((item) => item._id)
            : [];
        // Newest first, ten a page: its own post is on it, or ten newer ones pushed it on.
        const pushedOn = ids.length === 10 && ids.every((other) => other > id);
        return {
          posted: posted.status,
          listed: listed.status,
          holdsOwn: ids.includes(id) || pushedOn,
        };
      }),
    );
    // What makes it hold on any machine: no list reads the whole store, and the storage calls of
    // a pair stay a small constant (a page of ten records, shared by the lists that read it at
    // once; the journal's changes, read once per instance), whatever the concurrency.
    expect(blobs.ops.filter((op) => op.type === 'list' && !op.url.includes('prefix='))).toEqual([]);
    expect(blobs.ops.length).toBeLessThanOrEqual(PAIRS * 30);
    expect(outcomes.filter((o) => o.posted !== 201).map((o) => o.posted)).toEqual([]);
    expect(outcomes.filter((o) => o.listed !== 200).map((o) => o.listed)).toEqual([]);
    expect(outcomes.filter((o) => !o.holdsOwn)).toEqual([]);
  }, 60_000);
});
