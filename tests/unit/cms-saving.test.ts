/**
 * The CMS's checks on saving (src/integrations/cms/saving.js) and the `cms-guard` check of the
 * editors' pull requests (scripts/cms-guard.ts), against real git repositories: a draft made the
 * way Decap's GitHub backend makes one (the editor's whole file committed on a `cms/` branch,
 * re-applied over a newer main at each save) is refused when saving or merging it would undo a
 * change made on main since the editor opened the entry, and passes otherwise.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gitRepo, guard } from '../../scripts/cms-guard.ts';
import {
  draftBranchOf,
  fileNumber,
  gitBlobId,
  githubRepo,
  staleDraft,
  staleSave,
} from '../../src/integrations/cms/saving.js';

const FILE = 'content/team/02-waste-management-specialist.yaml';
const OTHER = 'content/team/01-renewable-energy-lead.yaml';
const ORIGINAL = 'order: 2\nname: Waste Management Specialist\nrole: Waste audits\nicon: recycle\n';
const DRAFT = draftBranchOf('team', '02-waste-management-specialist');

let dir = '';
const git = (...args: string[]) =>
  execFileSync('git', args, { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** Writes `text` to `path` and commits it on the checked-out branch. */
async function commit(path: string, text: string, message: string) {
  await writeFile(join(dir, path), text);
  git('add', path);
  git('commit', '-qm', message);
}

/** What Decap commits for a save: the editor's whole file, on the draft's branch. */
async function saveDraft(text: string, from = 'main') {
  git('checkout', '-q', '-B', DRAFT, from);
  await commit(FILE, text, 'Update Team “02-waste-management-specialist”');
  git('checkout', '-q', 'main');
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cms-saving-'));
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'editor@example.org');
  git('config', 'user.name', 'Asha');
  git('config', 'commit.gpgsign', 'false');
  execFileSync('mkdir', ['-p', join(dir, 'content/team')]);
  await writeFile(join(dir, OTHER), 'order: 1\nname: Renewable Energy Lead\n');
  await commit(FILE, ORIGINAL, 'Team');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('file names', () => {
  it('pads a position to two digits, as the house names files', () => {
    expect([1, 7, 10, 42].map(fileNumber)).toEqual(['01', '07', '10', '42']);
  });

  it("computes git's blob id of a file's text, multi-byte characters included", async () => {
    const text = 'name: Asha\nrole: മാലിന്യ സംസ്കരണം — “waste”\n';
    await writeFile(join(dir, 'x.yaml'), text);
    expect(await gitBlobId(text)).toBe(git('hash-object', 'x.yaml').trim());
  });
});

describe('saving an entry loaded from main', () => {
  it('passes when the file is as the editor loaded it', async () => {
    expect(await staleSave(gitRepo(dir), { path: FILE, raw: ORIGINAL, branch: 'main' })).toBe(
      undefined,
    );
  });

  it('is refused, naming the file and the commit, once someone changed it since', async () => {
    await commit(
      FILE,
      ORIGINAL.replace('Waste audits', 'Head of waste programmes'),
      'Team: a new role',
    );
    const message = await staleSave(gitRepo(dir), { path: FILE, raw: ORIGINAL, branch: 'main' });
    expect(message).toMatch(
      new RegExp(
        `^${FILE} has changed since you opened it \\([0-9a-f]{7}, Asha: Team: a new role\\)\\. Reload the page`,
      ),
    );
  });

  it('is refused when the file was deleted since', async () => {
    git('rm', '-q', FILE);
    git('commit', '-qm', 'Team: one fewer');
    expect(await staleSave(gitRepo(dir), { path: FILE, raw: ORIGINAL, branch: 'main' })).toContain(
      'it was deleted',
    );
  });
});

describe('saving a draft again, and publishing it', () => {
  const edited = ORIGINAL.replace('Waste Management Specialist', 'Waste Management Lead');

  it('passes while main has not touched the file (other files may change)', async () => {
    await saveDraft(edited);
    await commit(OTHER, 'order: 1\nname: Solar Lead\n', 'Team: a new title');
    const repo = gitRepo(dir);
    expect(
      await staleSave(repo, { path: FILE, raw: edited, branch: 'main', draftBranch: DRAFT }),
    ).toBe(undefined);
    expect(await staleDraft(repo, { path: FILE, branch: 'main', draftBranch: DRAFT })).toBe(
      undefined,
    );
    expect(await guard(dir, 'main', DRAFT)).toEqual([]);
  });

  it("is refused once main changed the draft's file: Decap's rebase would write over it", async () => {
    await saveDraft(edited);
    await commit(
      FILE,
      ORIGINAL.replace('Waste audits', 'Head of waste programmes'),
      'Team: a new role',
    );
    const repo = gitRepo(dir);
    const again = await staleSave(repo, {
      path: FILE,
      raw: edited,
      branch: 'main',
      draftBranch: DRAFT,
    });
    expect(again).toMatch(
      new RegExp(
        `^${FILE} has changed on main since this draft was saved \\([0-9a-f]{7}, Asha: Team: a new role\\)`,
      ),
    );
    expect(await staleDraft(repo, { path: FILE, branch: 'main', draftBranch: DRAFT })).toBe(again);
    // The pull request's check says the same, once per file.
    expect(await guard(dir, 'main', DRAFT)).toEqual([again]);
  });

  it('is refused when another editor saved the same draft since this one opened it', async () => {
    await saveDraft(edited);
    git('checkout', '-q', DRAFT);
    await commit(FILE, edited.replace('recycle', 'trash'), 'Update Team again');
    git('checkout', '-q', 'main');
    expect(
      await staleSave(gitRepo(dir), {
        path: FILE,
        raw: edited,
        branch: 'main',
        draftBranch: DRAFT,
      }),
    ).toMatch(/has changed since you opened it \([0-9a-f]{7}, Asha: Update Team again\)/);
  });

  it('the check fails the command line with the message as a GitHub error annotation', async () => {
    await saveDraft(edited);
    await commit(FILE, ORIGINAL.replace('recycle', 'trash-2'), 'Team: another icon');
    const script = join(import.meta.dirname, '../../scripts/cms-guard.ts');
    let failure: { status?: number; stderr?: string } = {};
    try {
      execFileSync(process.execPath, [script, 'main', DRAFT], {
        cwd: dir,
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (error) {
      failure = error as typeof failure;
    }
    expect(failure.status).toBe(1);
    expect(failure.stderr).toContain(
      `::error::${FILE} has changed on main since this draft was saved`,
    );
    // A draft that only adds a file of its own passes.
    git('checkout', '-q', '-B', 'cms/team/07-new', 'main');
    await commit('content/team/07-new.yaml', 'order: 7\nname: New\n', 'Create Team “07-new”');
    const passed = execFileSync(process.execPath, [script, 'main', 'cms/team/07-new'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(passed).toContain('undoes no change');
    expect(await readFile(join(dir, FILE), 'utf8')).toContain('trash-2');
  });
});

/**
 * The three calls of GitHub's REST API the CMS makes (contents, compare, commits), answered in
 * GitHub's documented shapes from the real repository, on loopback.
 */
async function githubOnLoopback(token: string) {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    seen.push(
      `${request.headers.authorization} ${request.headers['cache-control'] ?? ''} ${url.pathname}`,
    );
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `token ${token}`) return send(401, {});
    const route = /^\/repos\/acme\/site\/(contents|compare|commits)\/?(.*)$/.exec(url.pathname);
    try {
      if (route?.[1] === 'contents') {
        const path = decodeURIComponent(route[2] ?? '');
        const sha = git(
          'rev-parse',
          '--verify',
          '--quiet',
          `${url.searchParams.get('ref')}:${path}`,
        );
        return send(200, { type: 'file', path, sha: sha.trim() });
      }
      if (route?.[1] === 'compare') {
        const [base = '', head = ''] = decodeURIComponent(route[2] ?? '').split('...');
        return send(200, { merge_base_commit: { sha: git('merge-base', base, head).trim() } });
      }
      if (route?.[1] === 'commits') {
        const ref = url.searchParams.get('sha') ?? '';
        const [sha = '', name = '', subject = ''] = git(
          'log',
          '-1',
          '--format=%H%n%an%n%B',
          ref,
          '--',
          url.searchParams.get('path') ?? '',
        ).split('\n');
        return send(200, sha ? [{ sha, commit: { message: subject, author: { name } } }] : []);
      }
    } catch {
      return send(404, { message: 'Not Found' });
    }
    return send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { apiRoot, seen, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe("GitHub's API as the CMS reads it", () => {
  it("reaches the same verdicts as git itself, with the editor's token and no cached answer", async () => {
    const api = await githubOnLoopback('gho_editor');
    try {
      const github = githubRepo({ apiRoot: api.apiRoot, repo: 'acme/site', token: 'gho_editor' });
      const fetched: RequestInit[] = [];
      const watched = githubRepo(
        { apiRoot: api.apiRoot, repo: 'acme/site', token: 'gho_editor' },
        (input, init) => {
          fetched.push(init ?? {});
          return fetch(input, init);
        },
      );
      const edited = ORIGINAL.replace('Waste Management Specialist', 'Waste Management Lead');
      expect(await staleSave(github, { path: FILE, raw: ORIGINAL, branch: 'main' })).toBe(
        undefined,
      );
      await saveDraft(edited);
      await commit(
        FILE,
        ORIGINAL.replace('Waste audits', 'Head of waste programmes'),
        'Team: a new role',
      );
      const entry = { path: FILE, raw: edited, branch: 'main', draftBranch: DRAFT };
      const viaGithub = await staleSave(watched, entry);
      expect(viaGithub).toBeDefined();
      expect(viaGithub).toBe(await staleSave(gitRepo(dir), entry));
      expect(await staleSave(github, { path: FILE, raw: ORIGINAL, branch: 'main' })).toBe(
        await staleSave(gitRepo(dir), { path: FILE, raw: ORIGINAL, branch: 'main' }),
      );
      // A file that is not there is null, not an error.
      expect(await github.blob('main', 'content/team/99-nobody.yaml')).toBeNull();
      expect(fetched.every((init) => init.cache === 'no-store')).toBe(true);
      expect(api.seen.every((line) => line.startsWith('token gho_editor'))).toBe(true);
      expect(api.seen.some((line) => line.endsWith(`/contents/${FILE}`))).toBe(true);
    } finally {
      await api.close();
    }
  });
});
