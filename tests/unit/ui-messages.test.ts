import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/i18n/locales';
import { fill, messages } from '../../src/i18n/ui';

/** Each string leaf of a catalogue by its dotted key. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') found.set(path, child);
    else for (const [inner, text] of leaves(child, path)) found.set(inner, text);
  }
  return found;
}

const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map(([name]) => name).sort();
const english = leaves(messages.en);

describe('the page frame in every language', () => {
  for (const locale of LOCALES.filter((each) => each !== 'en')) {
    const translated = leaves(messages[locale]);

    it(`${locale} has every key English has, and no other`, () => {
      expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it(`${locale}: every string is written, keeps its placeholders and is not the English`, () => {
      for (const [key, text] of english) {
        const own = translated.get(key) ?? '';
        expect(own.trim(), key).not.toBe('');
        // A translation may spell a number out (Arabic's "شهران", two months), never add one.
        expect(placeholders(text), key).toEqual(expect.arrayContaining(placeholders(own)));
        // Spaces and punctuation alone may match (the counter's separator).
        if (/\p{L}/u.test(text)) expect(own, key).not.toBe(text);
      }
    });
  }
});

describe('fill', () => {
  it('puts values in place of their names and leaves unknown names', () => {
    expect(fill('{index} of {count}', { index: 1, count: 4 })).toBe('1 of 4');
    expect(fill('{heading} – {x}', { heading: 'Solar' })).toBe('Solar – {x}');
  });
});
