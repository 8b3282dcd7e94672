/**
 * `npm run admin:reset-factors`: the operator's reset removes every passkey, the authenticator
 * and the recovery codes (nothing else: the repository's `removeFactors`), logs it, and the next sign-in enrols a new passkey.
 * Runs the real script in its own process against a local data folder, as an operator would.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { security } from '../../../functions/_lib/repositories/admin-security.ts';
import { AUDIT_STORE, type AuditRecord } from '../../../functions/_lib/audit.ts';
import { startLocalBlobs } from '../../../scripts/local-blobs.ts';
import { setAdminEnv } from '../helpers.ts';
import { passwordStep, seedTotp, signIn } from './factors-kit.ts';

const root = new URL('../../../', import.meta.url).pathname;

describe('npm run admin:reset-factors', () => {
  it('removes the factors, keeps the rest, logs it, and the next sign-in enrols', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'reset-factors-'));
    const saved = process.env['NETLIFY_BLOBS_CONTEXT'];
    setAdminEnv();
    let stop = await startLocalBlobs(root, directory);
    try {
      expect((await signIn()).status).toBe(201);
      await seedTotp();
      expect((await passwordStep()).body.step).toBe('passkey');
      const before = await withRequestScope(undefined, () => security.sessions());
      expect(before).toHaveLength(1);
      await stop();

      const { stdout } = await promisify(execFile)(process.execPath, ['scripts/reset-factors.ts'], {
        cwd: root,
        env: { ...process.env, BLOBS_DIR: directory, NETLIFY_SITE_ID: '', NETLIFY_AUTH_TOKEN: '' },
      });
      expect(stdout).toMatch(/Removed 3 sign-in factor record\(s\)/);

      stop = await startLocalBlobs(root, directory);
      expect((await passwordStep()).body.step).toBe('enrol');
      // Sessions and the log are not factors: they stay.
      expect(await withRequestScope(undefined, () => security.sessions())).toHaveLength(1);
      const log = getStore({ name: AUDIT_STORE, consistency: 'strong' });
      const records = await Promise.all(
        (await log.list()).blobs.map(
          async ({ key }) => (await log.get(key, { type: 'json' })) as AuditRecord,
        ),
      );
      const reset = records.find((record) => record.event === 'factors.reset');
      expect(reset).toMatchObject({ count: 3, target: expect.stringMatching(/^operator /) });
    } finally {
      await stop();
      if (saved === undefined) delete process.env['NETLIFY_BLOBS_CONTEXT'];
      else process.env['NETLIFY_BLOBS_CONTEXT'] = saved;
    }
  }, 60_000);
});
