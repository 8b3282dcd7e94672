/**
 * Decap CMS's local backend (decap-server in git mode) for `npm run cms`, on loopback only, with
 * a guard in front. decap-server commits a save with `git add .`, which would sweep every
 * unrelated change of the checkout into the CMS's commit. So the CMS starts only on a clean work
 * tree (`dirtyFiles`), and every request that writes is refused (409, naming the files) while the
 * tree has changes the CMS did not make, e.g. a file edited in another window meanwhile.
 */
import { execFileSync } from 'node:child_process';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';

/** decap-server's actions that change the repository (its others only read). */
const WRITES = new Set([
  'persistEntry',
  'persistMedia',
  'deleteFile',
  'deleteFiles',
  'deleteUnpublishedEntry',
  'updateUnpublishedEntryStatus',
  'publishUnpublishedEntry',
]);

/** The origins decap-server itself allows (its CORS default): the dev site on loopback. */
const LOOPBACK_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?$/;

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

type Handler = (
  req: IncomingMessage & { body?: unknown },
  res: ServerResponse,
  next: () => void,
) => void;
interface ExpressApp {
  use(handler: Handler | unknown): void;
  listen(port: number, host: string, ready: () => void): Server;
}
interface DecapMiddlewares {
  registerLocalGit(app: ExpressApp, options?: { logLevel?: string }): Promise<void>;
}

/** The backend serving the git checkout at `repo`; resolves once it listens on 127.0.0.1. */
export async function startBackend(repo: string, port = 8081, logLevel = 'warn'): Promise<Server> {
  // decap-server reads its repository from the environment; express is its own dependency.
  process.env['GIT_REPO_DIRECTORY'] = repo;
  const require = createRequire(
    createRequire(import.meta.url).resolve('decap-server/package.json'),
  );
  const express = require('express') as { (): ExpressApp; json(o: object): unknown };
  const { registerLocalGit } = require('./dist/middlewares.js') as DecapMiddlewares;

  const app = express();
  // Parsed here so the guard can read the action; decap-server's own parser then skips it.
  app.use(express.json({ limit: '50mb' }));
  app.use(((req, res, next) => {
    const action = (req.body as { action?: unknown } | undefined)?.action;
    if (typeof action !== 'string' || !WRITES.has(action)) return next();
    const files = dirtyFiles(repo);
    if (files.length === 0) return next();
    // This answer comes before decap-server's CORS middleware: without the header the browser
    // would hide the message and the editor would show only "Failed to fetch".
    const origin = req.headers.origin ?? '';
    res.writeHead(409, {
      'Content-Type': 'application/json',
      ...(LOOPBACK_ORIGIN.test(origin) && { 'Access-Control-Allow-Origin': origin }),
      Vary: 'Origin',
    });
    res.end(JSON.stringify({ error: dirtyMessage(files) }));
  }) satisfies Handler);
  await registerLocalGit(app, { logLevel });
  return new Promise((resolve) => {
    const server = app.listen(port, '127.0.0.1', () => resolve(server));
  });
}
