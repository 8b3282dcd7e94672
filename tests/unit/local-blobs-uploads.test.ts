/**
 * Uploads to the local Blobs server (scripts/local-blobs.ts) over raw HTTP, paced by the test: a
 * slow upload holds up nothing, and one that ends short of its body stores nothing.
 *
 * Each upload sends `Expect: 100-continue` and waits for the server's "100 Continue", which Node
 * sends as it hands the request to the server's code: from then on the server has the request.
 * Nothing here depends on how fast the machine is; an upload that is held open is finished only
 * after what it must not hold up has answered.
 */
import { request, type ClientRequest } from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLocalBlobsServer } from '../../scripts/local-blobs.ts';

const TOKEN = 'token';
let stop: () => Promise<void>;
let directory = '';
let port = 0;
let siteID = '';
let site = 0;
const open: ClientRequest[] = [];

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'local-blobs-uploads-'));
  const server = createLocalBlobsServer({ directory, token: TOKEN });
  ({ port } = await server.start());
  stop = () => server.stop();
});

beforeEach(() => {
  siteID = `s${++site}`;
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({ siteID, token: TOKEN, edgeURL: url, uncachedEdgeURL: url });
});

afterEach(() => {
  // A failed test can leave an upload open, which would keep the server from stopping.
  for (const req of open.splice(0)) req.destroy();
});

afterAll(async () => {
  await stop();
  await rm(directory, { recursive: true, force: true });
});

const store = () => getStore({ name: 'things', consistency: 'strong' });

interface Upload {
  req: ClientRequest;
  /** The status the server answered, or 'closed' if the connection ended without an answer. */
  outcome: Promise<number | 'closed'>;
}

/** Starts a PUT of `key` and resolves once the server has the request (its body still to come). */
async function startUpload(key: string, headers: Record<string, string>): Promise<Upload> {
  const req = request({
    host: '127.0.0.1',
    port,
    method: 'PUT',
    path: `/${siteID}/site:things/${key}`, // The client files `getStore(name)` under `site:name`.
    headers: { authorization: `Bearer ${TOKEN}`, expect: '100-continue', ...headers },
  });
  open.push(req);
  const outcome = new Promise<number | 'closed'>((resolve) => {
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve('closed'));
    });
    req.on('error', () => resolve('closed'));
    req.on('close', () => setImmediate(() => resolve('closed'))); // After any 'response'.
  });
  req.flushHeaders();
  await new Promise<void>((resolve, reject) => {
    req.once('continue', resolve);
    req.once('error', reject);
  });
  return { req, outcome };
}

/** Files in the data folder named as the emulator names a write in progress. */
async function tempFiles(): Promise<string[]> {
  const entries = await readdir(directory, { recursive: true });
  return entries.filter((entry) => /^\.[0-9a-z]+$/.test(basename(entry)));
}

describe('local Blobs server: a slow upload', () => {
  it('holds up no read or write of its key while its body is still arriving', async () => {
    await store().set('k', 'old');
    const upload = await startUpload('k', { 'content-length': '10' });
    upload.req.write('12345');

    // The upload stays open until all of these have answered (a server that reads the body
    // under the key's lock never answers the first, and the test times out).
    expect(await store().get('k')).toBe('old');
    const previous = await store().getWithMetadata('k');
    expect(previous?.data).toBe('old');
    expect((await store().set('elsewhere', 'x', { onlyIfNew: true })).modified).toBe(true);
    const swap = await store().set('k', 'swapped', { onlyIfMatch: previous!.etag! });
    expect(swap.modified).toBe(true);
    expect((await store().list()).blobs.map((blob) => blob.key).sort()).toEqual(['elsewhere', 'k']);

    upload.req.end('67890');
    expect(await upload.outcome).toBe(200);
    expect(await store().get('k')).toBe('1234567890');
  });
});

describe('local Blobs server: an upload that ends short of its body', () => {
  /**
   * Runs `cutShort` on an upload of `k` made while another upload of `k` is still arriving (a
   * server that reads the second body only once the first upload is done then finds an aborted
   * client's body empty), and on an upload of a key nobody else writes. Neither may store anything.
   */
  async function expectNothingStored(
    headers: Record<string, string>,
    cutShort: (upload: Upload) => void,
  ): Promise<Array<number | 'closed'>> {
    await store().set('k', 'old');
    const first = await startUpload('k', { 'content-length': '5' });
    first.req.write('fi');
    const short = await startUpload('k', headers);
    const alone = await startUpload('alone', headers);
    cutShort(short);
    cutShort(alone);
    const outcomes = [await short.outcome, await alone.outcome];

    first.req.end('rst');
    expect(await first.outcome).toBe(200);
    expect(await store().get('k')).toBe('first');
    expect(await store().get('alone')).toBeNull();
    expect((await store().list()).blobs.map((blob) => blob.key)).toEqual(['k']);
    expect(await tempFiles()).toEqual([]);
    return outcomes;
  }

  it('stores nothing when the client closes its side before sending any of the body', async () => {
    const outcomes = await expectNothingStored({ 'content-length': '2010' }, ({ req }) =>
      req.socket?.end(),
    );
    expect(outcomes).toEqual([400, 400]);
  });

  it('stores nothing when the body is shorter than its Content-Length', async () => {
    const outcomes = await expectNothingStored({ 'content-length': '2010' }, ({ req }) => {
      req.write('x'.repeat(1000));
      req.socket?.end();
    });
    expect(outcomes).toEqual([400, 400]);
  });

  it('stores nothing when the request is aborted mid-body', async () => {
    const outcomes = await expectNothingStored({ 'content-length': '2010' }, ({ req }) => {
      req.write('x'.repeat(1000), () => req.destroy());
    });
    expect(outcomes).toEqual(['closed', 'closed']);
  });

  it('stores nothing when a chunked upload is aborted before its last chunk', async () => {
    const outcomes = await expectNothingStored({ 'transfer-encoding': 'chunked' }, ({ req }) => {
      req.write('x'.repeat(1000), () => req.destroy());
    });
    expect(outcomes).toEqual(['closed', 'closed']);
  });
});
