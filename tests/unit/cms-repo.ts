/** A throw-away git repository for the tests of the CMS's local backend (scripts/cms-backend.ts). */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Runs git in `dir`; returns what it printed. */
export const gitIn = (dir: string, ...args: string[]) =>
  execFileSync('git', args, { cwd: dir, encoding: 'utf8' });

/**
 * A new repository in a temporary folder, on branch main, whose one commit holds `files` (and
 * whatever `prepare` adds). Its commits need neither the machine's git identity nor a signing key.
 */
export async function scratchRepo(
  prefix: string,
  files: Record<string, string>,
  prepare?: (dir: string) => Promise<void>,
): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  gitIn(dir, 'init', '-q', '-b', 'main');
  gitIn(dir, 'config', 'user.email', 'test@example.org');
  gitIn(dir, 'config', 'user.name', 'Test');
  gitIn(dir, 'config', 'commit.gpgsign', 'false');
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  await prepare?.(dir);
  gitIn(dir, 'add', '.');
  gitIn(dir, 'commit', '-q', '-m', 'start');
  return dir;
}

/** Closes the backend's server, then removes its repository. */
export async function removeRepo(server: Server | undefined, dir: string): Promise<void> {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await rm(dir, { recursive: true, force: true });
}
