/**
 * A store of records keyed by time-sortable id: one blob per record, so concurrent submissions
 * never overwrite each other. Used by the enquiry and contact-message repositories. A record's
 * fields never change after its create; its follow-up (status, notes, version) is edited in
 * place by conditional writes (follow-up.ts), and every read fills it in.
 *
 * Pages, searches and counts go through the store's index (timeline-index.ts). Every create, edit
 * and delete replaces the store's generation before it answers, so a record acknowledged with 201
 * is in every list that starts after it. A list spends at most half the request's storage time
 * bringing the index up to date; what it could not read yet it still counts and pages by id, and
 * says so (`pending`), instead of running out of time.
 *
 * A create with an idempotency key (submission-keys.ts) stores under the id the key was first
 * claimed for, so a retry finds the record instead of adding a second; the record's metadata names
 * its claim, which a delete marks as gone. Without a key, a create that fails after its record was
 * written takes the record back (within a short grace period), so its 503 means "not stored".
 *
 * A delete removes the record, marks its key claim as gone, deletes any quarantined copy and
 * rewrites the index at once, so no blob of the store holds the record's summary any more; a
 * lead's e-mails leave the outbox with it.
 */
import {
  DEFAULT_STATUS,
  isEmptyQuery,
  SOURCE_SUMMARY,
  matcher,
  searchableOf,
  sourceText,
  type ListQuery,
  type SearchSpec,
  type Searchable,
} from '../../../src/lib/schemas/index.ts';
import type * as v from 'valibot';
import { DEFAULT_LOCALE } from '../../../src/i18n/locales.ts';
import type { LeadKind } from '../../../src/lib/leads/index.ts';
import { waitingSince } from '../../../src/lib/working-day.ts';
import { idTime, isId, newId } from '../ids.ts';
import { insightSummary } from '../visits/lead-summary.ts';
import {
  editRecord,
  tracked,
  type EditOptions,
  type EditResult,
  type Tracked,
  type UNCHANGED,
} from './follow-up.ts';
import { deleteFiles } from './attachments.ts';
import { forgetMailOf } from './outbox.ts';
import { inPool } from './pool.ts';
import {
  QUARANTINE_PREFIX,
  TOMBSTONE,
  readRecord,
  removeRecord,
  setAside,
  type RecordRead,
} from './records.ts';
import { scopedName, storageTimeLeft, withStore, type Store } from './store.ts';
import { claimKey, claimName, releaseClaim } from './submission-keys.ts';
import {
  forgetEntries,
  indexClock,
  loadIndex,
  newestFirst,
  noteChanges,
  type ChangeKind,
  type IndexOptions,
  type LoadedChunk,
  type LoadedIndex,
  type Summary,
} from './timeline-index.ts';

export { forgetLoadedIndexes, indexClock } from './timeline-index.ts';

export interface Stamped {
  _id: string;
  /** ISO 8601, the time the id carries. */
  createdAt: string;
}

export interface Page<T> {
  items: T[];
  total: number;
}

export interface Listing<T> extends Page<T> {
  /** Records in the whole store (whatever the query) whose status is New. */
  newCount: number;
  /**
   * Of those, the ones New for more than a working day: created before `waitingSince` now
   * (src/lib/working-day.ts), on the clock ids take their time from (not `indexClock`, which
   * measures the read budget).
   */
  waitingCount: number;
  /**
   * Records not yet in the index (too many new or changed ones to read in time): counted, and
   * listed by id when nothing is searched, but not searched or filtered yet; counted as New.
   */
  pending: number;
  /** Ids of records set aside as unreadable. */
  quarantined: readonly string[];
}

/** A create whose idempotency key was used before for different content. */
export class KeyConflictError extends Error {
  constructor() {
    super('idempotency key reused for different content');
    this.name = 'KeyConflictError';
  }
}

/** A create whose idempotency key belongs to a record that has since been deleted. */
export class SubmissionGoneError extends Error {
  constructor() {
    super('idempotency key of a deleted record');
    this.name = 'SubmissionGoneError';
  }
}

export interface Submitted<T> {
  record: Stamped & T;
  /** True when an earlier request with the same key had stored it. */
  replayed: boolean;
}

export interface Summaries {
  entries: { id: string; summary: Summary }[];
  /** Records whose summary could not be read in time (not among `entries`, or stale there). */
  pending: number;
}

export interface ExportPage<T> {
  records: T[];
  /** The id to continue after, when records remain. */
  next?: string;
}

export interface Timeline<T extends object> {
  /** Stores a new record under a fresh id (never overwriting) and returns it. */
  create(data: T): Promise<Stamped & T>;
  /**
   * `create`, made safe to retry: with `key`, a retry returns the record the key's first use
   * stored (`replayed`); a key reused for other content throws `KeyConflictError`, the key of a
   * deleted record `SubmissionGoneError`.
   */
  submit(data: T, key?: string, file?: RecordFile): Promise<Submitted<T>>;
  /** One page, newest first (page counts from 1), with the number of records in all. */
  page(page: number, pageSize: number): Promise<Page<Tracked<Stamped & T>>>;
  /** One page of the records matching `query`, newest first, with their number and New's. */
  search(query: ListQuery, page: number, pageSize: number): Promise<Listing<Tracked<Stamped & T>>>;
  /** Every record's id and summary, newest first, read as far as the request's time allows. */
  summaries(): Promise<Summaries>;
  /**
   * The summaries of the records created at `since` or later, newest first, at most `cap` of
   * them (`capped` when more were there): one index load, as a page of the list costs.
   */
  summariesSince(since: number, cap: number): Promise<Summaries & { capped: boolean }>;
  /** Every record, newest first (tests and small stores; exports page with `exportPage`). */
  all(): Promise<Tracked<Stamped & T>[]>;
  /** Records newest first after the id `after` (all when undefined), as many as time allows. */
  exportPage(after: string | undefined, limit: number): Promise<ExportPage<Tracked<Stamped & T>>>;
  /** One record; null when there is none. */
  find(id: string): Promise<Tracked<Stamped & T> | null>;
  /** Changes one record's follow-up (follow-up.ts): `missing`, `stale` or `saved`. */
  edit(
    id: string,
    change: (current: Tracked<Stamped & T>) => Tracked<Stamped & T> | typeof UNCHANGED,
    options?: EditOptions,
  ): Promise<EditResult<Stamped & T>>;
  /** Deletes one record; false when there was none. */
  remove(id: string): Promise<boolean>;
  /** Deletes these records (and every trace of them in the store); the ids it deleted. */
  removeMany(ids: readonly string[]): Promise<string[]>;
  /** The raw text of every record set aside as unreadable, by id. */
  quarantined(): Promise<{ id: string; text: string }[]>;
}

/**
 * A file a record carries (attachments.ts): written under the record's id before the record, so
 * a stored record always has its file; taken back with a record whose create failed.
 */
export interface RecordFile {
  put(id: string): Promise<void>;
  drop(id: string): Promise<void>;
}

export interface TimelineOptions<T> {
  /** Index entries per chunk (tests use small ones to cross chunk boundaries). */
  chunkSize?: number;
  /**
   * The summary kept in the index besides `status` and `statusChangedAt` (which every summary
   * holds, for counts and retention): its field name, and the record field it copies.
   */
  summary?: Readonly<Record<string, keyof T & string>>;
  /** What `search` may ask of the summary (src/lib/schemas/search.ts). */
  search?: SearchSpec;
  /** What a record stored before one of its fields existed reads as, in summaries and reads. */
  defaults?: Readonly<Record<string, string>>;
}

const CREATE_ATTEMPTS = 3;
/** How long past its request's deadline a failed create may spend taking its record back. */
const TAKE_BACK_GRACE_MS = 1_500;
const DEFAULT_CHUNK_SIZE = 1_000;
/** Raise when what a summary holds changes in code, so stored summaries are made again. */
const SUMMARY_VERSION = 4;
const NO_SEARCH: SearchSpec = { text: [], filters: {} };
/** Share of a list's remaining storage time it may spend reading records for the index. */
const LIST_READ_SHARE = 0.5;
/** Share of its remaining storage time an export part spends reading records. */
const EXPORT_READ_SHARE = 0.5;
/** Time kept for answering after reading for a complete view (erasure, purge). */
const FULL_READ_RESERVE_MS = 750;
/** Times a delete rewrites the index when another writer's index came first. */
const REINDEX_ATTEMPTS = 4;
/**
 * Fields of a stored record that are not the submission (compared on a keyed retry); the
 * `acknowledgement` note is written after the create (functions/_lib/submission.ts).
 */
const RECORD_FIELDS = new Set([
  '_id',
  'createdAt',
  'status',
  'statusChangedAt',
  'firstStatusChangedAt',
  'notes',
  'version',
  'acknowledgement',
]);

/** Reading for the index may go on until this clock time. */
function readUntil(share: number, reserveMs = 0): number {
  return indexClock.now() + Math.max(0, storageTimeLeft() * share - reserveMs);
}

export function timeline<T extends object>(
  storeName: string,
  {
    chunkSize = DEFAULT_CHUNK_SIZE,
    summary = {},
    search = NO_SEARCH,
    defaults = {},
  }: TimelineOptions<T> = {},
): Timeline<T> {
  /** A stored record with the defaults of the fields it was stored without. */
  const complete = <R extends object>(record: R): R => ({ ...defaults, ...record });
  const indexOptions: IndexOptions = {
    chunkSize,
    shape: JSON.stringify([SUMMARY_VERSION, summary, defaults]),
    summarize: (stored) => {
      const record = complete(stored);
      const { status, statusChangedAt = '' } = tracked(record);
      const fields: Record<string, string> = { status, statusChangedAt };
      for (const [name, field] of Object.entries(summary)) {
        const value = record[field];
        fields[name] = typeof value === 'string' ? value : '';
      }
      // A lead's source (landing page, referrer, campaign) is searched with its text fields.
      const source = sourceText(record);
      if (source !== '') fields[SOURCE_SUMMARY] = source;
      return { ...fields, ...insightSummary(record) };
    },
  };
  const index = (store: Store, until: () => number, mustWrite = false) =>
    loadIndex(store, storeName, indexOptions, newId, { readUntil: until, mustWrite });
  /** Notes changes in the journal and replaces the generation (timeline-index.ts). */
  const changed = (store: Store, ids: readonly string[], kind: ChangeKind) =>
    noteChanges(
      store,
      storeName,
      ids.map((id) => ({ id, kind })),
      newId,
    );

  const submit = async (data: T, key?: string, file?: RecordFile): Promise<Submitted<T>> => {
    let id = newId();
    let claim: string | undefined;
    if (key !== undefined) {
      const claimed = await claimKey(storeName, key, id);
      if (claimed.kind === 'gone') throw new SubmissionGoneError();
      id = claimed.id;
      claim = claimName(key);
    }
    // The id whose record this request may have written (not one another request owns).
    let ours: string | undefined;
    try {
      return await withStore(storeName, async (store) => {
        for (let attempt = 1; ; attempt++) {
          const record = { _id: id, createdAt: new Date(idTime(id)).toISOString(), ...data };
          ours = id;
          await file?.put(id);
          const { modified } = await store.setJSON(id, record, {
            onlyIfNew: true,
            ...(claim ? { metadata: { claim } } : {}),
          });
          if (modified) {
            await changed(store, [id], 'c');
            return { record, replayed: false };
          }
          ours = undefined;
          if (key !== undefined) return replay(store, id, data);
          if (attempt === CREATE_ATTEMPTS) {
            throw new Error(`could not allocate an id in ${storeName}`);
          }
          id = newId();
        }
      });
    } catch (error) {
      // A keyed create is finished by its retry; taking its record back could race that retry.
      if (key === undefined && ours !== undefined) {
        await takeBack(storeName, ours);
        await file?.drop(ours).catch((dropError: unknown) => {
          console.error(
            `${storeName}/${ours}: the file of a failed create stays`,
            errorText(dropError),
          );
        });
      }
      throw error;
    }
  };

  /** A retry of a keyed create whose id is taken: the same submission's record, made sure listed. */
  const replay = async (store: Store, id: string, data: T): Promise<Submitted<T>> => {
    const stored = await readRecord<Stamped & T>(store, id);
    if (stored.kind !== 'live') throw new SubmissionGoneError();
    if (!sameSubmission(stored.data, data)) throw new KeyConflictError();
    await changed(store, [id], 'c');
    return { record: stored.data, replayed: true };
  };

  /** The search text of a chunk's entries, made once per loaded chunk. */
  const searchable = (chunk: LoadedChunk, at: number): Searchable => {
    const derived = (chunk.derived ??= new Array<unknown>(chunk.entries.length));
    return (derived[at] ??= searchableOf(chunk.entries[at]!.summary, search)) as Searchable;
  };

  const searchIn = async (store: Store, query: ListQuery, page: number, pageSize: number) => {
    const loaded = await index(store, () => readUntil(LIST_READ_SHARE));
    const found: string[] = [];
    // The version the index names, when every entry is up to date (no stale one).
    const versions = new Map<string, string>();
    let newCount = 0;
    let waitingCount = 0;
    const since = waitingSince(Date.now());
    const countNew = (id: string) => {
      newCount++;
      if (idTime(id) < since) waitingCount++;
    };
    const everything = isEmptyQuery(query);
    const matches = everything ? () => true : matcher(query, search);
    for (const { id, entry, chunk, at } of newestFirst(loaded)) {
      if (!entry) {
        // Not read yet: a new record (New), listed only when nothing is searched.
        countNew(id);
        if (!everything) continue;
      } else {
        if (entry.summary['status'] === DEFAULT_STATUS) countNew(id);
        if (!matches(entry.summary, () => searchable(chunk!, at!))) continue;
        if (loaded.stale === 0) versions.set(id, entry.etag);
      }
      found.push(id);
    }
    // A record deleted since the listing (by another request or instance) is left out, and the
    // next ones fill its place: a page is never short, or empty, while later records exist.
    const items: Tracked<Stamped & T>[] = [];
    let next = (page - 1) * pageSize;
    let gone = 0;
    while (items.length < pageSize && next < found.length) {
      const ids = found.slice(next, next + pageSize - items.length);
      next += ids.length;
      const read = await readPage<Stamped & T>(store, storeName, ids, versions);
      gone += ids.length - read.length;
      items.push(...read.map((record) => tracked(complete(record))));
    }
    const pending = loaded.pending.length + loaded.stale;
    const total = found.length - gone;
    return { items, total, newCount, waitingCount, pending, quarantined: loaded.quarantined };
  };

  /** Deletes records, then rewrites the index until the stored one is this instance's. */
  const removeAll = (ids: readonly string[]) =>
    withStore(storeName, async (store) => {
      const removed: string[] = [];
      for (const id of ids) {
        const gone = await removeRecord(store, id);
        const copy = `${QUARANTINE_PREFIX}${id}`;
        const setAsideCopy = (await store.getMetadata(copy)) !== null;
        if (setAsideCopy) await store.delete(copy);
        if (!gone && !setAsideCopy) continue;
        removed.push(id);
        if (!gone) continue;
        const claim = gone.metadata['claim'];
        if (typeof claim === 'string') await releaseClaim(storeName, claim);
      }
      if (removed.length === 0 && !(await indexHolds(store, ids))) return removed;
      // Every id asked for is gone now, whether this delete or an earlier one removed it.
      await changed(store, ids, 'd');
      forgetEntries(storeName, new Set(ids));
      await reindex(store);
      return removed;
    });

  /** Whether the index still names one of `ids` (a delete whose index rewrite failed earlier). */
  const indexHolds = async (store: Store, ids: readonly string[]) => {
    const wanted = new Set(ids);
    const loaded = await index(store, () => readUntil(LIST_READ_SHARE));
    return loaded.chunks.some((chunk) => chunk.entries.some((entry) => wanted.has(entry.id)));
  };

  /** Writes the index without deleted records; a store changing that fast is left to the next list. */
  const reindex = async (store: Store) => {
    try {
      for (let attempt = 1; attempt <= REINDEX_ATTEMPTS; attempt++) {
        if ((await index(store, () => readUntil(LIST_READ_SHARE), true)).stored) return;
      }
    } catch (error) {
      // The record is gone; the next list writes an index without it.
      console.error(`${storeName}: index not rewritten after a delete`, errorText(error));
    }
  };

  const exportPage = (
    after: string | undefined,
    limit: number,
  ): Promise<ExportPage<Tracked<Stamped & T>>> =>
    withStore(storeName, async (store) => {
      // The export reads every record of its part itself: the index need only name them.
      const loaded = await index(store, () => indexClock.now());
      const ids = Array.from(newestFirst(loaded), ({ id }) => id).filter(
        (id) => after === undefined || id < after,
      );
      // Started in id order while time remains (the first always); every read started finishes,
      // so what was read is a prefix of `ids` and the next part starts right after it.
      const wanted = ids.slice(0, limit);
      const stop = readUntil(EXPORT_READ_SHARE);
      const read: (Tracked<Stamped & T> | undefined)[] = [];
      const done = await inPool(
        wanted.length,
        async (at) => {
          const [record] = await readLive<Stamped & T>(store, storeName, [wanted[at]!]);
          read[at] = record && tracked(complete(record));
        },
        { more: (started) => started === 0 || indexClock.now() < stop },
      );
      const records = read.filter((record) => record !== undefined);
      return done < ids.length ? { records, next: ids[done - 1]! } : { records };
    });

  return {
    create: async (data) => (await submit(data)).record,
    submit,

    page: (page, pageSize) =>
      withStore(storeName, async (store) => {
        const { items, total } = await searchIn(store, { q: '', filters: {} }, page, pageSize);
        return { items, total };
      }),

    search: (query, page, pageSize) =>
      withStore(storeName, (store) => searchIn(store, query, page, pageSize)),

    summaries: () =>
      withStore(storeName, async (store) => {
        const loaded = await index(store, () => readUntil(1, FULL_READ_RESERVE_MS));
        const entries = Array.from(newestFirst(loaded)).flatMap(({ id, entry }) =>
          entry ? [{ id, summary: entry.summary }] : [],
        );
        return { entries, pending: loaded.pending.length + loaded.stale };
      }),

    summariesSince: (since, cap) =>
      withStore(storeName, async (store) => {
        const loaded = await index(store, () => readUntil(LIST_READ_SHARE));
        const entries: { id: string; summary: Summary }[] = [];
        let capped = false;
        for (const { id, entry } of newestFirst(loaded)) {
          if (idTime(id) < since) break;
          if (entries.length === cap) {
            capped = true;
            break;
          }
          if (entry) entries.push({ id, summary: entry.summary });
        }
        return { entries, pending: loaded.pending.length + loaded.stale, capped };
      }),

    all: async () => {
      const records: Tracked<Stamped & T>[] = [];
      let after: string | undefined;
      do {
        const part = await exportPage(after, Number.MAX_SAFE_INTEGER);
        records.push(...part.records);
        after = part.next;
      } while (after !== undefined);
      return records;
    },

    exportPage,

    find: (id) =>
      withStore(storeName, async (store) => {
        const [found] = await readLive<Stamped & T>(store, storeName, [id]);
        return found ? tracked(complete(found)) : null;
      }),

    edit: async (id, change, options) => {
      const result = await withStore(storeName, (store) =>
        editRecord<Stamped & T>(store, id, change, options),
      );
      if (result.kind !== 'saved') return result;
      // The summary holds the status: the index must see the new version. The edit is stored,
      // so it is answered as saved even if this fails (a retry would add a note twice).
      await withStore(storeName, (store) => changed(store, [id], 'e'), {
        graceMs: TAKE_BACK_GRACE_MS,
      }).catch((error: unknown) => {
        console.error(
          `${storeName}/${id}: saved, but lists may show its old status until the next change`,
          errorText(error),
        );
      });
      return result;
    },

    remove: async (id) => (await removeAll([id])).length === 1,
    removeMany: removeAll,

    quarantined: () =>
      withStore(storeName, async (store) => {
        const { blobs } = await store.list({ prefix: QUARANTINE_PREFIX });
        const found: { id: string; text: string }[] = [];
        for (const { key } of blobs) {
          if (!key.startsWith(QUARANTINE_PREFIX)) continue;
          const text = await store.get(key, { type: 'text' });
          if (text !== null) found.push({ id: key.slice(QUARANTINE_PREFIX.length), text });
        }
        return found;
      }),
  };
}

/**
 * What the server notes of a submission's circumstances, not what was sent: a retry may come
 * from another page or after midnight (another day's first view) and is the same submission.
 */
const CIRCUMSTANCE_FIELDS = new Set(['source']);

/** Whether a stored record holds exactly `data` (a keyed retry must send what the first did). */
function sameSubmission(stored: object, data: object): boolean {
  const sent = Object.entries(data).filter(
    ([field, value]) => !CIRCUMSTANCE_FIELDS.has(field) && value !== undefined,
  );
  const kept = Object.entries(stored).filter(
    ([field, value]) =>
      !RECORD_FIELDS.has(field) && !CIRCUMSTANCE_FIELDS.has(field) && value !== undefined,
  );
  if (sent.length !== kept.length) return false;
  const storedFields = stored as Record<string, unknown>;
  return sent.every(
    ([field, value]) => JSON.stringify(storedFields[field]) === JSON.stringify(value),
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const leadTimelines = new Map<string, Timeline<object>>();

/**
 * The timeline of a kind of lead (src/lib/leads): its store, summary and search, as declared;
 * one per store in an instance, so every caller shares its loaded index and in-flight reads.
 */
export function leadTimeline<
  S extends v.GenericSchema,
  K extends string,
  N extends string,
  F extends K | 'status',
>(kind: LeadKind<S, K, N, F>): Timeline<v.InferOutput<S> & object> {
  let records = leadTimelines.get(kind.store);
  if (records === undefined) {
    const base = timeline<object>(kind.store, {
      summary: kind.summary as Readonly<Record<string, never>>,
      search: kind.search,
      // Every lead records its language; one stored before there were languages is English.
      defaults: { lang: DEFAULT_LOCALE },
    });
    // A lead's e-mails in the outbox hold its data: they go with it, first, so that a failure
    // there leaves the lead to be deleted again (never an e-mail whose lead is gone).
    // Its files (an application's CV) go after the record: a file left by a failure here is
    // deleted again with the next delete of the id; a record never names a file that is gone.
    const removeMany = async (ids: readonly string[]) => {
      await forgetMailOf(kind.store, ids);
      const removed = await base.removeMany(ids);
      if (kind.attachment) await deleteFiles(kind.store, ids);
      return removed;
    };
    records = {
      ...base,
      removeMany,
      remove: async (id) => (await removeMany([id])).length === 1,
    };
    leadTimelines.set(kind.store, records);
  }
  return records as Timeline<v.InferOutput<S> & object>;
}

/**
 * Best effort, past the request's deadline: replaces a record whose create failed by a tombstone.
 * Not a delete: a write the service still had in flight (its answer lost to the deadline) is an
 * `onlyIfNew` write, which the tombstone makes fail, where after a delete it would land. Readers
 * treat the tombstone as no record; rebuilds delete tombstones once they are old.
 */
async function takeBack(storeName: string, id: string): Promise<void> {
  await withStore(storeName, (store) => store.setJSON(id, TOMBSTONE), {
    graceMs: TAKE_BACK_GRACE_MS,
  }).catch((error: unknown) => {
    console.error(`${storeName}/${id}: a failed create could not be taken back`, errorText(error));
  });
}

/** Every record id in the store, oldest first (other keys, such as in-flight temp files, are ignored). */
export async function oldestFirst(store: Store): Promise<string[]> {
  const { blobs } = await store.list();
  return blobs
    .map((blob) => blob.key)
    .filter(isId)
    .sort();
}

/** Reads under way of records at a version the index names, by store, id and ETag. */
const versionReads = new Map<string, Promise<RecordRead<unknown>>>();

/**
 * `readLive` for a page: lists of one instance that show a record at the same version (an ETag
 * names exactly one content) at the same time share one read of it, however many they are; the
 * others, and any read that did not find that version live, are read as `readLive` does. Only
 * reads under way are shared: a record deleted or damaged behind the index is read anew.
 */
async function readPage<R>(
  store: Store,
  storeName: string,
  ids: readonly string[],
  versions: ReadonlyMap<string, string>,
): Promise<R[]> {
  const scoped = scopedName(storeName);
  const records: (R | null)[] = new Array(ids.length).fill(null);
  const others: number[] = [];
  await inPool(ids.length, async (at) => {
    const id = ids[at]!;
    const etag = versions.get(id);
    if (etag === undefined) return void others.push(at);
    const key = `${scoped}\u0000${id}\u0000${etag}`;
    let reading = versionReads.get(key);
    if (reading === undefined) {
      reading = readRecord<unknown>(store, id).finally(() => versionReads.delete(key));
      versionReads.set(key, reading);
    }
    const found = await reading.catch(() => null);
    if (found?.kind === 'live' && found.etag === etag) records[at] = found.data as R;
    else others.push(at);
  });
  others.sort((a, b) => a - b);
  const read = await readLiveAt<R>(
    store,
    storeName,
    others.map((at) => ids[at]!),
  );
  others.forEach((at, n) => (records[at] = read[n]!));
  return records.filter((record): record is R => record !== null);
}

/**
 * Reads records in key order, a few at a time; one deleted meanwhile (or a tombstone) is skipped,
 * and a damaged one is set aside (the store's generation then changes, so indexes drop it).
 */
export async function readLive<R>(
  store: Store,
  storeName: string,
  ids: readonly string[],
): Promise<R[]> {
  return (await readLiveAt<R>(store, storeName, ids)).filter((record) => record !== null);
}

/** `readLive`, with null in the place of each record that was not live. */
async function readLiveAt<R>(
  store: Store,
  storeName: string,
  ids: readonly string[],
): Promise<(R | null)[]> {
  const records: (R | null)[] = new Array(ids.length).fill(null);
  const damaged: string[] = [];
  await inPool(ids.length, async (index) => {
    const found = await readRecord<R>(store, ids[index]!);
    if (found.kind === 'live') records[index] = found.data;
    if (found.kind === 'damaged') {
      await setAside(store, storeName, ids[index]!, found);
      damaged.push(ids[index]!);
    }
  });
  if (damaged.length > 0) {
    await noteChanges(
      store,
      storeName,
      damaged.map((id) => ({ id, kind: 'q' as const })),
      newId,
    );
  }
  return records;
}

export type { LoadedIndex };
