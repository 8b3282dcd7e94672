/**
 * Records deleted between a list's look at the index and its reads of the page (by another
 * request or instance, e.g. several admins' clean-ups at once) are left out, and the next records
 * fill the page: a list never answers an empty page while it counts records that exist.
 */
import { describe, expect, it } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import { enquiries } from '../../../functions/_lib/repositories/enquiries.ts';
import type { EnquiryInput } from '../../../src/lib/schemas/index.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';

const blobs = useBlobs();
const faulty = useFaultyBlobs(blobs);

async function seed(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const record = await enquiries.create(
      validEnquiry({ fullName: `Vanishing ${index}` }) as unknown as EnquiryInput,
    );
    ids.push(record._id);
  }
  return ids.reverse(); // Newest first, as lists show them.
}

/** Reads of these records answer 404 from now on, as if deleted right after the listing. */
function vanish(ids: readonly string[]): void {
  faulty.inject({
    method: 'GET',
    path: new RegExp(`/(${ids.join('|')})$`),
    fault: { kind: 'refuse', status: 404 },
  });
}

const list = async (query: string) => {
  const res = await call(enquiriesFn, { path: `/api/enquiries${query}`, token: await makeToken() });
  expect(res.status).toBe(200);
  const items = (await res.json()) as { _id: string }[];
  return { ids: items.map((item) => item._id), total: res.headers.get('x-total-count') };
};

describe('a page whose records vanish after the index named them', () => {
  it('is filled with the next records, and the total leaves the vanished out', async () => {
    const ids = await seed(13);
    expect((await list('?page=1&pageSize=10')).total).toBe('13'); // The index holds all 13.

    vanish(ids.slice(0, 10));
    expect(await list('?page=1&pageSize=10')).toEqual({ ids: ids.slice(10), total: '3' });
  });

  it('keeps a page full when only some of its records vanish', async () => {
    const ids = await seed(8);
    await list('?pageSize=5');

    vanish([ids[1]!, ids[3]!]);
    expect(await list('?page=1&pageSize=5')).toEqual({
      ids: [ids[0], ids[2], ids[4], ids[5], ids[6]],
      total: '6',
    });
  });
});
