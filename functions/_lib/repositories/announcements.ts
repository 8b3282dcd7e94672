/**
 * Announcements: store `announcements`, one blob per item keyed by a time-sortable id, so the
 * list comes out oldest first by sorting keys. Edits and deletes are conditional on the version
 * read (records.ts): an edit never brings back an item deleted meanwhile.
 */
import type { Announcement, AnnouncementInput } from '../../../src/lib/schemas/index.ts';
import { newId } from '../ids.ts';
import { removeRecord, replaceRecord } from './records.ts';
import { withStore } from './store.ts';
import { oldestFirst, readLive } from './timeline.ts';

const STORE = 'announcements';
const CREATE_ATTEMPTS = 3;

export const announcements = {
  list: (): Promise<Announcement[]> =>
    withStore(STORE, async (store) =>
      readLive<Announcement>(store, STORE, await oldestFirst(store)),
    ),

  /** Stores a new item under a fresh id, never over another (a taken id gets a new one). */
  create: (input: AnnouncementInput): Promise<Announcement> =>
    withStore(STORE, async (store) => {
      for (let attempt = 1; attempt <= CREATE_ATTEMPTS; attempt++) {
        const record: Announcement = { _id: newId(), ...input };
        const { modified } = await store.setJSON(record._id, record, { onlyIfNew: true });
        if (modified) return record;
      }
      throw new Error(`could not allocate an id in ${STORE}`);
    }),

  /** Replaces an item's text and link; null when there is no such item. */
  update: (id: string, input: AnnouncementInput): Promise<Announcement | null> =>
    withStore(STORE, (store) =>
      replaceRecord<Announcement>(store, id, () => ({ _id: id, ...input })),
    ),

  /** False when there was no such item. */
  remove: (id: string): Promise<boolean> =>
    withStore(STORE, async (store) => (await removeRecord(store, id)) !== null),
};
