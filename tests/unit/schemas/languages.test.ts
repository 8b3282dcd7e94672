/**
 * The shared schemas speak the visitor's language: `safeParse(schema, data, { lang })` gives each
 * message in `lang`; without `lang` (or with one the site does not have) they are the SPEC's
 * English.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
// Every language registered, as on the server (the browser registers its page's only).
import '../../../src/i18n/forms/index';
import { ar } from '../../../src/i18n/forms/ar';
import { en } from '../../../src/i18n/forms/en';
import { ml } from '../../../src/i18n/forms/ml';
import {
  ContactMessageSchema,
  ENQUIRY_MESSAGES,
  LIMITS,
  fieldErrors,
  parseEnquiry,
  tooLongMessage,
  validateStep,
} from '../../../src/lib/schemas';
import { sampleEnquiry as validEnquiry } from '../../../scripts/bench-kit';

const contactErrors = (data: unknown, lang?: string) =>
  fieldErrors(
    (v.safeParse(ContactMessageSchema, data, { lang }) as v.SafeParseResult<never>).issues ?? [],
  );

describe('ContactMessageSchema in each language', () => {
  const bad = { email: 'not-an-address', name: '', message: 'x'.repeat(LIMITS.text + 1) };

  it('English without a language, as the SPEC says', () => {
    expect(contactErrors(bad)).toEqual({
      email: 'Invalid email format.',
      name: 'This field is required.',
      message: 'Please use at most 5,000 characters.',
    });
    expect(contactErrors(bad, 'xx')).toEqual(contactErrors(bad));
  });

  it.each([
    ['ml', ml],
    ['ar', ar],
  ] as const)('%s: every message in that language, limits in Western digits', (lang, text) => {
    expect(contactErrors(bad, lang)).toEqual({
      email: text.validation.email,
      name: text.validation.required,
      message: text.validation.tooLong.replace('{max}', '5,000'),
    });
    expect(contactErrors({ ...bad, name: 'A\u202eB' }, lang)['name']).toBe(
      text.validation.controlCharacters,
    );
  });
});

describe('the enquiry in each language', () => {
  it('gives each field’s own message in Malayalam and Arabic, step by step', () => {
    const step0 = { ...validEnquiry(), phoneNumber: '12345' };
    expect(validateStep(0, step0)).toEqual({ phoneNumber: ENQUIRY_MESSAGES.phone });
    expect(validateStep(0, step0, 'ml')).toEqual({ phoneNumber: ml.validation.phone });
    expect(validateStep(0, step0, 'ar')).toEqual({ phoneNumber: ar.validation.phone });
    const institution = { enquiryType: 'Institution / Business / Government' };
    expect(validateStep(1, institution, 'ar')).toEqual({
      institutionName: ar.validation.institutionName,
      institutionType: ar.validation.institutionType,
    });
    expect(validateStep(2, { monthlyElectricityBill: 'ten' }, 'ml')).toMatchObject({
      purposeOfUse: ml.validation.purposeOfUse,
      monthlyElectricityBill: ml.validation.monthlyElectricityBill,
    });
  });

  it('checks the whole enquiry in the language asked, English by default', () => {
    const result = parseEnquiry({ ...validEnquiry(), enquiryType: 'Robot' }, 'ar');
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues ?? [])).toEqual({ enquiryType: ar.validation.enquiryType });
    const english = parseEnquiry({ ...validEnquiry(), enquiryType: 'Robot' });
    expect(fieldErrors(english.issues ?? [])).toEqual({ enquiryType: en.validation.enquiryType });
  });

  it('says a length limit in each language', () => {
    expect(tooLongMessage(LIMITS.name)).toBe('Please use at most 200 characters.');
    expect(tooLongMessage(LIMITS.text, 'ml')).toBe('പരമാവധി 5,000 അക്ഷരങ്ങൾ മാത്രം ഉപയോഗിക്കുക.');
    expect(tooLongMessage(LIMITS.phone, 'ar')).toBe('يُرجى ألا يتجاوز النص 30 حرفًا.');
  });
});
