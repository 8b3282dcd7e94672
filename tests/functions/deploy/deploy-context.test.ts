/**
 * Data per deploy context (functions/_lib/repositories/store.ts): production and local runs use
 * the site-wide stores; deploy previews and branch deploys use stores of their own deploy, so a
 * preview never reads or changes production's leads.
 */
import { getDeployStore, getStore } from '@netlify/blobs';
import { describe, expect, it, vi } from 'vitest';
import enquiriesFn from '../../../functions/enquiries.ts';
import { isId } from '../../../functions/_lib/ids.ts';
import { dataScope, withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { timeline } from '../../../functions/_lib/repositories/timeline.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { validEnquiry } from '../samples.ts';

const blobs = useBlobs({ silenceErrors: true });

type Context = { context?: string; id?: string } | undefined;

const scopeOf = (deploy: Context): 'production' | 'preview' | 'local' =>
  deploy?.context === 'production'
    ? 'production'
    : deploy?.context === 'deploy-preview' || deploy?.context === 'branch-deploy'
      ? 'preview'
      : 'local';

async function submit(deploy: Context, name: string): Promise<Response> {
  return call(enquiriesFn, {
    path: '/api/enquiries',
    json: validEnquiry({ fullName: name }),
    context: deploy ? { deploy } : {},
  });
}

async function listed(deploy: Context): Promise<string[]> {
  const res = await call(enquiriesFn, {
    path: '/api/enquiries',
    token: await makeToken({ scope: scopeOf(deploy) }),
    context: deploy ? { deploy } : {},
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { fullName: string }[]).map((item) => item.fullName);
}

const siteRecords = async () =>
  (await getStore({ name: 'enquiries', consistency: 'strong' }).list()).blobs
    .map((blob) => blob.key)
    .filter(isId);

const deployRecords = async (deployID: string) =>
  (await getDeployStore({ name: 'enquiries', deployID, consistency: 'strong' }).list()).blobs
    .map((blob) => blob.key)
    .filter(isId);

describe('which data each deploy context uses', () => {
  it('chooses site-wide stores for production, local runs and unknown contexts', () => {
    for (const context of ['production', 'dev', undefined, 'something-new']) {
      expect(dataScope(context ? { context } : undefined), String(context)).toEqual({
        kind: 'site',
      });
    }
  });

  it('chooses the deploy’s own stores for deploy previews and branch deploys', () => {
    expect(dataScope({ context: 'deploy-preview', id: 'd1' })).toEqual({
      kind: 'deploy',
      deployID: 'd1',
    });
    expect(dataScope({ context: 'branch-deploy', id: 'd2' })).toEqual({
      kind: 'deploy',
      deployID: 'd2',
    });
  });

  it('reads the CONTEXT variable when the request carries no deploy context', () => {
    vi.stubEnv('CONTEXT', 'deploy-preview');
    vi.stubEnv('DEPLOY_ID', 'fromenv');
    expect(dataScope(undefined)).toEqual({ kind: 'deploy', deployID: 'fromenv' });
    vi.stubEnv('CONTEXT', 'production');
    expect(dataScope(undefined)).toEqual({ kind: 'site' });
  });

  it('keeps production, each preview and each branch deploy apart', async () => {
    const production = { context: 'production', id: 'prod1' };
    const previewA = { context: 'deploy-preview', id: 'previewA' };
    const previewB = { context: 'deploy-preview', id: 'previewB' };
    const branch = { context: 'branch-deploy', id: 'branch1' };
    expect((await submit(production, 'Real Client')).status).toBe(201);
    expect((await submit(previewA, 'Reviewer A')).status).toBe(201);
    expect((await submit(previewB, 'Reviewer B')).status).toBe(201);
    expect((await submit(branch, 'Branch Tester')).status).toBe(201);
    expect((await submit(undefined, 'Local Dev')).status).toBe(201);

    expect(await listed(production)).toEqual(['Local Dev', 'Real Client']);
    expect(await listed(previewA)).toEqual(['Reviewer A']);
    expect(await listed(previewB)).toEqual(['Reviewer B']);
    expect(await listed(branch)).toEqual(['Branch Tester']);

    expect(await siteRecords()).toHaveLength(2);
    expect(await deployRecords('previewA')).toHaveLength(1);
    expect(await deployRecords('branch1')).toHaveLength(1);
  });

  it('answers 503 on a preview whose deploy id is unknown, and never falls back to production data', async () => {
    const res = await submit({ context: 'deploy-preview' }, 'Nobody');
    expect(res.status).toBe(503);
    expect(await siteRecords()).toEqual([]);
    expect(blobs.ops.filter((op) => op.type === 'set')).toEqual([]);
  });
});

describe('a warm function instance', () => {
  it('keeps the index of each deploy’s data, and of each store, apart in memory', async () => {
    const notes = timeline<{ n: number }>('notes');
    const memos = timeline<{ n: number }>('memos');
    const production = { context: 'production', id: 'prod1' };
    const previewA = { context: 'deploy-preview', id: 'previewA' };
    const previewB = { context: 'deploy-preview', id: 'previewB' };
    const lists = [
      { deploy: production, list: notes, n: 1 },
      { deploy: production, list: memos, n: 2 },
      { deploy: previewA, list: notes, n: 3 },
      { deploy: previewB, list: notes, n: 4 },
    ];
    for (const { deploy, list, n } of lists) {
      await withRequestScope(deploy, () => list.create({ n }));
    }
    const page = ({ deploy, list }: (typeof lists)[number]) =>
      withRequestScope(deploy, () => list.page(1, 10));
    for (const each of lists) await page(each);
    blobs.resetOps();
    // Each again, in turn: every one is answered from memory after reading its generation.
    for (const each of lists)
      expect((await page(each)).items.map((item) => item.n)).toEqual([each.n]);
    const reads = blobs.ops.map((op) => `${op.type} ${decodeURIComponent(op.url).split('?')[0]}`);
    expect(
      reads.filter(
        (line) => !/^get .*\/_generation$/.test(line) && !/^get .*\/[0-7][0-9A-Z]{25}$/.test(line),
      ),
    ).toEqual([]);
  });
});
