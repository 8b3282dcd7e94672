/**
 * Admin tokens (functions/_lib/auth.ts) at their edges: the Authorization header's spelling and
 * its 4,096-character cap, the 22-character token id, the one-hour lifetime, each required claim,
 * the 32-byte secret, and the exact texts of the 401s and 503s.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import { signedInToken } from './factors-kit.ts';
import {
  MIN_SECRET_BYTES,
  TOKEN_ISSUER,
  TOKEN_TTL_SECONDS,
  tokenAudience,
} from '../../../functions/_lib/auth.ts';
import { ADMIN, call, makeToken, useBlobs } from '../helpers.ts';

const blobs = useBlobs();

const REQUIRED = { error: 'Authentication required.' };
const INVALID = { error: 'Invalid or expired token.' };

const list = (authorization?: string) =>
  call(enquiriesFn, {
    path: '/api/enquiries',
    headers: authorization === undefined ? {} : { authorization },
  });

async function answer(authorization?: string): Promise<[number, unknown]> {
  const res = await list(authorization);
  return [res.status, await res.json()];
}

const now = () => Math.floor(Date.now() / 1000);
const jti = () => randomBytes(16).toString('base64url');

/** A token with exactly the claims given (none added), signed with the admin secret. */
function signed(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(ADMIN.secret));
}

const fullClaims = () => ({
  sub: ADMIN.username,
  iss: TOKEN_ISSUER,
  aud: tokenAudience('local'),
  iat: now(),
  exp: now() + 600,
  jti: jti(),
});

describe('the Authorization header', () => {
  it('accepts any case of "Bearer" and more than one space before the token', async () => {
    const token = await makeToken();
    for (const header of [`bearer ${token}`, `BEARER ${token}`, `Bearer   ${token}`]) {
      expect((await list(header)).status, header).toBe(200);
    }
  });

  it('answers a missing or unreadable header "Authentication required."', async () => {
    const token = await makeToken();
    for (const header of [undefined, '', `Token ${token}`, `Bearer${token}`, `Bearer ${token} x`]) {
      expect(await answer(header), String(header)).toEqual([401, REQUIRED]);
    }
  });

  it('is read up to 4,096 characters, and not a character more', async () => {
    // A valid token padded by a claim to make the header exactly `length` characters long.
    const headerOf = async (length: number) => {
      let padding = 0;
      for (;;) {
        const header = `Bearer ${await signed({ ...fullClaims(), pad: 'x'.repeat(padding) })}`;
        if (header.length === length) return header;
        if (header.length > length) throw new Error(`cannot pad to ${length}`);
        padding += Math.max(1, Math.floor(((length - header.length) * 3) / 4));
      }
    };
    const longest = await headerOf(4096);
    expect((await list(longest)).status).toBe(200);
    const tooLong = await headerOf(4097).catch(() => headerOf(4098));
    expect(await answer(tooLong)).toEqual([401, REQUIRED]);
  });
});

describe('the token', () => {
  it('is refused with "Invalid or expired token." once it fails a check', async () => {
    expect(await answer(`Bearer ${await makeToken({ subject: 'mallory' })}`)).toEqual([
      401,
      INVALID,
    ]);
    expect(await answer(`Bearer ${await makeToken({ expiresIn: -5 })}`)).toEqual([401, INVALID]);
  });

  it('needs a 22-character id of letters, digits, "-" and "_"', async () => {
    expect((await list(`Bearer ${await makeToken({ jti: 'a'.repeat(22) })}`)).status).toBe(200);
    expect((await list(`Bearer ${await makeToken({ jti: '-_'.repeat(11) })}`)).status).toBe(200);
    for (const id of ['a'.repeat(21), 'a'.repeat(23), `${'a'.repeat(21)}.`, '']) {
      expect(await answer(`Bearer ${await makeToken({ jti: id })}`), id).toEqual([401, INVALID]);
    }
  });

  it('needs each of sub, iat, exp and jti', async () => {
    expect((await list(`Bearer ${await signed(fullClaims())}`)).status).toBe(200);
    for (const claim of ['sub', 'iat', 'exp', 'jti']) {
      const claims: Record<string, unknown> = fullClaims();
      delete claims[claim];
      expect(await answer(`Bearer ${await signed(claims)}`), claim).toEqual([401, INVALID]);
    }
  });

  it('is good for one hour from its issue, whatever its expiry says', async () => {
    const issued = (secondsAgo: number) =>
      makeToken({ issuedAt: now() - secondsAgo, expiresIn: 24 * 3600 });
    expect((await list(`Bearer ${await issued(TOKEN_TTL_SECONDS - 30)}`)).status).toBe(200);
    expect(await answer(`Bearer ${await issued(TOKEN_TTL_SECONDS + 30)}`)).toEqual([401, INVALID]);
  });

  it('is signed HS256 only: the same secret under HS384 is refused', async () => {
    const other = await new SignJWT(fullClaims())
      .setProtectedHeader({ alg: 'HS384' })
      .sign(new TextEncoder().encode(ADMIN.secret));
    expect(await answer(`Bearer ${other}`)).toEqual([401, INVALID]);
  });
});

describe('a token from login', () => {
  it('is a JWT of one hour with a fresh 22-character id, for this deploy scope', async () => {
    const tokens: string[] = [];
    for (const ip of ['198.51.100.10', '198.51.100.11']) {
      tokens.push(await signedInToken({ ip }));
    }
    const [first, second] = tokens.map((token) => decodeJwt(token));
    expect(decodeProtectedHeader(tokens[0]!)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(first!.exp! - first!.iat!).toBe(TOKEN_TTL_SECONDS);
    expect(TOKEN_TTL_SECONDS).toBe(3600);
    expect(Math.abs(first!.iat! - now())).toBeLessThanOrEqual(5);
    expect(first).toMatchObject({ sub: ADMIN.username, iss: 'site-api', aud: 'site-admin:local' });
    expect(first!.jti).toMatch(/^[\w-]{22}$/);
    expect(second!.jti).not.toBe(first!.jti);
  });
});

describe('the JWT secret', () => {
  it('works from 32 bytes (counted as UTF-8), and below answers a 503 naming the rule', async () => {
    expect(MIN_SECRET_BYTES).toBe(32);
    const exact = 'é'.repeat(16); // 16 characters, 32 bytes
    vi.stubEnv('JWT_SECRET', exact);
    const token = await makeToken({ secret: exact });
    expect((await list(`Bearer ${token}`)).status).toBe(200);

    vi.stubEnv('JWT_SECRET', 'é'.repeat(15) + 'e'); // 31 bytes
    blobs.resetOps();
    expect(await answer(`Bearer ${token}`)).toEqual([
      503,
      {
        error:
          'Admin sign-in is not configured on this server: JWT_SECRET must be set to at least 32 bytes.',
      },
    ]);
    expect(blobs.ops).toEqual([]);
  });

  it('is checked after the admin user name, whose absence is named first', async () => {
    vi.stubEnv('ADMIN_USERNAME', '');
    vi.stubEnv('JWT_SECRET', '');
    expect(await answer(`Bearer ${await makeToken()}`)).toEqual([
      503,
      { error: 'Admin sign-in is not configured on this server: ADMIN_USERNAME is not set.' },
    ]);
  });
});
