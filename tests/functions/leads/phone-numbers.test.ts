/**
 * Issue 41 through the API, on the Blobs emulation: phone numbers and monthly bills as people
 * write them (separators, local digits) are stored normalised; a bad number or a negative bill is
 * a 400 with its message in the sender's language, and nothing is stored. The contact form has
 * no phone field (the spec's contact message is e-mail, name, message): a phone sent to it is
 * dropped, never stored.
 */
import { describe, expect, it } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import contactMessagesFn from '../../../functions/contact-messages.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import type { FormText } from '../../../src/i18n/forms/index.ts';
import { ar } from '../../../src/i18n/forms/ar.ts';
import { en } from '../../../src/i18n/forms/en.ts';
import { ml } from '../../../src/i18n/forms/ml.ts';
import { PHONE_CASES, SCRIPTS, inScript } from '../../support/phone-cases.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { writes } from '../store-inspection.ts';

const blobs = useBlobs();

const postEnquiry = (json: unknown) => call(enquiriesFn, { path: '/api/enquiries', json });

async function stored(path: string, handler: typeof enquiriesFn) {
  const res = await call(handler, { path, token: await makeToken() });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

/** A 400 with the form's "Some fields are invalid." and `fields`, in the language of `text`. */
async function expectRefused(res: Response, text: FormText, fields: Record<string, string>) {
  expect(res.status).toBe(400);
  expect(await res.json()).toEqual({ error: text.validation.invalidFields, fields });
}

const LANGUAGES = [
  ['en', en],
  ['ml', ml],
  ['ar', ar],
] as const;

describe('POST /api/enquiries: the phone number', () => {
  it('stores each of the issue’s numbers normalised, in Western and in local digits', async () => {
    const sent: [string, string][] = [];
    for (const { input, stored: normal } of PHONE_CASES) {
      sent.push([input, normal]);
      for (const [, zero] of SCRIPTS) sent.push([inScript(input, zero), normal]);
    }
    for (const [input, normal] of sent) {
      const res = await postEnquiry(validEnquiry({ phoneNumber: input }));
      expect(res.status, input).toBe(201);
      const [newest] = await stored('/api/enquiries', enquiriesFn);
      expect(newest!['phoneNumber'], input).toBe(normal);
    }
  });

  it.each(LANGUAGES)(
    'answers 400 in %s for a bad number, and stores nothing',
    async (lang, text) => {
      for (const phoneNumber of ['98470 1234', '+91 98470 1234x', '++91 98470 12345', '٩٨٤٧٠']) {
        const res = await postEnquiry({ ...validEnquiry({ phoneNumber }), lang });
        await expectRefused(res, text, { phoneNumber: text.validation.phone });
      }
      expect(writes(blobs.ops)).toBe(0);
    },
  );
});

describe('POST /api/enquiries: the monthly bill', () => {
  it('stores a bill typed in local digits as Western digits', async () => {
    for (const bill of ['٤٥٠٠', '۴۵۰۰٫۵۰', '൪൫൦൦']) {
      const res = await postEnquiry(validEnquiry({ fullName: bill, monthlyElectricityBill: bill }));
      expect(res.status, bill).toBe(201);
    }
    const bills = (await stored('/api/enquiries', enquiriesFn)).map((item) => [
      item['fullName'],
      item['monthlyElectricityBill'],
    ]);
    expect(bills).toEqual([
      ['൪൫൦൦', '4500'],
      ['۴۵۰۰٫۵۰', '4500.50'],
      ['٤٥٠٠', '4500'],
    ]);
  });

  it.each(LANGUAGES)(
    'answers 400 in %s for a negative bill, and stores nothing',
    async (lang, text) => {
      for (const bill of ['-5', -5, '-٥']) {
        const res = await postEnquiry({ ...validEnquiry({ monthlyElectricityBill: bill }), lang });
        await expectRefused(res, text, { monthlyElectricityBill: text.validation.negativeBill });
      }
      expect(writes(blobs.ops)).toBe(0);
    },
  );
});

describe('POST /api/contact', () => {
  it('has no phone field: a phone sent with a message is not stored', async () => {
    const res = await call(contactFn, {
      path: '/api/contact',
      json: validContact({ phone: '+91 98470 12345', phoneNumber: '98470-12345' }),
    });
    expect(res.status).toBe(201);
    const [message] = await stored('/api/contact-messages', contactMessagesFn);
    expect(message).not.toHaveProperty('phone');
    expect(message).not.toHaveProperty('phoneNumber');
  });
});
