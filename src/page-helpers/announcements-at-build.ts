/**
 * The announcements as they are in the store when the site is built, for the home page's strip
 * (rendered into its HTML). On Netlify the build reads its deploy context's store with the Blobs
 * access Netlify gives builds (the same repository and store rule as the functions); locally it
 * starts the local Blobs server on the folder `npm start` serves (BLOBS_DIR, else
 * .netlify/blobs-serve) for the length of the read. A store that cannot be read never fails the
 * build: the page is built without the strip (no version) and its freshness check fills it in.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { announcements } from '../../functions/_lib/repositories/announcements.ts';
import { withRequestScope, type DeployInfo } from '../../functions/_lib/repositories/store.ts';
import type { Announcement } from '../lib/schemas/announcement.ts';
import {
  announcementsVersion,
  publicAnnouncements,
  type PublicAnnouncement,
} from '../lib/announcements/public.ts';

export interface BuiltAnnouncements {
  /** The stored records; the strip shows `publicAnnouncements(list, locale)`. */
  list: Announcement[];
  items: PublicAnnouncement[];
  /** The list's version, or undefined when the store could not be read. */
  version: string | undefined;
}

/** How long the build waits for the store before building the page without the strip. */
const READ_TIMEOUT_MS = 10_000;

let reading: Promise<BuiltAnnouncements> | undefined;

/** Read once per build, whatever the number of languages' home pages. */
export function announcementsAtBuild(): Promise<BuiltAnnouncements> {
  reading ??= readAnnouncementsForBuild();
  return reading;
}

/** The store's announcements now (tests call it; pages use `announcementsAtBuild`). */
export async function readAnnouncementsForBuild(): Promise<BuiltAnnouncements> {
  try {
    const list = await readStore();
    return { list, items: publicAnnouncements(list), version: announcementsVersion(list) };
  } catch (error) {
    const reason = error instanceof Error ? String(error.cause ?? error) : String(error);
    console.warn(
      `Announcements not read at build (${reason}): the home page is built without its strip; its freshness check shows them after load.`,
    );
    return { list: [], items: [], version: undefined };
  }
}

/** The deploy being built, whose data the page shows (the functions' store rule). */
function buildDeploy(): DeployInfo {
  const { CONTEXT: context, DEPLOY_ID: id } = process.env;
  return { ...(context ? { context } : {}), ...(id ? { id } : {}) };
}

/** The store's list: with Netlify's or a dev server's Blobs context, else a local server's. */
async function readStore(): Promise<Announcement[]> {
  const list = () => withRequestScope(buildDeploy(), () => announcements.list(), READ_TIMEOUT_MS);
  if (process.env['NETLIFY_BLOBS_CONTEXT'] || process.env['NETLIFY'] === 'true') return list();
  const root = process.cwd();
  const directory = resolve(root, process.env['BLOBS_DIR'] ?? '.netlify/blobs-serve');
  // No data folder yet: `npm start` will begin with an empty store.
  if (!existsSync(directory)) return [];
  const { startLocalBlobs } = await import('../../scripts/local-blobs.ts');
  const stop = await startLocalBlobs(root, directory);
  try {
    return await list();
  } finally {
    delete process.env['NETLIFY_BLOBS_CONTEXT'];
    await stop();
  }
}
