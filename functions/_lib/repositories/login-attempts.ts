/**
 * Login attempts: store `login-attempts`, one small blob per attempt, keyed
 * `<window start>/<pair>/<slot>`: the start (epoch ms) of the throttle window the attempt fell in,
 * a hash of the client address and user name (neither is stored in clear), and the slot number
 * the attempt took. Writes are conditional only (`onlyIfNew` for a slot never used, `onlyIfMatch`
 * on the ETag read for one in use), so two requests can never hold one slot. A lookup lists and
 * reads one pair's slots of one window; whole windows that have ended are swept away by `sweep`,
 * which lists a window start's first digits (10^7 ms, about 2.8 hours of windows) a few at a
 * time from where the last sweep stopped (time-sweep.ts), never the store's folders.
 * It lives in the scope of the credentials (store.ts `storeLocation`): a pair's attempts count on
 * every deploy that accepts the same login, so all previews and branch deploys share one throttle,
 * apart from production's.
 */
import { withStore, type Store } from './store.ts';
import { sweepBefore, type SweepLayout } from './time-sweep.ts';

const STORE = 'login-attempts';
/** Buckets of time one sweep lists at most. */
const SWEEP_BUCKETS = 10;
const WINDOW_KEY = /^(\d{13})\//;
/** Window starts in epoch ms: 13 digits until the year 2286. */
const LAYOUT: SweepLayout = {
  width: 13,
  prefixDigits: 6,
  timeOf: (key) => {
    const window = WINDOW_KEY.exec(key)?.[1];
    return window === undefined ? undefined : Number(window);
  },
};

const withAttempts = <T>(operation: (store: Store) => Promise<T>): Promise<T> =>
  withStore(STORE, operation, { scope: 'credentials' });

/** `pending` while the password is being checked; `released` frees the slot for another attempt. */
export type SlotState = 'pending' | 'failed' | 'checked' | 'released';

export interface SlotRef {
  /** Start of the window, epoch ms. */
  window: number;
  pair: string;
  index: number;
}

export interface SlotRecord {
  /** Epoch ms the slot was taken; null when the blob could not be read as a slot. */
  at: number | null;
  state: SlotState;
}

export interface Slot extends SlotRef, SlotRecord {
  /** For a conditional write over this version; undefined when the service sent none. */
  etag: string | undefined;
}

export interface WriteOutcome {
  written: boolean;
  /** The new version, for the next conditional write. */
  etag: string | undefined;
}

const slotKey = ({ window, pair, index }: SlotRef) => `${window}/${pair}/${index}`;
const STATES: readonly string[] = [
  'pending',
  'failed',
  'checked',
  'released',
] satisfies SlotState[];

export const loginAttempts = {
  /** Every slot of `pair` in the window starting at `window`: one listing, one read per slot. */
  slots: (window: number, pair: string): Promise<Slot[]> =>
    withAttempts(async (store) => {
      const prefix = `${window}/${pair}/`;
      const { blobs } = await store.list({ prefix });
      const indexes = blobs
        .map(({ key }) => key.slice(prefix.length))
        .filter((rest) => /^\d{1,6}$/.test(rest))
        .map(Number);
      const slots = await Promise.all(
        indexes.map((index) => readSlot(store, { window, pair, index })),
      );
      return slots.filter((slot) => slot !== null);
    }),

  /**
   * Writes `record` if the slot is as it was read: absent when `etag` is undefined (so a slot
   * read without an ETag can never be overwritten), else unchanged since `etag`. `written` is
   * false when another request changed it first.
   */
  write: (ref: SlotRef, record: SlotRecord, etag: string | undefined): Promise<WriteOutcome> =>
    withAttempts(async (store) => {
      const result = await store.setJSON(
        slotKey(ref),
        record,
        etag === undefined ? { onlyIfNew: true } : { onlyIfMatch: etag },
      );
      // The client reports a missing ETag as '', which as `onlyIfMatch` would mean no condition.
      return { written: result.modified, etag: result.etag || undefined };
    }),

  /**
   * Deletes the records of windows that started before `before`: at most `limit` records, from
   * at most SWEEP_BUCKETS buckets of time (the rest wait for the next sweep). Resolves to the count.
   */
  sweep: (before: number, limit: number): Promise<number> =>
    withAttempts((store) => sweepBefore(store, LAYOUT, before, { limit, buckets: SWEEP_BUCKETS })),
};

async function readSlot(store: Store, ref: SlotRef): Promise<Slot | null> {
  const entry = await store.getWithMetadata(slotKey(ref), { type: 'json' });
  if (entry === null) return null; // Swept between the listing and the read.
  return { ...ref, ...normalise(entry.data), etag: entry.etag || undefined };
}

/** Anything unreadable counts as an attempt in progress: it holds its slot, never frees one. */
function normalise(value: unknown): SlotRecord {
  const { at, state } = (typeof value === 'object' && value !== null ? value : {}) as {
    at?: unknown;
    state?: unknown;
  };
  return {
    at: typeof at === 'number' && Number.isFinite(at) ? at : null,
    state: typeof state === 'string' && STATES.includes(state) ? (state as SlotState) : 'pending',
  };
}
