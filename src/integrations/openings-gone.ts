/**
 * Closed openings answer 410 Gone: after the build, the rules of src/lib/openings/gone.ts are
 * appended to dist/_redirects (Netlify reads `_redirects` before netlify.toml's rules, so a
 * closed Malayalam opening answers 410, not the /ml/* rule's 404). The local server reads the
 * same file (scripts/serve.ts). The build's day is decided once, here, and handed to the pages
 * (`OPENINGS_BUILD_DAY`, read by src/page-helpers/openings.ts), so that a build running across
 * midnight in Kochi lists and retires the same openings; set it yourself to build the site as it
 * will read on another day.
 *
 * Runs outside Vite, so it reads the openings' front matter itself (src/integrations/cms/sources.ts
 * `entryData`); only `closes` matters here, and the content schema has checked it by then.
 */
import type { AstroIntegration } from 'astro';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collectionFolders } from '../content-schema/collections.ts';
import { isLocale, type Locale } from '../i18n/locales.ts';
import { site } from '../config/site.ts';
import { entryData } from './cms/sources.ts';
import { closedOn, contentDay, dayIn, type Opening } from '../lib/openings/openings.ts';
import { goneRedirects, goneRules } from '../lib/openings/gone.ts';

/** The variable that carries the build's day (YYYY-MM-DD) from here to the pages. */
export const BUILD_DAY_VARIABLE = 'OPENINGS_BUILD_DAY';

type OpeningDates = Pick<Opening, 'slug' | 'locale' | 'closes'>;

/**
 * Every opening file's language, slug and closing day under `folder` (content/openings):
 * `<locale>/<slug>.mdx`. A file without a closing date (an empty translation Decap writes) is
 * no opening.
 */
export function openingDates(folder: string): OpeningDates[] {
  if (!existsSync(folder)) return [];
  const found: OpeningDates[] = [];
  for (const file of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    if (!/\.mdx?$/.test(file)) continue;
    const locale = basename(dirname(file));
    if (!isLocale(locale)) continue;
    const data = entryData(readFileSync(join(folder, file), 'utf8'), file) as {
      closes?: Date | string;
    } | null;
    if (data?.closes === undefined) continue;
    found.push({
      slug: basename(file).replace(/\.mdx?$/, ''),
      locale: locale as Locale,
      closes: contentDay(data.closes),
    });
  }
  return found;
}

/** The `_redirects` block for the openings of `folder` closed before `today` ('' for none). */
export function goneRedirectsFor(folder: string, today: string): string {
  return goneRedirects(goneRules(closedOn(openingDates(folder), today)));
}

export default function openingsGone(env: NodeJS.ProcessEnv = process.env): AstroIntegration {
  let root = process.cwd();
  return {
    name: 'openings-gone',
    hooks: {
      'astro:config:setup': ({ config }) => {
        root = fileURLToPath(config.root);
        env[BUILD_DAY_VARIABLE] ??= dayIn(site.timeZone, new Date());
      },
      'astro:build:done': async ({ dir, logger }) => {
        const today = env[BUILD_DAY_VARIABLE] ?? dayIn(site.timeZone, new Date());
        const block = goneRedirectsFor(join(root, collectionFolders.openings.base), today);
        if (block === '') return;
        // Appended: a `_redirects` of the site's own (from public/) keeps its rules, first.
        await appendFile(join(fileURLToPath(dir), '_redirects'), block);
        logger.info(
          `closed openings on ${today}: ${block.split('\n').length - 2} rules answer 410`,
        );
      },
    },
  };
}
