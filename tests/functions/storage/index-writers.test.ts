/**
 * Who writes the index, and what a writer leaves behind (timeline-index.ts, timeline.ts):
 *  - a writer whose head loses to another's (`onlyIfMatch`) deletes the chunks it wrote, so no
 *    chunk blob outlives the heads that could name it;
 *  - a delete whose index rewrite failed (the record gone, the index still naming it) is finished
 *    by the delete's retry: the index no longer names the record, in any blob;
 *  - the rewrite after a delete is forced: it writes even while another load of the instance is
 *    writing, so when the delete answers no stored index names the record.
 * Writers are held up at their head write by the fault proxy, so the races are the same on any
 * machine.
 */
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { forgetLoadedIndexes, timeline } from '../../../functions/_lib/repositories/timeline.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { useBlobs } from '../helpers.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);

interface Note {
  n: number;
}

const raw = () => getStore({ name: 'notes', consistency: 'strong' });
const HEAD_PUT = /^PUT \/[^/]+\/site:notes\/_index$/;

async function seeded(count: number) {
  const notes = timeline<Note>('notes', { chunkSize: 3 });
  for (let n = 0; n < count; n++) await notes.create({ n });
  await notes.page(1, 10); // The index is built and stored.
  return notes;
}

/** The chunk blobs in the store, and the ones the stored head names. */
async function chunks(): Promise<{ stored: string[]; named: string[] }> {
  const { blobs: listed } = await raw().list({ prefix: '_index-' });
  const head = (await raw().get('_index', { type: 'json' })) as { tags: string[] };
  return {
    stored: listed.map((blob) => blob.key).sort(),
    named: head.tags.map((tag) => `_index-${tag}`).sort(),
  };
}

/** Every id any stored chunk blob holds. */
async function idsInChunks(): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const key of (await chunks()).stored) {
    const chunk = (await raw().get(key, { type: 'json' })) as { entries: [string][] };
    for (const [id] of chunk.entries) ids.add(id);
  }
  return ids;
}

/** Holds the next write of the index's head for `ms`. */
function holdHeadWrite(ms: number): void {
  faulty.inject({
    method: 'PUT',
    path: /\/site:notes\/_index$/,
    fault: { kind: 'delay', ms },
    times: 1,
  });
}

async function headPutSeen(): Promise<void> {
  while (!faulty.seen.some((line) => HEAD_PUT.test(line))) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a writer of the index', () => {
  it('that loses its head write deletes the chunks it wrote', async () => {
    const notes = await seeded(7);
    await notes.create({ n: 7 }); // The last chunk changes: the next load writes a new one.
    const before = await chunks();
    holdHeadWrite(400);
    const loading = notes.page(1, 10);
    await headPutSeen();
    // Another writer's head lands first (the same index, a new ETag): the held one loses.
    const head = await raw().get('_index', { type: 'json' });
    await raw().setJSON('_index', head);
    expect((await loading).total).toBe(8);
    const after = await chunks();
    expect(after.named).toEqual(before.named);
    expect(after.stored).toEqual(after.named);
  });

  it('of a delete whose rewrite failed is finished by the repeated delete', async () => {
    const notes = await seeded(7);
    const victim = (await notes.page(1, 1)).items[0]!._id;
    // The record is deleted, then the store's change cannot be marked: the index is not rewritten.
    faulty.inject({
      method: 'PUT',
      path: /\/site:notes\/_generation$/,
      fault: { kind: 'refuse', status: 503 },
      times: 1,
    });
    await expect(notes.remove(victim)).rejects.toThrow();
    blobs.restore();
    expect(await idsInChunks()).toContain(victim);
    expect(await notes.remove(victim)).toBe(false); // Nothing left to delete: 404 …
    // … but the index is rewritten: no blob of it names the record, and lists count 6.
    expect(await idsInChunks()).not.toContain(victim);
    forgetLoadedIndexes();
    expect((await notes.page(1, 10)).total).toBe(6);
  });

  it('after a delete writes even while another load of the instance is writing', async () => {
    const notes = await seeded(7);
    const victim = (await notes.page(3, 1)).items[0]!._id;
    await notes.create({ n: 7 }); // The next list rebuilds and writes.
    holdHeadWrite(1_500);
    const listing = notes.page(1, 10);
    await headPutSeen(); // That load is writing now.
    expect(await notes.remove(victim)).toBe(true);
    // The delete has answered while the other write is still held: its own index is stored.
    expect(await idsInChunks()).not.toContain(victim);
    await listing;
    expect(await idsInChunks()).not.toContain(victim);
    const after = await chunks();
    expect(after.stored).toEqual(after.named);
  });
});
