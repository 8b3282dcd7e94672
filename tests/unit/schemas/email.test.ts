/**
 * The e-mail rule of every form and of the erasure lookup (fields.ts `requiredEmail`): trimmed,
 * no invisible code point, only NFKC-stable code points, stored in NFC.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTERS_MESSAGE,
  ContactMessageSchema,
  EMAIL_MESSAGE,
  ErasureLookupSchema,
  LIMITS,
  fieldErrors,
  parseEnquiry,
  requiredEmail,
  tooLongMessage,
} from '../../../src/lib/schemas/index.ts';
import { hex } from './samples.ts';

const schema = v.object({ email: requiredEmail() });

function errorOf(email: unknown): string | undefined {
  const result = v.safeParse(schema, { email });
  return result.success ? undefined : fieldErrors(result.issues)['email'];
}

function parsed(email: string): string {
  return v.parse(schema, { email }).email;
}

/** The code points the review found accepted, and the rest of each class. */
const INVISIBLE = [
  '\u200b', // ZERO WIDTH SPACE (default-ignorable, format)
  '\ufeff', // ZERO WIDTH NO-BREAK SPACE
  '\u2063', // INVISIBLE SEPARATOR
  '\u206a', // INHIBIT SYMMETRIC SWAPPING (deprecated)
  '\ufff9', // INTERLINEAR ANNOTATION ANCHOR (format, not default-ignorable)
  '\u{e0041}', // TAG LATIN CAPITAL LETTER A
  '\u00ad', // SOFT HYPHEN
  '\u034f', // COMBINING GRAPHEME JOINER
  '\u2060', // WORD JOINER
  '\u3164', // HANGUL FILLER
  '\ufe0f', // VARIATION SELECTOR-16
  '\u{e0100}', // VARIATION SELECTOR-17
  '\u200c', // ZWNJ, allowed in other text but not here
  '\u200d', // ZWJ
  '\u200e', // LEFT-TO-RIGHT MARK
  '\u061c', // ARABIC LETTER MARK
  '\ue000', // private use
  '\u{f0000}', // supplementary private use
  '\u0378', // unassigned
  '\uffff', // noncharacter (unassigned)
  '\ud800', // lone surrogate
  '\t',
  '\u0085',
];

/** Compatibility and singleton characters: they look like other letters. */
const UNSTABLE = [
  '\u212a', // KELVIN SIGN (NFC: K)
  '\u212b', // ANGSTROM SIGN (NFC: Å)
  '\u2126', // OHM SIGN
  '\uff41', // FULLWIDTH LATIN SMALL LETTER A
  '\ufb01', // LATIN SMALL LIGATURE FI
  '\u00b2', // SUPERSCRIPT TWO
  '\u017f', // LATIN SMALL LETTER LONG S
  '\u0958', // DEVANAGARI LETTER QA (a composition exclusion)
  '\u{1d41a}', // MATHEMATICAL BOLD SMALL A
];

describe('requiredEmail', () => {
  it('refuses every invisible code point, anywhere, with the control-characters message', () => {
    for (const char of INVISIBLE) {
      const emails = [`a${char}b@example.com`, `ab@exa${char}mple.com`];
      // Trimming removes a tab or U+FEFF at either end (JavaScript counts both as white space).
      if (char.trim() !== '') emails.push(`${char}ab@example.com`, `ab@example.com${char}`);
      for (const email of emails) {
        expect(errorOf(email), `${hex(char)} in ${hex(email)}`).toBe(CONTROL_CHARACTERS_MESSAGE);
      }
    }
    expect(parsed('\ufeffab@example.com\ufeff\t')).toBe('ab@example.com');
  });

  it('refuses a compatibility or singleton character with the e-mail message', () => {
    expect(EMAIL_MESSAGE).toBe('Invalid email format.');
    for (const char of UNSTABLE) {
      expect(errorOf(`${char}umar.x@example.com`), hex(char)).toBe(EMAIL_MESSAGE);
      expect(errorOf(`kumar.x@example.co${char}`), hex(char)).toBe(EMAIL_MESSAGE);
    }
    expect(errorOf('\u212aumar.x@example.com')).toBe(EMAIL_MESSAGE);
    expect(errorOf('asha\uff20example.com')).toBe(EMAIL_MESSAGE); // FULLWIDTH COMMERCIAL AT
  });

  it('accepts decomposed text and stores it in NFC', () => {
    expect(parsed('jose\u0301@example.com')).toBe('jos\u00e9@example.com');
    expect(parsed('jos\u00e9@example.com')).toBe('jos\u00e9@example.com');
    expect(parsed('ana@exa\u0301mple.com')).toBe('ana@ex\u00e1mple.com');
    // Hangul jamo compose into a syllable.
    expect(parsed('\u1112\u1161\u11ab@example.kr')).toBe('\ud55c@example.kr');
  });

  it('accepts addresses in any script, keeps their case, and trims', () => {
    for (const email of [
      'Asha@Example.COM',
      'josé@exámple.com',
      'अजय@उदाहरण.भारत',
      'θσερ@παράδειγμα.ελ',
      'İpek@example.com.tr',
      'ınar@example.com.tr',
      'straße@example.de',
      'ഹരി@ഉദാഹരണം.ഭാരതം',
    ]) {
      expect(parsed(` ${email}\n`), email).toBe(email);
    }
  });

  it('keeps the pattern, the required message and the length limit', () => {
    expect(errorOf('asha@example')).toBe(EMAIL_MESSAGE);
    expect(errorOf('asha example@x.com')).toBe(EMAIL_MESSAGE);
    expect(errorOf('  ')).toBe('This field is required.');
    expect(errorOf(undefined)).toBe('This field is required.');
    const domain = '@example.com';
    const longest = 'a'.repeat(LIMITS.email - domain.length) + domain;
    expect(parsed(longest)).toBe(longest);
    expect(errorOf(`a${longest}`)).toBe(tooLongMessage(LIMITS.email));
    // 254 characters that NFC makes 255: U+01D8 then U+0323 compose into U+1EE5 U+0308 U+0301.
    const grows = 'a'.repeat(LIMITS.email - domain.length - 2) + '\u01d8\u0323' + domain;
    expect(grows).toHaveLength(LIMITS.email);
    expect(errorOf(grows)).toBe(tooLongMessage(LIMITS.email));
  });

  it('is the rule of the contact form, the enquiry and the erasure lookup', () => {
    const contact = v.safeParse(ContactMessageSchema, {
      email: 'asha\u200b@example.com',
      name: 'Asha',
      message: 'Hi',
    });
    expect(contact.success ? {} : fieldErrors(contact.issues)).toEqual({
      email: CONTROL_CHARACTERS_MESSAGE,
    });
    expect(v.parse(ErasureLookupSchema, { email: ' jose\u0301@example.com ' })).toEqual({
      email: 'jos\u00e9@example.com',
    });
    const lookup = v.safeParse(ErasureLookupSchema, { email: '\u212aumar.x@example.com' });
    expect(lookup.success ? {} : fieldErrors(lookup.issues)).toEqual({ email: EMAIL_MESSAGE });
    const enquiry = parseEnquiry({ emailAddress: 'kumar\u{e0041}@example.com' });
    expect(enquiry.success ? {} : fieldErrors(enquiry.issues)).toHaveProperty(
      'emailAddress',
      CONTROL_CHARACTERS_MESSAGE,
    );
  });
});
