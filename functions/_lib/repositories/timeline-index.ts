/**
 * The index of a timeline store (timeline.ts): every record's id, the ETag it was read at and a
 * small summary (the fields search and filters look at, its status), oldest first, so a page, a
 * search or a count reads the index instead of every record.
 *
 * Stored as a head (`_index`) naming the store's *generation* (a random value every change of a
 * record replaces), whether the index was complete, and its chunks by content tag; each chunk of
 * up to `chunkSize` entries is its own blob, `_index-<tag>`, never rewritten in place. A head is
 * trusted only when complete and written under the current generation; otherwise it is a *base*.
 *
 * Every change of a record is also noted in the store's *journal* before its generation is
 * replaced (`noteChanges`): one empty blob per change, `_change-<change id>.<record id>.<kind>`,
 * a key no two changes share, so writers never contend. A base that holds every record not named
 * in the journal (`base`) is brought up to date from the journal alone: a prefix listing of the
 * changes not yet folded in, and a read of each changed record (none for a delete). Whoever writes
 * a head that folds changes in deletes their notes, so the journal stays as short as the changes
 * since the last list, and no list or purge ever lists the whole store. Only a store without such
 * a base (never indexed, damaged, another summary shape) is listed whole, and the listing's
 * records whose ETag differs from the base are read.
 *
 * Reads stop at `readUntil`, so a request always answers in time: what could not be read in
 * time is `pending` (a new record: its id counts, its summary is unknown) or `stale` (an edited
 * one: its previous summary stands in). Whatever was read is written back as the next base, so
 * the next request carries on where this one stopped, in any instance.
 *
 * A head is written only over the head that was read (`onlyIfMatch`), and a writer that loses
 * deletes the chunks it wrote; the winner deletes every chunk its head no longer names. So once
 * a record is deleted and the index rewritten (timeline.ts `remove`), no blob of the index holds
 * it. Damaged records met while reading are set aside (records.ts `setAside`) and named in the
 * head's `quarantined` list.
 */
import { createHash } from 'node:crypto';
import { idTime, isId } from '../ids.ts';
import { inPool } from './pool.ts';
import { QUARANTINE_PREFIX, readRecord, setAside, type RecordRead } from './records.ts';
import { scopedName, storageTimeLeft, type Store } from './store.ts';

export type Summary = Readonly<Record<string, string>>;

export interface Entry {
  id: string;
  etag: string;
  summary: Summary;
}

export interface LoadedChunk {
  tag: string;
  entries: readonly Entry[];
  /** Per-entry values derived once per instance (search text); filled by whoever needs them. */
  derived?: unknown[];
}

/** The index as loaded. */
export interface LoadedIndex {
  generation: string;
  /** Entries oldest first, in chunks. */
  chunks: readonly LoadedChunk[];
  /** Complete, and up to date with the store's generation. */
  trusted: boolean;
  /** Records that exist but could not be read in time, oldest first. */
  pending: readonly string[];
  /** Entries whose record changed since their summary was made and could not be re-read in time. */
  stale: number;
  /** Ids of records set aside as unreadable. */
  quarantined: readonly string[];
  /** Whether the store's index is this one (found so, or written by this load). */
  stored: boolean;
}

export interface IndexOptions {
  chunkSize: number;
  /** A record's summary; `shape` names its version, so a change of fields rebuilds every entry. */
  summarize: (record: Record<string, unknown>) => Summary;
  shape: string;
}

export interface LoadOptions {
  /**
   * The clock time (`indexClock`) after which no more records are read for the index, asked
   * once the store is listed (a listing of many keys takes time of its own).
   */
  readUntil: () => number;
  /** Write even while another load of this instance writes (a delete must see its index out). */
  mustWrite?: boolean;
}

/** The clock reads are measured against; tests replace `now` to make reads "take" time. */
export const indexClock = { now: (): number => Date.now() };

const GENERATION_KEY = '_generation';
const HEAD_KEY = '_index';
const CHUNK_PREFIX = '_index-';
const chunkKey = (tag: string) => `${CHUNK_PREFIX}${tag}`;
const CHANGE_PREFIX = '_change-';
const FORMAT = 4;
/** Folded reads remembered by an instance, by change (a burst of lists reads each change once). */
const FOLDED_READS_KEPT = 10_000;
/** Storage time a load must have left to write what it rebuilt (else the next load writes it). */
const WRITE_RESERVE_MS = 1_000;
/** How long a tombstone outlives its record's creation (far past any request's deadline). */
const TOMBSTONE_KEPT_MS = 3_600_000;

interface IndexHead {
  format: typeof FORMAT;
  generation: string;
  complete: boolean;
  /** Every record is in the head or named in the journal: the journal alone brings it up to date. */
  base: boolean;
  shape: string;
  chunkSize: number;
  /** Each chunk's tag, oldest chunk first. */
  tags: string[];
  quarantined: string[];
}

/** Stored entries are tuples, to keep 10,000 of them small. */
interface StoredChunk {
  tag: string;
  entries: [id: string, etag: string, summary: Summary][];
}

const memory = new Map<string, LoadedIndex & { shape: string }>();
/** Record reads under way in this instance, by store, id and ETag: concurrent loads share them. */
const readsInFlight = new Map<string, Promise<RecordRead<Record<string, unknown>>>>();
/** Stores whose index this instance is writing: one writer at a time is enough. */
const writing = new Set<string>();

async function exclusively<T>(key: string, work: () => Promise<T>): Promise<T> {
  writing.add(key);
  try {
    return await work();
  } finally {
    writing.delete(key);
  }
}

function readShared(
  flight: string,
  read: () => Promise<RecordRead<Record<string, unknown>>>,
): Promise<RecordRead<Record<string, unknown>>> {
  const promise = read().finally(() => readsInFlight.delete(flight));
  readsInFlight.set(flight, promise);
  return promise;
}
/** Entries read by loads that ended before the index was complete, by store and shape. */
const progress = new Map<string, Map<string, Entry>>();
/** What a record read after a change found (its entry, or null: gone), by store and change. */
const foldedReads = new Map<string, Entry | null>();

/** Forgets every index held in memory, as a cold function instance would start (tests). */
export function forgetLoadedIndexes(): void {
  memory.clear();
  progress.clear();
  foldedReads.clear();
}

/** Forgets what this instance holds of the given records (deleted: nothing of them may linger). */
export function forgetEntries(storeName: string, ids: ReadonlySet<string>): void {
  const key = scopedName(storeName);
  memory.delete(key);
  for (const [name, entries] of progress) {
    if (name.startsWith(`${key}\u0000`)) for (const id of ids) entries.delete(id);
  }
  for (const [name, entry] of foldedReads) {
    if (entry && ids.has(entry.id)) foldedReads.delete(name);
  }
}

/** What happened to a record: created, edited (its follow-up), deleted, or set aside as damaged. */
export type ChangeKind = 'c' | 'e' | 'd' | 'q';

export interface Change {
  id: string;
  kind: ChangeKind;
}

const CHANGE_KEY = /^_change-([0-7][0-9A-Z]{25})\.([^.]+)\.([cedq])$/;

function parseChange(key: string): (Change & { key: string }) | null {
  const match = CHANGE_KEY.exec(key);
  if (!match || !isId(match[2]!)) return null;
  return { key, id: match[2]!, kind: match[3] as ChangeKind };
}

/**
 * Notes changes of records in the journal, then replaces the generation: every index under an
 * older generation is stale, and the journal says what changed since.
 */
export async function noteChanges(
  store: Store,
  storeName: string,
  changes: readonly Change[],
  newValue: () => string,
): Promise<void> {
  await inPool(changes.length, (at) => {
    const { id, kind } = changes[at]!;
    return store.set(`${CHANGE_PREFIX}${newValue()}.${id}.${kind}`, '');
  });
  await bumpOnce(scopedName(storeName), async () => {
    await store.set(GENERATION_KEY, newValue());
  });
}

interface Bumps {
  running?: Promise<void> | undefined;
  queued?: Promise<void> | undefined;
}
/** Generation writes of this instance, by store: one at a time, the next one shared. */
const bumps = new Map<string, Bumps>();

/**
 * Runs `write` so that it starts after this call, sharing it with every caller that comes while
 * one is running: a burst of changes writes the generation (one key) a few times, not once each,
 * so no list waits in a queue of writes to that one key.
 */
function bumpOnce(key: string, write: () => Promise<void>): Promise<void> {
  const state = bumps.get(key) ?? {};
  bumps.set(key, state);
  const start = () => {
    const running: Promise<void> = write().finally(() => {
      if (state.running === running) state.running = undefined;
    });
    state.running = running;
    return running;
  };
  if (state.queued) return state.queued;
  if (!state.running) return start();
  state.queued = state.running
    .catch(() => {})
    .then(() => {
      state.queued = undefined;
      return start();
    });
  return state.queued;
}

/** The store's current generation (a fresh one on a store that has none). */
export async function currentGeneration(store: Store, newValue: () => string): Promise<string> {
  const current = await store.get(GENERATION_KEY, { type: 'text' });
  if (current) return current;
  // Never trust an index under "no generation": a fresh value only forces a listing.
  const fresh = newValue();
  const { modified } = await store.set(GENERATION_KEY, fresh, { onlyIfNew: true });
  return modified ? fresh : ((await store.get(GENERATION_KEY, { type: 'text' })) ?? fresh);
}

/** The store's index: from memory, from the store, or brought up to date as far as time allows. */
export async function loadIndex(
  store: Store,
  storeName: string,
  options: IndexOptions,
  newValue: () => string,
  { readUntil, mustWrite = false }: LoadOptions,
): Promise<LoadedIndex> {
  const key = scopedName(storeName);
  // Read before the head and the journal, so nothing trusted is older than its generation.
  const generation = await currentGeneration(store, newValue);
  const remembered = memory.get(key);
  if (
    remembered?.trusted &&
    remembered.generation === generation &&
    remembered.shape === options.shape
  ) {
    return remembered;
  }

  const known = new Map<string, LoadedChunk>();
  for (const chunk of remembered?.shape === options.shape ? remembered.chunks : []) {
    known.set(chunk.tag, chunk);
  }

  let rebuilt: Rebuilt | undefined;
  let sound = await readSound(store, options, known);
  if (sound.trustedAt(generation)) {
    const loaded: LoadedIndex = {
      generation,
      chunks: sound.chunks,
      trusted: true,
      pending: [],
      stale: 0,
      quarantined: sound.head.quarantined,
      stored: true,
    };
    memory.set(key, { ...loaded, shape: options.shape });
    return loaded;
  }
  if (sound.base) {
    // The journal first, then the head it is folded into: a note missing from the listing was
    // deleted by a writer whose head, written before, holds its change, so the head read after
    // the listing does too (a note listed and already held is folded in again: a read, no harm).
    const { blobs } = await store.list({ prefix: CHANGE_PREFIX });
    for (const chunk of sound.chunks) known.set(chunk.tag, chunk);
    sound = await readSound(store, options, known);
    if (sound.base) {
      const changes = blobs.flatMap(({ key: name }) => parseChange(name) ?? []);
      rebuilt = await fold(store, storeName, key, options, sound, changes, readUntil);
    }
  }

  let progressKey: string | undefined;
  if (rebuilt === undefined) {
    // No sound base: the whole store is listed.
    progressKey = `${key}\u0000${options.shape}`;
    const read = progress.get(progressKey) ?? new Map<string, Entry>();
    progress.set(progressKey, read);
    const previous = new Map<string, Entry>();
    for (const chunk of [...known.values(), ...sound.stored]) {
      for (const entry of chunk?.entries ?? []) previous.set(entry.id, entry);
    }
    for (const [id, entry] of read) previous.set(id, entry);
    rebuilt = await rebuild(store, storeName, options, previous, read, readUntil);
  }
  const complete = rebuilt.pending.length === 0 && rebuilt.stale === 0;
  // Only with time to spare: the answer does not need it, the next request can write it.
  const canWrite = storageTimeLeft() >= WRITE_RESERVE_MS && (mustWrite || !writing.has(key));
  if (complete && progressKey !== undefined) progress.delete(progressKey);
  const chunks = chunked(rebuilt.entries, options.chunkSize, options.shape);
  const next: IndexHead = {
    format: FORMAT,
    generation,
    complete,
    base: rebuilt.base,
    shape: options.shape,
    chunkSize: options.chunkSize,
    tags: chunks.map((chunk) => chunk.tag),
    quarantined: rebuilt.quarantined,
  };
  const head = sound.head;
  const unchangedHead =
    sound.fits &&
    sound.storedComplete &&
    rebuilt.folded.length === 0 &&
    JSON.stringify({ ...head, format: FORMAT }) === JSON.stringify(next);
  const written =
    unchangedHead ||
    (canWrite &&
      (await exclusively(key, () =>
        writeIndex(
          store,
          next,
          sound.etag,
          chunks,
          // Chunks that are stored and proved sound are not written again.
          new Set(sound.stored.flatMap((chunk) => (chunk ? [chunk.tag] : []))),
          rebuilt.chunkKeys,
          rebuilt.folded,
        ),
      )));
  const loaded: LoadedIndex = {
    generation,
    chunks,
    // Trusted only if no change came in while the store was listed and read.
    trusted: complete && (await store.get(GENERATION_KEY, { type: 'text' })) === generation,
    pending: rebuilt.pending,
    stale: rebuilt.stale,
    quarantined: rebuilt.quarantined,
    stored: written,
  };
  memory.set(key, { ...loaded, shape: options.shape });
  return loaded;
}

/** The stored head and its chunks, and what they can be used as. */
interface Sound {
  head: IndexHead;
  etag: string | null;
  /** Written by this code for this summary shape and chunk size. */
  fits: boolean;
  stored: (LoadedChunk | null)[];
  /** Every chunk the head names was read whole. */
  storedComplete: boolean;
  chunks: LoadedChunk[];
  /** A base the journal brings up to date. */
  base: boolean;
  trustedAt(generation: string): boolean;
}

async function readSound(
  store: Store,
  options: IndexOptions,
  known: ReadonlyMap<string, LoadedChunk>,
): Promise<Sound> {
  const { head, etag } = await readHead(store);
  const fits =
    head?.format === FORMAT &&
    head.shape === options.shape &&
    head.chunkSize === options.chunkSize &&
    Array.isArray(head.tags) &&
    Array.isArray(head.quarantined);
  const stored = fits ? await readChunks(store, head.tags, known) : [];
  const storedComplete = stored.every((chunk) => chunk !== null);
  const usable = fits && storedComplete;
  return {
    head: head!,
    etag,
    fits,
    stored,
    storedComplete,
    chunks: usable ? (stored as LoadedChunk[]) : [],
    base: usable && head.base === true,
    trustedAt: (generation) => usable && head.complete && head.generation === generation,
  };
}

async function readHead(store: Store): Promise<{ head: IndexHead | null; etag: string | null }> {
  const found = await store.getWithMetadata(HEAD_KEY, { type: 'text' });
  if (!found) return { head: null, etag: null };
  return { head: parseObject<IndexHead>(found.data), etag: found.etag ?? null };
}

/** The head's chunks, from memory when the tag matches, else read; null for one that does not. */
async function readChunks(
  store: Store,
  tags: readonly string[],
  known: ReadonlyMap<string, LoadedChunk>,
): Promise<(LoadedChunk | null)[]> {
  return Promise.all(
    tags.map(async (tag) => {
      const held = known.get(tag);
      if (held) return held;
      const text = await store.get(chunkKey(tag), { type: 'text' });
      const stored = text === null ? null : parseObject<StoredChunk>(text);
      if (stored?.tag !== tag || !Array.isArray(stored.entries)) return null;
      const entries = stored.entries.filter(isStoredEntry).map(([id, etag, summary]) => ({
        id,
        etag,
        summary,
      }));
      return entries.length === stored.entries.length ? { tag, entries } : null;
    }),
  );
}

function isStoredEntry(value: unknown): value is StoredChunk['entries'][number] {
  return (
    Array.isArray(value) &&
    typeof value[0] === 'string' &&
    typeof value[1] === 'string' &&
    typeof value[2] === 'object' &&
    value[2] !== null
  );
}

interface Rebuilt {
  /** Entries of the listed records, fresh or stale, oldest first. */
  entries: Entry[];
  pending: string[];
  stale: number;
  quarantined: string[];
  /** Chunk blobs a winning writer deletes unless its head names them. */
  chunkKeys: string[];
  /** Whether the result is a base (every record in it or in the journal). */
  base: boolean;
  /** Journal notes the result holds: deleted by the writer whose head wins. */
  folded: string[];
}

/**
 * The base brought up to date with the journal's changes: deleted records dropped without a
 * read, created and edited ones read (edited first, then new ones newest first) until
 * `readUntil`. A change not read in time stays in the journal: its record is `pending` (new) or
 * `stale` (its previous summary stands in), and the next load reads it.
 */
async function fold(
  store: Store,
  storeName: string,
  scoped: string,
  options: IndexOptions,
  sound: Sound,
  changes: readonly (Change & { key: string })[],
  readUntil: () => number,
): Promise<Rebuilt> {
  const entries = new Map<string, Entry>();
  for (const chunk of sound.chunks) for (const entry of chunk.entries) entries.set(entry.id, entry);
  const quarantined = new Set(sound.head.quarantined);
  const byRecord = new Map<string, { kinds: Set<ChangeKind>; keys: string[] }>();
  for (const change of [...changes].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    const record = byRecord.get(change.id) ?? { kinds: new Set<ChangeKind>(), keys: [] };
    record.kinds.add(change.kind);
    record.keys.push(change.key);
    byRecord.set(change.id, record);
  }
  const folded: string[] = [];
  const edited: string[] = [];
  const added: string[] = [];
  for (const [id, { kinds, keys }] of byRecord) {
    // Ids are never used again: a record deleted or set aside stays so, whatever the order.
    if (kinds.has('d') || kinds.has('q')) {
      entries.delete(id);
      if (kinds.has('d')) quarantined.delete(id);
      else quarantined.add(id);
      folded.push(...keys);
    } else (entries.has(id) ? edited : added).push(id);
  }
  const unread = [...edited, ...added.sort().reverse()];
  const done = new Set<string>();

  const until = readUntil();
  const readOne = async (at: number) => {
    const id = unread[at]!;
    const { keys } = byRecord.get(id)!;
    // A read that starts after the record's last change was noted reflects it.
    const since = `${scoped}\u0000${keys.at(-1)!}`;
    let entry = foldedReads.get(since);
    if (entry === undefined) {
      const shared = readsInFlight.get(since);
      const found = shared
        ? await shared.catch(() => readRecord<Record<string, unknown>>(store, id))
        : await readShared(since, () => readRecord<Record<string, unknown>>(store, id));
      if (found.kind === 'damaged') {
        if (!shared) await setAside(store, storeName, id, found);
        quarantined.add(id);
      }
      entry =
        found.kind === 'live'
          ? { id, etag: found.etag, summary: options.summarize(found.data) }
          : null;
      if (foldedReads.size >= FOLDED_READS_KEPT) foldedReads.clear();
      foldedReads.set(since, entry);
    }
    if (entry) entries.set(id, entry);
    else entries.delete(id);
    folded.push(...keys);
    done.add(id);
  };
  await inPool(unread.length, readOne, { more: () => indexClock.now() < until });

  const pending: string[] = [];
  let stale = 0;
  for (const id of unread) {
    if (done.has(id)) continue;
    if (entries.has(id)) stale++;
    else pending.push(id);
  }
  const named = new Set(sound.head.tags.map(chunkKey));
  return {
    entries: [...entries.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
    pending: pending.sort(),
    stale,
    quarantined: [...quarantined].sort(),
    // The chunks the old head named; orphans of failed writers go at the next whole listing.
    chunkKeys: [...named],
    base: true,
    folded,
  };
}

/**
 * Every listed record's entry, oldest first. Only records the base does not hold at their
 * listed ETag are read: edited ones first (their status may have changed), then new ones,
 * newest first, until `readUntil`.
 */
async function rebuild(
  store: Store,
  storeName: string,
  options: IndexOptions,
  previous: ReadonlyMap<string, Entry>,
  /** Where each entry read is kept at once, for a later load if this one is cut short. */
  read: Map<string, Entry>,
  readUntil: () => number,
): Promise<Rebuilt> {
  const { blobs } = await store.list();
  const listed = blobs
    .filter((blob) => isId(blob.key))
    // Oldest first, whatever order the service lists them in (a listing never repeats a key).
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  const quarantined = new Set(
    blobs
      .map((blob) => blob.key)
      .filter((name) => name.startsWith(QUARANTINE_PREFIX))
      .map((name) => name.slice(QUARANTINE_PREFIX.length)),
  );
  const chunkKeys = blobs.map((blob) => blob.key).filter((name) => name.startsWith(CHUNK_PREFIX));

  const entries: (Entry | null)[] = listed.map(({ key, etag }) => {
    const entry = previous.get(key);
    return entry && entry.etag === etag ? entry : null;
  });
  const edited: number[] = [];
  const added: number[] = [];
  entries.forEach((entry, index) => {
    if (entry === null) (previous.has(listed[index]!.key) ? edited : added).push(index);
  });
  const unread = [...edited, ...added.reverse()];
  const gone = new Set<number>();

  const until = readUntil();
  /** Records read after the listing: they reflect every change noted in it. */
  const readIds = new Set<string>();
  const readOne = async (at: number) => {
    const index = unread[at]!;
    const { key: id, etag } = listed[index]!;
    readIds.add(id);
    // Another load of this instance may have read it, or be reading it (a burst of lists).
    const known = read.get(id);
    if (known && known.etag === etag) {
      entries[index] = known;
      return;
    }
    const flight = `${storeName}\u0000${id}\u0000${etag}`;
    const shared = readsInFlight.get(flight);
    const found = shared
      ? await shared.catch(() => readRecord<Record<string, unknown>>(store, id))
      : await readShared(flight, () => readRecord<Record<string, unknown>>(store, id));
    if (found.kind === 'damaged' && !shared) {
      await setAside(store, storeName, id, found);
    }
    if (found.kind === 'damaged') quarantined.add(id);
    if (found.kind !== 'live') {
      gone.add(index); // Deleted since the listing, a tombstone, or set aside.
      if (found.kind === 'tombstone' && Date.now() - idTime(id) > TOMBSTONE_KEPT_MS) {
        await store.delete(id); // No write of it can still be in flight.
      }
      return;
    }
    const entry = { id, etag: found.etag, summary: options.summarize(found.data) };
    entries[index] = entry;
    read.set(id, entry);
  };
  await inPool(unread.length, readOne, { more: () => indexClock.now() < until });

  const journal = blobs.map((blob) => blob.key).filter((name) => name.startsWith(CHANGE_PREFIX));
  const result: Rebuilt = {
    entries: [],
    pending: [],
    stale: 0,
    quarantined: [...quarantined].sort(),
    chunkKeys,
    base: false,
    folded: [],
  };
  listed.forEach(({ key }, index) => {
    if (gone.has(index)) return;
    const entry = entries[index] ?? previous.get(key);
    if (entry === undefined) result.pending.push(key);
    else {
      if (entries[index] === null) result.stale++;
      result.entries.push(entry);
    }
  });
  // Whole: every record listed is in it. A listing is no snapshot (a record may be listed as it
  // was before a change whose note is listed too), so only the notes of records read after it,
  // and of deletes, are folded in; the next load reads the others' records again.
  if (result.pending.length === 0 && result.stale === 0) {
    result.base = true;
    result.folded = journal.filter((name) => {
      const change = parseChange(name);
      return change !== null && (readIds.has(change.id) || change.kind === 'd');
    });
  }
  return result;
}

function chunked(entries: readonly Entry[], chunkSize: number, shape: string): LoadedChunk[] {
  const chunks: LoadedChunk[] = [];
  for (let start = 0; start < entries.length; start += chunkSize) {
    const slice = entries.slice(start, start + chunkSize);
    chunks.push({ tag: tagOf(slice, shape), entries: slice });
  }
  return chunks;
}

/** A chunk's tag: the hash of its ids and ETags and the summary shape (the summaries follow). */
export function tagOf(entries: readonly Entry[], shape: string): string {
  const hash = createHash('sha256').update(`${shape}\n`);
  for (const { id, etag } of entries) hash.update(`${id}\u0000${etag}\n`);
  return hash.digest('base64url').slice(0, 22);
}

/**
 * New chunks first, then the head over the one that was read; then the chunks no head names
 * are deleted: the ones the winner's listing (or old head) showed, or, for a loser, the ones it
 * wrote. The winner then deletes the journal notes its head folded in; a loser leaves them.
 */
async function writeIndex(
  store: Store,
  head: IndexHead,
  headEtag: string | null,
  chunks: readonly LoadedChunk[],
  storedTags: ReadonlySet<string>,
  listedChunkKeys: readonly string[],
  folded: readonly string[],
): Promise<boolean> {
  const written = chunks.filter((chunk) => !storedTags.has(chunk.tag));
  await Promise.all(
    written.map((chunk) =>
      store.setJSON(chunkKey(chunk.tag), {
        tag: chunk.tag,
        entries: chunk.entries.map(({ id, etag, summary }) => [id, etag, summary]),
      } satisfies StoredChunk),
    ),
  );
  const { modified } = await store.setJSON(
    HEAD_KEY,
    head,
    headEtag === null ? { onlyIfNew: true } : { onlyIfMatch: headEtag },
  );
  const named = new Set(head.tags.map(chunkKey));
  if (modified) {
    await deleteKeys(
      store,
      listedChunkKeys.filter((name) => !named.has(name)),
    );
    await deleteKeys(store, folded);
    return true;
  }
  // Another writer's head won: take back what this one wrote, unless that head names it too.
  const { head: winner } = await readHead(store);
  const kept = new Set((Array.isArray(winner?.tags) ? winner.tags : []).map(chunkKey));
  await deleteKeys(
    store,
    written.map((chunk) => chunkKey(chunk.tag)).filter((name) => !kept.has(name)),
  );
  return false;
}

async function deleteKeys(store: Store, keys: readonly string[]): Promise<void> {
  await inPool(keys.length, (at) => store.delete(keys[at]!));
}

function parseObject<V>(text: string): V | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as V) : null;
  } catch {
    return null;
  }
}

/** One position of the index, newest first: an entry, or a record not read yet (`entry` absent). */
export interface Position {
  id: string;
  entry?: Entry;
  chunk?: LoadedChunk;
  at?: number;
}

/** The index's entries and pending records, newest first, in id order. */
export function* newestFirst(index: LoadedIndex): Generator<Position> {
  let p = index.pending.length - 1;
  for (let c = index.chunks.length - 1; c >= 0; c--) {
    const chunk = index.chunks[c]!;
    for (let at = chunk.entries.length - 1; at >= 0; at--) {
      const entry = chunk.entries[at]!;
      while (p >= 0 && index.pending[p]! > entry.id) yield { id: index.pending[p--]! };
      yield { id: entry.id, entry, chunk, at };
    }
  }
  while (p >= 0) yield { id: index.pending[p--]! };
}
