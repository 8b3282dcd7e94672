/**
 * Listings of the local Blobs server (scripts/local-blobs.ts) when the file system fails: an entry
 * that vanished is simply not listed, and any other failure is an error, never a short list.
 * The failures are injected into `fs.promises` (tests may run as root, which chmod cannot stop).
 */
import { promises as fsp } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalBlobsServer } from '../../scripts/local-blobs.ts';

const TOKEN = 'token';
let stop: () => Promise<void>;
let directory = '';
let url = '';
let siteID = '';
let site = 0;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'local-blobs-listing-'));
  const server = createLocalBlobsServer({ directory, token: TOKEN });
  const { port } = await server.start();
  url = `http://127.0.0.1:${port}`;
  stop = () => server.stop();
});

beforeEach(async () => {
  siteID = `s${++site}`;
  setEnvironmentContext({ siteID, token: TOKEN, edgeURL: url, uncachedEdgeURL: url });
  await Promise.all(['a', 'b', 'folder/c', 'folder/d'].map((key) => store().set(key, 'x')));
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await stop();
  await rm(directory, { recursive: true, force: true });
});

const store = () => getStore({ name: 'things', consistency: 'strong' });

function failure(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected`), { code });
}

/** Makes `method` of fs.promises fail with `code` for paths ending in `/<name>`. */
function failFor(method: 'stat' | 'readdir', name: string, code: string): void {
  const original = fsp[method] as (...args: unknown[]) => Promise<unknown>;
  vi.spyOn(fsp, method).mockImplementation((async (path: unknown, ...rest: unknown[]) => {
    if (String(path).endsWith(`${sep}${name}`)) throw failure(code);
    return original.call(fsp, path, ...rest);
  }) as never);
}

/** The raw listing, as the client asks for it. */
const listing = () =>
  fetch(`${url}/${siteID}/site:things?directories=false`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });

const keys = async () => (await store().list()).blobs.map((blob) => blob.key).sort();

describe('local Blobs listing under file-system failures', () => {
  it('leaves out an entry that vanished between reading its folder and reading it', async () => {
    failFor('stat', 'b', 'ENOENT');
    expect(await keys()).toEqual(['a', 'folder/c', 'folder/d']);
  });

  it('leaves out a folder that vanished mid-listing', async () => {
    failFor('readdir', 'folder', 'ENOENT');
    expect(await keys()).toEqual(['a', 'b']);
  });

  for (const code of ['EMFILE', 'EACCES', 'EIO']) {
    it(`answers 500, not a shorter list, when reading a blob fails with ${code}`, async () => {
      failFor('stat', 'b', code);
      expect((await listing()).status).toBe(500);
      await expect(store().list()).rejects.toThrow(/500/);
    });
  }

  it('answers 500, not a shorter list, when reading a folder fails with EACCES', async () => {
    failFor('readdir', 'folder', 'EACCES');
    expect((await listing()).status).toBe(500);
    await expect(store().list()).rejects.toThrow(/500/);
  });
});

describe('local Blobs listing by prefix', () => {
  it('lists only blobs whose key starts with the whole prefix, as the service does', async () => {
    await Promise.all(
      ['_index', '_index-A', '_index-B', '_indexed'].map((key) => store().set(key, 'x')),
    );
    const { blobs } = await store().list({ prefix: '_index-' });
    expect(blobs.map((blob) => blob.key).sort()).toEqual(['_index-A', '_index-B']);
    const nested = await store().list({ prefix: 'folder/c' });
    expect(nested.blobs.map((blob) => blob.key)).toEqual(['folder/c']);
  });
});

describe('local Blobs listing ETags', () => {
  const listedETag = async (key: string) =>
    (await store().list()).blobs.find((blob) => blob.key === key)?.etag;

  it('follow every write and delete, as a read of the blob gives them', async () => {
    await store().set('k', 'one');
    const first = await listedETag('k');
    expect(first).toBe((await store().getWithMetadata('k'))?.etag);
    // Listed again with no write between: the same ETag, from what the last listing read.
    expect(await listedETag('k')).toBe(first);
    await store().set('k', 'two');
    const second = await listedETag('k');
    expect(second).not.toBe(first);
    expect(second).toBe((await store().getWithMetadata('k'))?.etag);
    const { modified } = await store().set('k', 'three', { onlyIfMatch: second! });
    expect(modified).toBe(true);
    expect(await listedETag('k')).toBe((await store().getWithMetadata('k'))?.etag);
    await store().delete('k');
    expect(await listedETag('k')).toBeUndefined();
  });
});
