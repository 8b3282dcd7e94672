/**
 * Reads a request body into a plain object, or throws the right `HttpError`:
 * 413 over 32 KB, 415 for any other content type, 400 for bytes that are not UTF-8 JSON
 * (or form data, where allowed) describing an object.
 */
import { isRecord } from '../../src/lib/schemas/index.ts';
import { HttpError } from './http.ts';

export const MAX_BODY_BYTES = 32 * 1024;

export type BodyKind = 'json' | 'form';

export interface ParsedBody {
  kind: BodyKind;
  data: Record<string, unknown>;
}

export interface BodyOptions {
  /** Also accept `application/x-www-form-urlencoded` (the no-JS fallback of public forms). */
  form?: boolean;
  /** Form keys that always become lists, even when sent once (checkbox groups). */
  listFields?: readonly string[];
}

/** The body's media type, lower-cased, without parameters. */
export function mediaType(req: Request): string {
  return (req.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** Whether the request is a form post (used to answer with redirects instead of JSON). */
export function isFormPost(req: Request): boolean {
  return mediaType(req) === 'application/x-www-form-urlencoded';
}

/**
 * Whether a multipart post (a form with a file) came from a browser without scripts, which
 * unlike the page's own `fetch` does not ask for JSON: it is answered with redirects too.
 */
export function isMultipartFormPost(req: Request): boolean {
  return mediaType(req) === 'multipart/form-data' && !wantsJson(req);
}

/** Whether the client asked for JSON (`Accept: application/json`). */
function wantsJson(req: Request): boolean {
  return /(^|,)\s*application\/json\s*(;|,|$)/i.test(req.headers.get('accept') ?? '');
}

/** A file sent in a multipart body: its bytes, and the name the sender's file had. */
export interface SentFile {
  bytes: Uint8Array;
  name: string;
}

/** A multipart body: its text fields (lists when a name came more than once), and its files. */
export interface MultipartBody {
  data: Record<string, unknown>;
  files: Record<string, SentFile>;
}

/** Room for a multipart body's text fields and boundaries besides its file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Reads a multipart/form-data body of at most `maxFileBytes` of file plus the form's text, or
 * throws: 415 for any other type (JSON included), `tooLarge()` past the bound, 400 for a body
 * that is not multipart. A name sent twice as a file keeps the first; a file where text is
 * expected, and text where a file is, are left to the caller's checks.
 */
export async function readMultipart(
  req: Request,
  maxFileBytes: number,
  tooLarge: () => HttpError,
): Promise<MultipartBody> {
  if (mediaType(req) !== 'multipart/form-data') {
    throw new HttpError(415, 'Content-Type must be multipart/form-data.');
  }
  const limit = maxFileBytes + MULTIPART_OVERHEAD_BYTES;
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const bytes = await readLimited(req, limit, tooLarge);
  let form: FormData;
  try {
    form = await new Response(bytes as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    throw new HttpError(400, 'Request body is not valid multipart/form-data.');
  }
  const data: Record<string, unknown> = Object.create(null);
  const files: Record<string, SentFile> = Object.create(null);
  for (const [key, value] of form) {
    if (typeof value !== 'string') {
      if (!(key in files)) {
        files[key] = { bytes: new Uint8Array(await value.arrayBuffer()), name: value.name };
      }
      continue;
    }
    const current = data[key];
    if (Array.isArray(current)) current.push(value);
    else if (current !== undefined) data[key] = [current, value];
    else data[key] = value;
  }
  return { data, files };
}

export async function readBody(req: Request, options: BodyOptions = {}): Promise<ParsedBody> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();

  const type = mediaType(req);
  const kind: BodyKind | undefined =
    type === 'application/json' ? 'json' : options.form && isFormPost(req) ? 'form' : undefined;
  if (!kind) {
    const accepted = options.form
      ? 'application/json or application/x-www-form-urlencoded'
      : 'application/json';
    throw new HttpError(415, `Content-Type must be ${accepted}.`);
  }

  const text = decodeUtf8(await readLimited(req, MAX_BODY_BYTES));
  return kind === 'json'
    ? { kind, data: parseJsonObject(text) }
    : { kind, data: parseForm(text, options.listFields ?? []) };
}

function tooLarge(): HttpError {
  return new HttpError(413, `Request body must be at most ${MAX_BODY_BYTES / 1024} KB.`);
}

/** A body's bytes, at most `limit` of them; past it, `over()` is thrown and the rest not read. */
export async function readLimited(
  req: Request,
  limit: number,
  over: () => HttpError = tooLarge,
): Promise<Uint8Array> {
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw new HttpError(400, 'Request body could not be read.');
    }
    if (chunk.done) break;
    total += chunk.value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw over();
    }
    chunks.push(chunk.value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new HttpError(400, 'Request body must be UTF-8.');
  }
}

function parseJsonObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Includes absurd nesting that exhausts the parser's stack.
    throw new HttpError(400, 'Request body is not valid JSON.');
  }
  if (!isRecord(value)) throw new HttpError(400, 'Request body must be a JSON object.');
  return value;
}

function parseForm(text: string, listFields: readonly string[]): Record<string, unknown> {
  // No prototype: a key named `__proto__` stays an ordinary (and then ignored) field.
  const data: Record<string, unknown> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const current = data[key];
    if (Array.isArray(current)) current.push(value);
    else if (current !== undefined) data[key] = [current, value];
    else data[key] = listFields.includes(key) ? [value] : value;
  }
  return data;
}
