/**
 * A fault-injecting proxy in front of the test Blobs server, on loopback: requests pass through
 * unchanged unless a rule matches, and then fail the way a storage service can fail.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { BlobsHarness } from './helpers.ts';

export type Fault =
  /** Answer 5xx (or 429) without forwarding: nothing was stored. */
  | { kind: 'refuse'; status: number; headers?: Record<string, string> }
  /** Forward (so the write happens), then answer 500: the client never learns it succeeded. */
  | { kind: 'lose-answer' }
  /** Hold the request this long before forwarding it. */
  | { kind: 'delay'; ms: number }
  /** Forward a listing and answer its keys in reverse order (the service promises no order). */
  | { kind: 'reverse-listing' };

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
  close(): Promise<void>;
}

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFaultyBlobs(harness: BlobsHarness): Promise<FaultyBlobs> {
  const proxy: FaultyBlobs = { url: '', rules: [], seen: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
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
        let answer = Buffer.from(await upstream.arrayBuffer());
        if (fault?.kind === 'reverse-listing' && upstream.ok) {
          const listing = JSON.parse(answer.toString('utf8')) as { blobs?: unknown[] };
          listing.blobs?.reverse();
          answer = Buffer.from(JSON.stringify(listing));
        }
        if (fault?.kind === 'lose-answer') {
          res.writeHead(500).end();
          return;
        }
        const out: Record<string, string> = {};
        upstream.headers.forEach((value, name) => {
          // fetch has decoded the body already.
          if (!['content-length', 'transfer-encoding', 'content-encoding'].includes(name))
            out[name] = value;
        });
        res.writeHead(upstream.status, out).end(answer);
      } catch {
        if (!res.headersSent) res.writeHead(502).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  proxy.url = `http://127.0.0.1:${address.port}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
