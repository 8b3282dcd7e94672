/**
 * A fault-injecting proxy in front of the test Blobs server, on loopback: requests pass through
 * unchanged unless a rule matches, and then fail the way a storage service can fail.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { type BlobsHarness } from './helpers.ts';
import { listenOnLoopback } from './loopback.ts';

export type Fault =
  /** Answer 5xx (or 429) without forwarding: nothing was stored. */
  | { kind: 'refuse'; status: number; headers?: Record<string, string> }
  /** Forward (so the write happens), then answer 500: the client never learns it succeeded. */
  | { kind: 'lose-answer' }
  /** Hold the request this long before forwarding it. */
  | { kind: 'delay'; ms: number }
  /** Forward a listing and answer its keys in reverse order (the service promises no order). */
  | { kind: 'reverse-listing' }
  /** Forward a listing and answer its directory names with a trailing "/", as some services do. */
  | { kind: 'slash-directories' }
  /** Forward, and answer without the ETag (a record read this way can never be written back). */
  | { kind: 'drop-etag' };

export interface FaultRule {
  method?: string;
  /** Matched against the path, e.g. /\/_generation$/ or /site:enquiries\/[0-7]/. */
  path: RegExp;
  fault: Fault;
  /** How many matching requests to fail (default: every one). */
  times?: number;
}

export interface FaultyBlobs {
  url: string;
  rules: FaultRule[];
  /** Requests the proxy saw, as `METHOD path`. */
  seen: string[];
  /** Adds the rules and points the Blobs client at the proxy (until `blobs.restore()`). */
  inject(...rules: FaultRule[]): void;
  close(): Promise<void>;
}

/** Answer headers that must not be passed on as they are (fetch has decoded the body already). */
const RECOMPUTED = ['content-length', 'transfer-encoding', 'content-encoding'];

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The answer to a listing, rewritten as the fault says (or as it is). */
function rewriteListing(answer: Buffer, fault: Fault | undefined): Buffer {
  if (fault?.kind !== 'reverse-listing' && fault?.kind !== 'slash-directories') return answer;
  const listing = JSON.parse(answer.toString('utf8')) as {
    blobs?: unknown[];
    directories?: string[];
  };
  if (fault.kind === 'reverse-listing') listing.blobs?.reverse();
  else listing.directories = (listing.directories ?? []).map((name) => `${name}/`);
  return Buffer.from(JSON.stringify(listing));
}

/** Starts the proxy on loopback, setting its `url` and `close`. */
async function listen(proxy: FaultyBlobs, harness: BlobsHarness): Promise<void> {
  const server = createServer((req, res) => {
    void (async () => {
      const method = req.method ?? 'GET';
      const path = req.url ?? '/';
      proxy.seen.push(`${method} ${path}`);
      const body = await readAll(req);
      const rule = proxy.rules.find(
        (candidate) =>
          (candidate.times ?? 1) > 0 &&
          (candidate.method === undefined || candidate.method === method) &&
          candidate.path.test(path),
      );
      if (rule && rule.times !== undefined) rule.times--;
      const fault = rule?.fault;
      if (fault?.kind === 'refuse') {
        res.writeHead(fault.status, fault.headers).end();
        return;
      }
      if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && name !== 'host' && name !== 'connection')
          headers.set(name, value);
      }
      try {
        const upstream = await fetch(`${harness.url}${path}`, {
          method,
          headers,
          ...(body.length > 0 || method === 'PUT' ? { body: new Uint8Array(body) } : {}),
        });
        const answer = Buffer.from(await upstream.arrayBuffer());
        if (fault?.kind === 'lose-answer') {
          res.writeHead(500).end();
          return;
        }
        const dropped = fault?.kind === 'drop-etag' ? [...RECOMPUTED, 'etag'] : RECOMPUTED;
        const out: Record<string, string> = {};
        upstream.headers.forEach((value, name) => {
          if (!dropped.includes(name)) out[name] = value;
        });
        const sent = upstream.ok ? rewriteListing(answer, fault) : answer;
        res.writeHead(upstream.status, out).end(sent);
      } catch {
        if (!res.headersSent) res.writeHead(502).end();
      }
    })();
  });
  proxy.url = await listenOnLoopback(server);
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/**
 * The proxy for the file's tests (call after `useBlobs()`): started once, without rules and with
 * nothing seen at the start of each test, and the Blobs client pointed back at the server after it.
 */
export function useFaultyBlobs(harness: BlobsHarness): FaultyBlobs {
  const proxy: FaultyBlobs = {
    url: '',
    rules: [],
    seen: [],
    inject(...rules) {
      proxy.rules.push(...rules);
      harness.pointAt(proxy.url);
    },
    close: async () => {},
  };
  beforeAll(() => listen(proxy, harness));
  afterAll(() => proxy.close());
  beforeEach(() => {
    proxy.rules.length = 0;
    proxy.seen.length = 0;
  });
  afterEach(() => harness.restore());
  return proxy;
}
