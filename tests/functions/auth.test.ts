/**
 * Every admin route refuses missing, malformed, expired, tampered, wrongly signed and unsigned
 * tokens with 401, and answers 503 when the server has no usable JWT secret.
 */
import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import announcementsFn from '../../functions/announcements.ts';
import contactMessagesFn from '../../functions/contact-messages.ts';
import enquiriesCsvFn from '../../functions/enquiries-csv.ts';
import enquiriesFn from '../../functions/enquiries.ts';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../../functions/_lib/auth.ts';
import {
  ADMIN,
  call,
  makeToken,
  useBlobs,
  writes,
  type CallOptions,
  type FunctionHandler,
} from './helpers.ts';

const blobs = useBlobs();

const ID = '01ARZ3NDEKTSV4RRFFQ69G5FAV';

const ADMIN_ROUTES: [string, FunctionHandler, Omit<CallOptions, 'token'>][] = [
  [
    'POST /api/announcements',
    announcementsFn,
    { method: 'POST', path: '/api/announcements', json: { text: 'x' } },
  ],
  [
    'PUT /api/announcements/:id',
    announcementsFn,
    { method: 'PUT', path: `/api/announcements/${ID}`, params: { id: ID }, json: { text: 'x' } },
  ],
  [
    'DELETE /api/announcements/:id',
    announcementsFn,
    { method: 'DELETE', path: `/api/announcements/${ID}`, params: { id: ID } },
  ],
  ['GET /api/enquiries', enquiriesFn, { path: '/api/enquiries' }],
  [
    'DELETE /api/enquiries/:id',
    enquiriesFn,
    { method: 'DELETE', path: `/api/enquiries/${ID}`, params: { id: ID } },
  ],
  ['GET /api/enquiries.csv', enquiriesCsvFn, { path: '/api/enquiries.csv' }],
  ['GET /api/contact-messages', contactMessagesFn, { path: '/api/contact-messages' }],
  [
    'DELETE /api/contact-messages/:id',
    contactMessagesFn,
    { method: 'DELETE', path: `/api/contact-messages/${ID}`, params: { id: ID } },
  ],
];

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

async function badAuthorizations(): Promise<[string, string | undefined][]> {
  const valid = await makeToken();
  const [header, payload, signature] = valid.split('.') as [string, string, string];
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
    string,
    unknown
  >;
  const now = Math.floor(Date.now() / 1000);
  return [
    ['missing', undefined],
    ['empty', ''],
    ['not bearer', `Basic ${Buffer.from('admin:pw').toString('base64')}`],
    ['bearer without token', 'Bearer '],
    ['malformed', 'Bearer not-a-jwt'],
    ['two parts', 'Bearer abc.def'],
    ['garbage parts', 'Bearer a.b.c'],
    ['expired', `Bearer ${await makeToken({ expiresIn: -10, issuedAt: now - 100 })}`],
    ['tampered payload', `Bearer ${header}.${b64url({ ...claims, sub: 'root' })}.${signature}`],
    [
      'tampered expiry',
      `Bearer ${header}.${b64url({ ...claims, exp: now + 10 * 365 * 86400 })}.${signature}`,
    ],
    [
      'wrong secret',
      `Bearer ${await makeToken({ secret: 'another-secret-that-is-long-enough-too!!' })}`,
    ],
    ['alg none', `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.`],
    [
      'alg none with signature',
      `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${payload}.${signature}`,
    ],
    [
      'alg HS512',
      `Bearer ${await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(new TextEncoder().encode(ADMIN.secret))}`,
    ],
    ['wrong issuer', `Bearer ${await makeToken({ issuer: 'someone-else' })}`],
    ['wrong audience', `Bearer ${await makeToken({ audience: 'public' })}`],
    ['other subject', `Bearer ${await makeToken({ subject: 'mallory' })}`],
    [
      'too long-lived',
      `Bearer ${await makeToken({ expiresIn: 30 * 86400, issuedAt: now - 2 * 3600 })}`,
    ],
    ['huge header', `Bearer ${'a'.repeat(5000)}.b.c`],
  ];
}

describe.each(ADMIN_ROUTES)('%s', (_name, handler, options) => {
  it('refuses every bad or missing token with 401 and touches nothing', async () => {
    for (const [label, authorization] of await badAuthorizations()) {
      blobs.resetOps();
      const headers = authorization === undefined ? {} : { authorization };
      const res = await call(handler, { ...options, headers });
      expect(res.status, label).toBe(401);
      expect(res.headers.get('www-authenticate'), label).toBe('Bearer');
      const body = (await res.json()) as Record<string, unknown>;
      expect(Object.keys(body), label).toEqual(['error']);
      expect(blobs.ops, label).toEqual([]);
    }
  });

  it('lets a valid token through', async () => {
    const res = await call(handler, { ...options, token: await makeToken() });
    expect([200, 201, 204, 404]).toContain(res.status);
  });

  it('answers 503 with a clear message when JWT_SECRET is missing or short', async () => {
    for (const secret of ['', 'short-secret']) {
      vi.stubEnv('JWT_SECRET', secret);
      const res = await call(handler, { ...options, token: await makeToken() });
      expect(res.status).toBe(503);
      expect(((await res.json()) as { error: string }).error).toMatch(
        /JWT_SECRET must be set to at least 32 bytes/,
      );
    }
    expect(writes(blobs.ops)).toBe(0);
  });
});

it('uses the pinned issuer and audience', () => {
  expect([TOKEN_ISSUER, TOKEN_AUDIENCE]).toEqual(['site-api', 'site-admin']);
});
