/**
 * Property-based: ≥ 1,000 generated hostile bodies per public POST. None may cause a 5xx, leak
 * internals, or store anything unless the schema accepts it (and the honeypot is empty).
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import loginFn from '../../../functions/login.ts';
import { MAX_BODY_BYTES } from '../../../functions/_lib/body.ts';
import {
  isBotSubmission,
  isRecord,
  parseEnquiry,
  ContactMessageSchema,
  ENQUIRY_FIELDS,
} from '../../../src/lib/schemas/index.ts';
import * as v from 'valibot';
import { INSTITUTION_TYPES, PREFERRED_TIMELINES } from '../../../src/lib/schemas/index.ts';
import { ADMIN, useBlobs, type FunctionHandler } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { writes } from '../store-inspection.ts';
import { HELD_QUOTA_STORE } from '../../../functions/_lib/repositories/held-quota.ts';
import { SAME_TEXT_STORE } from '../../../functions/_lib/repositories/same-text.ts';

const blobs = useBlobs();

const RUNS = 1_000;
/** A thousand requests take as long as the machine makes them: a busy one, several times longer. */
const RUNS_TIMEOUT_MS = 150_000;

interface Body {
  contentType: string | undefined;
  payload: string | Uint8Array;
  /** The object a JSON or form body describes, when it describes one. */
  value?: unknown;
}

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    '<script>alert(1)</script>',
    '=cmd|/c calc',
    '../../etc/passwd',
    '${7*7}',
    'null',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 5 }),
  fc.array(fc.constantFrom(...INSTITUTION_TYPES, 'Others ', 'x'), { maxLength: 15 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  fc.emailAddress(),
  fc.stringMatching(/^\d{5,25}$/),
  fc.constantFrom(
    'Individual',
    'Institution / Business / Government',
    'Yes',
    'No',
    ...PREFERRED_TIMELINES,
  ),
  fc.string({ minLength: 190, maxLength: 5_100 }),
);

function keysOf(fields: readonly string[]) {
  return fc.oneof(
    {
      arbitrary: fc.constantFrom(
        ...fields,
        'website',
        '__proto__',
        'constructor',
        'toString',
        '_id',
        'createdAt',
      ),
      weight: 4,
    },
    { arbitrary: fc.string(), weight: 1 },
  );
}

/**
 * A JSON body and the value the server decodes from it, which is what validity is judged on:
 * JSON has no -Infinity, NaN or undefined, so such a member arrives as null or not at all.
 */
function jsonBody(value: unknown): Body {
  const payload = JSON.stringify(value) ?? 'null';
  return { contentType: 'application/json', payload, value: JSON.parse(payload) as unknown };
}

function formBody(record: Record<string, unknown>): Body {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(record)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      form.append(
        key,
        typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item),
      );
    }
  }
  return { contentType: 'application/x-www-form-urlencoded', payload: form.toString() };
}

/** Bodies for a public POST whose valid form is `valid` and whose fields are `fields`. */
function hostileBodies(
  valid: Record<string, unknown>,
  fields: readonly string[],
): fc.Arbitrary<Body> {
  const overrides = fc.dictionary(keysOf(fields), nasty, { maxKeys: 4 });
  const mutated = overrides.map((changes) => ({ ...valid, ...changes }));
  return fc.oneof(
    { arbitrary: mutated.map(jsonBody), weight: 6 },
    { arbitrary: mutated.map(formBody), weight: 2 },
    { arbitrary: fc.dictionary(keysOf(fields), nasty).map(jsonBody), weight: 2 },
    { arbitrary: fc.jsonValue().map(jsonBody), weight: 1 },
    {
      arbitrary: fc.string().map((payload) => ({ contentType: 'application/json', payload })),
      weight: 1,
    },
    {
      arbitrary: fc
        .uint8Array({ maxLength: 200 })
        .map((payload) => ({ contentType: 'application/json', payload })),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        contentType: fc.constantFrom(
          undefined,
          'text/plain',
          'application/xml',
          'multipart/form-data',
          'application/json; charset=utf-16',
          'APPLICATION/JSON',
          'application/x-www-form-urlencoded',
        ),
        payload: fc.string(),
      }),
      weight: 1,
    },
    {
      arbitrary: fc.integer({ min: 500, max: 12_000 }).map((depth) => ({
        contentType: 'application/json',
        payload: '['.repeat(depth) + ']'.repeat(depth),
      })),
      weight: 1,
    },
    {
      arbitrary: fc
        .integer({ min: 32 * 1024 - 200, max: 40 * 1024 })
        .map((size) => jsonBody({ ...valid, filler: 'x'.repeat(size) })),
      weight: 1,
    },
  );
}

/** The limit is in bytes, not characters. */
function byteLength(payload: string | Uint8Array): number {
  return typeof payload === 'string' ? Buffer.byteLength(payload) : payload.byteLength;
}

function request(path: string, body: Body): Request {
  const headers: Record<string, string> = {};
  if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers,
    body: body.payload as BodyInit,
  });
}

async function expectSafeAnswer(res: Response): Promise<void> {
  expect(res.status).toBeLessThan(500);
  if (res.status >= 400) {
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).every((key) => key === 'error' || key === 'fields')).toBe(true);
    expect(JSON.stringify(body)).not.toMatch(/\bat \S+:\d+|Error:|node_modules|\/work\//);
  }
}

/**
 * Writes of records (a lead, or a held submission): not the same-text rule's note of a message,
 * which holds only hashes (repositories/same-text.ts) and is written for every scored message,
 * nor a block of the held ceiling (repositories/held-quota.ts), which holds nothing.
 */
const recordWrites = () =>
  writes(
    blobs.ops.filter(
      (op) =>
        !op.url.includes(`site:${SAME_TEXT_STORE}/`) &&
        !op.url.includes(`site:${HELD_QUOTA_STORE}/`),
    ),
  );

function checkPublicPost(
  name: string,
  handler: FunctionHandler,
  path: string,
  valid: Record<string, unknown>,
  fields: readonly string[],
  accepts: (value: unknown) => boolean,
) {
  it(
    `${name}: ${RUNS} hostile bodies, never 5xx, stored only when valid`,
    async () => {
      // Every valid body here is held (no proof of work): none may meet the hourly ceiling.
      vi.stubEnv('HELD_SITE_PER_HOUR', String(10 * RUNS));
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(hostileBodies(valid, fields), async (body) => {
          const before = recordWrites();
          const res = await handler(request(path, body), { params: {}, ip: '192.0.2.1' });
          await expectSafeAnswer(res);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const stored = recordWrites() - before;
          expect(stored).toBeLessThanOrEqual(1);
          if (stored === 1) expect([201, 303]).toContain(res.status);
          if (body.value !== undefined && byteLength(body.payload) <= MAX_BODY_BYTES) {
            // A valid body is stored once (a lead, or held without a proof); a honeypot catch is
            // held too, valid or not (issue 38: answered like a success, kept for review).
            const shouldStore =
              isRecord(body.value) && (accepts(body.value) || isBotSubmission(body.value));
            expect(stored).toBe(shouldStore ? 1 : 0);
          }
        }),
        { numRuns: RUNS },
      );
      // The generator must exercise both sides: plenty accepted, plenty refused for each reason.
      expect((statuses.get(201) ?? 0) + (statuses.get(303) ?? 0)).toBeGreaterThan(RUNS / 20);
      for (const status of [400, 413, 415])
        expect(statuses.get(status) ?? 0, String(status)).toBeGreaterThan(0);
    },
    RUNS_TIMEOUT_MS,
  );
}

describe('public POSTs under hostile input', () => {
  checkPublicPost(
    'POST /api/enquiries',
    enquiriesFn,
    '/api/enquiries',
    validEnquiry(),
    ENQUIRY_FIELDS,
    (value) => parseEnquiry(value).success,
  );
  checkPublicPost(
    'POST /api/contact',
    contactFn,
    '/api/contact',
    validContact(),
    ['email', 'name', 'message'],
    (value) => v.safeParse(ContactMessageSchema, value).success,
  );

  it(
    `POST /api/login: ${RUNS} hostile bodies, never 5xx, never a token`,
    async () => {
      // The plain local password: a thousand scrypt checks at production cost would take minutes.
      vi.stubEnv('ADMIN_PASSWORD_HASH', '');
      vi.stubEnv('ADMIN_PASSWORD', ADMIN.password);
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(
          hostileBodies({ username: 'admin', password: 'guess' }, ['username', 'password']),
          fc.integer({ min: 1, max: 250 }),
          async (body, host) => {
            const res = await loginFn(request('/api/login', body), {
              params: {},
              ip: `198.51.100.${host}`,
            });
            await expectSafeAnswer(res);
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            expect(res.status).not.toBe(200);
          },
        ),
        { numRuns: RUNS },
      );
      for (const status of [400, 401, 413, 415, 429])
        expect(statuses.get(status) ?? 0, String(status)).toBeGreaterThan(0);
    },
    RUNS_TIMEOUT_MS,
  );
});
