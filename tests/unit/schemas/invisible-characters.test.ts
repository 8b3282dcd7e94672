/**
 * Invisible code points (fields.ts `hasControlCharacters`): single-line fields refuse every
 * default-ignorable and format code point, so two values that look the same cannot differ by
 * one, except ZWJ, ZWNJ, the direction marks, a flag's tag characters and a variation selector
 * after a character that takes one. Multi-line fields refuse only the ones that hide or alter
 * text.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AnnouncementInputSchema,
  CONTROL_CHARACTERS_MESSAGE,
  ContactMessageSchema,
  fieldErrors,
  hasControlCharacters,
  parseEnquiry,
} from '../../../src/lib/schemas/index.ts';
import { hex, schoolEnquiry, variants } from './samples.ts';

/** The code points the review found accepted. */
const REVIEWED = ['\u200b', '\ufeff', '\u2063', '\u206a', '\ufff9', '\u{e0041}'];

/** More of the same classes, refused in single-line text. */
const SINGLE_LINE_REFUSED = [
  ...REVIEWED,
  '\u00ad', // SOFT HYPHEN
  '\u034f', // COMBINING GRAPHEME JOINER
  '\u115f', // HANGUL CHOSEONG FILLER
  '\u3164', // HANGUL FILLER
  '\uffa0', // HALFWIDTH HANGUL FILLER
  '\u180e', // MONGOLIAN VOWEL SEPARATOR (outside Mongolian)
  '\u2060', // WORD JOINER
  '\u2064', // INVISIBLE PLUS
  '\u206f', // NOMINAL DIGIT SHAPES
  '\ufffb', // INTERLINEAR ANNOTATION TERMINATOR
  '\u0600', // ARABIC NUMBER SIGN (format)
  '\u{1d173}', // MUSICAL SYMBOL BEGIN BEAM
  '\u{e0001}', // LANGUAGE TAG
  '\u{e007f}', // CANCEL TAG
  '\ufe0f', // VARIATION SELECTOR-16 after a Latin letter
  '\u{e0100}', // VARIATION SELECTOR-17 after a Latin letter
  '\ud800', // lone surrogate
  '\udfff',
];

/** Still allowed in single-line text: the joiners (the direction marks are refused there). */
const SINGLE_LINE_ALLOWED = ['\u200c', '\u200d'];

/** Refused in multi-line text too: they hide or alter what the text shows. */
const MULTI_LINE_REFUSED = [
  '\u206a',
  '\u206e',
  '\u206f',
  '\ufff9',
  '\ufffa',
  '\ufffb',
  '\u{e0041}',
  '\u{e0001}',
  '\u{e007f}',
  '\ud800',
];
/** Allowed in multi-line text (Thai and Khmer separate words with U+200B, for one). */
const MULTI_LINE_ALLOWED = ['\u200b', '\ufeff', '\u2063', '\u2060', '\u00ad', '\u3164', '\ufe0f'];

const ENGLAND = '\u{1f3f4}\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}';

describe('hasControlCharacters, single-line', () => {
  it('refuses default-ignorable, format and surrogate code points anywhere', () => {
    for (const char of SINGLE_LINE_REFUSED) {
      for (const text of variants(char)) expect(hasControlCharacters(text), hex(text)).toBe(true);
    }
  });

  it('still allows ZWJ and ZWNJ; refuses the direction marks', () => {
    for (const char of SINGLE_LINE_ALLOWED) {
      for (const text of variants(char)) expect(hasControlCharacters(text), hex(text)).toBe(false);
    }
    expect(hasControlCharacters('\u0d28\u0d4d\u200d')).toBe(false); // Malayalam chillu
    expect(hasControlCharacters('\u05e9\u05dc\u05d5\u05dd \u200f(12)')).toBe(true);
    expect(hasControlCharacters('\u05e9\u05dc\u05d5\u05dd \u200f(12)', true)).toBe(false);
  });

  it('allows a variation selector only after a character that takes one', () => {
    for (const text of [
      'Sunny \u2600\ufe0f', // ☀️
      '\u2764\ufe0f\u200d\u{1f525}', // ❤️‍🔥
      '\u{1f3f3}\ufe0f\u200d\u{1f308}', // 🏳️‍🌈, the base outside the BMP
      '\u{1f9d1}\u200d\u2695\ufe0f', // 🧑‍⚕️
      '\u2600\ufe0e', // text presentation
      'Call 1\ufe0f\u20e3', // keycap
      '#\ufe0f\u20e3',
      '\u845b\u{e0100}\u57ce\u5e02', // ideographic variation sequence
      '\u1820\u1837\u180b\u1820', // Mongolian free variation selector
      '\u1828\u180e\u1820', // Mongolian vowel separator
    ]) {
      expect(hasControlCharacters(text), hex(text)).toBe(false);
    }
    for (const text of [
      'Asha\ufe0f',
      '\ufe0fAsha',
      'Jos\u00e9\ufe0f',
      '1\ufe0f',
      'Call 1\ufe0f',
      'a\u20e3\ufe0f',
      '\u2600\ufe0f\ufe0f', // a second one after the first
      'Kochi\u{e0100}',
      'Asha\u180b',
      '\u180e',
    ]) {
      expect(hasControlCharacters(text), hex(text)).toBe(true);
    }
  });

  it("allows a flag's tag characters, and no stray ones", () => {
    expect(hasControlCharacters(`Go ${ENGLAND}!`)).toBe(false);
    expect(hasControlCharacters(`${ENGLAND}${ENGLAND}`)).toBe(false);
    for (const text of [
      '\u{1f3f4}\u{e0067}\u{e0062}', // no CANCEL TAG
      '\u{1f3f4}\u{e007f}', // no tag between
      'a\u{e0067}\u{e0062}\u{e007f}', // not after the black flag
      `${ENGLAND}\u{e0041}`,
    ]) {
      expect(hasControlCharacters(text), hex(text)).toBe(true);
    }
  });
});

describe('hasControlCharacters, multi-line', () => {
  it('refuses what hides or alters text, and keeps other invisible characters', () => {
    for (const char of MULTI_LINE_REFUSED) {
      for (const text of variants(char))
        expect(hasControlCharacters(text, true), hex(text)).toBe(true);
    }
    for (const char of [...MULTI_LINE_ALLOWED, ...SINGLE_LINE_ALLOWED]) {
      for (const text of variants(char)) {
        expect(hasControlCharacters(text, true), hex(text)).toBe(false);
      }
    }
    expect(hasControlCharacters(`Cheers from ${ENGLAND}\nand \u2600\ufe0f`, true)).toBe(false);
    expect(hasControlCharacters('\u0e2a\u0e27\u0e31\u0e2a\u200b\u0e14\u0e35', true)).toBe(false);
  });
});

describe('single-line fields of the forms', () => {
  const enquiry = schoolEnquiry();
  const enquiryErrors = (values: Record<string, unknown>) => {
    const result = parseEnquiry(values);
    return result.success ? {} : fieldErrors(result.issues);
  };

  it('refuse each reviewed code point in a name, an e-mail, a phone, a city, an institution', () => {
    expect(enquiryErrors(enquiry)).toEqual({});
    for (const char of REVIEWED) {
      for (const [field, value] of [
        ['fullName', `Asha${char} Menon`],
        ['emailAddress', `asha${char}@example.org`],
        ['phoneNumber', `98765${char}43210`],
        ['cityTownVillage', `Ko${char}chi`],
        ['institutionName', `Sch${char}ool`],
      ] as const) {
        expect(enquiryErrors({ ...enquiry, [field]: value }), `${field} ${hex(char)}`).toEqual({
          [field]: CONTROL_CHARACTERS_MESSAGE,
        });
      }
      const contact = v.safeParse(ContactMessageSchema, {
        email: `ravi@exam${char}ple.com`,
        name: `Ra${char}vi`,
        message: 'Hello',
      });
      expect(contact.success ? {} : fieldErrors(contact.issues), hex(char)).toEqual({
        email: CONTROL_CHARACTERS_MESSAGE,
        name: CONTROL_CHARACTERS_MESSAGE,
      });
    }
  });

  it('keep names in any script, with joiners and emoji', () => {
    for (const name of [
      '\u0d39\u0d30\u0d3f\u0d15\u0d43\u0d37\u0d4d\u0d23\u0d7b',
      '\u0d28\u0d4d\u200d',
      '\u{1f469}\u200d\u{1f527} Asha',
      'Asha \u2600\ufe0f',
    ]) {
      expect(enquiryErrors({ ...enquiry, fullName: name }), hex(name)).toEqual({});
    }
  });

  it('let the multi-line comments keep U+200B and a flag, and refuse a stray tag', () => {
    expect(enquiryErrors({ ...enquiry, additionalComments: `a\u200bb ${ENGLAND}` })).toEqual({});
    expect(enquiryErrors({ ...enquiry, additionalComments: 'see\u{e0041}\u{e0042}' })).toEqual({
      additionalComments: CONTROL_CHARACTERS_MESSAGE,
    });
  });

  it('keep a flag in an announcement and refuse a hidden character', () => {
    expect(v.safeParse(AnnouncementInputSchema, { text: `Now in ${ENGLAND}` }).success).toBe(true);
    expect(v.safeParse(AnnouncementInputSchema, { text: 'New\u200b office' }).success).toBe(false);
  });
});
