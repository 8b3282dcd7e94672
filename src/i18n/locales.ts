/**
 * The site's languages: one table that routes, content folders, the CMS, fonts and forms read.
 * English is the default and keeps unprefixed addresses; every other language lives under its
 * code (/ml/about) and its content in a folder of that code beside the English entries
 * (content/pages/ml/about.mdx).
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
