/**
 * The held submissions' store (src/lib/held): a timeline (timeline.ts) like the leads', so a
 * list is newest first, paged and counted through its index without reading the whole store,
 * and a delete takes every trace with it. The summary keeps the kind, the sender's address (an
 * erasure finds it there) and name.
 */
import type { HeldSubmission } from '../../../src/lib/held/index.ts';
import { timeline, type Timeline } from './timeline.ts';

export const HELD_STORE = 'held';

export type HeldInput = Omit<HeldSubmission, '_id' | 'createdAt'>;

export const heldTimeline: Timeline<HeldInput> = timeline<HeldInput>(HELD_STORE, {
  summary: { kind: 'kind', email: 'email', name: 'name' },
});
