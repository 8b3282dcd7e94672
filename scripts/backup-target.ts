/**
 * Which Blobs a backup reads and a restore writes, for scripts/backup.ts and scripts/restore.ts:
 * a real site's (NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN set: its site-wide stores, or with
 * `--deploy <id>` a deploy's own), else the local data `npm start` uses (BLOBS_DIR, else
 * .netlify/blobs-serve), served by a Blobs server of this process for the run. The admin's
 * security store follows the credentials, not the deploy (functions/_lib/repositories/store.ts
 * `storeLocation`): with `--deploy`, the site-wide store every preview shares.
 */
import { resolve } from 'node:path';
import { getDeployStore, getStore } from '@netlify/blobs';
import { SECURITY_STORE } from '../functions/_lib/repositories/admin-security.ts';
import type { StoreOf } from './backup-core.ts';
import { startLocalBlobs } from './local-blobs.ts';

export interface Target {
  storeOf: StoreOf;
  /** Where, in words, for the log. */
  label: string;
  close(): Promise<void>;
}

export async function openTarget(root: string, deployID?: string): Promise<Target> {
  const siteID = process.env['NETLIFY_SITE_ID'];
  const token = process.env['NETLIFY_AUTH_TOKEN'];
  if (siteID && token) {
    return {
      storeOf: (name) =>
        deployID && name !== SECURITY_STORE
          ? getDeployStore({ name, siteID, token, deployID })
          : getStore({
              name: deployID ? `preview-${name}` : name,
              siteID,
              token,
              consistency: 'strong',
            }),
      label: deployID ? `site ${siteID}, deploy ${deployID}` : `site ${siteID}`,
      close: async () => {},
    };
  }
  if (deployID) throw new Error('--deploy needs NETLIFY_SITE_ID and NETLIFY_AUTH_TOKEN.');
  const dataDir = process.env['BLOBS_DIR']
    ? resolve(process.env['BLOBS_DIR'])
    : `${root}.netlify/blobs-serve`;
  const stop = await startLocalBlobs(root, dataDir);
  return {
    storeOf: (name) => getStore({ name, consistency: 'strong' }),
    label: `local data in ${dataDir}`,
    close: stop,
  };
}
