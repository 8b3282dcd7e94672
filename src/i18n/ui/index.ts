/**
 * The page frame's words in each language, and what a component needs to speak the language of
 * the page it is rendered in: `const { locale, t, href } = pageLanguage(Astro.url)`.
 */
import { localeOfPath, localePath, type Locale } from '../locales';
import { ar } from './ar';
import { en, type Messages } from './en';
import { ml } from './ml';

export type { Messages };

export const messages: Readonly<Record<Locale, Messages>> = { en, ml, ar };

export { fill } from '../fill';

/** The language of the page at `url`, its words, and its links to the site's other pages. */
export function pageLanguage(url: URL): {
  locale: Locale;
  t: Messages;
  href: (path: string) => string;
} {
  const locale = localeOfPath(url.pathname);
  return { locale, t: messages[locale], href: (path) => localePath(locale, path) };
}
