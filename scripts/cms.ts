/**
 * `npm run cms`: edit content in the browser with no account. Starts Decap's local backend
 * (scripts/cms-backend.ts, git mode, 127.0.0.1:8081) and `astro dev` on 127.0.0.1 (PORT, default
 * 4321), which serves the CMS at /cms/; each save is a commit on the checked-out branch.
 * Refuses to start on a dirty work tree or a detached HEAD (see cms-backend.ts for why). The
 * backend answers only the CMS page of this dev site, and reads and writes only content/ and
 * the media folder.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { localBackendUrl } from '../src/integrations/cms/config.ts';
import {
  currentBranch,
  devOrigins,
  dirtyFiles,
  dirtyMessage,
  startBackend,
} from './cms-backend.ts';

const root = join(import.meta.dirname, '..');

const dirty = dirtyFiles(root);
const branch = currentBranch(root);
if (dirty.length > 0 || branch === undefined) {
  console.error(
    dirty.length > 0
      ? `npm run cms: not started. ${dirtyMessage(dirty)}`
      : 'npm run cms: not started. Check out a branch (HEAD is detached): saves are commits on it.',
  );
  process.exit(1);
}

const port = process.env['PORT'] ?? '4321';
// The port the generated config names (local_backend.url; CMS_BACKEND_PORT, default 8081),
// answering the CMS page of this dev site only.
const backend = await startBackend(
  root,
  Number(new URL(localBackendUrl()).port),
  'warn',
  devOrigins(port),
);
const dev = spawn(
  process.execPath,
  [join(root, 'node_modules/astro/bin/astro.mjs'), 'dev', '--host', '127.0.0.1', '--port', port],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', CMS_LOCAL: 'true', CMS_BRANCH: branch },
  },
);
console.log(`CMS: http://127.0.0.1:${port}/cms/ (saves commit to "${branch}"; Ctrl+C stops)`);

const stop = () => {
  dev.kill('SIGTERM');
  backend.close();
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
dev.once('exit', (code) => {
  backend.close();
  process.exitCode = code ?? 0;
});
