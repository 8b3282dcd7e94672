/**
 * The held submissions' store (src/lib/held): a timeline (timeline.ts) like the leads', so a
 * list is newest first, paged and counted through its index without reading the whole store,
 * and a delete takes every trace with it. The summary keeps the kind, the sender's address (an
 * erasure finds it there) and name.
 *
 * A held submission of a kind with a file (an application's CV) keeps the file in `held-files`
 * under its id (attachments.ts), deleted with it: by "Delete", by "Not spam" once the lead has
 * its own copy, by an erasure and by the 30-day purge.
 */
import type { HeldSubmission } from '../../../src/lib/held/index.ts';
import { deleteFiles } from './attachments.ts';
import { timeline, type Timeline } from './timeline.ts';

export const HELD_STORE = 'held';

export type HeldInput = Omit<HeldSubmission, '_id' | 'createdAt'>;

const base: Timeline<HeldInput> = timeline<HeldInput>(HELD_STORE, {
  summary: { kind: 'kind', email: 'email', name: 'name' },
});

const removeMany = async (ids: readonly string[]) => {
  const removed = await base.removeMany(ids);
  await deleteFiles(HELD_STORE, ids);
  return removed;
};

export const heldTimeline: Timeline<HeldInput> = {
  ...base,
  removeMany,
  remove: async (id) => (await removeMany([id])).length === 1,
};
