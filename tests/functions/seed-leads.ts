/**
 * Fills a lead store with `count` records and a stored index of them, as a store that has been
 * listed since its last change is (timeline-index.ts): records on disk (seed-store.ts), the
 * index's chunks and head in the format, summary shape and chunk size that a real list wrote for
 * the store's first record, which must be there already (`sample`). The records are copies of
 * that first one under ids one second apart, ending `endingAt`.
 */
import { getStore } from '@netlify/blobs';
import { idTime, isId } from '../../functions/_lib/ids.ts';
import { tagOf } from '../../functions/_lib/repositories/timeline-index.ts';
import type { BlobsHarness } from './helpers.ts';
import { seedStore, type SeedRecord } from './seed-store.ts';

interface Head {
  shape: string;
  chunkSize: number;
  tags: string[];
  [field: string]: unknown;
}

export interface SeededLeads {
  /** Seeded ids, oldest first (the sample not among them). */
  ids: string[];
}

export async function seedLeads(
  harness: BlobsHarness,
  store: string,
  count: number,
  {
    endingAt = Date.now() - 86_400_000,
    fields = () => ({}),
  }: {
    endingAt?: number;
    /** Fields of seeded record `n` other than the sample's (its summary follows them). */
    fields?: (n: number) => Record<string, string>;
  } = {},
): Promise<SeededLeads> {
  const raw = getStore({ name: store, consistency: 'strong' });
  const head = (await raw.get('_index', { type: 'json' })) as Head;
  const [tag] = head.tags;
  const chunk = (await raw.get(`_index-${tag}`, { type: 'json' })) as {
    entries: [string, string, Record<string, string>][];
  };
  const [sampleId, , sampleSummary] = chunk.entries[0]!;
  const sample = (await raw.get(sampleId, { type: 'json' })) as Record<string, unknown>;

  const ids = Array.from({ length: count }, (_, n) => idAt(endingAt - (count - n) * 1000, n));
  const summaryOf = (n: number) => {
    const own = fields(n);
    return Object.fromEntries(
      Object.entries(sampleSummary).map(([name, value]) => [name, own[name] ?? value]),
    );
  };
  const entries = ids.map((id, n) => [id, `"seeded-${n}"`, summaryOf(n)] as const);
  const all = [...entries, [sampleId, chunk.entries[0]![1], sampleSummary] as const];
  const chunks: SeedRecord[] = [];
  const tags: string[] = [];
  for (let start = 0; start < all.length; start += head.chunkSize) {
    const slice = all.slice(start, start + head.chunkSize);
    const chunkTag = tagOf(
      slice.map(([id, etag, summary]) => ({ id, etag, summary })),
      head.shape,
    );
    tags.push(chunkTag);
    chunks.push({
      key: `_index-${chunkTag}`,
      value: { tag: chunkTag, entries: slice },
    });
  }
  function* records(): Generator<SeedRecord> {
    for (const [n, id] of ids.entries()) {
      yield {
        key: id,
        value: { ...sample, _id: id, createdAt: new Date(idTime(id)).toISOString(), ...fields(n) },
      };
    }
    yield* chunks;
  }
  await seedStore(harness, store, records());
  // The head last, through the server, over the one the real list wrote.
  await raw.setJSON('_index', { ...head, tags });
  return { ids };
}

const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** An id of time `time` (ids.ts's layout: 10 digits of time, 16 of randomness, base 32). */
function idAt(time: number, n: number): string {
  const digits = (value: number, length: number) => {
    let out = '';
    for (let i = 0; i < length; i++) {
      out = BASE32[value % 32]! + out;
      value = Math.floor(value / 32);
    }
    return out;
  };
  const id = digits(time, 10) + digits(n, 16);
  if (!isId(id)) throw new Error(`not an id: ${id}`);
  return id;
}
