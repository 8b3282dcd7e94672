/**
 * The file-backed Netlify Blobs server for local use (`npm start`, `npm run dev`, the benchmark,
 * the function tests): Netlify's emulator (`BlobsServer` of @netlify/blobs 11) on a folder of our
 * choosing, corrected where it differs from the real service in ways that matter to concurrent code:
 * - Conditional writes are atomic: the check of `If-None-Match`/`If-Match` and the write run under
 *   a lock for the key (the emulator awaits file work in between, so two `onlyIfNew` writes could
 *   both win). Single-blob GETs and DELETEs take the same lock.
 * - Uploads are received whole before anything else: the emulator is only handed requests whose
 *   body has fully arrived, so no lock waits on a slow client, and an upload that is cut short,
 *   aborted or not as long as its `Content-Length` stores nothing (400 if the client still listens).
 * - ETags come from the file's inode and nanosecond mtime (the emulator's share one per
 *   millisecond), and a GET returns one, so `getWithMetadata` can feed `onlyIfMatch`.
 * - Listings skip temporary files and entries that vanish while being read (the emulator stops
 *   there and answers a short 200); any other file-system error answers 500, never a short list.
 *   A listing stats only the files written since the last one read them (the writes of every
 *   server of this process are counted), so another process writing the same folder at the same
 *   time is not seen in listings' ETags: one server per data folder.
 * The corrections patch the emulator's internals and check that they are there, so an upgrade of
 * @netlify/blobs that moves them fails loudly at start instead of quietly losing them.
 */
import { existsSync, readFileSync, promises as fs, type BigIntStats, type Dirent } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { join, relative, resolve, sep } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';

type Handler = (req: Request) => Promise<Response>;

/** The emulator's private members this module relies on (@netlify/blobs 11.1). */
interface ServerInternals {
  address: string;
  get: Handler;
  put: Handler;
  delete: Handler;
  handleRequest: Handler;
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
  const missing = ['get', 'put', 'delete', 'handleRequest', 'getLocalPaths'].filter(
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

function etagOf(path: string, stats: BigIntStats): string {
  const version = `${path}\n${stats.ino}\n${stats.mtimeNs}\n${stats.size}`;
  return `"${createHash('sha256').update(version).digest('hex').slice(0, 32)}"`;
}

async function preciseETag(path: string): Promise<string> {
  try {
    return etagOf(path, await fs.stat(path, { bigint: true }));
  } catch {
    return '';
  }
}

/** An entry deleted or renamed since its folder was read: not part of this listing. */
const vanished = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * What a listing last read of each blob file, by absolute path, with the file's write count at
 * the time: every write and delete through these servers counts (`touched`), so a listing stats
 * only files written since (a listing of 10,000 blobs is 10,000 stats otherwise).
 */
const listed = new Map<string, { writes: number; etag: string; modified: string; size: number }>();
const writes = new Map<string, number>();

/** Counts a write or delete of the blob at `path`: what a listing held of it is stale. */
function touched(path: string): void {
  const absolute = resolve(path);
  writes.set(absolute, (writes.get(absolute) ?? 0) + 1);
  listed.delete(absolute);
}

/** The emulator's own walk, minus its stop at the first entry that vanishes mid-listing. */
async function tolerantWalk(options: WalkOptions): Promise<void> {
  const { directories, path, prefix, result, rootPath } = options;
  let entries: Dirent[];
  try {
    entries = await fs.readdir(path, { withFileTypes: true });
  } catch (error) {
    if (vanished(error)) return; // No store yet, or a folder whose last blob was just deleted.
    throw error;
  }
  for (const entry of entries) {
    if (TEMP_FILE.test(entry.name)) continue;
    const entryPath = resolve(path, entry.name);
    const key = relative(rootPath, entryPath).split(sep).join('/');
    if (!prefix.startsWith(key.slice(0, prefix.length))) continue;
    if (entry.isDirectory()) {
      if (directories && key.startsWith(prefix)) {
        result.directories?.push(key);
        continue;
      }
      await tolerantWalk({ ...options, path: entryPath });
      continue;
    }
    // A folder on the way to the prefix is walked; a blob must start with the whole prefix.
    if (!key.startsWith(prefix)) continue;
    const count = writes.get(entryPath) ?? 0;
    let known = listed.get(entryPath);
    if (known?.writes !== count) {
      let stats: BigIntStats;
      try {
        stats = await fs.stat(entryPath, { bigint: true });
      } catch (error) {
        if (vanished(error)) continue;
        throw error; // The emulator answers 500: a listing that cannot be complete must not look it.
      }
      known = {
        writes: count,
        etag: etagOf(entryPath, stats),
        modified: stats.mtime.toISOString(),
        size: Number(stats.size),
      };
      // Kept only if no write came in while the file was being read.
      if ((writes.get(entryPath) ?? 0) === count) listed.set(entryPath, known);
    }
    result.blobs?.push({ etag: known.etag, key, last_modified: known.modified, size: known.size });
  }
}

statics.generateETag = preciseETag;
statics.walk = tolerantWalk;

/**
 * The request's whole body, or undefined if the request ended before it did (aborted, errored,
 * cut short) or its length differs from the declared `Content-Length`.
 */
function readBody(req: IncomingMessage): Promise<Buffer<ArrayBuffer> | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => {
      const body = Buffer.concat(chunks);
      const declared = req.headers['content-length'];
      const whole = declared === undefined || Number(declared) === body.length;
      resolve(req.complete && whole ? body : undefined);
    });
    req.once('error', () => resolve(undefined));
    req.once('close', () => resolve(undefined)); // A no-op once 'end' has resolved.
  });
}

/** Serves `handle` over HTTP, handing it only requests whose body has fully arrived. */
function bufferedFront(handle: Handler, base: () => string) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req);
    if (!body) {
      if (!res.headersSent && !res.destroyed && req.socket.writable) res.writeHead(400).end();
      return;
    }
    let response: Response;
    let payload: Buffer;
    try {
      const method = req.method ?? 'GET';
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(',') : value);
      }
      const hasBody = method !== 'GET' && method !== 'HEAD';
      response = await handle(
        new Request(new URL(req.url ?? '/', base()), {
          method,
          headers,
          ...(hasBody ? { body } : {}),
        }),
      );
      payload = Buffer.from(await response.arrayBuffer());
    } catch {
      response = new Response(null, { status: 500 });
      payload = Buffer.alloc(0);
    }
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(payload);
  };
}

/** Runs a write of the blob at `path`, counted before and after (a listing may read it meanwhile). */
async function counted<T>(path: string, write: () => Promise<T>): Promise<T> {
  touched(path);
  try {
    return await write();
  } finally {
    touched(path);
  }
}

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
  port?: number;
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

  // The body is already in memory (bufferedFront), so the lock spans only the check and the write.
  internals.put = (req) => {
    const { dataPath: path } = dataPath(req);
    return path ? withKey(path, () => counted(path, () => put(req))) : put(req);
  };
  internals.delete = (req) => {
    const { dataPath: path } = dataPath(req);
    return path ? withKey(path, () => counted(path, () => remove(req))) : remove(req);
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

  // The emulator's own HTTP front hands it requests whose body is still arriving.
  const http = createServer(
    bufferedFront(internals.handleRequest.bind(server), () => internals.address),
  );
  server.start = async () => {
    await fs.mkdir(options.directory, { recursive: true });
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject).listen(options.port ?? 0, () => resolve());
    });
    const { port } = http.address() as AddressInfo;
    internals.address = `http://localhost:${port}`;
    return { address: internals.address, family: 'ipv4', port };
  };
  server.stop = () =>
    new Promise<void>((resolve, reject) => {
      if (!http.listening) return resolve();
      http.close((error) => (error ? reject(error) : resolve()));
    });
  return server;
}

/** The site id `@netlify/dev` files local Blobs under: the linked site's, else "0". */
export function localSiteID(projectRoot: string): string {
  const state = join(projectRoot, '.netlify/state.json');
  if (!existsSync(state)) return '0';
  return (JSON.parse(readFileSync(state, 'utf8')) as { siteId?: string }).siteId ?? '0';
}

/**
 * Starts the server on `directory` and points this process's Blobs clients at it, and those of
 * worker threads started afterwards (they copy the environment); resolves to its stop function.
 */
export async function startLocalBlobs(
  projectRoot: string,
  directory: string,
): Promise<() => Promise<void>> {
  const token = randomBytes(16).toString('hex');
  const server = createLocalBlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  const context = { siteID: localSiteID(projectRoot), token, edgeURL: url, uncachedEdgeURL: url };
  // process.env itself, not @netlify/dev's `Netlify.env`, which deletes what it set when it stops.
  process.env['NETLIFY_BLOBS_CONTEXT'] = Buffer.from(JSON.stringify(context)).toString('base64');
  return () => server.stop();
}
