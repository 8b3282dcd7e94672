/**
 * The site's languages: one table that routes, content folders, the CMS, fonts and forms read.
 * English is the default and keeps unprefixed addresses; every other language lives under its
 * code (/ml/about). Content sits in a folder of its language, English included
 * (content/pages/en/about.mdx, content/pages/ml/about.mdx: src/content-schema/entry-ids.ts).
 */
export const LOCALES = ['en', 'ml', 'ar'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** The languages whose content is a translation of the English, in their own folders. */
export const TRANSLATED_LOCALES = LOCALES.filter(
  (locale): locale is Exclude<Locale, 'en'> => locale !== DEFAULT_LOCALE,
);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** What a page in each language declares: its name in itself, direction, `lang` and og:locale. */
export interface LocaleInfo {
  /** The language's name written in that language (the switcher shows it so). */
  name: string;
  dir: 'ltr' | 'rtl';
  /** `<html lang>` and `hreflang`. */
  tag: string;
  /** `og:locale`. */
  ogLocale: string;
}

export const LOCALE_INFO: Readonly<Record<Locale, LocaleInfo>> = {
  en: { name: 'English', dir: 'ltr', tag: 'en-IN', ogLocale: 'en_IN' },
  ml: { name: 'മലയാളം', dir: 'ltr', tag: 'ml-IN', ogLocale: 'ml_IN' },
  ar: { name: 'العربية', dir: 'rtl', tag: 'ar', ogLocale: 'ar_AE' },
};

/**
 * The address of a page of this site in `locale`: `/about` → `/ml/about`, `/` → `/ar/`,
 * `/#contact` → `/ml/#contact`. English addresses stay as they are; anything that is not a path
 * of this site (a URL, `mailto:`, a bare `#anchor`) is returned unchanged.
 */
export function localePath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE || !path.startsWith('/') || path.startsWith('//')) return path;
  return `/${locale}${path}`;
}

/** The English address of a page of this site: `/ml/about/` → `/about/`, `/ar/` → `/`. */
export function englishPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  return locale === DEFAULT_LOCALE ? pathname : pathname.slice(locale.length + 1) || '/';
}

/** The language of a path of this site: its first segment when that is a translated locale. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/**
 * The best of the site's languages for an `Accept-Language` header (RFC 9110: tags by quality,
 * a primary subtag matches its regional forms), or undefined when none is acceptable.
 */
export function negotiateLocale(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.trim().toLowerCase().split('-')[0] ?? '', q: q ? Number(q) : 1, index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map(({ primary }) => primary).find(isLocale);
}
