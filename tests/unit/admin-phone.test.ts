/** The admin shows a stored phone number grouped, a known country code apart (issue 41). */
import { describe, expect, it } from 'vitest';
import { formatPhone } from '../../src/admin/display/phone';
import { enquiryDetailRows } from '../../src/admin/display/values';
import { emptyEnquiryValues, normalizePhone, type Enquiry } from '../../src/lib/schemas';
import { PHONE_CASES } from '../support/phone-cases';

describe('formatPhone', () => {
  it.each(PHONE_CASES.map((row) => [row.stored, row.shown] as const))(
    'shows %j as %j',
    (stored, shown) => {
      expect(formatPhone(stored)).toBe(shown);
    },
  );

  it('groups a number whose country code it does not know, after the "+"', () => {
    expect(formatPhone('+3312345678')).toBe('+331 234 5678');
    expect(formatPhone('+49301234567')).toBe('+4930 123 4567');
  });

  it('groups an Indian mobile number in fives only with +91 or no country code', () => {
    expect(formatPhone('+919847012345')).toBe('+91 98470 12345');
    expect(formatPhone('+19171234567')).toBe('+1 917 123 4567');
    expect(formatPhone('+914842000000')).toBe('+91 484 200 0000');
  });

  it('shows a value stored before the rule as it is', () => {
    for (const old of ['98470 12345', 'call me', '+91-98470', ''])
      expect(formatPhone(old)).toBe(old);
  });

  it('reads back as the same stored number', () => {
    for (const { stored } of PHONE_CASES) expect(normalizePhone(formatPhone(stored))).toBe(stored);
  });
});

describe('the details rows', () => {
  const enquiry = (phoneNumber: string): Enquiry => ({
    ...(emptyEnquiryValues() as unknown as Enquiry),
    _id: 'id',
    createdAt: '2026-01-01T00:00:00.000Z',
    enquiryType: 'Individual',
    renewableEnergyUsed: 'No',
    phoneNumber,
  });
  const phoneRow = (phoneNumber: string) =>
    enquiryDetailRows(enquiry(phoneNumber)).find((row) => row.field === 'phoneNumber')?.value;

  it('show the phone number formatted, and N/A when there is none', () => {
    expect(phoneRow('+971501234567')).toBe('+971 50 123 4567');
    expect(phoneRow('')).toBe('N/A');
  });
});
