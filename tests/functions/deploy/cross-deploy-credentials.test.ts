/**
 * Security bookkeeping follows the credentials, not the data (functions/_lib/repositories/store.ts
 * `storeLocation`): every deploy preview and branch deploy accepts the same tokens and logins
 * (audience `site-admin:preview`), so they share one revocation list and one login throttle,
 * site-wide stores apart from production's. Their lead data stays per deploy.
 */
import { getStore } from '@netlify/blobs';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import loginFn from '../../../functions/login.ts';
import logoutFn from '../../../functions/logout.ts';
import type { DeployScope } from '../../../functions/_lib/auth.ts';
import {
  scopedName,
  storeLocation,
  withRequestScope,
} from '../../../functions/_lib/repositories/store.ts';
import { SWEEP_CURSOR } from '../../../functions/_lib/repositories/time-sweep.ts';
import { ADMIN, call, makeToken, useBlobs, type BlobOperation } from '../helpers.ts';

const blobs = useBlobs({ silenceErrors: true });
afterEach(() => {
  vi.useRealTimers();
});

type Deploy = { context: string; id: string };

const production: Deploy = { context: 'production', id: 'prod1' };
const previewA: Deploy = { context: 'deploy-preview', id: 'previewA' };
const previewB: Deploy = { context: 'deploy-preview', id: 'previewB' };
const branchC: Deploy = { context: 'branch-deploy', id: 'branchC' };
const previews = [previewA, previewB, branchC];

const logout = (deploy: Deploy, token: string) =>
  call(logoutFn, { method: 'POST', path: '/api/logout', token, context: { deploy } });

const listEnquiries = (deploy: Deploy, token: string) =>
  call(enquiriesFn, { path: '/api/enquiries', token, context: { deploy } });

const login = (deploy: Deploy, password: string, ip = '198.51.100.40') =>
  call(loginFn, {
    path: '/api/login',
    json: { username: ADMIN.username, password },
    ip,
    context: { deploy },
  });

/** The records of site-wide store `name` (not its sweep's bookmark). */
const siteKeys = async (name: string) =>
  (await getStore({ name, consistency: 'strong' }).list()).blobs
    .map((blob) => blob.key)
    .filter((key) => key !== SWEEP_CURSOR);

/** Requests that changed site-wide store `name` (set or delete). */
const changesTo = (ops: readonly BlobOperation[], name: string) =>
  ops.filter(
    (op) =>
      (op.type === 'set' || op.type === 'delete') &&
      new URL(op.url, 'http://x').pathname.split('/')[2] === `site:${name}`,
  );

/** A whole second, so that tokens made in one test share their `exp`. */
function freezeClock(): void {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / 1000) * 1000);
}

describe('where security bookkeeping lives', () => {
  it('production and local runs: the site-wide stores, as before', () => {
    for (const deploy of [production, { context: 'dev' }, undefined]) {
      expect(storeLocation('revoked-tokens', deploy, 'credentials')).toEqual({
        kind: 'site',
        name: 'revoked-tokens',
      });
    }
  });

  it('every preview and branch deploy: one shared site-wide store, never production’s', () => {
    for (const deploy of [...previews, { context: 'deploy-preview' }]) {
      expect(storeLocation('login-attempts', deploy, 'credentials')).toEqual({
        kind: 'site',
        name: 'preview-login-attempts',
      });
    }
    vi.stubEnv('CONTEXT', 'branch-deploy');
    expect(storeLocation('revoked-tokens', undefined, 'credentials')).toEqual({
      kind: 'site',
      name: 'preview-revoked-tokens',
    });
  });

  it('leaves data stores per deploy, and names each apart in memory', async () => {
    expect(storeLocation('enquiries', previewA)).toEqual({
      kind: 'deploy',
      name: 'enquiries',
      deployID: 'previewA',
    });
    const names = (deploy: Deploy) =>
      withRequestScope(deploy, async () => [
        scopedName('enquiries'),
        scopedName('revoked-tokens', 'credentials'),
      ]);
    expect(await names(previewA)).toEqual([
      'deploy:previewA:enquiries',
      'site:preview-revoked-tokens',
    ]);
    expect(await names(branchC)).toEqual([
      'deploy:branchC:enquiries',
      'site:preview-revoked-tokens',
    ]);
    expect(await names(production)).toEqual(['site:enquiries', 'site:revoked-tokens']);
  });
});

describe('a logout on a preview', () => {
  it('holds on every other preview and branch deploy', async () => {
    const token = await makeToken({ scope: 'preview' });
    for (const deploy of previews) expect((await listEnquiries(deploy, token)).status).toBe(200);

    expect((await logout(previewA, token)).status).toBe(204);

    for (const deploy of previews) {
      const res = await listEnquiries(deploy, token);
      expect(res.status, deploy.id).toBe(401);
      expect(await res.json()).toEqual({ error: 'Invalid or expired token.' });
    }
    expect((await logout(branchC, token)).status).toBe(401);
  });

  it('never writes production’s list, and a production logout never writes the previews’', async () => {
    const previewToken = await makeToken({ scope: 'preview' });
    expect((await logout(previewB, previewToken)).status).toBe(204);
    expect(changesTo(blobs.ops, 'revoked-tokens')).toEqual([]);
    expect(await siteKeys('revoked-tokens')).toEqual([]);
    expect(await siteKeys('preview-revoked-tokens')).toHaveLength(1);

    blobs.resetOps();
    const productionToken = await makeToken({ scope: 'production' });
    expect((await logout(production, productionToken)).status).toBe(204);
    expect(changesTo(blobs.ops, 'preview-revoked-tokens')).toEqual([]);
    expect(await siteKeys('revoked-tokens')).toHaveLength(1);
    expect(await siteKeys('preview-revoked-tokens')).toHaveLength(1);
  });

  it('and one in production revoke only their own scope’s token, even with the same id', async () => {
    freezeClock();
    const jti = 'sharedTokenId_0123456A';
    const tokenOf = (scope: DeployScope) => makeToken({ scope, jti });
    const [inProduction, onPreviews] = [await tokenOf('production'), await tokenOf('preview')];
    expect(decodeJwt(inProduction).exp).toBe(decodeJwt(onPreviews).exp);

    expect((await logout(previewA, onPreviews)).status).toBe(204);
    expect((await listEnquiries(production, inProduction)).status).toBe(200);
    expect((await listEnquiries(previewB, onPreviews)).status).toBe(401);

    const [again, onPreviewsAgain] = [
      await makeToken({ scope: 'production', jti: 'otherTokenId_0123456AB' }),
      await makeToken({ scope: 'preview', jti: 'otherTokenId_0123456AB' }),
    ];
    expect((await logout(production, again)).status).toBe(204);
    expect((await listEnquiries(branchC, onPreviewsAgain)).status).toBe(200);
    expect((await listEnquiries(production, again)).status).toBe(401);
  });

  it('drops expired revocations from the shared list, whichever preview logs out', async () => {
    freezeClock();
    const early = await makeToken({ scope: 'preview', expiresIn: 60 });
    const { exp, jti } = decodeJwt(early);
    expect((await logout(previewA, early)).status).toBe(204);
    expect(await siteKeys('preview-revoked-tokens')).toEqual([`${exp}.${jti}`]);

    vi.setSystemTime(exp! * 1000);
    expect((await logout(branchC, await makeToken({ scope: 'preview' }))).status).toBe(204);
    const left = await siteKeys('preview-revoked-tokens');
    expect(left).toHaveLength(1);
    expect(left).not.toContain(`${exp}.${jti}`);
  });
});

describe('the login throttle on previews', () => {
  beforeEach(() => {
    vi.stubEnv('LOGIN_MAX_FAILURES', '5');
  });

  it('counts one address and name across previews and branch deploys', async () => {
    for (const deploy of [previewA, previewB, branchC, previewA, previewB]) {
      expect((await login(deploy, 'wrong')).status, deploy.id).toBe(401);
    }
    for (const deploy of previews) {
      const res = await login(deploy, 'wrong');
      expect(res.status, deploy.id).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Locked out even with the right password: it is not checked.
    expect((await login(branchC, ADMIN.password)).status).toBe(429);
    expect(await siteKeys('preview-login-attempts')).toHaveLength(5);
    expect(await siteKeys('login-attempts')).toEqual([]);
  });

  it('does not count against production, nor production against previews', async () => {
    // The password step answers with the passkey step, whose relying party is the site's address.
    vi.stubEnv('URL', 'https://haritha.example');
    vi.stubEnv('DEPLOY_PRIME_URL', 'https://deploy-preview-7--haritha.netlify.app');
    for (const deploy of [previewA, previewB, branchC, previewA, previewB]) {
      expect((await login(deploy, 'wrong')).status).toBe(401);
    }
    expect((await login(previewA, 'wrong')).status).toBe(429);
    expect((await login(production, ADMIN.password)).status).toBe(200);

    const ip = '198.51.100.41';
    for (let i = 0; i < 5; i++) expect((await login(production, 'wrong', ip)).status).toBe(401);
    expect((await login(production, 'wrong', ip)).status).toBe(429);
    expect((await login(branchC, ADMIN.password, ip)).status).toBe(200);
  });

  it('sweeps ended windows from the shared store, whichever preview sweeps', async () => {
    vi.stubEnv('LOGIN_LOCKOUT_MINUTES', '1');
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Math.floor(Date.now() / 60_000) * 60_000;
    vi.setSystemTime(t0 + 10_000);
    expect((await login(previewA, 'wrong', '198.51.100.42')).status).toBe(401);
    expect((await login(previewB, 'wrong', '198.51.100.43')).status).toBe(401);
    const first = await siteKeys('preview-login-attempts');
    expect(first.filter((key) => key.startsWith(`${t0}/`))).toHaveLength(2);

    // Two windows later the first attempt of a pair, on another deploy, sweeps them away.
    vi.setSystemTime(t0 + 120_000 + 10_000);
    expect((await login(branchC, 'wrong', '198.51.100.44')).status).toBe(401);
    const left = await siteKeys('preview-login-attempts');
    expect(left.filter((key) => key.startsWith(`${t0}/`))).toEqual([]);
    expect(left).toHaveLength(1);
  });
});
