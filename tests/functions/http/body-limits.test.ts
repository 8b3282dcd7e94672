/**
 * Request bodies at their edges (functions/_lib/body.ts): the 32 KB limit to the byte, with and
 * without Content-Length, streams that arrive in pieces or fail, and the exact 4xx texts.
 */
import { describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES, isFormPost, mediaType, readBody } from '../../../functions/_lib/body.ts';
import { HttpError } from '../../../functions/_lib/http.ts';

const JSON_TYPE = 'application/json';
const FORM_TYPE = 'application/x-www-form-urlencoded';

function request(body: BodyInit | null, headers: Record<string, string> = {}): Request {
  const init: RequestInit & { duplex?: 'half' } = { method: 'POST', headers, body };
  if (body instanceof ReadableStream) init.duplex = 'half';
  return new Request('http://localhost/api/x', init);
}

/** A body sent in the given pieces, with no Content-Length (as a chunked upload). */
function streamed(pieces: (string | Uint8Array)[]) {
  const encoder = new TextEncoder();
  const queue = pieces.map((piece) => (typeof piece === 'string' ? encoder.encode(piece) : piece));
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = queue.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

/** A JSON object of exactly `bytes` bytes. */
function jsonOf(bytes: number): string {
  const text = JSON.stringify({ a: 'x'.repeat(bytes - 8) });
  expect(new TextEncoder().encode(text).byteLength).toBe(bytes);
  return text;
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { status, message } = error as HttpError;
  return { status, message };
}

const TOO_LARGE = { status: 413, message: 'Request body must be at most 32 KB.' };

describe('the 32 KB limit', () => {
  it('is 32,768 bytes', () => {
    expect(MAX_BODY_BYTES).toBe(32_768);
  });

  it('accepts exactly 32,768 bytes and refuses 32,769, as declared by Content-Length', async () => {
    const exact = jsonOf(MAX_BODY_BYTES);
    const read = await readBody(
      request(exact, { 'content-type': JSON_TYPE, 'content-length': String(MAX_BODY_BYTES) }),
    );
    expect(read.data['a']).toHaveLength(MAX_BODY_BYTES - 8);
    expect(
      await refusal(
        readBody(
          request('{}', {
            'content-type': JSON_TYPE,
            'content-length': String(MAX_BODY_BYTES + 1),
          }),
        ),
      ),
    ).toEqual(TOO_LARGE);
  });

  it('accepts exactly 32,768 streamed bytes and refuses one more, whatever the pieces', async () => {
    const exact = jsonOf(MAX_BODY_BYTES);
    const halves = [exact.slice(0, 10_000), exact.slice(10_000)];
    const read = await readBody(request(streamed(halves), { 'content-type': JSON_TYPE }));
    expect(read).toEqual({ kind: 'json', data: JSON.parse(exact) as unknown });

    const over = jsonOf(MAX_BODY_BYTES + 1);
    const pieces = [over.slice(0, MAX_BODY_BYTES), over.slice(MAX_BODY_BYTES)];
    expect(
      await refusal(readBody(request(streamed(pieces), { 'content-type': JSON_TYPE }))),
    ).toEqual(TOO_LARGE);
  });

  it('stops reading an endless upload at the limit and cancels it', async () => {
    let cancelled = false;
    let served = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        served += 4096;
        controller.enqueue(new Uint8Array(4096).fill(0x20));
      },
      cancel() {
        cancelled = true;
      },
    });
    expect(await refusal(readBody(request(endless, { 'content-type': JSON_TYPE })))).toEqual(
      TOO_LARGE,
    );
    expect(cancelled).toBe(true);
    expect(served).toBeLessThanOrEqual(MAX_BODY_BYTES + 2 * 4096);
  });

  it('judges by the bytes read when Content-Length is not a finite number', async () => {
    for (const declared of ['Infinity', 'lots', '']) {
      const read = await readBody(
        request('{"a":1}', { 'content-type': JSON_TYPE, 'content-length': declared }),
      );
      expect(read.data, declared).toEqual({ a: 1 });
    }
  });

  it('reassembles a body sent in many pieces, in order', async () => {
    const text = JSON.stringify({ a: 'äöü€'.repeat(50), b: [1, 2, 3] });
    const bytes = new TextEncoder().encode(text);
    // Cut every 7 bytes, through multi-byte characters.
    const pieces = Array.from({ length: Math.ceil(bytes.length / 7) }, (_, i) =>
      bytes.slice(i * 7, i * 7 + 7),
    );
    const read = await readBody(request(streamed(pieces), { 'content-type': JSON_TYPE }));
    expect(read.data).toEqual(JSON.parse(text));
  });
});

describe('bodies that cannot be read', () => {
  it('answers 400 when the upload breaks off', async () => {
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent) controller.error(new Error('connection reset'));
        else controller.enqueue(new TextEncoder().encode('{"a":'));
        sent = true;
      },
    });
    expect(await refusal(readBody(request(broken, { 'content-type': JSON_TYPE })))).toEqual({
      status: 400,
      message: 'Request body could not be read.',
    });
  });

  it('treats a missing body as empty: 400, not valid JSON', async () => {
    expect(await refusal(readBody(request(null, { 'content-type': JSON_TYPE })))).toEqual({
      status: 400,
      message: 'Request body is not valid JSON.',
    });
    const empty = await readBody(request(null, { 'content-type': FORM_TYPE }), { form: true });
    expect({ ...empty.data }).toEqual({});
  });

  it('refuses bytes that are not UTF-8, even inside an otherwise valid JSON string', async () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('{"a":"'), 0xff, 0x22, 0x7d]);
    expect(await refusal(readBody(request(bytes, { 'content-type': JSON_TYPE })))).toEqual({
      status: 400,
      message: 'Request body must be UTF-8.',
    });
  });

  it('refuses JSON that is not an object, with its own message', async () => {
    for (const text of ['[]', '[{"a":1}]', 'null', '1', '"text"', 'true']) {
      expect(await refusal(readBody(request(text, { 'content-type': JSON_TYPE }))), text).toEqual({
        status: 400,
        message: 'Request body must be a JSON object.',
      });
    }
    expect(await refusal(readBody(request('{"a":', { 'content-type': JSON_TYPE })))).toEqual({
      status: 400,
      message: 'Request body is not valid JSON.',
    });
  });
});

describe('content types', () => {
  it('reads the media type case-blind, without parameters or spaces', async () => {
    for (const type of [
      'Application/JSON',
      ' application/json ; charset=utf-8',
      'APPLICATION/JSON;',
    ]) {
      const read = await readBody(request('{"a":1}', { 'content-type': type }));
      expect(read, type).toEqual({ kind: 'json', data: { a: 1 } });
    }
    expect(mediaType(request('x', { 'content-type': 'Text/Plain; charset=x' }))).toBe('text/plain');
    expect(mediaType(new Request('http://localhost/', { method: 'POST' }))).toBe('');
  });

  it('knows a form post whatever its case or parameters', () => {
    expect(isFormPost(request('a=1', { 'content-type': `${FORM_TYPE.toUpperCase()}; x=y` }))).toBe(
      true,
    );
    expect(isFormPost(request('{}', { 'content-type': JSON_TYPE }))).toBe(false);
    expect(isFormPost(new Request('http://localhost/', { method: 'POST' }))).toBe(false);
  });

  it('names what it accepts in the 415: JSON, or JSON or a form where forms are allowed', async () => {
    const plain = request('a', { 'content-type': 'text/plain' });
    expect(await refusal(readBody(plain))).toEqual({
      status: 415,
      message: 'Content-Type must be application/json.',
    });
    const alsoForms = request('a', { 'content-type': 'text/plain' });
    expect(await refusal(readBody(alsoForms, { form: true }))).toEqual({
      status: 415,
      message: 'Content-Type must be application/json or application/x-www-form-urlencoded.',
    });
    const untyped = new Request('http://localhost/', { method: 'POST', body: new Uint8Array([1]) });
    expect((await refusal(readBody(untyped, { form: true }))).status).toBe(415);
  });

  it('reads a form as forms are read: repeats become lists, list fields are always lists', async () => {
    const form = request('a=1&b=2&b=3&b=4&c=5&d=%C3%A4+x', { 'content-type': FORM_TYPE });
    const read = await readBody(form, { form: true, listFields: ['c', 'e'] });
    expect(read.kind).toBe('form');
    expect({ ...read.data }).toEqual({ a: '1', b: ['2', '3', '4'], c: ['5'], d: 'ä x' });

    const plain = await readBody(request('c=5', { 'content-type': FORM_TYPE }), { form: true });
    expect({ ...plain.data }).toEqual({ c: '5' });
  });
});
