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
import { call, makeToken, useBlobs } from '../helpers.ts';
import { seedStore } from '../seed-store.ts';
import { SWEEP_CURSOR } from '../../../functions/_lib/repositories/time-sweep.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';

const blobs = useBlobs({ silenceErrors: true });
const faulty = useFaultyBlobs(blobs);
afterEach(() => {
  vi.useRealTimers();
});

const logout = (token: string) => call(logoutFn, { method: 'POST', path: '/api/logout', token });
const store = () => getStore({ name: 'revoked-tokens', consistency: 'strong' });
const keys = async () =>
  (await store().list()).blobs
    .map((blob) => blob.key)
    .filter((key) => key !== SWEEP_CURSOR)
    .sort();

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
    const stale = `${Math.floor(Date.now() / 1000) - 60}`;
    const foreign = ['notes', '123', `${stale}.`, `${stale}.a.b`, `x${stale}.abc`, `${stale}0.abc`];
    for (const key of foreign) await store().set(key, 'kept');
    await store().setJSON(`${stale}.stale-entry`, { exp: 1 });
    expect((await logout(await makeToken())).status).toBe(204);
    const left = await keys();
    expect(left).not.toContain(`${stale}.stale-entry`);
    for (const key of foreign) expect(left, key).toContain(key);
  });

  it('among 50,000 stale ones are deleted 100 a cleanup, one bucket listing at a time', async () => {
    const now = Math.floor(Date.now() / 1000);
    // A store nobody cleaned for 20 hours: 50,000 stale entries.
    await seedStore(
      blobs,
      'revoked-tokens',
      Array.from({ length: 50_000 }, (_, i) => ({
        key: `${now - 72_000 + Math.floor(i * 1.4)}.stale-${i}`,
        value: { exp: now - 72_000 },
      })),
    );
    // The emulator lists a prefix by reading its whole (flat) folder, about 2.5 s at 50,000 keys
    // on a busy machine; the service lists by index. So the bound is pinned by what is listed.
    blobs.resetOps();
    expect(await withRequestScope(undefined, () => revokedTokens.removeExpired(now), 60_000)).toBe(
      100,
    );
    expect(blobs.ops.filter(({ type }) => type === 'delete')).toHaveLength(100);
    const listings = blobs.ops.filter(({ type }) => type === 'list');
    expect(listings.length).toBeGreaterThan(0);
    expect(listings.length).toBeLessThanOrEqual(10);
    for (const { url } of listings) {
      expect(new URL(url, 'http://x').searchParams.get('prefix')).toMatch(/^\d{6}$/);
    }
  }, 120_000);
});

describe('a logout', () => {
  it('succeeds when the cleanup after it fails, and the token stays revoked', async () => {
    const token = await makeToken();
    faulty.inject({
      method: 'GET',
      path: /\/site:revoked-tokens(\/sweep-cursor)?$/,
      fault: { kind: 'refuse', status: 500 },
    });
    expect((await logout(token)).status).toBe(204);
    expect(
      faulty.seen.filter((line) => /^GET \/[^/]+\/site:revoked-tokens/.test(line)),
    ).not.toEqual([]);
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
