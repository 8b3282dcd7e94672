/**
 * The local backend of `npm run cms` (scripts/cms-backend.ts) against requests a web page could
 * send it: over real HTTP, in a real temporary git repository holding a secret `.env` and links
 * out of content/. Node's http.request sends them, since fetch cannot forge a Host header. Each
 * is refused before decap-server sees it and leaves the repository as it was; the CMS page's own
 * requests still list and save.
 */
import { mkdir, readFile, symlink } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_FOLDER,
  MEDIA_FOLDER,
  devOrigins,
  dirtyFiles,
  startBackend,
} from '../../scripts/cms-backend';
import { collectionSources } from '../../src/integrations/cms/sources';
import { gitIn, removeRepo, scratchRepo } from './cms-repo.ts';

const SECRET = 'JWT_SECRET=never-leaves-the-machine';
const ORIGIN = 'http://127.0.0.1:4321';
const ITEM = 'content/team/01-lead.yaml';
const LEAK = 'content/links/leak.yaml';

let repo = '';
let server: Server | undefined;
let port = 0;

const git = (...args: string[]) => gitIn(repo, ...args);

beforeAll(async () => {
  const files = {
    [ITEM]: 'order: 1\nname: Asha\nrole: Lead\nicon: sun\n',
    '.gitignore': '.env\n',
    '.env': `${SECRET}\n`,
  };
  repo = await scratchRepo('cms-backend-attacks-', files, async (dir) => {
    // Links a cloned branch could hold: to the secret, and to the repository's .git folder.
    await mkdir(join(dir, 'content/links'), { recursive: true });
    await symlink('../../.env', join(dir, LEAK));
    await symlink('../../.git', join(dir, 'content/links/git'));
  });
  git('branch', 'other');
  server = await startBackend(repo, 0, 'error', devOrigins(4321));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => removeRepo(server, repo));

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A request as the CMS page sends it (own Host, the page's Origin), with `headers` replacing
 * those; a header set to undefined is left out.
 */
function send(
  body: unknown,
  headers: Record<string, string | undefined> = {},
  method = 'POST',
  path = '/api/v1',
): Promise<Reply> {
  const all = { host: `127.0.0.1:${port}`, origin: ORIGIN, 'content-type': 'application/json' };
  const sent = Object.fromEntries(
    Object.entries({ ...all, ...headers }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path, headers: sent, setHost: false },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const errorOf = (reply: Reply) => (JSON.parse(reply.body) as { error: string }).error;

const getEntry = (path: string) => ({ action: 'getEntry', params: { branch: 'main', path } });

const persistMedia = (path: string, content: string) => ({
  action: 'persistMedia',
  params: {
    branch: 'main',
    asset: { path, content: Buffer.from(content).toString('base64'), encoding: 'base64' },
    options: { commitMessage: 'Upload' },
  },
});

const persistEntry = (path: string, assets: { path: string; content: string }[] = []) => ({
  action: 'persistEntry',
  params: {
    branch: 'main',
    dataFiles: [{ slug: 'new', path, raw: 'order: 2\nname: Ravi\nrole: Engineer\nicon: leaf\n' }],
    assets: assets.map(({ path: asset, content }) => ({
      path: asset,
      content: Buffer.from(content).toString('base64'),
      encoding: 'base64',
    })),
    options: {
      collectionName: 'team',
      commitMessage: 'Create Team “new”',
      useWorkflow: false,
      status: 'draft',
    },
  },
});

/** The repository's state a refused request must leave alone. */
const snapshot = async () => ({
  head: git('rev-parse', 'HEAD'),
  config: await readFile(join(repo, '.git/config'), 'utf8'),
  dirty: dirtyFiles(repo),
});

describe('the local CMS backend, requested by other pages', () => {
  it('refuses a getEntry of .env sent under a foreign Host (DNS rebinding)', async () => {
    const rebound = `attacker.example:${port}`;
    for (const origin of [`http://${rebound}`, ORIGIN]) {
      const reply = await send(getEntry('.env'), { host: rebound, origin });
      expect(reply.status).toBe(403);
      expect(errorOf(reply)).toMatch(/loopback address/);
      expect(reply.body).not.toContain('never-leaves');
    }
  });

  it('refuses a missing Host, and its own host names with another port or suffix', async () => {
    for (const host of [undefined, '127.0.0.1:1', `localhost:${port + 1}`, '127.0.0.1']) {
      expect((await send(getEntry(ITEM), { host })).status).toBe(403);
    }
    for (const host of [`127.0.0.1.attacker.example:${port}`, `localhost:${port}.example`]) {
      expect((await send(getEntry(ITEM), { host })).status).toBe(403);
    }
  });

  it('refuses a POST from a foreign Origin, another loopback port, or with no Origin', async () => {
    const before = await snapshot();
    for (const origin of ['https://attacker.example', 'http://127.0.0.1:9999', 'null', undefined]) {
      const reply = await send(persistEntry('content/team/02-new.yaml'), { origin });
      expect(reply.status).toBe(403);
      expect(errorOf(reply)).toMatch(/CMS page/);
      expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    }
    expect(await snapshot()).toEqual(before);
  });

  it('approves the preflight of the CMS page only', async () => {
    const preflight = (origin: string) =>
      send(
        undefined,
        { origin, 'access-control-request-method': 'POST', 'content-type': undefined },
        'OPTIONS',
      );
    const foreign = await preflight('https://attacker.example');
    expect(foreign.status).toBe(403);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const own = await preflight(ORIGIN);
    expect(own.status).toBe(204);
    expect(own.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(own.headers['access-control-allow-methods']).toContain('POST');
  });

  it('answers nothing but POST /api/v1', async () => {
    expect((await send(undefined, {}, 'GET')).status).toBe(405);
    expect((await send(getEntry(ITEM), {}, 'POST', '/')).status).toBe(404);
    expect((await send(getEntry(ITEM), {}, 'POST', '/api/v1/../v1')).status).toBe(404);
  });
});

describe('the local CMS backend, asked for paths outside content/ and the media folder', () => {
  it('refuses reads of .env, ../x, /etc/passwd, content/../.env and .git/config', async () => {
    const paths = [
      '.env',
      '../x',
      '/etc/passwd',
      'content/../.env',
      '.git/config',
      'content/team/../../.env',
      'content\\..\\.env',
      'content/team/\0.yaml',
      'content/.env',
    ];
    for (const path of paths) {
      const reply = await send(getEntry(path));
      expect(reply.status, path).toBe(403);
      expect(errorOf(reply)).toContain('only inside content/');
      // Readable by the CMS page, which shows the message to the editor.
      expect(reply.headers['access-control-allow-origin']).toBe(ORIGIN);
      expect(reply.body).not.toContain('never-leaves');
    }
    const reads = [
      {
        action: 'entriesByFolder',
        params: { branch: 'main', folder: '.', extension: 'env', depth: 1 },
      },
      {
        action: 'entriesByFiles',
        params: { branch: 'main', files: [{ path: ITEM }, { path: '.env' }] },
      },
      { action: 'getMedia', params: { branch: 'main', mediaFolder: '.git' } },
      { action: 'getMediaFile', params: { branch: 'main', path: 'public/../.env' } },
    ];
    for (const body of reads) {
      const reply = await send(body);
      expect(reply.status, body.action).toBe(403);
      expect(reply.body).not.toContain('never-leaves');
    }
  });

  it('refuses a persistMedia writing .git/config, directly or through ..', async () => {
    const before = await snapshot();
    const hook = '[core]\n\tfsmonitor = "touch pwned"\n';
    for (const path of [
      '.git/config',
      'src/assets/uploads/../../../.git/config',
      'content/../.git/config',
      `${repo}/.git/config`,
    ]) {
      const reply = await send(persistMedia(path, hook));
      expect(reply.status, path).toBe(403);
      expect(errorOf(reply)).toContain('only inside src/assets/uploads/');
    }
    expect(await snapshot()).toEqual(before);
    expect(existsSync(join(repo, 'pwned'))).toBe(false);
  });

  it('refuses a persistEntry outside content/ or with an asset outside the media folder', async () => {
    const before = await snapshot();
    const saves = [
      persistEntry('scripts/evil.ts'),
      persistEntry('content/team/02-new.yaml', [{ path: '.git/hooks/post-commit', content: 'x' }]),
      persistEntry('content/team/02-new.yaml', [{ path: 'content/team/photo.png', content: 'x' }]),
    ];
    for (const body of saves) {
      const reply = await send(body);
      expect(reply.status).toBe(403);
      expect(errorOf(reply)).toMatch(/only inside (content|src\/assets\/uploads)\//);
    }
    expect(await snapshot()).toEqual(before);
    expect(existsSync(join(repo, 'scripts/evil.ts'))).toBe(false);
    expect(existsSync(join(repo, 'content/team/02-new.yaml'))).toBe(false);
  });

  it('refuses links inside content/ that lead out of it', async () => {
    const before = await snapshot();
    const reads = [
      getEntry(LEAK),
      { action: 'entriesByFiles', params: { branch: 'main', files: [{ path: LEAK }] } },
      {
        action: 'entriesByFolder',
        params: { branch: 'main', folder: 'content/links', extension: 'yaml', depth: 1 },
      },
    ];
    for (const body of reads) {
      const reply = await send(body);
      expect(reply.status, body.action).toBe(403);
      expect(errorOf(reply)).toContain('A link leads out of content/');
      expect(reply.body).not.toContain('never-leaves');
    }
    const write = await send(persistEntry('content/links/git/config'));
    expect(write.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses actions beyond the simple mode, and another branch than the checked-out one', async () => {
    const before = await snapshot();
    const actions = [
      'deleteFile',
      'unpublishedEntries',
      'publishUnpublishedEntry',
      'deleteUnpublishedEntry',
      'toString',
      'constructor',
    ];
    for (const action of actions) {
      const reply = await send({ action, params: { branch: 'main', path: ITEM } });
      expect(reply.status, action).toBe(403);
      expect(errorOf(reply)).toContain('does not offer');
    }
    const workflow = persistEntry('content/team/02-new.yaml');
    workflow.params.options.useWorkflow = true;
    expect((await send(workflow)).status).toBe(403);
    const elsewhere = await send({ ...getEntry(ITEM), params: { branch: 'other', path: ITEM } });
    expect(elsewhere.status).toBe(409);
    expect(errorOf(elsewhere)).toContain('checked-out branch (main)');
    expect(await snapshot()).toEqual(before);
  });

  it('still lists a content folder and commits a save and an upload for the CMS page', async () => {
    const list = await send({
      action: 'entriesByFolder',
      params: { branch: 'main', folder: 'content/team', extension: 'yaml', depth: 1 },
    });
    expect(list.status).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(list.body).toContain(ITEM);

    const commits = Number(git('rev-list', '--count', 'HEAD'));
    const save = await send(persistEntry('content/team/02-new.yaml'));
    expect(save.status).toBe(200);
    expect(git('show', '--name-only', '--format=', 'HEAD').trim()).toBe('content/team/02-new.yaml');

    const own = { host: `localhost:${port}`, origin: 'http://localhost:4321' };
    // Photos only: an SVG is a document of its own (scripts, links), not a picture to size.
    const svg = await send(persistMedia(`${MEDIA_FOLDER}/logo.svg`, '<svg/>'), own);
    expect(svg.status).toBe(415);
    expect(errorOf(svg)).toContain('Only photos can be uploaded');
    const upload = await send(persistMedia(`${MEDIA_FOLDER}/plant.png`, 'png'), own);
    expect(upload.status).toBe(200);
    expect(upload.headers['access-control-allow-origin']).toBe('http://localhost:4321');
    expect(git('show', '--name-only', '--format=', 'HEAD').trim()).toBe(
      'src/assets/uploads/plant.png',
    );
    expect(Number(git('rev-list', '--count', 'HEAD'))).toBe(commits + 2);
    expect(dirtyFiles(repo)).toEqual([]);
  });
});

describe('the folders the backend allows', () => {
  const root = join(import.meta.dirname, '../..');

  it('are those of the generated CMS config', () => {
    // The config's media folder, read from its source (building the config needs astro sync).
    const config = readFileSync(join(root, 'src/integrations/cms/config.ts'), 'utf8');
    expect(config).toContain('media_folder: MEDIA_FOLDER,');
    expect(MEDIA_FOLDER).toBe('src/assets/uploads');
    const sources = collectionSources();
    expect(sources.length).toBeGreaterThan(0);
    for (const { base } of sources) {
      expect(base.replace(/^\.\//, '')).toMatch(new RegExp(`^${CONTENT_FOLDER}/`));
    }
  });
});
