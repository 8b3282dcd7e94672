/**
 * Phone numbers and amounts as people write them (issue 41): separators removed, digits of any
 * script folded to 0–9, then the spec's rule, in the schema the browser forms and the functions
 * share.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  emptyEnquiryValues,
  foldDigits,
  normalizePhone,
  parseEnquiry,
  validateStep,
  type EnquiryFormValues,
} from '../../../src/lib/schemas/index.ts';
// Every language registered, as on the server.
import '../../../src/i18n/forms/index.ts';
import { validation as en } from '../../../src/i18n/forms/en-validation.ts';
import { ar } from '../../../src/i18n/forms/ar.ts';
import { ml } from '../../../src/i18n/forms/ml.ts';
import { PHONE_CASES, SCRIPTS, inScript } from '../../support/phone-cases.ts';
import { sampleEnquiry } from './samples.ts';

function filled(overrides: Partial<EnquiryFormValues> = {}): EnquiryFormValues {
  return { ...emptyEnquiryValues(), ...sampleEnquiry(overrides) } as EnquiryFormValues;
}

/** The stored phone number of step 1 with `phoneNumber`, or its message. */
function step1Phone(phoneNumber: string, lang?: 'ml' | 'ar'): string | undefined {
  return validateStep(0, filled({ phoneNumber }), lang).phoneNumber;
}

describe('foldDigits', () => {
  it('turns the digits of every script into 0–9 and leaves the rest', () => {
    expect(foldDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(foldDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(foldDigits('൦൧൨൩൪൫൬൭൮൯')).toBe('0123456789');
    expect(foldDigits('０１２३४५')).toBe('012345');
    // The mathematical digits: five runs of ten side by side.
    expect(foldDigits('\u{1d7ce}\u{1d7d7}\u{1d7d8}\u{1d7ff}')).toBe('0909');
    expect(foldDigits('+91 (0) a-b')).toBe('+91 (0) a-b');
  });

  it('agrees with the digit’s value for every Unicode decimal digit', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0x10ffff }), (code) => {
        const char = String.fromCodePoint(code);
        if (!/\p{Nd}/u.test(char)) return;
        // Every run of ten starts at a zero: the code point nine before a 9 is its run's 0.
        const folded = Number(foldDigits(char));
        expect(/\p{Nd}/u.test(String.fromCodePoint(code - folded))).toBe(true);
        if (folded === 9) expect(foldDigits(String.fromCodePoint(code - 9))).toBe('0');
      }),
    );
  });
});

describe('normalizePhone (the stored form)', () => {
  it.each(PHONE_CASES.map((row) => [row.input, row.stored] as const))(
    '%j is stored as %j',
    (input, stored) => {
      expect(normalizePhone(input)).toBe(stored);
      expect(step1Phone(input)).toBeUndefined();
    },
  );

  it.each(SCRIPTS)('accepts the issue’s numbers typed in %s digits', (_name, zero) => {
    for (const { input, stored } of PHONE_CASES) {
      expect(normalizePhone(inScript(input, zero)), inScript(input, zero)).toBe(stored);
    }
  });

  it.each([
    '123456789',
    '98470 1234',
    '+91 9847',
    '0091 9847',
    'abcdefghij',
    '98470 12345 x',
    '98470O12345',
    '++91 98470 12345',
    '+91 98470 +12345',
    '98470 12345+',
    '98470/12345',
    '98470_12345',
    '#9847012345',
    '98470,12345',
    '+',
    '٩٨٤٧٠ ١٢٣٤',
  ])('refuses %j with the spec’s message', (input) => {
    expect(normalizePhone(input)).toBeUndefined();
    expect(step1Phone(input)).toBe(en.phone);
    expect(step1Phone(input, 'ml')).toBe(ml.validation.phone);
    expect(step1Phone(input, 'ar')).toBe(ar.validation.phone);
  });

  it('drops only a bracketed zero right after the country code', () => {
    expect(normalizePhone('+44(0) 20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('0044 (0)20 7946 0958')).toBe('+442079460958');
    expect(normalizePhone('+44 20 (0)7946 0958')).toBe('+4420079460958');
    expect(normalizePhone('(0484) 200 0000')).toBe('04842000000');
  });

  it('is what the whole enquiry stores, surrounding spaces trimmed', () => {
    const result = parseEnquiry(sampleEnquiry({ phoneNumber: '  +971 50 123 4567 ' }));
    expect(result.output).toMatchObject({ phoneNumber: '+971501234567' });
  });
});

describe('the monthly bill', () => {
  const bill = (monthlyElectricityBill: unknown, lang?: 'ml' | 'ar') =>
    validateStep(2, { ...filled(), monthlyElectricityBill }, lang).monthlyElectricityBill;

  it.each([
    ['٤٥٠٠', '4500'],
    ['۴۵۰۰', '4500'],
    ['൪൫൦൦', '4500'],
    ['٤٥٠٠٫٥٠', '4500.50'],
    [' 4500.5 ', '4500.5'],
    [4500, '4500'],
    ['', ''],
  ])('accepts %j and stores %j', (value, stored) => {
    expect(bill(value)).toBeUndefined();
    const result = parseEnquiry(sampleEnquiry({ monthlyElectricityBill: value }));
    expect(result.output).toMatchObject({ monthlyElectricityBill: stored });
  });

  it.each(['-5', '-٥', '−12.50', '- 4500', -5])('says %j cannot be negative', (value) => {
    expect(bill(value)).toBe(en.negativeBill);
    expect(bill(value, 'ml')).toBe(ml.validation.negativeBill);
    expect(bill(value, 'ar')).toBe(ar.validation.negativeBill);
  });

  it.each(['lots', '4,500', '45.005', '-lots', '--5', '5-'])(
    'refuses %j as not a number',
    (value) => {
      expect(bill(value)).toBe(en.monthlyElectricityBill);
    },
  );
});
