/**
 * A copy of the site to build in a temp folder (tests/unit/content-errors.test.ts, the openings'
 * build test): content/ can be changed there without touching the project's.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const project = join(import.meta.dirname, '../../..');

/**
 * A copy of the site in a temp folder, so that a broken entry never touches content/ and Astro's
 * caches (node_modules/.astro, .vite) never mix with the project's: node_modules is a folder of
 * links to the project's packages, not a link to the folder. The project's cache of encoded
 * images is copied when there is one: encoding the slides afresh takes ~35 s of a ~50 s build.
 */
export async function siteCopy(prefix = 'site-copy'): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), `${prefix}-`));
  for (const entry of [
    'src',
    // Pages import a little of it at build time (the privacy policy's retention period).
    'functions',
    // The home page's build-time read of the announcements starts a local Blobs server from it.
    'scripts',
    'content',
    'public',
    'astro.config.mjs',
    'package.json',
    'tsconfig.json',
    'netlify.toml',
  ]) {
    await cp(join(project, entry), join(root, entry), { recursive: true });
  }
  await mkdir(join(root, 'node_modules'));
  const packages = await readdir(join(project, 'node_modules'));
  await Promise.all(
    packages
      .filter((name) => !name.startsWith('.') || name === '.bin')
      .map((name) =>
        symlink(join(project, 'node_modules', name), join(root, 'node_modules', name)),
      ),
  );
  const images = 'node_modules/.astro/assets';
  await cp(join(project, images), join(root, images), { recursive: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    },
  );
  return root;
}

/**
 * The time a test gives one build of the whole site. On a clean clone (CI) no encoded image is
 * cached yet and the machine is busy with other test files: one build took over 180 s there
 * against ~60 s here. The limit only catches a build that hangs; it must not fail a slow machine.
 */
export const BUILD_TIMEOUT = 15 * 60_000;

export interface Run {
  code: number;
  output: string;
}

/**
 * Runs the Astro CLI in `root` (with this Node, 22), returning its exit code and its output. The
 * test's `signal` (aborted when the test times out or the run is cancelled) kills the CLI, so a
 * build cut short stops writing into the copy before the copy is removed.
 */
export function astro(root: string, signal: AbortSignal, ...args: string[]): Promise<Run> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(root, 'node_modules/astro/bin/astro.mjs'), ...args],
      {
        cwd: root,
        signal,
        env: { ...env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
      },
      (error, stdout, stderr) => {
        const output = `${stdout}${stderr}`.replace(/\u001b\[[0-9;]*m/g, '');
        resolve({ code: typeof error?.code === 'number' ? error.code : error ? 1 : 0, output });
      },
    );
  });
}
