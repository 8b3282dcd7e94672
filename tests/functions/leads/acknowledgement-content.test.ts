/**
 * What the acknowledgement may quote (functions/_lib/acknowledgement.ts): nothing the sender
 * typed but their name cut to letters, marks, spaces and name punctuation; of their lead only the
 * options they picked, and its reference. Links in any disguise (full-width, an ideographic dot,
 * a bare IP with a path, `javascript:`, `data:`, spaced dots) and phone numbers never reach the
 * subject or the text, in any language.
 */
import { describe, expect, it } from 'vitest';
import {
  acknowledgement,
  greetingName,
  referenceOf,
} from '../../../functions/_lib/acknowledgement.ts';
import { leadNotification } from '../../../functions/_lib/notifications.ts';
import { ml } from '../../../src/i18n/forms/ml.ts';
import { ENQUIRY, MESSAGE } from '../../../src/lib/leads/index.ts';
import { validContact, validEnquiry } from '../samples.ts';

const HOSTILE = [
  'ｅｖｉｌ．ｃｏｍ/win',
  'evil。com/win',
  '198.51.100.23/win',
  'javascript:alert(1)',
  'data:text/html,win',
  'evil . com',
  'call +91 98765 43210',
  'https://evil.example/win',
  'bob@evil.example',
];

/** What none of the hostile values may leave in an e-mail to the sender (ours has a link). */
const LEFT_OVER =
  /ｅｖｉｌ|．|。|evil\s*\.\s*(com|example)|198\.51|100\.23|javascript:|data:|98765|43210|@evil|https?:\/\/evil|\/win/i;

const ID = '01JTESTENQUIRY00000000ABCD';
const stamp = { _id: ID, createdAt: '2026-11-24T08:00:00.000Z' };

/** Every free-text field of an enquiry holding `text`; the choices as a sender picks them. */
function hostileEnquiry(text: string, lang = 'en') {
  return {
    ...validEnquiry({
      fullName: `Asha ${text}`,
      designation: text,
      country: text,
      stateProvince: text,
      cityTownVillage: text,
      fullAddress: text,
      enquiryType: 'Institution / Business / Government',
      institutionName: text,
      institutionType: ['Commercial', 'Others'],
      institutionTypeOther: text,
      renewableEnergyUsed: 'Yes',
      renewableEnergySpecify: text,
      additionalComments: text,
      howHearAboutUs: text,
      howHearAboutUsOther: text,
      monthlyElectricityBill: '9876543210',
    }),
    lang,
    ...stamp,
  };
}

describe('the acknowledgement quotes nothing the sender typed', () => {
  it.each(HOSTILE)('an enquiry full of %j: in no field, not in the greeting', (text) => {
    for (const lang of ['en', 'ml', 'ar']) {
      const mail = acknowledgement(ENQUIRY, hostileEnquiry(text, lang) as never, 'https://x.org')!;
      expect(`${mail.subject}\n${mail.text}`, lang).not.toMatch(LEFT_OVER);
      expect(mail.text, lang).not.toContain('asha@example.org');
    }
    // The office has it all.
    const office = leadNotification(ENQUIRY, hostileEnquiry(text) as never);
    expect(office.text).toContain(text);
  });

  it.each(HOSTILE)('a message saying %j, from a name saying it too', (text) => {
    const mail = acknowledgement(
      MESSAGE,
      { ...validContact({ name: text, message: `Hello ${text}` }), lang: 'en', ...stamp } as never,
      'https://x.org',
    )!;
    expect(`${mail.subject}\n${mail.text}`).not.toMatch(LEFT_OVER);
    expect(mail.text).not.toContain('Hello');
    expect(mail.text.split('\n')[0]).toMatch(/^Dear [\p{L}\p{M} '’.-]+,$/u);
  });

  it('quotes the options picked, by their labels, and the reference', () => {
    const english = acknowledgement(ENQUIRY, hostileEnquiry('x') as never, 'https://x.org')!;
    expect(english.subject).toContain(referenceOf(ID));
    for (const line of [
      'Enquiry Type: Institution / Business / Government',
      'Institution Type: Commercial, Others',
      'Purpose of Use: Backup Power',
      'Generator Capacity: 10 kWh - 50 kWh',
      'Renewable Energy Used: Yes',
      'Installation Site Location: Rooftop',
      'Space Available: Yes',
      'Preferred Timeline: 1-3 months',
    ]) {
      expect(english.text).toContain(line);
    }
    for (const label of ['Full Name', 'Designation', 'Email Address', 'Phone Number', 'Country'])
      expect(english.text).not.toContain(`${label}:`);
    const malayalam = acknowledgement(
      ENQUIRY,
      hostileEnquiry('x', 'ml') as never,
      'https://x.org',
    )!;
    expect(malayalam.text).toContain(
      `${ml.enquiry.labels.generatorCapacity}: ${ml.enquiry.options['10 kWh - 50 kWh']}`,
    );
  });

  it('a value that is not one of the options is not quoted, even in a choice field', () => {
    const tampered = { ...hostileEnquiry('x'), generatorCapacity: 'evil.com/win' };
    const mail = acknowledgement(ENQUIRY, tampered as never, 'https://x.org')!;
    expect(mail.text).not.toContain('Generator Capacity');
    expect(mail.text).not.toMatch(LEFT_OVER);
  });
});

describe('greetingName', () => {
  it.each([
    ['Asha Menon', 'Asha Menon'],
    ["Seán O'Brien-Nair", "Seán O'Brien-Nair"],
    ['Dr. J. R. Menon', 'Dr. J. R. Menon'],
    ['കൃഷ്ണൻ നായർ', 'കൃഷ്ണൻ നായർ'],
    ['محمد العلي', 'محمد العلي'],
    ['ｅｖｉｌ．ｃｏｍ', 'evil com'],
    ['evil。com', 'evil com'],
    ['evil . com', 'evil com'],
    ['evil.com', 'evil com'],
    ['http://198.51.100.23/x', 'http x'],
    ['javascript:alert(1)', 'javascript alert'],
    ['data:text/html,hi', 'data text html hi'],
    ['Call +91 98765 43210', 'Call'],
    ['ravi@evil.example', 'ravi evil example'],
    ['12345', ''],
  ])('%j greets as %j', (name, greeted) => {
    expect(greetingName(name)).toBe(greeted);
  });

  it('is cut at a space to 60 characters at most', () => {
    const long = greetingName('Word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long).toMatch(/^(Word )*Word$/);
  });
});
