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

async function readLimited(req: Request, limit: number): Promise<Uint8Array> {
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
      throw tooLarge();
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
