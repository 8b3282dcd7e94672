/** The forms' words (src/i18n/forms): every key in every language, none empty, none left English. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACKNOWLEDGEMENT_TEXT } from '../../src/i18n/forms/acknowledgement';
import { formText, formatCount } from '../../src/i18n/forms';
import { en } from '../../src/i18n/forms/en';
import { LOCALES, TRANSLATED_LOCALES } from '../../src/i18n/locales';
import { ENQUIRY_STEP_FIELDS, ENQUIRY_TYPES, INSTITUTION_TYPES } from '../../src/lib/schemas';

/** Every text of a catalogue by its path (`enquiry.labels.fullName`). */
function texts(value: unknown, path = ''): Map<string, string> {
  const found = new Map<string, string>();
  if (typeof value === 'string') return found.set(path, value);
  for (const [key, item] of Object.entries(value as object)) {
    for (const [at, text] of texts(item, path ? `${path}.${key}` : key)) found.set(at, text);
  }
  return found;
}

/** Texts that may read the same in every language (none today; a brand name would go here). */
const SAME_IN_EVERY_LANGUAGE = new Set<string>([]);
const NON_WESTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0d66-\u0d6f]/;

describe('the forms’ words', () => {
  const english = texts(en);

  it.each(TRANSLATED_LOCALES)('%s has every key English has, and no other', (locale) => {
    expect([...texts(formText(locale)).keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each(LOCALES)('%s has no empty text and writes digits 0–9', (locale) => {
    for (const [path, text] of texts(formText(locale))) {
      expect(text.trim(), `${locale} ${path}`).not.toBe('');
      expect(text, `${locale} ${path}`).not.toMatch(NON_WESTERN_DIGITS);
    }
  });

  it.each(TRANSLATED_LOCALES)(
    '%s translates every text (an allow-list may stay as it is)',
    (locale) => {
      for (const [path, text] of texts(formText(locale))) {
        if (SAME_IN_EVERY_LANGUAGE.has(text)) continue;
        expect(text, `${locale} ${path}`).not.toBe(english.get(path));
      }
    },
  );

  it.each(TRANSLATED_LOCALES)('%s keeps the placeholders English fills in', (locale) => {
    const translated = texts(formText(locale));
    for (const [path, text] of english) {
      const names = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(translated.get(path)!), `${locale} ${path}`).toEqual(names(text));
    }
  });

  it('labels every wizard field and every offered option', () => {
    for (const locale of LOCALES) {
      const { labels, options } = formText(locale).enquiry;
      for (const field of ENQUIRY_STEP_FIELDS.flat()) expect(labels[field]).toBeTruthy();
      for (const option of [...ENQUIRY_TYPES, ...INSTITUTION_TYPES]) {
        expect(options[option]).toBeTruthy();
      }
    }
  });

  it('falls back to English for anything that is not a language of the site', () => {
    expect(formText('xx')).toBe(en);
    expect(formText(undefined)).toBe(en);
    expect(formText(['ml'])).toBe(en);
  });

  it('writes counts in Western digits in every language', () => {
    expect(formatCount(5000, 'en')).toBe('5,000');
    for (const locale of LOCALES) expect(formatCount(5000, locale)).toMatch(/^5.?000$/);
  });

  it('marks each translation a draft for a native reviewer', () => {
    for (const file of ['ml.ts', 'ar.ts', 'acknowledgement.ts']) {
      const source = readFileSync(join(import.meta.dirname, '../../src/i18n/forms', file), 'utf8');
      expect(source.split('\n')[0], file).toMatch(/^\/\/ translation: draft/);
    }
  });
});

describe('the acknowledgement’s words', () => {
  const english = texts(ACKNOWLEDGEMENT_TEXT.en);

  it.each(TRANSLATED_LOCALES)(
    '%s has every key, translated, with the same placeholders',
    (locale) => {
      const translated = texts(ACKNOWLEDGEMENT_TEXT[locale]);
      // Labels of fields no form asks: English takes the kind's own, a translation names them.
      const stored = (path: string) => path.startsWith('storedLabels.');
      expect([...translated.keys()].filter((path) => !stored(path)).sort()).toEqual(
        [...english.keys()].sort(),
      );
      for (const [path, text] of translated) {
        if (stored(path)) expect(text, path).not.toMatch(/[A-Za-z]/);
        expect(text.trim(), path).not.toBe('');
        expect(text, path).not.toBe(english.get(path));
        expect(text, path).not.toMatch(NON_WESTERN_DIGITS);
      }
    },
  );
});
