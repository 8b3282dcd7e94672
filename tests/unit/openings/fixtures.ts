/**
 * The fixture openings of tests/fixtures/openings (one file per opening and language, as
 * content/openings holds them), read as the pages read an entry: front matter to `Opening`.
 * The company has posted no opening, so content/ ships none; these stand in for them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { entryData } from '../../../src/integrations/cms/sources.ts';
import { isLocale } from '../../../src/i18n/locales.ts';
import { contentDay, type Opening } from '../../../src/lib/openings/openings.ts';

export const FIXTURES = join(import.meta.dirname, '../../fixtures/openings');

interface FrontMatter extends Omit<Opening, 'slug' | 'locale' | 'posted' | 'closes'> {
  posted: string | Date;
  closes: string | Date;
}

export function fixtureOpenings(): Opening[] {
  return readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mdx'))
    .sort()
    .map((file) => {
      const locale = basename(dirname(file));
      if (!isLocale(locale)) throw new Error(`${file}: not in a language folder`);
      const data = entryData(readFileSync(join(FIXTURES, file), 'utf8'), file) as FrontMatter;
      return {
        ...data,
        country: data.country ?? 'IN',
        slug: basename(file, '.mdx'),
        locale,
        posted: contentDay(data.posted),
        closes: contentDay(data.closes),
      };
    });
}

/** The fixture opening `slug` in `locale`. */
export function fixture(slug: string, locale: Opening['locale'] = 'en'): Opening {
  const found = fixtureOpenings().find((o) => o.slug === slug && o.locale === locale);
  if (!found) throw new Error(`no fixture ${locale}/${slug}`);
  return found;
}
