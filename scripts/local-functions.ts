/**
 * The API for `npm start`: runs functions/*.ts in this process, each called as Netlify calls it,
 * `default(request, context)` at its `config.path`, against the local Blobs server of
 * scripts/local-blobs.ts (whose context is this process's).
 *
 * Why not @netlify/dev's own function runner: it starts a new worker thread and imports ~1.2 MB
 * of Netlify's bootstrap for every call (150–350 ms each, a handful of calls a second on two
 * cores). Here each function is imported once, and a call costs what the function costs.
 */
import { readdirSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { errorResponse } from '../functions/_lib/http.ts';

/** What Netlify hands a function, as far as these functions use it. */
export interface LocalContext {
  params: Record<string, string>;
  ip: string;
  deploy: { context: 'dev' };
  waitUntil: (promise: Promise<unknown>) => void;
}

type FunctionHandler = (req: Request, context: LocalContext) => Promise<Response> | Response;

export interface Route {
  /** `config.path` split at '/', e.g. ['', 'api', 'enquiries', ':id']. */
  segments: string[];
  methods: string[] | undefined;
  handler: FunctionHandler;
}

/** Netlify's own cap on a synchronous function's request body, as the function receives it. */
export const MAX_BODY_BYTES = 6 * 1024 * 1024;

/**
 * The cap on a body Netlify base64-encodes on its way to the function: 4 encoded bytes for every
 * 3, so 4,718,592 bytes as sent ("effectively … 4.5 MB", Netlify's functions configuration).
 */
export const MAX_BINARY_BODY_BYTES = (MAX_BODY_BYTES / 4) * 3;

/** Bodies Netlify hands over as text; any other (a multipart upload, say) arrives base64-encoded. */
const TEXT_BODY =
  /^(?:text\/|application\/(?:json|x-www-form-urlencoded|xml|javascript)\b|[^;]*\+(?:json|xml)\b)/i;

/**
 * The most a request may send in its body here, as on Netlify. Types not known to travel as text
 * count as binary: the stricter cap, so that what passes here passes there.
 */
export function bodyLimit(req: IncomingMessage): number {
  const type = (req.headers['content-type'] ?? '').trim();
  return type !== '' && TEXT_BODY.test(type) ? MAX_BODY_BYTES : MAX_BINARY_BODY_BYTES;
}

/** Paths are literal segments and `:name` parameters: all these functions use. */
function parsePath(path: string, file: string): string[] {
  if (!path.startsWith('/') || /[*?(){}+]/.test(path)) {
    throw new Error(
      `functions/${file}: path "${path}" needs a fuller router than ${import.meta.url}`,
    );
  }
  return path.split('/');
}

export async function loadFunctions(directory: string): Promise<Route[]> {
  const routes: Route[] = [];
  const files = readdirSync(directory, { withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.m?ts$/.test(entry.name))
    .map((entry) => entry.name);
  for (const file of files) {
    const module = (await import(pathToFileURL(join(directory, file)).href)) as {
      default: FunctionHandler;
      config?: { path?: string | string[]; method?: string | string[] };
    };
    const paths = [module.config?.path ?? []].flat();
    const methods = module.config?.method === undefined ? undefined : [module.config.method].flat();
    for (const path of paths) {
      routes.push({ segments: parsePath(path, file), methods, handler: module.default });
    }
  }
  return routes;
}

/** The route that answers this method and path, with its decoded parameters. */
export function matchRoute(
  routes: readonly Route[],
  method: string,
  pathname: string,
): { handler: FunctionHandler; params: Record<string, string> } | undefined {
  const parts = pathname.split('/');
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    if (route.methods && !route.methods.includes(method)) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((segment, index) => {
      const part = parts[index]!;
      if (!segment.startsWith(':')) return segment === part;
      if (part === '') return false;
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
        return true;
      } catch {
        return false;
      }
    });
    if (matches) return { handler: route.handler, params };
  }
  return undefined;
}

/**
 * The request body, whole, or `null` as soon as it passes `limit`. Reading then stops: the rest
 * is neither buffered nor drained, and the caller answers 413 with `connection: close` so the
 * socket is closed once the answer is out.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      req.off('data', onData).off('end', onEnd);
      stopReading(req);
      chunks.length = 0;
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on('data', onData).on('end', onEnd).on('error', reject);
  });
}

/**
 * Leaves the rest of a body unread: paused, with a listener so that Node's server does not drain
 * it either once the answer is sent (it does for bodies nobody read). What the socket already
 * holds stays there until the connection closes.
 */
export function stopReading(req: IncomingMessage): void {
  req.on('data', () => {}).pause();
}

/** 413 for a body over Netlify's cap; the connection closes after it, unread body and all. */
export function bodyTooLarge(): Response {
  return errorResponse(413, 'Request body is too large.', { headers: { connection: 'close' } });
}

/** The 413 for a request that declares more than Netlify's cap, before a byte of it is read. */
export function refuseDeclaredOversize(req: IncomingMessage): Response | undefined {
  const declared = Number(req.headers['content-length']);
  if (!(Number.isFinite(declared) && declared > bodyLimit(req))) return undefined;
  stopReading(req);
  return bodyTooLarge();
}

/**
 * `/api/*`: the function whose `config.path` matches, called as Netlify calls it (after
 * `refuseDeclaredOversize`).
 */
export async function callFunction(
  req: IncomingMessage,
  routes: readonly Route[],
  origin: string,
): Promise<Response> {
  const pathname = (req.url ?? '/').split('?')[0]!;
  const route = matchRoute(routes, req.method ?? 'GET', pathname);
  if (!route) return errorResponse(404, 'Not found.');
  const body = await readBody(req, bodyLimit(req));
  if (body === null) return bodyTooLarge();
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

/** The web Request a function receives, addressed to `origin` whatever Host the client sent. */
export function webRequest(req: IncomingMessage, origin: string, body: Buffer | null): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of [value].flat()) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  return new Request(`${origin}${req.url ?? '/'}`, {
    method,
    headers,
    ...(method === 'GET' || method === 'HEAD' || body === null
      ? {}
      : { body: Uint8Array.from(body) }),
  });
}
