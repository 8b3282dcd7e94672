/**
 * Responses, errors and method dispatch shared by every function.
 *
 * `errorResponse` is the only place an error body is built: `{ error, fields? }`, never a stack
 * or an internal message. Handlers throw `HttpError` for anything a client did wrong; `endpoint`
 * turns it, a storage fault (503) or a bug (500, logged) into a response.
 */
import { StorageUnavailableError, withRequestScope } from './repositories/store.ts';

/** What a handler needs of Netlify's context (tests pass just this). */
export interface FunctionContext {
  params: Record<string, string | undefined>;
  ip?: string;
  deploy?: { context?: string; id?: string };
  /** Netlify's estimate of where the client is (from its address). */
  geo?: {
    city?: string;
    subdivision?: { name?: string };
    country?: { code?: string; name?: string };
  };
  waitUntil?: (promise: Promise<unknown>) => void;
}

export type Handler = (req: Request, context: FunctionContext) => Promise<Response> | Response;

export interface ErrorOptions {
  fields?: Record<string, string>;
  headers?: Record<string, string>;
}

export class HttpError extends Error {
  readonly status: number;
  readonly options: ErrorOptions;

  constructor(status: number, message: string, options: ErrorOptions = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.options = options;
  }
}

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...BASE_HEADERS, ...headers } });
}

export function noContent(): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}

/** 303 See Other: where a no-JS form post lands. */
export function seeOther(location: string): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
}

/** The one builder of error responses. */
export function errorResponse(status: number, error: string, options: ErrorOptions = {}): Response {
  const body: { error: string; fields?: Record<string, string> } = { error };
  if (options.fields) body.fields = options.fields;
  return json(body, status, options.headers);
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Runs the handler for the request's method, or answers 405 with `Allow`.
 *
 * HEAD is answered wherever GET is, as GET would answer (status, headers, errors included, with
 * the length of the body it leaves out), so monitors and link checkers see the real status.
 */
export function dispatch(
  req: Request,
  context: FunctionContext,
  handlers: Partial<Record<Method, Handler>>,
): Promise<Response> | Response {
  const head = req.method === 'HEAD';
  const handler = handlers[(head ? 'GET' : req.method) as Method];
  if (handler && !head) return handler(req, context);
  if (handler) {
    return endpoint(handler)(req, context).then(async (response) => {
      const headers = new Headers(response.headers);
      if (response.body && !headers.has('content-length'))
        headers.set('content-length', String((await response.arrayBuffer()).byteLength));
      return new Response(null, { status: response.status, headers });
    });
  }
  const allow = Object.keys(handlers)
    .flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]))
    .join(', ');
  const refusal = errorResponse(405, 'Method not allowed.', { headers: { allow } });
  return head ? new Response(null, { status: 405, headers: refusal.headers }) : refusal;
}

/** Wraps a function's handler: client errors, storage faults and bugs become safe responses. */
export function endpoint(handler: Handler) {
  return async (req: Request, context: FunctionContext): Promise<Response> => {
    try {
      // One storage deadline for the whole request, and the deploy's own data.
      return await withRequestScope(context.deploy, async () => handler(req, context));
    } catch (error) {
      if (error instanceof HttpError) {
        return errorResponse(error.status, error.message, error.options);
      }
      if (error instanceof StorageUnavailableError) {
        return errorResponse(503, 'Storage is unavailable. Please try again shortly.', {
          headers: { 'retry-after': '30' },
        });
      }
      console.error('Unhandled error', req.method, new URL(req.url).pathname, error);
      return errorResponse(500, 'Internal error.');
    }
  };
}

/** A route parameter that must be one of our record ids; anything else is an unknown id. */
export function idParam(
  context: FunctionContext,
  isId: (id: string) => boolean,
  what: string,
): string {
  const id = context.params['id'];
  if (id === undefined || !isId(id)) throw new HttpError(404, `${what} not found.`);
  return id;
}

export interface PageRequest {
  page: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** `?page=N&pageSize=M`: page ≥ 1 (default 1), 1 ≤ pageSize ≤ 100 (default 10); else 400. */
export function pageParams(req: Request): PageRequest {
  const query = new URL(req.url).searchParams;
  const page = integerParam(query.get('page'), 1, Number.MAX_SAFE_INTEGER, 1);
  const pageSize = integerParam(query.get('pageSize'), 1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE);
  if (page === undefined || pageSize === undefined) {
    throw new HttpError(
      400,
      `page must be a positive integer and pageSize between 1 and ${MAX_PAGE_SIZE}.`,
    );
  }
  return { page, pageSize };
}

function integerParam(
  raw: string | null,
  min: number,
  max: number,
  fallback: number,
): number | undefined {
  if (raw === null || raw === '') return fallback;
  if (!/^\d{1,16}$/.test(raw)) return undefined;
  const value = Number(raw);
  return value >= min && value <= max ? value : undefined;
}
