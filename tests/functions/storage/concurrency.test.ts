import { describe, expect, it } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';

useBlobs();

describe('concurrent submissions', () => {
  it('stores 200 simultaneous enquiries, all with unique ids, none lost', async () => {
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(enquiriesFn, {
          path: '/api/enquiries',
          json: validEnquiry({ fullName: `Lead ${i}` }),
        }),
      ),
    );
    expect(responses.map((res) => res.status)).toEqual(Array(200).fill(201));
    const ids = await Promise.all(
      responses.map(async (res) => ((await res.json()) as { _id: string })._id),
    );
    expect(new Set(ids).size).toBe(200);

    const token = await makeToken();
    const listed: Record<string, unknown>[] = [];
    for (const page of [1, 2]) {
      const res = await call(enquiriesFn, {
        path: `/api/enquiries?page=${page}&pageSize=100`,
        token,
      });
      expect(res.headers.get('x-total-count')).toBe('200');
      listed.push(...((await res.json()) as Record<string, unknown>[]));
    }
    expect(new Set(listed.map((item) => item['_id']))).toEqual(new Set(ids));
    expect(new Set(listed.map((item) => item['fullName'])).size).toBe(200);
    // Newest first: ids (time-sortable) descend.
    const listedIds = listed.map((item) => item['_id'] as string);
    expect(listedIds).toEqual([...listedIds].sort().reverse());
  });
});
