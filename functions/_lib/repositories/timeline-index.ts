/**
 * The index of a timeline store (timeline.ts): every record's id, the ETag of the version it
 * was read at, and a small summary of it (the fields search and filters look at, its status),
 * oldest first, so a page, a search or a count never reads every record.
 *
 * Stored as chunks of `chunkSize` entries (`_index-0`, `_index-1`, …) under a head (`_index`)
 * that names the store's *generation* and each chunk's tag, a hash of its ids and ETags. The
 * generation is a random value that every create, edit and delete replaces after writing
 * (timeline.ts). A reader fetches the generation first; the head is trusted only under the
 * current generation, and a chunk only when its tag is the one the head names. Otherwise the
 * index is rebuilt, incrementally: the keys are listed with their ETags, and only records whose
 * ETag is not in the last index (new or edited ones) are read. A new record changes only the
 * last chunk, an edit only its own, so only those are written again; a delete shifts the chunks
 * after it.
 *
 * A rebuilt index is stored only when the generation is the same after the listing and the
 * reads as before them: a listing that overlapped a change may be short or stale, so it answers
 * only the request that made it. Concurrent rebuilders need no locking: a head and its chunks
 * agree by tag, and a reader that finds them disagreeing rebuilds.
 *
 * Each function instance also keeps the last index it loaded in memory, checked against the
 * generation on every request: a warm instance answers a search of 10,000 records with one
 * small read. The memory is per store and data scope (store.ts `scopedName`).
 *
 * The first build of a large store (or the first after the index's format changed) must read
 * every record, which may not fit in one request's storage deadline (STORAGE_TIMEOUT_MS). Each
 * record read is therefore kept in the instance's memory as soon as it arrives, so a request cut
 * short by its deadline (503) leaves its reads to the next one, which carries on where it
 * stopped: 10,000 records take a few attempts once, never more.
 */
import { createHash } from 'node:crypto';
import { isId } from '../ids.ts';
import { isLive } from './records.ts';
import { scopedName, type Store } from './store.ts';

export type Summary = Readonly<Record<string, string>>;

export interface Entry {
  id: string;
  etag: string;
  summary: Summary;
}

/** The index as loaded: entries oldest first, in chunks. */
export interface LoadedIndex {
  generation: string;
  chunks: readonly LoadedChunk[];
  /** Whether it is stored under `generation` (false: it answers this request only). */
  trusted: boolean;
}

export interface LoadedChunk {
  tag: string;
  entries: readonly Entry[];
  /** Per-entry values derived once per instance (search text); filled by whoever needs them. */
  derived?: unknown[];
}

export interface IndexOptions {
  chunkSize: number;
  /** A record's summary; `shape` names its version, so a change of fields rebuilds every entry. */
  summarize: (record: Record<string, unknown>) => Summary;
  shape: string;
}

const GENERATION_KEY = '_generation';
const HEAD_KEY = '_index';
const chunkKey = (chunk: number) => `_index-${chunk}`;
const READ_CONCURRENCY = 16;
const FORMAT = 2;

interface IndexHead {
  format: typeof FORMAT;
  generation: string;
  shape: string;
  chunkSize: number;
  /** Each chunk's tag, oldest chunk first. */
  tags: string[];
}

/** Stored entries are tuples, to keep 10,000 of them small. */
interface StoredChunk {
  tag: string;
  entries: [id: string, etag: string, summary: Summary][];
}

const memory = new Map<string, LoadedIndex & { shape: string }>();
/** Entries read by rebuilds that have not finished (yet), by store and shape. */
const progress = new Map<string, Map<string, Entry>>();

/** Forgets every index held in memory, as a cold function instance would start (tests). */
export function forgetLoadedIndexes(): void {
  memory.clear();
  progress.clear();
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

/** Marks the store as changed: every index under an older generation is stale. */
export async function bumpGeneration(store: Store, value: string): Promise<void> {
  await store.set(GENERATION_KEY, value);
}

/** The store's index under its current generation: from memory, from the store, or rebuilt. */
export async function loadIndex(
  store: Store,
  storeName: string,
  options: IndexOptions,
  newValue: () => string,
): Promise<LoadedIndex> {
  const key = scopedName(storeName);
  // Read before the index (or a listing), so nothing trusted is older than its tag.
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
  const head = await readJson<IndexHead>(store, HEAD_KEY);
  const headFits =
    head?.format === FORMAT &&
    head.shape === options.shape &&
    head.chunkSize === options.chunkSize &&
    Array.isArray(head.tags);
  const stored = headFits ? await readChunks(store, head.tags, known) : [];

  if (headFits && head.generation === generation && stored.every((chunk) => chunk !== null)) {
    const loaded = { generation, chunks: stored as LoadedChunk[], trusted: true };
    memory.set(key, { ...loaded, shape: options.shape });
    return loaded;
  }

  // Entries the last index had, by id: reused when the listing shows the same ETag.
  const progressKey = `${key}\u0000${options.shape}`;
  const read = progress.get(progressKey) ?? new Map<string, Entry>();
  progress.set(progressKey, read);
  const previous = new Map<string, Entry>();
  for (const chunk of [...known.values(), ...stored]) {
    for (const entry of chunk?.entries ?? []) previous.set(entry.id, entry);
  }
  for (const [id, entry] of read) previous.set(id, entry);
  const rebuilt = await rebuild(store, options, previous, read);
  progress.delete(progressKey);
  const chunks = chunked(rebuilt, options.chunkSize);
  // Cache only an index no create, edit or delete overlapped.
  const trusted = (await store.get(GENERATION_KEY, { type: 'text' })) === generation;
  if (trusted) {
    // A chunk the last head named and that proved to hold it (or is held here) is not written.
    const kept = stored.map((chunk) => chunk?.tag);
    await writeIndex(store, generation, options, chunks, kept);
  }
  const loaded = { generation, chunks, trusted };
  memory.set(key, { ...loaded, shape: options.shape });
  return loaded;
}

/** The head's chunks, from memory when the tag matches, else read; null for one that does not. */
async function readChunks(
  store: Store,
  tags: readonly string[],
  known: ReadonlyMap<string, LoadedChunk>,
): Promise<(LoadedChunk | null)[]> {
  return Promise.all(
    tags.map(async (tag, chunk) => {
      const held = known.get(tag);
      if (held) return held;
      const stored = await readJson<StoredChunk>(store, chunkKey(chunk));
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

/** Every live record's entry, oldest first; only records the last index did not have are read. */
async function rebuild(
  store: Store,
  options: IndexOptions,
  previous: ReadonlyMap<string, Entry>,
  /** Where each entry read is kept at once, for a later rebuild if this one is cut short. */
  read: Map<string, Entry>,
): Promise<Entry[]> {
  const { blobs } = await store.list();
  const listed = blobs
    .filter((blob) => isId(blob.key))
    // Oldest first, whatever order the service lists them in (a listing never repeats a key).
    .sort((a, b) => (a.key < b.key ? -1 : 1));
  const entries: (Entry | null)[] = listed.map(({ key, etag }) => {
    const entry = previous.get(key);
    return entry && entry.etag === etag ? entry : null;
  });
  const unread = entries.flatMap((entry, index) => (entry === null ? [index] : []));
  let next = 0;
  const worker = async () => {
    while (next < unread.length) {
      const index = unread[next++]!;
      const id = listed[index]!.key;
      const found = await store.getWithMetadata(id, { type: 'json' });
      // Deleted since the listing, or a tombstone: not a record.
      if (!found || !isLive(found.data) || !found.etag) continue;
      const entry = { id, etag: found.etag, summary: options.summarize(found.data) };
      entries[index] = entry;
      read.set(id, entry);
    }
  };
  await Promise.all(Array.from({ length: Math.min(READ_CONCURRENCY, unread.length) }, worker));
  return entries.filter((entry): entry is Entry => entry !== null);
}

function chunked(entries: readonly Entry[], chunkSize: number): LoadedChunk[] {
  const chunks: LoadedChunk[] = [];
  for (let start = 0; start < entries.length; start += chunkSize) {
    const slice = entries.slice(start, start + chunkSize);
    chunks.push({ tag: tagOf(slice), entries: slice });
  }
  return chunks;
}

/** A chunk's tag: the hash of its ids and ETags (the summaries follow from them). */
function tagOf(entries: readonly Entry[]): string {
  const hash = createHash('sha256');
  for (const { id, etag } of entries) hash.update(`${id}\u0000${etag}\n`);
  return hash.digest('base64url').slice(0, 22);
}

/** Chunks first (only those whose tag changed), head last. */
async function writeIndex(
  store: Store,
  generation: string,
  { chunkSize, shape }: IndexOptions,
  chunks: readonly LoadedChunk[],
  storedTags: readonly (string | undefined)[],
): Promise<void> {
  await Promise.all(
    chunks.map((chunk, index) =>
      storedTags[index] === chunk.tag
        ? undefined
        : store.setJSON(chunkKey(index), {
            tag: chunk.tag,
            entries: chunk.entries.map(({ id, etag, summary }) => [id, etag, summary]),
          } satisfies StoredChunk),
    ),
  );
  const head: IndexHead = {
    format: FORMAT,
    generation,
    shape,
    chunkSize,
    tags: chunks.map((chunk) => chunk.tag),
  };
  await store.setJSON(HEAD_KEY, head);
}

/** A bookkeeping blob, or null when missing or damaged (it is then rebuilt). */
async function readJson<V>(store: Store, key: string): Promise<V | null> {
  const text = await store.get(key, { type: 'text' });
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? (value as V) : null;
  } catch {
    return null;
  }
}

/** The index's entries newest first. */
export function* newestFirst(
  index: LoadedIndex,
): Generator<{ entry: Entry; chunk: LoadedChunk; at: number }> {
  for (let c = index.chunks.length - 1; c >= 0; c--) {
    const chunk = index.chunks[c]!;
    for (let at = chunk.entries.length - 1; at >= 0; at--)
      yield { entry: chunk.entries[at]!, chunk, at };
  }
}
