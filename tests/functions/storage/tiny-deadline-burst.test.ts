/**
 * A burst of submissions under a storage deadline too short for most of them: every answer is
 * 201 or 503, a 503 without an idempotency key means "not stored" (the record, if written, is
 * taken back), and no blob is ever left empty or cut short, so lists keep answering.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it, vi } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import { isId } from '../../../functions/_lib/ids.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { liveIds } from '../store-inspection.ts';
import { validEnquiry } from '../samples.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);

describe('a burst under a tiny storage deadline', () => {
  // Whatever share of the burst a deadline lets through on this machine, the rules hold.
  it.each(['60', '1000'])(
    'of %s ms stores only acknowledged records, none of them empty, and the list still answers',
    async (deadline) => {
      vi.stubEnv('STORAGE_TIMEOUT_MS', deadline);
      const answers = await Promise.all(
        Array.from({ length: 150 }, (_, n) =>
          call(enquiriesFn, {
            path: '/api/enquiries',
            json: validEnquiry({ fullName: `Burst ${n}` }),
          }),
        ),
      );
      const statuses = answers.map((res) => res.status);
      expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
      const acknowledged = new Set<string>();
      for (const res of answers) {
        if (res.status === 201) acknowledged.add(((await res.json()) as { _id: string })._id);
      }
      // The take-backs run within their grace period after the answers; let them finish.
      await new Promise((resolve) => setTimeout(resolve, 2_000));

      vi.stubEnv('STORAGE_TIMEOUT_MS', '30000');
      const store = getStore({ name: 'enquiries', consistency: 'strong' });
      const stored: string[] = [];
      for (const id of (await store.list()).blobs.map((blob) => blob.key).filter(isId)) {
        const text = await store.get(id, { type: 'text' });
        const value = JSON.parse(text ?? '') as { _deleted?: boolean };
        if (value._deleted === true) continue; // Taken back.
        stored.push(id);
        expect(acknowledged.has(id), `${id} stored but answered 503`).toBe(true);
      }
      const list = await call(enquiriesFn, { path: '/api/enquiries', token: await makeToken() });
      expect(list.status).toBe(200);
      expect(list.headers.get('x-total-count')).toBe(String(stored.length));
      console.info(
        `150 posts at ${deadline} ms: ${acknowledged.size} × 201, ${150 - acknowledged.size} × 503; ` +
          `${stored.length} stored`,
      );
    },
  );
});

describe('a create whose write lands after its request gave up', () => {
  it('is not stored: the take-back tombstone makes the late onlyIfNew write fail', async () => {
    // The record's write reaches storage 2 s late: after the deadline and after the take-back.
    faulty.inject({
      method: 'PUT',
      path: /\/site:enquiries\/[0-7][0-9A-Z]{25}$/,
      fault: { kind: 'delay', ms: 2_000 },
      times: 1,
    });
    vi.stubEnv('STORAGE_TIMEOUT_MS', '300');
    const res = await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry() });
    expect(res.status).toBe(503);
    // Wait until the late write has been forwarded and answered.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    blobs.restore();
    vi.stubEnv('STORAGE_TIMEOUT_MS', '30000');
    expect(await liveIds('enquiries')).toEqual([]);
    const list = await call(enquiriesFn, { path: '/api/enquiries', token: await makeToken() });
    expect(list.headers.get('x-total-count')).toBe('0');
  });
});
