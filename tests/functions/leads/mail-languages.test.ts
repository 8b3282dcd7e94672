/**
 * The e-mails read well in every language (issue 41, item 4): every field the acknowledgement can
 * name has a label in that language, nothing unanswered is printed as "N/A", left-to-right runs
 * are isolated in Arabic plain text, and the Arabic greeting assumes no gender.
 */
import { describe, expect, it } from 'vitest';
import { acknowledgement, labelsIn } from '../../../functions/_lib/acknowledgement.ts';
import { answered, leadNotification } from '../../../functions/_lib/notifications.ts';
import { site } from '../../../src/config/site.ts';
import { ENQUIRY, LEAD_KINDS, MESSAGE } from '../../../src/lib/leads/index.ts';
import { referenceOf } from '../../../src/lib/leads/reference.ts';
import { validContact, validEnquiry } from '../samples.ts';

const stamp = { _id: '01JTESTENQUIRY00000000ABCD', createdAt: '2026-11-24T08:00:00.000Z' };
const enquiry = (lang: string) => ({ ...validEnquiry(), lang, ...stamp });

describe('labels', () => {
  it.each(['ml', 'ar'] as const)('every field of every kind has a label in %s', (lang) => {
    for (const kind of LEAD_KINDS) {
      const label = labelsIn(kind, lang);
      for (const [key, english] of Object.entries(kind.labels as Record<string, string>))
        expect(label(key), `${kind.key}.${key}`).not.toBe(english);
    }
  });

  it.each(['ml', 'ar'])('no English label in the %s acknowledgement', (lang) => {
    const { text } = acknowledgement(ENQUIRY, enquiry(lang) as never, 'https://x.org')!;
    for (const english of Object.values(ENQUIRY.labels)) expect(text).not.toContain(`${english}:`);
  });
});

describe('nothing unanswered', () => {
  it('the office notification leaves out empty, absent and unticked fields', () => {
    const { text } = leadNotification(ENQUIRY, enquiry('ml') as never);
    expect(text).not.toContain('N/A');
    expect(text).not.toContain('Receive Email Updates');
    expect(text).not.toContain('Additional Comments');
    expect(text).toContain('Full Name: Asha Menon');
  });

  it.each([
    ['', false],
    ['  ', false],
    [[], false],
    [undefined, false],
    [false, false],
    ['x', true],
    [['a'], true],
    [true, true],
  ])('answered(%j) is %j', (value, expected) => {
    expect(answered(value)).toBe(expected);
  });
});

describe('Arabic plain text', () => {
  const ar = acknowledgement(ENQUIRY, enquiry('ar') as never, 'https://x.org')!.text;

  it('greets without assuming a gender, the name isolated', () => {
    expect(ar.split('\n')[0]).toBe('مرحبًا \u2068Asha Menon\u2069،');
    expect(ar).not.toContain('عزيز');
  });

  it('isolates the phone, the e-mail address, the link and the reference (LRI … PDI)', () => {
    expect(ar).toContain(`\u2066${site.phone.display}\u2069`);
    expect(ar).toContain(`\u2066${site.email}\u2069`);
    expect(ar).toContain('\u2066https://x.org/ar/privacy-policy\u2069');
    expect(ar).toContain(`\u2066${referenceOf(stamp._id)}\u2069`);
  });

  it('isolates the company name and address, which may be written in Latin letters (FSI … PDI)', () => {
    expect(ar).toContain(`\u2068${site.name}\u2069`);
    expect(ar).toMatch(new RegExp(`\u2068${site.address.street}, [^\u2069]+\u2069`));
  });

  it.each(['ml', 'ar'])('a question label is followed by its answer, not by "?:" (%s)', (lang) => {
    const { text } = acknowledgement(ENQUIRY, enquiry(lang) as never, 'https://x.org')!;
    expect(text).toMatch(/[?؟] \S/);
    expect(text).not.toMatch(/[?؟]:/);
  });

  it('greets one who gave no name in the plural of politeness', () => {
    const mail = acknowledgement(
      MESSAGE,
      { ...validContact({ name: '12345' }), lang: 'ar', ...stamp } as never,
      'https://x.org',
    )!;
    expect(mail.text.split('\n')[0]).toBe('مرحبًا بكم،');
  });

  it('English and Malayalam carry no isolates', () => {
    for (const lang of ['en', 'ml']) {
      const { text } = acknowledgement(ENQUIRY, enquiry(lang) as never, 'https://x.org')!;
      expect(text).not.toMatch(/[\u2066-\u2069]/);
    }
  });
});
