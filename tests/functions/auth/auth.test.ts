/**
 * Every admin route refuses missing, malformed, expired, tampered, wrongly signed and unsigned
 * tokens with 401, and answers 503 when the server has no usable JWT secret. Tokens are good
 * only in the deploy scope they were signed for.
 */
import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import contactMessagesFn from '../../../functions/contact-messages.ts';
import enquiriesCsvFn from '../../../functions/enquiries-csv.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { signedInToken } from './factors-kit.ts';
import logoutFn from '../../../functions/logout.ts';
import {
  TOKEN_ISSUER,
  deployScope,
  tokenAudience,
  type DeployScope,
} from '../../../functions/_lib/auth.ts';
import {
  ADMIN,
  call,
  makeToken,
  useBlobs,
  type CallOptions,
  type FunctionHandler,
} from '../helpers.ts';
import { writes } from '../store-inspection.ts';

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
  ['POST /api/logout', logoutFn, { method: 'POST', path: '/api/logout' }],
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
    ['unscoped audience', `Bearer ${await makeToken({ audience: 'site-admin' })}`],
    ['production token', `Bearer ${await makeToken({ scope: 'production' })}`],
    ['no jti', `Bearer ${await makeToken({ jti: null })}`],
    ['jti not ours', `Bearer ${await makeToken({ jti: '../announcements/x' })}`],
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

it('uses the pinned issuer and a scoped audience', () => {
  expect(TOKEN_ISSUER).toBe('site-api');
  expect(tokenAudience('production')).toBe('site-admin:production');
});

/** Netlify's deploy contexts and the scope each one maps to (`dev` is the local server's). */
const CONTEXTS: [string, DeployScope][] = [
  ['production', 'production'],
  ['deploy-preview', 'preview'],
  ['branch-deploy', 'preview'],
  ['dev', 'local'],
];

// Previews read deploy-scoped stores, which need the deploy's id.
const DEPLOY_ID = '65f0c0ffee0000000000beef';

describe('tokens bound to their deploy scope', () => {
  it('maps deploy contexts to scopes, from the request first and else from CONTEXT', () => {
    for (const [context, scope] of CONTEXTS) {
      expect(deployScope({ params: {}, deploy: { context } }), context).toBe(scope);
    }
    expect(deployScope({ params: {} })).toBe('local');
    expect(deployScope({ params: {}, deploy: { context: 'constructor' } })).toBe('local');
    vi.stubEnv('CONTEXT', 'production');
    expect(deployScope({ params: {} })).toBe('production');
    expect(deployScope({ params: {}, deploy: { context: 'dev' } })).toBe('local');
  });

  // A branch-deploy token works on a deploy preview: both are the `preview` scope (see auth.ts).
  it.each(CONTEXTS)(
    'a token signed in %s is accepted only where the scope is the same',
    async (signedIn) => {
      vi.stubEnv('URL', 'https://haritha.example');
      vi.stubEnv('DEPLOY_PRIME_URL', 'https://deploy-preview-7--haritha.netlify.app');
      const token = await signedInToken({
        context: { deploy: { context: signedIn, id: DEPLOY_ID } },
      });
      const signedScope = CONTEXTS.find(([context]) => context === signedIn)![1];
      expect(decodeJwt(token).aud).toBe(tokenAudience(signedScope));

      for (const [usedIn, scope] of CONTEXTS) {
        const res = await call(enquiriesFn, {
          path: '/api/enquiries',
          token,
          context: { deploy: { context: usedIn, id: DEPLOY_ID } },
        });
        expect(res.status, `${signedIn} token in ${usedIn}`).toBe(
          scope === signedScope ? 200 : 401,
        );
      }
    },
  );

  it('reads the scope from CONTEXT when the request carries none', async () => {
    vi.stubEnv('CONTEXT', 'production');
    const preview = await makeToken({ scope: 'preview' });
    const production = await makeToken({ scope: 'production' });
    expect((await call(enquiriesFn, { path: '/api/enquiries', token: preview })).status).toBe(401);
    expect((await call(enquiriesFn, { path: '/api/enquiries', token: production })).status).toBe(
      200,
    );
  });
});
