/** The functions' helpers on their own: ids, body parsing, env reading (passwords: tests/unit). */
import { describe, expect, it, vi, afterEach } from 'vitest';
import { MAX_BODY_BYTES, readBody } from '../../../functions/_lib/body.ts';
import { readEnv, readPositiveInt } from '../../../functions/_lib/env.ts';
import { HttpError } from '../../../functions/_lib/http.ts';
import { ID_PATTERN, idTime, isId, newId } from '../../../functions/_lib/ids.ts';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('ids', () => {
  it('are 26-character ULIDs carrying their creation time', () => {
    const now = Date.UTC(2026, 10, 22, 12, 0, 0);
    const id = newId(now);
    expect(id).toMatch(ID_PATTERN);
    expect(idTime(id)).toBe(now);
  });

  it('sort as text in creation order, even within one millisecond', () => {
    const ids = Array.from({ length: 1_000 }, () => newId());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('keep increasing when the clock steps back', () => {
    const later = newId(Date.UTC(2030, 0, 1));
    const earlier = newId(Date.UTC(2029, 0, 1));
    expect(earlier > later).toBe(true);
  });

  it('reject anything else', () => {
    for (const value of [
      '',
      'x',
      '01ARZ3NDEKTSV4RRFFQ69G5FA',
      '01arz3ndektsv4rrffq69g5fav',
      '01ARZ3NDEKTSV4RRFFQ69G5FAI',
      '81ARZ3NDEKTSV4RRFFQ69G5FAV',
      '../01ARZ3NDEKTSV4RRFFQ69G5',
    ]) {
      expect(isId(value), value).toBe(false);
    }
  });
});

describe('readBody', () => {
  const req = (body: BodyInit, type?: string, headers: Record<string, string> = {}) =>
    new Request('http://localhost/x', {
      method: 'POST',
      body,
      headers: { ...(type ? { 'content-type': type } : {}), ...headers },
    });

  async function failure(promise: Promise<unknown>): Promise<[number, string]> {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(HttpError);
    return [(error as HttpError).status, (error as HttpError).message];
  }

  it('reads a JSON object, with or without a charset', async () => {
    expect(await readBody(req('{"a":1}', 'application/json; charset=UTF-8'))).toEqual({
      kind: 'json',
      data: { a: 1 },
    });
  });

  it('reads forms only where allowed, with list fields', async () => {
    expect(await failure(readBody(req('a=1', 'application/x-www-form-urlencoded')))).toEqual([
      415,
      'Content-Type must be application/json.',
    ]);
    const { data } = await readBody(req('a=1&b=2&b=3&c=4', 'application/x-www-form-urlencoded'), {
      form: true,
      listFields: ['c'],
    });
    expect({ ...data }).toEqual({ a: '1', b: ['2', '3'], c: ['4'] });
  });

  it('keeps __proto__ in a form an ordinary key', async () => {
    const { data } = await readBody(
      req('__proto__=x&constructor=y', 'application/x-www-form-urlencoded'),
      { form: true },
    );
    expect(Object.getPrototypeOf(data)).toBeNull();
    expect(({} as Record<string, unknown>)['x']).toBeUndefined();
  });

  it('answers 413 from Content-Length alone, before reading', async () => {
    expect(
      (
        await failure(
          readBody(req('{}', 'application/json', { 'content-length': String(MAX_BODY_BYTES + 1) })),
        )
      )[0],
    ).toBe(413);
    expect(
      (await failure(readBody(req(`"${'x'.repeat(MAX_BODY_BYTES)}"`, 'application/json'))))[0],
    ).toBe(413);
    expect(
      await readBody(
        req(JSON.stringify({ a: 'x'.repeat(MAX_BODY_BYTES - 10) }), 'application/json'),
      ),
    ).toMatchObject({ kind: 'json' });
  });

  it('survives deeply nested JSON: 400 for a nested array, an object for a nested object', async () => {
    const depth = 16_000; // 32,000 bytes: inside the size limit
    const [status] = await failure(
      readBody(req(`${'['.repeat(depth)}1${']'.repeat(depth)}`, 'application/json')),
    );
    expect(status).toBe(400);
    const nested = await readBody(
      req(`${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, 'application/json'),
    );
    expect(nested.kind).toBe('json');
  });
});

describe('environment', () => {
  it('prefers Netlify.env when the runtime provides it', () => {
    vi.stubEnv('SOME_SETTING', 'from-process');
    expect(readEnv('SOME_SETTING')).toBe('from-process');
    vi.stubGlobal('Netlify', {
      env: { get: (name: string) => (name === 'SOME_SETTING' ? 'from-netlify' : undefined) },
    });
    expect(readEnv('SOME_SETTING')).toBe('from-netlify');
  });

  it('treats blank as unset and ignores non-numbers', () => {
    vi.stubEnv('N', '  ');
    expect(readEnv('N')).toBeUndefined();
    expect(readPositiveInt('N', 5)).toBe(5);
    vi.stubEnv('N', '0');
    expect(readPositiveInt('N', 5)).toBe(5);
    vi.stubEnv('N', '7');
    expect(readPositiveInt('N', 5)).toBe(7);
    vi.stubEnv('N', '7abc');
    expect(readPositiveInt('N', 5)).toBe(5);
  });
});
