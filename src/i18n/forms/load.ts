/**
 * Loads one language's words in the browser (a chunk of its own) and registers them: what the
 * contact form's script does before it validates in the page's language. Apart from the
 * registry, so that the schemas' bundle carries no loaders.
 */
import type { Locale } from '../locales.ts';
import { formText, hasFormText, registerFormText, type FormText } from './registry.ts';

const loaders: Readonly<Record<Locale, () => Promise<FormText>>> = {
  en: async () => (await import('./en.ts')).en,
  ml: async () => (await import('./ml.ts')).ml,
  ar: async () => (await import('./ar.ts')).ar,
};

/** Loads and registers the words of `locale`; resolves with them. */
export async function loadFormText(locale: Locale): Promise<FormText> {
  if (!hasFormText(locale)) registerFormText(locale, await loaders[locale]());
  return formText(locale);
}
