/**
 * The daily purge in a store of 50,000 leads, 40 of them expired (Won three years ago): one
 * scheduled run deletes exactly those, within its storage deadline, without listing the store:
 * the expired ones are found in the index, whose journal says what changed.
 */
import { describe, expect, it } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import retentionFn from '../../../functions/retention.ts';
import { forgetLoadedIndexes } from '../../../functions/_lib/repositories/timeline.ts';
import { call, createdId, makeToken, useBlobs } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';
import { seedLeads } from '../seed-leads.ts';

const blobs = useBlobs();
const RECORDS = 50_000;
const EXPIRED = 40;
const LONG_AGO = new Date(Date.now() - 3 * 365 * 86_400_000).toISOString();

describe(`the retention purge of ${RECORDS.toLocaleString('en')} leads`, () => {
  it('deletes the expired ones in one run, never listing the store whole', async () => {
    const token = await makeToken();
    await createdId(await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() }));
    expect((await call(enquiriesFn, { path: '/api/enquiries', token })).status).toBe(200);
    await seedLeads(blobs, 'enquiries', RECORDS, {
      fields: (n) => (n < EXPIRED ? { status: 'Won', statusChangedAt: LONG_AGO } : {}),
    });
    forgetLoadedIndexes();
    blobs.resetOps();
    const res = await retentionFn(new Request('http://localhost/.netlify/functions/retention'));
    expect(res.status).toBe(204);
    const wholeListings = blobs.ops.filter(
      (op) => op.type === 'list' && /site:enquiries$/.test(op.url.split('?')[0]!),
    );
    expect(wholeListings.filter((op) => !op.url.includes('prefix='))).toEqual([]);
    const listed = await call(enquiriesFn, { path: '/api/enquiries?status=Won', token });
    expect(listed.headers.get('x-total-count')).toBe('0');
    const all = await call(enquiriesFn, { path: '/api/enquiries', token });
    expect(all.headers.get('x-total-count')).toBe(String(RECORDS + 1 - EXPIRED));
  }, 120_000);
});
