import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN, newIdempotencyKey } from '../../src/lib/forms/idempotency';
import { isRetryable, postJson } from '../../src/lib/forms/submit';
import {
  freshDraft,
  loadDraft,
  readDraft,
  removeDraft,
  renewKey,
  saveDraft,
  updateDraft,
} from '../../src/lib/forms/draft';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newIdempotencyKey', () => {
  it('is a random UUID the server accepts', () => {
    const keys = new Set(Array.from({ length: 200 }, newIdempotencyKey));
    expect(keys.size).toBe(200);
    for (const key of keys) {
      expect(key).toMatch(UUID_V4);
      expect(key).toMatch(IDEMPOTENCY_KEY_PATTERN);
    }
  });

  it('is built from getRandomValues where randomUUID is missing (pages not served securely)', () => {
    const { getRandomValues } = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(globalThis.crypto) });
    try {
      const keys = new Set(Array.from({ length: 200 }, newIdempotencyKey));
      expect(keys.size).toBe(200);
      for (const key of keys) expect(key).toMatch(UUID_V4);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('postJson (real HTTP on loopback)', () => {
  let server: Server;
  let base: string;
  const seen: { headers: IncomingHttpHeaders; body: string }[] = [];
  /** Status and body the server answers with, by path. */
  const answers: Record<string, [number, unknown]> = {
    '/created': [201, { _id: 'x1', reference: '0000-00X1', acknowledged: true }],
    '/created-bare': [201, { _id: 'x2' }],
    '/busy': [503, { error: 'Storage is unavailable. Please try again.' }],
    '/invalid': [
      400,
      { error: 'Some fields are invalid.', fields: { email: 'Invalid email format.' } },
    ],
    '/conflict': [
      422,
      { error: 'This Idempotency-Key was already used for a different submission.' },
    ],
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ headers: req.headers, body });
        const [status, answer] = answers[req.url ?? ''] ?? [404, { error: 'Not found' }];
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterAll(async () => {
    vi.restoreAllMocks();
    await new Promise((resolve) => server.close(resolve));
  });

  it('a 201 without a reference or an acknowledgement claims neither', async () => {
    expect(await postJson(`${base}/created-bare`, {})).toEqual({
      ok: true,
      reference: undefined,
      acknowledged: false,
    });
  });

  it('sends the key as Idempotency-Key with the JSON body; 201 is success', async () => {
    const key = newIdempotencyKey();
    expect(await postJson(`${base}/created`, { name: 'Asha' }, key)).toEqual({
      ok: true,
      reference: '0000-00X1',
      acknowledged: true,
    });
    const request = seen.at(-1);
    expect(request?.headers['idempotency-key']).toBe(key);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '')).toEqual({ name: 'Asha' });
  });

  it('sends no Idempotency-Key without a key', async () => {
    await postJson(`${base}/created`, {});
    expect(seen.at(-1)?.headers).not.toHaveProperty('idempotency-key');
  });

  it('503: may be retried, with the server message', async () => {
    expect(await postJson(`${base}/busy`, {}, newIdempotencyKey())).toEqual({
      ok: false,
      status: 503,
      fields: {},
      error: 'Storage is unavailable. Please try again.',
      retryable: true,
    });
  });

  it('400: the field messages, not worth retrying as is', async () => {
    const result = await postJson(`${base}/invalid`, {}, newIdempotencyKey());
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fields: { email: 'Invalid email format.' },
      retryable: false,
    });
  });

  it('422 (key used for other content) comes back with its status', async () => {
    const result = await postJson(`${base}/conflict`, {}, newIdempotencyKey());
    expect(result).toMatchObject({ ok: false, status: 422, retryable: false });
  });

  it('no answer at all (connection refused): status 0, may be retried', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    expect(await postJson(`http://127.0.0.1:${port}/`, {}, newIdempotencyKey())).toEqual({
      ok: false,
      status: 0,
      fields: {},
      error: undefined,
      retryable: true,
    });
  });

  it('retryable statuses: none, timeout, too many requests and server faults', () => {
    expect([0, 408, 409, 429, 500, 502, 503, 504].every(isRetryable)).toBe(true);
    expect([400, 401, 404, 413, 415, 422].some(isRetryable)).toBe(false);
  });
});

describe('the draft and its idempotency key', () => {
  const empty = () => ({ name: '', message: '' });

  it('keeps its key while nothing changes (a retry), and gets a new one on any edit', () => {
    const start = freshDraft(empty);
    expect(start.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
    const typed = updateDraft(start, (values) => ({ ...values, name: 'Ravi' }));
    expect(typed.values).toEqual({ name: 'Ravi', message: '' });
    expect(typed.idempotencyKey).not.toBe(start.idempotencyKey);

    // The same value set again (a re-render, a re-typed letter): the same submission.
    expect(updateDraft(typed, { name: 'Ravi', message: '' })).toBe(typed);
    // The same values read in another order (the page's fields, a stored draft) are the same draft.
    expect(updateDraft(typed, { message: '', name: 'Ravi' })).toBe(typed);
    const edited = updateDraft(typed, { name: 'Ravi K', message: '' });
    expect(edited.idempotencyKey).not.toBe(typed.idempotencyKey);
  });

  it('comes back from storage with its key, so a retry after a reload is still one', () => {
    const draft = updateDraft(freshDraft(empty), { name: 'Ravi', message: 'Biogas' });
    expect(readDraft(JSON.stringify(draft), empty)).toEqual(draft);
  });

  it('a draft saved before keys existed keeps its values and gets a key', () => {
    const restored = readDraft(JSON.stringify({ name: 'Ravi' }), empty);
    expect(restored.values).toEqual({ name: 'Ravi', message: '' });
    expect(restored.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
  });

  it('a stored key the server would refuse is replaced; damaged JSON throws', () => {
    const stored = JSON.stringify({ values: { name: 'Ravi' }, idempotencyKey: 'bad key!' });
    const restored = readDraft(stored, empty);
    expect(restored.values).toEqual({ name: 'Ravi', message: '' });
    expect(restored.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(() => readDraft('{not json', empty)).toThrow();
  });
});

describe('the draft in this tab (sessionStorage)', () => {
  const empty = () => ({ name: '', message: '' });
  /** The part of the Web Storage API the drafts use, over a Map (Node has no sessionStorage). */
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, String(value)),
      removeItem: (key: string) => void items.delete(key),
    };
  }
  afterEach(() => vi.unstubAllGlobals());

  it('is saved, loaded back with its key, and gone once removed', () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    expect(loadDraft('contact-draft', empty)).toBeUndefined();
    const draft = updateDraft(freshDraft(empty), { name: 'Ravi', message: 'Biogas' });
    saveDraft('contact-draft', draft);
    expect(JSON.parse(storage.items.get('contact-draft') ?? '')).toEqual(draft);
    expect(loadDraft('contact-draft', empty)).toEqual(draft);
    removeDraft('contact-draft');
    expect(storage.items.has('contact-draft')).toBe(false);
    expect(loadDraft('contact-draft', empty)).toBeUndefined();
  });

  it('a damaged draft loads as none, so the form starts empty instead of failing', () => {
    const storage = memoryStorage();
    storage.items.set('contact-draft', '{"values":');
    vi.stubGlobal('sessionStorage', storage);
    expect(loadDraft('contact-draft', empty)).toBeUndefined();
  });

  it('without storage (blocked, private mode, full) nothing throws: the form works without a draft', () => {
    const refuse = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: refuse, setItem: refuse, removeItem: refuse });
    expect(loadDraft('contact-draft', empty)).toBeUndefined();
    expect(() => saveDraft('contact-draft', freshDraft(empty))).not.toThrow();
    expect(() => removeDraft('contact-draft')).not.toThrow();
  });

  it('renewKey keeps the values under a new key the server accepts (after a 422)', () => {
    const draft = updateDraft(freshDraft(empty), { name: 'Ravi', message: 'Biogas' });
    const renewed = renewKey(draft);
    expect(renewed.values).toEqual(draft.values);
    expect(renewed.idempotencyKey).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(renewed.idempotencyKey).not.toBe(draft.idempotencyKey);
  });
});
