/**
 * Every free-text field of every schema refuses invisible control characters (C0, DEL, C1, bidi
 * embeddings, overrides and isolates) with one message; `<textarea>` fields keep line breaks
 * and tabs. E-mail addresses refuse the direction marks and joiners too (invisible-characters and
 * email tests have the rest).
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  AnnouncementInputSchema,
  CONTROL_CHARACTERS_MESSAGE,
  ContactMessageSchema,
  LoginSchema,
  fieldErrors,
  hasControlCharacters,
  parseEnquiry,
  validateStep,
} from '../../../src/lib/schemas/index.ts';
import { validationText } from '../../../src/i18n/forms/registry.ts';
import { LOCALES } from '../../../src/i18n/locales.ts';
import { hex, schoolEnquiry, variants } from './samples.ts';

/** Refused in every field, at the start, the middle or the end of the text. */
const HOSTILE = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\u202a',
  '\u202b',
  '\u202c',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\r',
];
/** Refused in single-line fields only. */
const LINE_BREAKS = ['\t', '\n', '\r\n', '\u2028', '\u2029'];
/**
 * The direction marks: refused in single-line fields (names, city…) as in an e-mail address, kept
 * in multi-line text.
 */
const DIRECTION_MARKS = ['\u200e', '\u200f', '\u061c'];
/** Allowed in every text field but an e-mail address (joiners). */
const ALLOWED = ['\u200c', '\u200d'];

function errorsOf(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  return result.success ? {} : fieldErrors(result.issues);
}

function checkFields(
  schema: v.GenericSchema,
  valid: Record<string, unknown>,
  singleLine: readonly string[],
  multiLine: readonly string[],
) {
  expect(errorsOf(schema, valid)).toEqual({});
  for (const field of [...singleLine, ...multiLine]) {
    const refused = multiLine.includes(field)
      ? HOSTILE
      : [...HOSTILE, ...LINE_BREAKS, ...DIRECTION_MARKS];
    for (const char of refused) {
      for (const text of variants(char)) {
        // Line breaks and tabs at either end are trimmed away, not refused.
        if (/^\s|\s$/.test(text) && /^\s+$/.test(char)) continue;
        expect(errorsOf(schema, { ...valid, [field]: text }), `${field} ${hex(char)}`).toEqual({
          [field]: CONTROL_CHARACTERS_MESSAGE,
        });
      }
    }
    const isEmail = field === 'email' || field === 'emailAddress';
    const kept = multiLine.includes(field)
      ? [...ALLOWED, ...DIRECTION_MARKS, ...LINE_BREAKS]
      : ALLOWED;
    for (const char of kept) {
      const value = isEmail ? `a${char}b@c.de` : `a${char}b`;
      const errors = errorsOf(schema, { ...valid, [field]: value });
      // An address may carry no invisible character at all: it is compared, not just shown.
      if (isEmail)
        expect(errors, `${field} ${hex(char)}`).toEqual({ [field]: CONTROL_CHARACTERS_MESSAGE });
      else
        expect(errors, `${field} ${hex(char)}`).not.toHaveProperty(
          field,
          CONTROL_CHARACTERS_MESSAGE,
        );
    }
  }
}

describe('hasControlCharacters', () => {
  it('refuses C0, DEL, C1 and bidi controls; single-line text also tab and line breaks', () => {
    for (const char of HOSTILE) {
      expect(hasControlCharacters(`a${char}b`), hex(char)).toBe(true);
      expect(hasControlCharacters(`a${char}b`, true), hex(char)).toBe(true);
    }
    for (const char of LINE_BREAKS) {
      expect(hasControlCharacters(`a${char}b`), hex(char)).toBe(true);
      expect(hasControlCharacters(`a${char}b`, true), hex(char)).toBe(false);
    }
    for (const char of ALLOWED) {
      expect(hasControlCharacters(`a${char}b`), hex(char)).toBe(false);
    }
    for (const char of DIRECTION_MARKS) {
      expect(hasControlCharacters(`a${char}b`), hex(char)).toBe(true);
      expect(hasControlCharacters(`a${char}b`, true), hex(char)).toBe(false);
    }
  });

  it('lets ordinary text in any script through', () => {
    for (const text of [
      'Asha Menon',
      'കൊച്ചി',
      'मुंबई',
      'שלום 12',
      'O’Brien & Sons, № 5 — “ok”',
      '👩‍🔧',
    ]) {
      expect(hasControlCharacters(text), text).toBe(false);
    }
  });
});

describe('ContactMessageSchema', () => {
  it('refuses control characters in every field; the message keeps line breaks', () => {
    checkFields(
      ContactMessageSchema,
      { email: 'a@b.co', name: 'Ravi', message: 'Hi' },
      ['email', 'name'],
      ['message'],
    );
    expect(
      v.parse(ContactMessageSchema, { email: 'a@b.co', name: 'R', message: 'a\r\n\tb\nc' }),
    ).toMatchObject({ message: 'a\r\n\tb\nc' });
  });
});

describe('AnnouncementInputSchema', () => {
  it('refuses control characters in the text and the link (both single-line)', () => {
    checkFields(AnnouncementInputSchema, { text: 'News', link: '/x' }, ['text'], []);
    for (const char of HOSTILE) {
      expect(errorsOf(AnnouncementInputSchema, { text: 'News', link: `/a${char}b` })).toEqual({
        link: CONTROL_CHARACTERS_MESSAGE,
      });
    }
  });
});

describe('LoginSchema', () => {
  it('refuses control characters in the username and the password', () => {
    checkFields(LoginSchema, { username: 'admin', password: 'pw' }, ['username'], []);
    for (const char of [...HOSTILE, ...LINE_BREAKS]) {
      expect(errorsOf(LoginSchema, { username: 'admin', password: `p${char}w` })).toEqual({
        password: CONTROL_CHARACTERS_MESSAGE,
      });
    }
  });
});

describe('EnquirySchema', () => {
  // Every text field filled in, the conditional ones included.
  const valid = schoolEnquiry({
    institutionType: ['Others'],
    institutionTypeOther: 'Trust',
    renewableEnergyUsed: 'Yes',
    renewableEnergySpecify: 'Solar',
    howHearAboutUs: 'Other',
    howHearAboutUsOther: 'A friend',
  });
  const schema = v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const result = parseEnquiry(dataset.value);
      if (result.success) return result.output;
      for (const issue of result.issues) addIssue({ message: issue.message, path: issue.path! });
      return NEVER;
    }),
  );

  it('refuses control characters in every text field; address and comments keep line breaks', () => {
    checkFields(
      schema,
      valid,
      [
        'fullName',
        'designation',
        'emailAddress',
        'country',
        'stateProvince',
        'cityTownVillage',
        'institutionName',
        'institutionTypeOther',
        'renewableEnergySpecify',
        'howHearAboutUs',
        'howHearAboutUsOther',
      ],
      ['fullAddress', 'additionalComments'],
    );
  });

  it('shows the message under the wizard field at the step that has it', () => {
    expect(validateStep(0, { ...valid, fullName: 'Asha\u202eneM' })).toEqual({
      fullName: CONTROL_CHARACTERS_MESSAGE,
    });
    expect(validateStep(3, { ...valid, additionalComments: 'line\none' })).toEqual({});
  });
});

describe('bidirectional isolates and direction marks in single-line fields', () => {
  it.each(LOCALES)('refuse a name, a city or a phone with the field’s message in %s', (lang) => {
    const expected = validationText(lang).controlCharacters;
    const valid = schoolEnquiry();
    for (const char of ['\u2066', '\u2067', '\u2068', '\u2069', ...DIRECTION_MARKS]) {
      for (const field of ['fullName', 'cityTownVillage', 'phoneNumber'] as const) {
        const result = parseEnquiry({ ...valid, [field]: `98${char}76543210` }, lang);
        expect(result.success, `${field} ${hex(char)} ${lang}`).toBe(false);
        expect(fieldErrors(result.issues ?? [])).toEqual({ [field]: expected });
      }
      const message = v.safeParse(
        ContactMessageSchema,
        { email: 'a@b.co', name: `Ravi${char}`, message: `Hi${char}` },
        { lang },
      );
      // A message (multi-line) keeps the marks and refuses the isolates.
      const isolate = /[\u2066-\u2069]/.test(char);
      expect(message.success ? {} : fieldErrors(message.issues)).toEqual({
        name: expected,
        ...(isolate ? { message: expected } : {}),
      });
    }
  });
});
