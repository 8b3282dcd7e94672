/**
 * Decap CMS's local backend (decap-server in git mode) for `npm run cms`, on loopback only, with
 * guards in front, since any web page can send requests to a loopback port (and point a name of
 * its own at 127.0.0.1). A request is answered only if its Host is this backend's own address
 * (`127.0.0.1:<port>` or `localhost:<port>`) and its Origin is the CMS page's; a request with no
 * Origin is refused, as the CMS page is always cross-origin to the backend and browsers always
 * send it. Only the actions of Decap's simple mode pass, on the checked-out branch, with entry
 * paths inside content/ and media paths inside src/assets/uploads/ (photos only), also after
 * following links.
 * decap-server commits a save with `git add .`, which would sweep every unrelated change of the
 * checkout into the CMS's commit: so the CMS starts only on a clean work tree (`dirtyFiles`) and
 * every write is refused (409, naming the files) while the tree has changes the CMS did not make.
 * A save never silently undoes a commit made since the editor opened the entry: the backend
 * notes which version (the blob at HEAD) of each file it handed out, and refuses a save (409,
 * naming the file and the newer commit) of a file that has moved on since, or that it never
 * handed out, until the editor reloads it.
 */
import { execFileSync } from 'node:child_process';
import { lstat, readdir, realpath } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { basename, dirname, join, posix, relative, sep } from 'node:path';
import { UPLOAD_EXTENSIONS } from '../src/content-schema/asset-names.ts';
import { MEDIA_FOLDER } from '../src/integrations/cms/config.ts';

/** Where the entries live: every collection's folder is inside it. */
export const CONTENT_FOLDER = 'content';
/** The `media_folder` of the generated Decap config. */
export { MEDIA_FOLDER };

/** The origins of the CMS page as `astro dev` serves it on `port`. */
export function devOrigins(port: number | string): string[] {
  return [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
}

/** Any dev site on loopback: the origins allowed when a caller names none. */
const LOOPBACK_ORIGIN = /^http:\/\/(127\.0\.0\.1|localhost):\d{1,5}$/;

/** The one address decap-server answers on. */
const API_PATH = '/api/v1';

/** decap-server's actions that change the repository, among those let through. */
const WRITES = new Set(['persistEntry', 'persistMedia', 'deleteFiles']);

/** Changed, staged and untracked files of the work tree at `repo` (ignored files are not). */
export function dirtyFiles(repo: string): string[] {
  const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], {
    cwd: repo,
    encoding: 'utf8',
  });
  return status
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3));
}

/** The checked-out branch, or undefined on a detached HEAD. */
export function currentBranch(repo: string): string | undefined {
  const name = execFileSync('git', ['rev-parse', '--abbrev-ref', 'HEAD'], {
    cwd: repo,
    encoding: 'utf8',
  }).trim();
  return name === 'HEAD' ? undefined : name;
}

export function dirtyMessage(files: readonly string[]): string {
  const shown = files.slice(0, 10).join(', ');
  const more = files.length > 10 ? ` and ${files.length - 10} more` : '';
  return (
    `The work tree has changes the CMS did not make (${shown}${more}). A CMS save commits ` +
    'everything with `git add .`: commit or stash them first.'
  );
}

/** A request that is not passed on to decap-server: its status and the editor's message. */
class Refusal extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

type Params = Readonly<Record<string, unknown>>;

/** A path a request names, the folders it must lie in, and whether it names a folder. */
interface NamedPath {
  value: unknown;
  roots: readonly string[];
  folder?: boolean;
}

const objectOf = (value: unknown): Params =>
  typeof value === 'object' && value !== null ? (value as Params) : {};

function itemsOf(value: unknown): unknown[] {
  if (!Array.isArray(value)) throw new Refusal(400, 'Expected a list of files.');
  return value;
}

const entryPath = (value: unknown): NamedPath => ({ value, roots: [CONTENT_FOLDER] });
const mediaPath = (value: unknown): NamedPath => ({ value, roots: [MEDIA_FOLDER] });

/** The files an action uploads: a photo the image pipeline sizes, never an SVG or a script. */
function uploads(name: string, params: Params): unknown[] {
  if (name === 'persistMedia') return [objectOf(params['asset'])['path']];
  if (name === 'persistEntry') return itemsOf(params['assets']).map((a) => objectOf(a)['path']);
  return [];
}

function checkUploads(name: string, params: Params): void {
  for (const value of uploads(name, params)) {
    const file = typeof value === 'string' ? value.toLowerCase() : '';
    if (!UPLOAD_EXTENSIONS.some((extension) => file.endsWith(extension))) {
      throw new Refusal(
        415,
        `Only photos can be uploaded (${UPLOAD_EXTENSIONS.join(', ')}): ${JSON.stringify(value)} is refused.`,
      );
    }
  }
}

/** The files a save writes: `entry` (older clients) or `dataFiles`, each maybe moved. */
function savedFiles(params: Params): NamedPath[] {
  const files = [
    ...(params['entry'] === undefined ? [] : [params['entry']]),
    ...(params['dataFiles'] === undefined ? [] : itemsOf(params['dataFiles'])),
  ].map(objectOf);
  return files.flatMap((file) => [
    entryPath(file['path']),
    ...(file['newPath'] === undefined ? [] : [entryPath(file['newPath'])]),
  ]);
}

function persistEntryPaths(params: Params): NamedPath[] {
  // The editorial workflow makes and merges branches under the running dev server.
  if (objectOf(params['options'])['useWorkflow'] !== false) {
    throw new Refusal(403, 'The local CMS saves in simple mode only (one commit per save).');
  }
  return [
    ...savedFiles(params),
    ...itemsOf(params['assets']).map((a) => mediaPath(objectOf(a)['path'])),
  ];
}

/** The actions Decap's simple mode sends, each with the paths it names; no other passes. */
const ACTIONS = new Map<string, (params: Params) => NamedPath[]>([
  ['info', () => []],
  ['getDeployPreview', () => []],
  ['entriesByFolder', (p) => [{ value: p['folder'], roots: [CONTENT_FOLDER], folder: true }]],
  ['entriesByFiles', (p) => itemsOf(p['files']).map((file) => entryPath(objectOf(file)['path']))],
  ['getEntry', (p) => [entryPath(p['path'])]],
  ['persistEntry', persistEntryPaths],
  ['getMedia', (p) => [{ value: p['mediaFolder'], roots: [MEDIA_FOLDER], folder: true }]],
  ['getMediaFile', (p) => [mediaPath(p['path'])]],
  ['persistMedia', (p) => [mediaPath(objectOf(p['asset'])['path'])]],
  // The CMS deletes entries and media alike with this one.
  [
    'deleteFiles',
    (p) => itemsOf(p['paths']).map((value) => ({ value, roots: [CONTENT_FOLDER, MEDIA_FOLDER] })),
  ],
]);

function outside(value: unknown, roots: readonly string[]): Refusal {
  const folders = roots.map((root) => `${root}/`).join(' or ');
  return new Refusal(
    403,
    `The CMS reads and writes only inside ${folders}: ${JSON.stringify(value)} is refused.`,
  );
}

/** The path as written, normalised, and the root it lies in; refused if it leaves them. */
function cleanPath({ value, roots, folder = false }: NamedPath): { path: string; root: string } {
  if (typeof value !== 'string') throw outside(value, roots);
  // Refusing hidden names refuses `..`, `.git` and `.env` alike; `\` and NUL mislead the OS.
  const bad =
    value.startsWith('/') ||
    /[\\\0]/.test(value) ||
    value.split('/').some((segment) => segment.startsWith('.'));
  const path = posix.normalize(value).replace(/\/$/, '');
  const root = roots.find((r) => path.startsWith(`${r}/`) || (folder && path === r));
  if (bad || root === undefined) throw outside(value, roots);
  return { path, root };
}

const exists = (path: string) =>
  lstat(path).then(
    () => true,
    () => false,
  );

/** Whether `path` (in `repo`) stays inside `root` once every link on the way is followed. */
async function staysInside(repo: string, path: string, root: string): Promise<boolean> {
  try {
    const realRoot = join(await realpath(repo), root);
    const missing: string[] = [];
    let existing = join(repo, path);
    while (!(await exists(existing))) {
      missing.unshift(basename(existing));
      existing = dirname(existing);
    }
    // A dangling link throws here, and is refused like one that leads out.
    const real = join(await realpath(existing), ...missing);
    return real === realRoot || real.startsWith(realRoot + sep);
  } catch {
    return false;
  }
}

/** The links below `folder` that lead out of `root`: decap-server would list and read them. */
async function linksOut(repo: string, folder: string, root: string): Promise<string[]> {
  const found = await readdir(join(repo, folder), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  const links = found
    .filter((entry) => entry.isSymbolicLink())
    .map((entry) => relative(repo, join(entry.parentPath, entry.name)));
  const checked = await Promise.all(
    links.map(async (link) => ((await staysInside(repo, link, root)) ? [] : [link])),
  );
  return checked.flat();
}

async function checkPath(repo: string, named: NamedPath): Promise<void> {
  const { path, root } = cleanPath(named);
  const leaving = (paths: string[]) =>
    new Refusal(403, `A link leads out of ${root}/: ${paths.join(', ')} is refused.`);
  if (!(await staysInside(repo, path, root))) throw leaving([path]);
  const links = named.folder ? await linksOut(repo, path, root) : [];
  if (links.length > 0) throw leaving(links);
}

/** The blob at HEAD of each of `paths` (a folder: every file below it); absent ones left out. */
function headBlobs(repo: string, paths: readonly string[]): Map<string, string> {
  const blobs = new Map<string, string>();
  if (paths.length === 0) return blobs;
  const listing = execFileSync('git', ['ls-tree', '-r', '-z', 'HEAD', '--', ...paths], {
    cwd: repo,
    encoding: 'utf8',
  });
  for (const line of listing.split('\0').filter(Boolean)) {
    const [meta = '', path = ''] = line.split('\t');
    const blob = meta.split(' ')[2];
    if (blob !== undefined) blobs.set(path, blob);
  }
  return blobs;
}

/** Which version of each file the CMS was handed: the blob at HEAD when it read the file. */
export type LoadedVersions = Map<string, string>;

/** The reads whose files the editor may go on to change, and the paths they name. */
function readPaths(name: string, params: Params): string[] {
  if (name === 'getEntry') return [String(params['path'])];
  if (name === 'entriesByFolder') return [String(params['folder'])];
  if (name === 'entriesByFiles') {
    return itemsOf(params['files']).map((file) => String(objectOf(file)['path']));
  }
  return [];
}

/** The files a save changes that exist at HEAD (a new entry has no version to be stale against). */
function savedExisting(repo: string, params: Params): Map<string, string> {
  const paths = savedFiles(params).map(({ value }) => String(value));
  return headBlobs(repo, paths);
}

/**
 * Refuses a save of a file that changed at HEAD since the CMS read it, or that this backend
 * never handed out (it was restarted under an open editor): saving would write the editor's
 * copy, made from an older version, over the newer one.
 */
function checkNotStale(repo: string, params: Params, loaded: LoadedVersions): void {
  for (const [path, blob] of savedExisting(repo, params)) {
    if (loaded.get(path) === blob) continue;
    const commit = execFileSync(
      'git',
      ['log', '-1', '--format=%h “%s” (%an)', 'HEAD', '--', path],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    ).trim();
    throw new Refusal(
      409,
      `${path} has changed since you opened it (${commit}). Saving now would undo that ` +
        'change: reload the page to edit the newer version, then make your change again.',
    );
  }
}

/** Passes silently, or throws the Refusal of a request decap-server must not see. */
async function checkRequest(
  repo: string,
  body: unknown,
  loaded: LoadedVersions = new Map(),
): Promise<void> {
  const { action, params } = objectOf(body);
  const name = typeof action === 'string' ? action : '';
  const pathsOf = ACTIONS.get(name);
  if (pathsOf === undefined) {
    throw new Refusal(
      403,
      `The local CMS backend does not offer the action ${JSON.stringify(action)}.`,
    );
  }
  if (name === 'info') return;
  const p = objectOf(params);
  // Another branch would be checked out under the running dev server for every request.
  const branch = currentBranch(repo);
  if (p['branch'] !== branch) {
    throw new Refusal(
      409,
      `The CMS works on the checked-out branch (${branch ?? 'none: HEAD is detached'}), ` +
        `not ${JSON.stringify(p['branch'])}: restart \`npm run cms\` after switching branches.`,
    );
  }
  for (const named of pathsOf(p)) await checkPath(repo, named);
  checkUploads(name, p);
  if (!WRITES.has(name)) {
    for (const [path, blob] of headBlobs(repo, readPaths(name, p))) loaded.set(path, blob);
    return;
  }
  const files = dirtyFiles(repo);
  if (files.length > 0) throw new Refusal(409, dirtyMessage(files));
  if (name === 'persistEntry') checkNotStale(repo, p, loaded);
}

type Request = IncomingMessage & { body?: unknown };
type Handler = (req: Request, res: ServerResponse, next: (error?: unknown) => void) => void;
interface ExpressApp {
  (req: IncomingMessage, res: ServerResponse): void;
  use(handler: Handler | unknown): void;
}
interface DecapMiddlewares {
  registerLocalGit(app: ExpressApp, options?: { logLevel?: string }): Promise<void>;
}

/**
 * A JSON answer. It carries the CORS header for an allowed origin only: without it the browser
 * hides the message and the editor shows only "Failed to fetch".
 */
function answer(res: ServerResponse, status: number, body: object, allowedOrigin?: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    ...(allowedOrigin !== undefined && { 'Access-Control-Allow-Origin': allowedOrigin }),
    Vary: 'Origin',
  });
  res.end(JSON.stringify(body));
}

function isOwnHost(req: IncomingMessage): boolean {
  const port = req.socket.localPort;
  const host = req.headers.host?.toLowerCase();
  return port !== undefined && (host === `127.0.0.1:${port}` || host === `localhost:${port}`);
}

/** Host, Origin, address and method, checked before anything reads the request. */
function gate(isAllowed: (origin: string) => boolean): Handler {
  return (req, res, next) => {
    const origin = req.headers.origin;
    const allowed = origin !== undefined && isAllowed(origin) ? origin : undefined;
    const refuse = (status: number, error: string) => answer(res, status, { error }, allowed);
    if (!isOwnHost(req)) return refuse(403, 'This backend answers only on its loopback address.');
    if (allowed === undefined) return refuse(403, 'Only the CMS page may call this backend.');
    if (req.url !== API_PATH) return refuse(404, `This backend answers only at ${API_PATH}.`);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': allowed,
        'Access-Control-Allow-Methods': 'POST',
        'Access-Control-Allow-Headers': 'Content-Type',
        Vary: 'Origin',
      });
      return res.end();
    }
    if (req.method !== 'POST') return refuse(405, `This backend answers only POST ${API_PATH}.`);
    next();
  };
}

/**
 * A save's files without the languages that have nothing in them: Decap gives a new entry's
 * other languages a file as soon as it copies them a position or an icon, which the formats
 * write as nothing (src/integrations/cms/tidy-yaml.ts's `hasWords`) and Decap as a bare newline.
 * A file that does not exist is left unwritten; one that exists is written as given.
 */
export function withoutEmptyTranslations(repo: string, params: Params): void {
  const files = params['dataFiles'];
  if (!Array.isArray(files)) return;
  (params as Record<string, unknown>)['dataFiles'] = files.filter((file: unknown) => {
    const { path, raw } = objectOf(file);
    if (typeof raw !== 'string' || raw.trim() !== '' || typeof path !== 'string') return true;
    return headBlobs(repo, [path]).size > 0;
  });
}

/**
 * The action and its paths, checked once the body is parsed (the gate let only POSTs in). A
 * save that went through leaves the editor holding the version it committed.
 */
function guard(repo: string): Handler {
  const loaded: LoadedVersions = new Map();
  return (req, res, next) => {
    const { action, params } = objectOf(req.body);
    if (action === 'persistEntry') withoutEmptyTranslations(repo, objectOf(params));
    if (action === 'persistEntry') {
      res.on('finish', () => {
        if (res.statusCode >= 300) return;
        for (const [path, blob] of savedExisting(repo, objectOf(params))) loaded.set(path, blob);
      });
    }
    checkRequest(repo, req.body, loaded).then(next, (error: unknown) => {
      const status = error instanceof Refusal ? error.status : 500;
      const message = error instanceof Error ? error.message : 'The request could not be checked.';
      answer(res, status, { error: message }, req.headers.origin);
    });
  };
}

/**
 * The backend serving the git checkout at `repo`; resolves once it listens on 127.0.0.1. It
 * answers the CMS page at `origins` (`devOrigins` of the dev site's port), or, when none are
 * given, a page at any loopback port.
 */
export async function startBackend(
  repo: string,
  port = 8081,
  logLevel = 'warn',
  origins?: readonly string[],
): Promise<Server> {
  // decap-server reads its repository from the environment; express is its own dependency.
  process.env['GIT_REPO_DIRECTORY'] = repo;
  const require = createRequire(
    createRequire(import.meta.url).resolve('decap-server/package.json'),
  );
  const express = require('express') as { (): ExpressApp; json(o: object): Handler };
  const { registerLocalGit } = require('./dist/middlewares.js') as DecapMiddlewares;

  const app = express();
  app.use(gate((origin) => (origins ? origins.includes(origin) : LOOPBACK_ORIGIN.test(origin))));
  // Parsed here so the guard can read the action; decap-server's own parser then skips it.
  const parseJson = express.json({ limit: '50mb' });
  app.use(((req, res, next) =>
    parseJson(req, res, (error) =>
      error
        ? answer(res, 400, { error: 'The request body is not JSON.' }, req.headers.origin)
        : next(),
    )) satisfies Handler);
  app.use(guard(repo));
  // decap-server's CORS would otherwise answer for the origin in $ORIGIN, not the ones above.
  const { ORIGIN } = process.env;
  delete process.env['ORIGIN'];
  try {
    await registerLocalGit(app, { logLevel });
  } finally {
    if (ORIGIN !== undefined) process.env['ORIGIN'] = ORIGIN;
  }
  // A request without Host gets the gate's answer too, rather than Node's bare 400.
  const server = createServer({ requireHostHeader: false }, app);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
