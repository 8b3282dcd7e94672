/**
 * The request handling of the local server (scripts/serve.ts), apart from its start-up so tests
 * can run it on a port of their own without dist/: the API in this process
 * (scripts/local-functions.ts), pages and files through Netlify's local emulation, and what the
 * CDN adds: compression, the 404 page, the body cap.
 *
 * A closed job opening's address answers 410 with the "no longer open" page, as Netlify does from
 * dist/_redirects (src/lib/openings/gone.ts): Netlify's local emulation serves such a rule's page
 * with 200, as it does the 404 rules.
 *
 * The 404 page is ours, not Netlify's emulation's, so it gets its headers from `siteHeaders`:
 * Netlify's own header rules (netlify.toml's [[headers]] and dist/_headers, read by the parser
 * NetlifyDev uses for every other page), so the security headers have one source of truth.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createBrotliCompress, createGzip, constants as zlib } from 'node:zlib';
import { HeadersHandler } from '@netlify/headers';
import { errorResponse } from '../functions/_lib/http.ts';
import { callFunction, refuseDeclaredOversize, type Route } from './local-functions.ts';

export interface SiteOptions {
  /** functions/, as `loadFunctions` found them. */
  routes: readonly Route[];
  /** Where functions think they run (their `req.url`), whatever Host a client sent. */
  origin: string;
  /** A page or file of dist/ as Netlify's CDN serves it; undefined when there is none. */
  staticFile: (req: IncomingMessage) => Promise<Response | undefined>;
  /** dist/404.html, or the 404 page for a path (a language's own under its prefix). */
  notFoundPage: Uint8Array<ArrayBuffer> | ((pathname: string) => Uint8Array<ArrayBuffer>);
  /**
   * The page a path shows with 410 Gone (a closed opening's address), or undefined; none when
   * left out.
   */
  gonePage?: (pathname: string) => Uint8Array<ArrayBuffer> | undefined;
  /** The configured headers of a path (`siteHeaders`). */
  headersFor: (pathname: string) => Promise<Record<string, string>>;
}

/** Netlify's header rules for a path, read afresh each time (as NetlifyDev does). */
export function siteHeaders(
  projectRoot: string,
  publishDir = 'dist',
): (pathname: string) => Promise<Record<string, string>> {
  const handler = new HeadersHandler({
    configPath: resolve(projectRoot, 'netlify.toml'),
    projectDir: projectRoot,
    publishDir,
    logger: console as unknown as ConstructorParameters<typeof HeadersHandler>[0]['logger'],
  });
  return (pathname) => handler.apply(new Request(new URL(pathname, 'http://localhost')));
}

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

/**
 * How long a connection refused for its body stays half-open after the answer: the client still
 * sending gets no reset meanwhile, so it reads the 413 (with an immediate close about one client
 * in five lost it on loopback, to a reset mid-upload). Nothing more is read in that time.
 */
const LINGER_MS = 1_000;

/** Replaces Node's close-once-answered (`destroySoon`) with end now, destroy `LINGER_MS` later. */
function closeAfterAnswer(socket: Socket): void {
  socket.destroySoon = () => {
    socket.end();
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}

/** The request listener of the local server. */
export function siteHandler(options: SiteOptions): RequestListener {
  const { routes, origin, staticFile, notFoundPage, gonePage, headersFor } = options;

  async function page(status: 404 | 410, body: Uint8Array<ArrayBuffer>, pathname: string) {
    return new Response(body, {
      status,
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        ...(await headersFor(pathname)),
      },
    });
  }

  async function notFound(req: IncomingMessage): Promise<Response> {
    const pathname = new URL(req.url ?? '/', origin).pathname;
    return page(
      404,
      typeof notFoundPage === 'function' ? notFoundPage(pathname) : notFoundPage,
      pathname,
    );
  }

  async function answer(req: IncomingMessage): Promise<Response> {
    // Nothing here takes more than Netlify's cap: refuse before reading a byte of it.
    const refusal = refuseDeclaredOversize(req);
    if (refusal) return refusal;
    const isApi = req.url === '/api' || Boolean(req.url?.startsWith('/api/'));
    if (isApi) return callFunction(req, routes, origin);
    const pathname = new URL(req.url ?? '/', origin).pathname;
    const gone = gonePage?.(pathname);
    if (gone) return page(410, gone, pathname);
    return (await staticFile(req)) ?? notFound(req);
  }

  return (req, res) =>
    void (async () => {
      try {
        const response = await answer(req);
        if (response.headers.get('connection') === 'close') closeAfterAnswer(req.socket);
        await send(req, res, response);
      } catch (error) {
        // The visitor navigated away mid-answer: nothing failed on our side.
        if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
        console.error(`${req.method} ${req.url} failed:`, error);
        if (!res.headersSent) {
          const failure = errorResponse(500, 'Something went wrong on our side. Please try again.');
          res.writeHead(500, Object.fromEntries(failure.headers));
          res.end(await failure.text());
        } else {
          res.destroy();
        }
      }
    })();
}
