/**
 * The revocation list's housekeeping (functions/_lib/repositories/revoked-tokens.ts): an entry
 * goes at its token's expiry second, never before; blobs that are not entries are left alone; a
 * cleanup that fails never fails the logout; two logouts of one token store one entry.
 */
import { getStore } from '@netlify/blobs';
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import logoutFn from '../../../functions/logout.ts';
import { revokedTokens } from '../../../functions/_lib/repositories/revoked-tokens.ts';
import { useFaultyBlobs } from '../faulty-blobs.ts';
import { call, makeToken, silenceErrors, useBlobs } from '../helpers.ts';

const blobs = useBlobs();
const faulty = useFaultyBlobs(blobs);
silenceErrors();
afterEach(() => {
  vi.useRealTimers();
});

const logout = (token: string) => call(logoutFn, { method: 'POST', path: '/api/logout', token });
const store = () => getStore({ name: 'revoked-tokens', consistency: 'strong' });
const keys = async () => (await store().list()).blobs.map((blob) => blob.key).sort();

/** Epoch seconds, on a whole second so that `exp` comparisons are exact. */
function atSecond(seconds: number): void {
  vi.setSystemTime(seconds * 1000);
}

describe('expired entries', () => {
  it('go at their expiry second, not a second before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Math.floor(Date.now() / 1000);
    atSecond(start);
    const early = await makeToken({ expiresIn: 30 });
    const { exp, jti } = decodeJwt(early);
    expect((await logout(early)).status).toBe(204);

    atSecond(exp! - 1);
    expect((await logout(await makeToken())).status).toBe(204);
    expect(await keys()).toContain(`${exp}.${jti}`);

    atSecond(exp!);
    expect((await logout(await makeToken())).status).toBe(204);
    expect(await keys()).not.toContain(`${exp}.${jti}`);
    expect(await keys()).toHaveLength(2);
  });

  it('are the only blobs a cleanup deletes', async () => {
    const foreign = ['notes', '123', '1.', '1.a.b', 'x1.abc', '1234567890123456.abc'];
    for (const key of foreign) await store().set(key, 'kept');
    await store().setJSON('1.stale-entry', { exp: 1 });
    expect((await logout(await makeToken())).status).toBe(204);
    const left = await keys();
    expect(left).not.toContain('1.stale-entry');
    for (const key of foreign) expect(left, key).toContain(key);
  });
});

describe('a logout', () => {
  it('succeeds when the cleanup after it fails, and the token stays revoked', async () => {
    const token = await makeToken();
    faulty.inject({
      method: 'GET',
      path: /\/site:revoked-tokens$/,
      fault: { kind: 'refuse', status: 500 },
    });
    expect((await logout(token)).status).toBe(204);
    expect(
      faulty.seen.filter((line) => /^GET \/[^/]+\/site:revoked-tokens$/.test(line)),
    ).toHaveLength(1);
    blobs.restore();
    expect((await call(enquiriesFn, { path: '/api/enquiries', token })).status).toBe(401);
  });

  it('of the same token twice at once stores one entry and answers both', async () => {
    const token = await makeToken();
    const { exp, jti } = decodeJwt(token);
    const statuses = await Promise.all(
      [logout(token), logout(token)].map(async (res) => (await res).status),
    );
    expect(statuses).toEqual([204, 204]);
    expect(await keys()).toEqual([`${exp}.${jti}`]);
  });

  it('is what makes isRevoked true, for that id and expiry only', async () => {
    const id = { jti: 'a'.repeat(22), exp: Math.floor(Date.now() / 1000) + 600 };
    expect(await revokedTokens.isRevoked(id)).toBe(false);
    await revokedTokens.revoke(id);
    expect(await revokedTokens.isRevoked(id)).toBe(true);
    expect(await revokedTokens.isRevoked({ ...id, jti: 'b'.repeat(22) })).toBe(false);
    expect(await revokedTokens.isRevoked({ ...id, exp: id.exp + 1 })).toBe(false);
    // Revoking again is harmless.
    await revokedTokens.revoke(id);
    expect(await keys()).toEqual([`${id.exp}.${id.jti}`]);
  });
});
