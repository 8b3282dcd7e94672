/**
 * Fills a site-wide store of the test's Blobs server straight on disk, in the layout the server
 * itself writes (`entries/<site>/site:<store>/<key>`, metadata beside it under `metadata/`):
 * 50,000 records through the HTTP API take minutes on a busy two-core machine, on disk seconds.
 * The server reads them back like any other (tests/functions/seed-store.test.ts checks it).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BlobsHarness } from './helpers.ts';

export interface SeedRecord {
  key: string;
  /** Stored as JSON. */
  value: unknown;
  metadata?: Record<string, unknown>;
}

/** Writes `records` into site-wide store `store` of the harness's current site; how many. */
export async function seedStore(
  harness: BlobsHarness,
  store: string,
  records: Iterable<SeedRecord>,
  { concurrency = 64 }: { concurrency?: number } = {},
): Promise<number> {
  const entries = join(harness.directory, 'entries', harness.siteID, `site:${store}`);
  const metadata = join(harness.directory, 'metadata', harness.siteID, `site:${store}`);
  const made = new Set<string>();
  const ensureDir = async (path: string) => {
    const dir = dirname(path);
    if (made.has(dir)) return;
    await mkdir(dir, { recursive: true });
    made.add(dir);
  };
  const writeOne = async ({ key, value, metadata: meta }: SeedRecord) => {
    const data = join(entries, ...key.split('/'));
    await ensureDir(data);
    await writeFile(data, JSON.stringify(value));
    if (meta !== undefined) {
      const path = join(metadata, ...key.split('/'));
      await ensureDir(path);
      await writeFile(path, JSON.stringify(meta));
    }
  };
  let count = 0;
  let batch: Promise<void>[] = [];
  for (const record of records) {
    batch.push(writeOne(record));
    count++;
    if (batch.length >= concurrency) {
      await Promise.all(batch);
      batch = [];
    }
  }
  await Promise.all(batch);
  return count;
}
