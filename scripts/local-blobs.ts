/**
 * The file-backed Netlify Blobs server for local use (`npm start`, the benchmark): the same
 * server @netlify/dev would start, on a folder of our choosing, with this process's Blobs
 * context pointed at it so the functions' `getStore()` calls reach it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';

/** The site id `@netlify/dev` files local Blobs under: the linked site's, else "0". */
export function localSiteID(projectRoot: string): string {
  const state = join(projectRoot, '.netlify/state.json');
  if (!existsSync(state)) return '0';
  return (JSON.parse(readFileSync(state, 'utf8')) as { siteId?: string }).siteId ?? '0';
}

/** Starts the server on `directory`; resolves to its stop function. */
export async function startLocalBlobs(
  projectRoot: string,
  directory: string,
): Promise<() => Promise<void>> {
  const token = randomBytes(16).toString('hex');
  const server = new BlobsServer({ directory, token });
  const { port } = await server.start();
  const url = `http://127.0.0.1:${port}`;
  setEnvironmentContext({
    siteID: localSiteID(projectRoot),
    token,
    edgeURL: url,
    uncachedEdgeURL: url,
  });
  return () => server.stop();
}
