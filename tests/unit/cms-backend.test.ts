/**
 * The local backend of `npm run cms` (scripts/cms-backend.ts): decap-server in git mode on
 * loopback, in a real temporary git repository, over real HTTP. A save is one commit of exactly
 * the saved file; while the tree holds other changes a save is refused and nothing is committed.
 * Started without named origins, it answers a dev site on any loopback port and no other page
 * (cms-backend-attacks.test.ts covers the refusals of `npm run cms`'s own setup).
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentBranch, dirtyFiles, startBackend } from '../../scripts/cms-backend';
import { gitIn, removeRepo, scratchRepo } from './cms-repo.ts';

let repo = '';
let server: Server | undefined;
let api = '';

const git = (...args: string[]) => gitIn(repo, ...args);
const ITEM = 'content/team/01-lead.yaml';

beforeAll(async () => {
  repo = await scratchRepo('cms-backend-', {
    [ITEM]: 'order: 1\nname: Asha\nrole: Lead\nicon: sun\n',
    'README.md': 'repo\n',
  });
  server = await startBackend(repo, 0, 'error');
  api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(() => removeRepo(server, repo));

/** The CMS page's requests to the backend at `endpoint()`, sent from the dev site's origin. */
function cmsClient(endpoint: () => string) {
  const call = (action: string, params: object, origin = 'http://127.0.0.1:4321') =>
    fetch(endpoint(), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ action, params }),
    });
  /** A save of the team entry 01-lead as `raw`. */
  const save = (raw: string) =>
    call('persistEntry', {
      branch: 'main',
      entry: { slug: '01-lead', path: ITEM, raw },
      assets: [],
      options: {
        collectionName: 'team',
        commitMessage: 'Update Team “01-lead”',
        useWorkflow: false,
        status: 'draft',
      },
    });
  return { call, save };
}

const { call, save } = cmsClient(() => api);

describe('the local CMS backend', () => {
  it('listens on loopback and serves the git checkout', async () => {
    expect((server?.address() as AddressInfo).address).toBe('127.0.0.1');
    const info = await (await call('info', {})).json();
    expect(info).toMatchObject({ type: 'local_git' });
    expect(currentBranch(repo)).toBe('main');
  });

  it('answers a dev site on any loopback port, and no other page', async () => {
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:4322']) {
      const response = await call('info', {}, origin);
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    }
    for (const origin of ['https://attacker.example', 'http://127.0.0.1.attacker.example:4321']) {
      const response = await call('info', {}, origin);
      expect(response.status).toBe(403);
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('commits a save as one commit holding only the saved file', async () => {
    // The CMS reads an entry before it can save it.
    expect((await call('getEntry', { branch: 'main', path: ITEM })).status).toBe(200);
    const response = await save('order: 1\nname: Asha\nrole: Lead engineer\nicon: sun\n');
    expect(response.status).toBe(200);
    expect(git('log', '-1', '--format=%s')).toContain('Update Team');
    expect(git('show', '--name-only', '--format=', 'HEAD').trim()).toBe(ITEM);
    expect(await readFile(join(repo, ITEM), 'utf8')).toContain('role: Lead engineer');
    expect(dirtyFiles(repo)).toEqual([]);
  });

  it('refuses a save while the tree has other changes, and commits nothing', async () => {
    const before = git('rev-parse', 'HEAD');
    await writeFile(join(repo, 'notes.txt'), 'mine\n');
    await writeFile(join(repo, 'README.md'), 'changed\n');
    const response = await save('order: 1\nname: Asha\nrole: Director\nicon: sun\n');
    expect(response.status).toBe(409);
    // Readable by the CMS page, which shows the message to the editor.
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4321');
    const { error } = (await response.json()) as { error: string };
    expect(error).toContain('README.md');
    expect(error).toContain('notes.txt');
    expect(git('rev-parse', 'HEAD')).toBe(before);
    expect(await readFile(join(repo, ITEM), 'utf8')).toContain('role: Lead engineer');
    expect(dirtyFiles(repo).sort()).toEqual(['README.md', 'notes.txt']);
  });

  it('refuses a save over a commit made since the entry was opened, until it is reloaded', async () => {
    const stale = await scratchRepo('cms-backend-stale-', {
      [ITEM]: 'order: 1\nname: Asha\nrole: Lead\nicon: sun\n',
    });
    const own = await startBackend(stale, 0, 'error');
    const ownApi = `http://127.0.0.1:${(own.address() as AddressInfo).port}/api/v1`;
    const { call: send, save: saveRaw } = cmsClient(() => ownApi);
    try {
      // Never handed out by this backend (restarted under an open editor): refused.
      expect((await saveRaw('order: 1\nname: Asha R\nrole: Lead\nicon: sun\n')).status).toBe(409);
      // Opened in the CMS; elsewhere the role changes and is committed.
      await send('entriesByFolder', {
        branch: 'main',
        folder: 'content/team',
        extension: 'yaml',
        depth: 1,
      });
      await writeFile(join(stale, ITEM), 'order: 1\nname: Asha\nrole: Director\nicon: sun\n');
      gitIn(stale, 'commit', '-qam', 'Role: Director');
      const head = gitIn(stale, 'rev-parse', 'HEAD');
      const refused = await saveRaw('order: 1\nname: Asha R\nrole: Lead\nicon: sun\n');
      expect(refused.status).toBe(409);
      const { error } = (await refused.json()) as { error: string };
      expect(error).toContain(`${ITEM} has changed since you opened it`);
      expect(error).toContain('Role: Director');
      expect(error).toContain('reload the page');
      expect(gitIn(stale, 'rev-parse', 'HEAD')).toBe(head);
      // Reloaded: the editor sees the Director and saves the name over it.
      expect((await send('getEntry', { branch: 'main', path: ITEM })).status).toBe(200);
      const saved = await saveRaw('order: 1\nname: Asha R\nrole: Director\nicon: sun\n');
      expect(saved.status).toBe(200);
      expect(await readFile(join(stale, ITEM), 'utf8')).toContain('role: Director');
      // Its own save leaves the editor up to date: a second save goes through.
      const again = await saveRaw('order: 1\nname: Asha Rao\nrole: Director\nicon: sun\n');
      expect(again.status).toBe(200);
    } finally {
      await removeRepo(own, stale);
    }
  });

  it('still answers reads while the tree is dirty', async () => {
    const response = await call('getEntry', { branch: 'main', path: ITEM });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: string }).data).toContain('Lead engineer');
  });
});
