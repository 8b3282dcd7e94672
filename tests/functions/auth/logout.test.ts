/**
 * POST /api/logout revokes the caller's token on the server: from then on every admin route
 * refuses it, until it would have expired anyway, when its entry is cleaned away. A revocation
 * list that cannot be read answers 503, never lets the token through.
 */
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import announcementsFn from '../../../functions/announcements.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import logoutFn from '../../../functions/logout.ts';
import { admin } from '../../../functions/_lib/auth.ts';
import { endpoint, noContent } from '../../../functions/_lib/http.ts';
import { SWEEP_CURSOR } from '../../../functions/_lib/repositories/time-sweep.ts';
import { withStore } from '../../../functions/_lib/repositories/store.ts';
import { call, makeToken, useBlobs, type BlobOperation } from '../helpers.ts';
import { writes } from '../store-inspection.ts';

const blobs = useBlobs();

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const logout = (token?: string) =>
  call(logoutFn, { method: 'POST', path: '/api/logout', ...(token ? { token } : {}) });

const listEnquiries = (token: string) => call(enquiriesFn, { path: '/api/enquiries', token });

/** The keys in the revocation list. */
/** The entries (the clean-up's cursor is no entry). */
const revokedKeys = () =>
  withStore('revoked-tokens', async (store) =>
    (await store.list()).blobs.map((b) => b.key).filter((key) => key !== SWEEP_CURSOR),
  );

const onRevocationList = (ops: readonly BlobOperation[], type: string) =>
  ops.filter((op) => op.type === type && op.url.includes('/site:revoked-tokens'));

describe('POST /api/logout', () => {
  it('answers 204, and every admin route refuses the token from then on', async () => {
    const token = await makeToken();
    expect((await listEnquiries(token)).status).toBe(200);

    const res = await logout(token);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');

    const list = await listEnquiries(token);
    expect(list.status).toBe(401);
    expect(list.headers.get('www-authenticate')).toBe('Bearer');
    expect(await list.json()).toEqual({ error: 'Invalid or expired token.' });
    blobs.resetOps();
    const create = await call(announcementsFn, {
      path: '/api/announcements',
      json: { text: 'after logout' },
      token,
    });
    expect(create.status).toBe(401);
    expect(writes(blobs.ops)).toBe(0);
  });

  it('refuses a second logout with the same token with 401', async () => {
    const token = await makeToken();
    expect((await logout(token)).status).toBe(204);
    expect((await logout(token)).status).toBe(401);
  });

  it('revokes only that token: another session of the same admin goes on working', async () => {
    const [copied, other] = [await makeToken(), await makeToken()];
    expect((await logout(copied)).status).toBe(204);
    expect((await listEnquiries(other)).status).toBe(200);
  });

  it('stores one entry holding the token expiry, keyed by its id', async () => {
    const token = await makeToken();
    const { jti, exp } = decodeJwt(token);
    await logout(token);
    expect(await revokedKeys()).toEqual([`${exp}.${jti}`]);
    const stored = await withStore('revoked-tokens', (store) =>
      store.get(`${exp}.${jti}`, { type: 'json' }),
    );
    expect(stored).toEqual({ exp });
  });

  it('refuses a missing token with 401 and writes nothing', async () => {
    const res = await logout();
    expect(res.status).toBe(401);
    expect(blobs.ops).toEqual([]);
  });

  it('answers other methods with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await call(logoutFn, { method, path: '/api/logout', token: await makeToken() });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow'), method).toBe('POST');
    }
  });

  it('keeps an entry until its token expires, then a later logout deletes it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const first = await makeToken({ expiresIn: 60 });
    const firstClaims = decodeJwt(first);
    expect((await logout(first)).status).toBe(204);

    vi.setSystemTime(Date.now() + 59_000);
    const second = await makeToken();
    expect((await logout(second)).status).toBe(204);
    // Still valid for a second: its entry must stay, or the token would work again.
    expect((await listEnquiries(first)).status).toBe(401);
    expect(await revokedKeys()).toHaveLength(2);

    vi.setSystemTime(Date.now() + 2_000);
    blobs.resetOps();
    const third = await makeToken();
    expect((await logout(third)).status).toBe(204);
    const deleted = onRevocationList(blobs.ops, 'delete').map((op) => op.url);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toContain(`${firstClaims.exp}.${firstClaims.jti}`);
    expect(await revokedKeys()).toHaveLength(2);
  });
});

describe('the revocation check on admin calls', () => {
  it('costs one read of the revocation list per admin call, and only after the signature', async () => {
    const token = await makeToken();
    blobs.resetOps();
    await listEnquiries(token);
    expect(onRevocationList(blobs.ops, 'get')).toHaveLength(1);

    blobs.resetOps();
    await listEnquiries(await makeToken({ secret: 'another-secret-that-is-long-enough-too!!' }));
    expect(blobs.ops).toEqual([]);
  });

  it('answers 503 when the list cannot be read: the handler never runs', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let ran = false;
    const protectedFn = endpoint(
      admin(() => {
        ran = true;
        return noContent();
      }),
    );
    const token = await makeToken();
    await blobs.pointAtDeadPort();
    const res = await call(protectedFn, { path: '/anything', token });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    expect(Object.keys((await res.json()) as object)).toEqual(['error']);
    expect(ran).toBe(false);
  });

  it('answers 503 for a logout while storage is down, and the token stays usable', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const token = await makeToken();
    await blobs.pointAtDeadPort();
    expect((await logout(token)).status).toBe(503);
    blobs.restore();
    // Not revoked: the client saw a failure and may try again.
    expect((await logout(token)).status).toBe(204);
  });
});
