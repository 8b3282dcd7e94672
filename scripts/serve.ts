/**
 * Production-like local server (`npm start`, and what the browser tests run against).
 *
 * Netlify's own local emulation (@netlify/dev) serves dist/ with pretty URLs and applies
 * netlify.toml headers and redirects; functions/ are called in this process
 * (scripts/local-functions.ts) against Netlify's file-backed Blobs server
 * (scripts/local-blobs.ts): the same code that runs on Netlify, with no account and no network.
 * This wrapper adds what the CDN would: compression, the 404 page, the client address.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { lookup } from 'node:dns/promises';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliCompress, createGzip, constants as zlib } from 'node:zlib';
import { NetlifyDev } from '@netlify/dev';
import { errorResponse } from '../functions/_lib/http.ts';
import { ensureLocalAdmin } from './local-admin.ts';
import { startLocalBlobs } from './local-blobs.ts';
import {
  MAX_BODY_BYTES,
  loadFunctions,
  matchRoute,
  readBody,
  webRequest,
} from './local-functions.ts';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env['PORT'] ?? 8888);
const host = process.env['HOST'] ?? 'localhost';

if (existsSync(`${root}.env`)) process.loadEnvFile(`${root}.env`);
if (!existsSync(`${root}dist/index.html`)) {
  console.error('No build found in dist/: run `npm run build` first (or `npm start`).');
  process.exit(1);
}
const admin = ensureLocalAdmin(root);

const netlify = new NetlifyDev({
  projectRoot: root,
  serverAddress: null,
  edgeFunctions: { enabled: false },
  database: { enabled: false },
  images: { enabled: false },
  aiGateway: { enabled: false },
  geolocation: { enabled: false },
  // functions/ run in this process (scripts/local-functions.ts), not one worker per call,
  // against the Blobs server started below.
  functions: { enabled: false },
  blobs: { enabled: false },
});
await netlify.start();
// BLOBS_DIR gives a run data of its own (the browser tests use a fresh folder each run).
const dataDir = process.env['BLOBS_DIR']
  ? resolve(process.env['BLOBS_DIR'])
  : `${root}.netlify/blobs-serve`;
const stopBlobs = await startLocalBlobs(root, dataDir);
const routes = await loadFunctions(`${root}functions`);
const origin = `http://localhost:${port}`;

const notFoundPage = readFileSync(`${root}dist/404.html`);
const compressible = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

function encodingFor(req: IncomingMessage, type: string | null): 'br' | 'gzip' | null {
  if (!type || !compressible.test(type)) return null;
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * The answer's body as a Node stream that, when the visitor leaves early, reads the rest and
 * drops it instead of cancelling. Cancelling @netlify/static's file streams mid-read makes
 * Node 22's web-stream adapter throw outside any request ("Controller is already closed"),
 * which would stop the whole server; the files are small, so reading them out costs little.
 */
function drainOnClose(source: ReadableStream<Uint8Array>): Readable {
  const reader = source.getReader();
  return new Readable({
    read() {
      reader.read().then(
        ({ done, value }) => this.push(done ? null : value),
        (error: unknown) => this.destroy(error as Error),
      );
    },
    destroy(error, callback) {
      void (async () => {
        try {
          while (!(await reader.read()).done);
        } catch {
          // Already failed or closed: nothing left to read.
        }
      })();
      callback(error);
    },
  });
}

async function send(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const headers = new Headers(response.headers);
  const encoding = headers.has('content-encoding')
    ? null
    : encodingFor(req, headers.get('content-type'));
  if (encoding) {
    headers.set('content-encoding', encoding);
    headers.delete('content-length');
    headers.append('vary', 'Accept-Encoding');
  }
  res.statusCode = response.status;
  for (const [name, value] of headers) {
    if (name !== 'set-cookie') res.setHeader(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('set-cookie', cookies);
  if (!response.body || req.method === 'HEAD') {
    res.end();
    return;
  }
  const body = drainOnClose(response.body);
  const compressor =
    encoding === 'br'
      ? createBrotliCompress({ params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
        ? createGzip()
        : null;
  await (compressor ? pipeline(body, compressor, res) : pipeline(body, res));
}

/** `/api/*`: the function whose `config.path` matches, called in this process. */
async function callFunction(req: IncomingMessage): Promise<Response> {
  const pathname = (req.url ?? '/').split('?')[0]!;
  const route = matchRoute(routes, req.method ?? 'GET', pathname);
  if (!route) return errorResponse(404, 'Not found.');
  const body = await readBody(req, MAX_BODY_BYTES);
  if (body === null) return errorResponse(413, 'Request body is too large.');
  let request: Request;
  try {
    request = webRequest(req, origin, body);
  } catch {
    return errorResponse(400, 'Malformed request.');
  }
  return route.handler(request, {
    params: route.params,
    // The socket's own address, as Netlify's context.ip: never a client-sent header.
    ip: req.socket.remoteAddress ?? 'unknown',
    deploy: { context: 'dev' },
    waitUntil: (promise) => void promise.catch((error: unknown) => console.error(error)),
  });
}

/** Pages and files from dist/, as Netlify's CDN serves them; else the 404 page. */
async function staticResponse(req: IncomingMessage): Promise<Response> {
  const result = await netlify.handleAndIntrospectNodeRequest(req);
  return (
    result?.response ??
    new Response(notFoundPage, {
      status: 404,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' },
    })
  );
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  try {
    const isApi = req.url === '/api' || Boolean(req.url?.startsWith('/api/'));
    await send(req, res, await (isApi ? callFunction(req) : staticResponse(req)));
  } catch (error) {
    // The visitor navigated away mid-answer: nothing failed on our side.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    console.error(`${req.method} ${req.url} failed:`, error);
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Something went wrong on our side. Please try again.' }));
    } else {
      res.destroy();
    }
  }
}

const addresses = await lookup(host, { all: true });
const servers = addresses.map(({ address }) => {
  const server = createServer((req, res) => void handle(req, res));
  server.listen(port, address);
  return server;
});

const url = `http://localhost:${port}`;
console.log(`\nSite, API and admin on ${url}  (Ctrl+C to stop)`);
if (admin.generated) {
  console.log(`Admin: ${url}/login  username "${admin.username}", password "${admin.password}"`);
  console.log(
    '       (local only, kept in .netlify/local-admin.json; set ADMIN_* in .env to choose)',
  );
} else {
  console.log(`Admin: ${url}/login  with ADMIN_USERNAME and the password you configured.`);
}

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  for (const server of servers) server.close();
  await netlify.stop();
  await stopBlobs();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
