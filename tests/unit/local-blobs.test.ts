/**
 * The local Blobs server keeps the promises the real service makes to concurrent code
 * (scripts/local-blobs.ts): one winner per conditional write, ETags that change with every write
 * and come back on reads, and listings that never drop blobs written before they started.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalBlobsServer } from '../../scripts/local-blobs.ts';

let stop: () => Promise<void>;
let directory = '';
let url = '';
let site = 0;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'local-blobs-test-'));
  const server = createLocalBlobsServer({ directory, token: 'token' });
  const { port } = await server.start();
  url = `http://127.0.0.1:${port}`;
  stop = () => server.stop();
});

beforeEach(() => {
  setEnvironmentContext({
    siteID: `s${++site}`,
    token: 'token',
    edgeURL: url,
    uncachedEdgeURL: url,
  });
});

afterAll(async () => {
  await stop();
  await rm(directory, { recursive: true, force: true });
});

const store = () => getStore({ name: 'things', consistency: 'strong' });

describe('local Blobs server', () => {
  it('lets exactly one of 50 concurrent onlyIfNew writes of a key through', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => store().setJSON('key', { i }, { onlyIfNew: true })),
    );
    expect(results.filter((result) => result.modified)).toHaveLength(1);
    const winner = results.findIndex((result) => result.modified);
    expect(await store().get('key', { type: 'json' })).toEqual({ i: winner });
  });

  it('returns an ETag on read and lets exactly one of 50 writers with that ETag through', async () => {
    await store().setJSON('counter', { n: 0 });
    const { etag } = (await store().getWithMetadata('counter', { type: 'json' })) ?? {};
    expect(etag).toMatch(/^".+"$/);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        store().setJSON('counter', { n: i + 1 }, { onlyIfMatch: etag! }),
      ),
    );
    expect(results.filter((result) => result.modified)).toHaveLength(1);
  });

  it('gives every write of a key a new ETag, even within one millisecond', async () => {
    const etags = new Set<string | undefined>();
    for (let i = 0; i < 20; i++) etags.add((await store().set('k', String(i))).etag);
    expect(etags.size).toBe(20);
  });

  it('never lists fewer blobs than were written before the listing began', async () => {
    const settled = Array.from({ length: 40 }, (_, i) => `settled-${String(i).padStart(2, '0')}`);
    await Promise.all(settled.map((key) => store().set(key, 'x')));
    let writing = true;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      for (let i = 0; writing; i++) await store().set(`busy-${w}-${i % 5}`, String(i));
    });
    const counts: number[] = [];
    for (let i = 0; i < 30; i++) {
      const { blobs } = await store().list();
      counts.push(blobs.filter((blob) => blob.key.startsWith('settled-')).length);
    }
    writing = false;
    await Promise.all(writers);
    expect(counts.every((count) => count === settled.length)).toBe(true);
  });
});
