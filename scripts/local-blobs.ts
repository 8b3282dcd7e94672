/**
 * The file-backed Netlify Blobs server for local use (`npm start`, the benchmark, the function
 * tests): the server @netlify/dev would start, on a folder of our choosing, with this process's
 * Blobs context pointed at it so the functions' `getStore()` calls reach it.
 *
 * Netlify's own emulator (`BlobsServer` of @netlify/blobs 11) differs from the real service in
 * three ways that matter to code written for concurrency, so this module corrects them:
 * - Conditional writes are not atomic: a PUT checks `If-None-Match`/`If-Match`, then awaits file
 *   work, then renames, so two `onlyIfNew` writes of one key can both succeed. Here every PUT,
 *   DELETE and single-blob GET of a key runs under a lock for that key, as the service's
 *   compare-and-set does.
 * - ETags come from the file's mtime at millisecond precision (two writes in one millisecond share
 *   one), and a GET carries none, so `getWithMetadata` cannot feed `onlyIfMatch`. Here an ETag
 *   is made of the file's inode and nanosecond mtime (each write renames a new file into place),
 *   and a GET returns it.
 * - A listing stops at the first file that vanishes while it is being read (the temporary file of
 *   a write in flight) and still answers 200, so a store under writes lists short. Here such
 *   entries, and the emulator's temporary files, are skipped.
 * The corrections patch the emulator's internals and check that they are there, so an upgrade of
 * @netlify/blobs that moves them fails loudly at start instead of quietly losing them.
 */
import { existsSync, readFileSync, promises as fs } from 'node:fs';
import { createHash, randomBytes } from 'node:crypto';
import { join, relative, sep } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

type Handler = (req: Request) => Promise<Response>;

/** The emulator's private members this module relies on (@netlify/blobs 11.1). */
interface ServerInternals {
  address: string;
  get: Handler;
  put: Handler;
  delete: Handler;
  getLocalPaths(url: URL): { dataPath?: string; key?: string };
}

interface WalkOptions {
  directories: boolean;
  path: string;
  prefix: string;
  rootPath: string;
  result: { blobs?: unknown[]; directories?: string[] };
}

interface ServerStatics {
  generateETag(path: string): Promise<string>;
  walk(options: WalkOptions): Promise<void>;
}

const statics = BlobsServer as unknown as ServerStatics;
/** The emulator writes `.<random base 36>` beside the blob, then renames it into place. */
const TEMP_FILE = /^\.[0-9a-z]+$/;

function assertInternals(server: ServerInternals): void {
  const missing = ['get', 'put', 'delete', 'getLocalPaths'].filter(
    (name) => typeof server[name as keyof ServerInternals] !== 'function',
  );
  if (typeof statics.generateETag !== 'function') missing.push('generateETag');
  if (typeof statics.walk !== 'function') missing.push('walk');
  if (missing.length > 0) {
    throw new Error(
      `scripts/local-blobs.ts: @netlify/blobs/server no longer has ${missing.join(', ')}; ` +
        'update the emulator corrections for this version.',
    );
  }
}

async function preciseETag(path: string): Promise<string> {
  try {
    const stats = await fs.stat(path, { bigint: true });
    const version = `${path}\n${stats.ino}\n${stats.mtimeNs}\n${stats.size}`;
    return `"${createHash('sha256').update(version).digest('hex').slice(0, 32)}"`;
  } catch {
    return '';
  }
}

/** The emulator's own walk, minus its stop at the first entry that vanishes mid-listing. */
async function tolerantWalk(options: WalkOptions): Promise<void> {
  const { directories, path, prefix, result, rootPath } = options;
  for (const entry of await fs.readdir(path)) {
    if (TEMP_FILE.test(entry)) continue;
    const entryPath = join(path, entry);
    let stat;
    try {
      stat = await fs.stat(entryPath);
    } catch {
      continue; // Deleted or renamed since readdir: not part of this listing.
    }
    const key = relative(rootPath, entryPath).split(sep).join('/');
    if (!prefix.startsWith(key.slice(0, prefix.length))) continue;
    if (!stat.isDirectory()) {
      result.blobs?.push({
        etag: await preciseETag(entryPath),
        key,
        last_modified: stat.mtime.toISOString(),
        size: stat.size,
      });
      continue;
    }
    if (directories && key.startsWith(prefix)) {
      result.directories?.push(key);
      continue;
    }
    try {
      await tolerantWalk({ ...options, path: entryPath });
    } catch {
      // The folder went away mid-listing (its last blob was deleted).
    }
  }
}

statics.generateETag = preciseETag;
statics.walk = tolerantWalk;

/** Runs `task` after every earlier task of the same key has settled. */
function keyedLock() {
  const tails = new Map<string, Promise<unknown>>();
  return async <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const previous = tails.get(key) ?? Promise.resolve();
    const run = previous.then(task, task);
    const tail = run.catch(() => {});
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}

export interface LocalBlobsOptions {
  directory: string;
  token: string;
  onRequest?: (operation: { type: string; url: string }) => void;
}

/** A BlobsServer with atomic conditional writes, ETags on reads and complete listings. */
export function createLocalBlobsServer(options: LocalBlobsOptions): BlobsServer {
  const server = new BlobsServer(options);
  const internals = server as unknown as ServerInternals;
  assertInternals(internals);
  const withKey = keyedLock();
  const dataPath = (req: Request) =>
    internals.getLocalPaths(new URL(req.url, internals.address || 'http://localhost'));

  const get = internals.get.bind(server);
  const put = internals.put.bind(server);
  const remove = internals.delete.bind(server);

  internals.put = (req) => {
    const { dataPath: path } = dataPath(req);
    return path ? withKey(path, () => put(req)) : put(req);
  };
  internals.delete = (req) => {
    const { dataPath: path } = dataPath(req);
    return path ? withKey(path, () => remove(req)) : remove(req);
  };
  internals.get = (req) => {
    const { dataPath: path, key } = dataPath(req);
    if (!path || !key) return get(req); // A listing.
    return withKey(path, async () => {
      const response = await get(req);
      if (response.status !== 200) return response;
      const headers = new Headers(response.headers);
      headers.set('etag', await preciseETag(path));
      return new Response(response.body, { status: 200, headers });
    });
  };
  return server;
}

/** The site id `@netlify/dev` files local Blobs under: the linked site's, else "0". */
export function localSiteID(projectRoot: string): string {
  const state = join(projectRoot, '.netlify/state.json');
  if (!existsSync(state)) return '0';
  return (JSON.parse(readFileSync(state, 'utf8')) as { siteId?: string }).siteId ?? '0';
}

/** Starts the server on `directory`; resolves to its stop function. */
export async function startLocalBlobs(
  projectRoot: string,
  directory: string,
): Promise<() => Promise<void>> {
  const token = randomBytes(16).toString('hex');
  const server = createLocalBlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({
    siteID: localSiteID(projectRoot),
    token,
    edgeURL: url,
    uncachedEdgeURL: url,
  });
  return () => server.stop();
}
