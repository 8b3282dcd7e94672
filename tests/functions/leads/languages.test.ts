/**
 * The public forms' API in the visitor's language: the `lang` field (else `Accept-Language`,
 * else English) chooses the field errors' language and the no-JS redirects' pages, and is stored
 * with the lead; anything else in `lang` is ignored, never an error, never stored. The admin
 * lists filter by it, and the CSV and the acknowledgement carry it.
 */
import { describe, expect, it } from 'vitest';
import contactMessagesFn from '../../../functions/contact-messages.ts';
import contactFn from '../../../functions/contact.ts';
import enquiriesCsvFn from '../../../functions/enquiries-csv.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { acknowledgement, referenceOf } from '../../../functions/_lib/acknowledgement.ts';
import { leadNotification } from '../../../functions/_lib/notifications.ts';
import { ar } from '../../../src/i18n/forms/ar.ts';
import { ml } from '../../../src/i18n/forms/ml.ts';
import { ENQUIRY, MESSAGE } from '../../../src/lib/leads/index.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';

useBlobs();

const postContact = (json: unknown, headers: Record<string, string> = {}) =>
  call(contactFn, { path: '/api/contact', json, headers });
const postEnquiry = (json: unknown, headers: Record<string, string> = {}) =>
  call(enquiriesFn, { path: '/api/enquiries', json, headers });

async function messages(query = '') {
  const res = await call(contactMessagesFn, {
    path: `/api/contact-messages${query}`,
    token: await makeToken(),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

async function enquiries(query = '') {
  const res = await call(enquiriesFn, { path: `/api/enquiries${query}`, token: await makeToken() });
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>[];
}

const fieldsOf = async (res: Response) => ((await res.json()) as { fields: unknown }).fields;

describe('field errors in the form’s language', () => {
  it('answers in Arabic for lang "ar" and in Malayalam for lang "ml"', async () => {
    const bad = { email: 'nope', name: '', message: 'Hello', lang: 'ar' };
    const arabic = await postContact(bad);
    expect(arabic.status).toBe(400);
    expect(await arabic.clone().json()).toMatchObject({ error: ar.validation.invalidFields });
    expect(await fieldsOf(arabic)).toEqual({
      email: ar.validation.email,
      name: ar.validation.required,
    });
    const malayalam = await postEnquiry({ ...validEnquiry({ phoneNumber: '123' }), lang: 'ml' });
    expect(malayalam.status).toBe(400);
    expect(await fieldsOf(malayalam)).toEqual({ phoneNumber: ml.validation.phone });
  });

  it('falls back to Accept-Language, then English; the field wins over the header', async () => {
    const bad = { email: 'nope', name: 'Ravi', message: 'Hello' };
    const header = await postContact(bad, { 'accept-language': 'fr;q=0.9, ml-IN;q=0.8, en;q=0.5' });
    expect(await fieldsOf(header)).toEqual({ email: ml.validation.email });
    const english = await postContact(bad, { 'accept-language': 'fr, de' });
    expect(await fieldsOf(english)).toEqual({ email: 'Invalid email format.' });
    const field = await postContact({ ...bad, lang: 'ar' }, { 'accept-language': 'ml' });
    expect(await fieldsOf(field)).toEqual({ email: ar.validation.email });
  });

  it.each([
    ['an unknown code', 'xx'],
    ['a list', ['ar']],
    ['10 KB of text', 'a'.repeat(10_240)],
    ['an object', { ar: true }],
  ])('ignores %s in lang: answers as before, stores the fallback', async (_what, lang) => {
    const bad = await postContact({ email: 'nope', name: 'Ravi', message: 'Hi', lang });
    expect(bad.status).toBe(400);
    expect(await fieldsOf(bad)).toEqual({ email: 'Invalid email format.' });
    const good = await postContact(validContact({ lang }), { 'accept-language': 'ar' });
    expect(good.status).toBe(201);
    const [stored] = await messages();
    expect(stored!['lang']).toBe('ar');
  });
});

describe('the lead records its language', () => {
  it('stores lang with the message and the enquiry; English when nothing says otherwise', async () => {
    expect((await postContact(validContact({ lang: 'ml' }))).status).toBe(201);
    expect((await postContact(validContact({ name: 'Second' }))).status).toBe(201);
    expect((await messages()).map((item) => [item['name'], item['lang']])).toEqual([
      ['Second', 'en'],
      ['Ravi', 'ml'],
    ]);
    expect((await postEnquiry({ ...validEnquiry(), lang: 'ar' })).status).toBe(201);
    expect((await enquiries())[0]!['lang']).toBe('ar');
  });

  it('filters the admin lists by language, and refuses a language the site does not have', async () => {
    await postEnquiry({ ...validEnquiry({ fullName: 'Arabic' }), lang: 'ar' });
    await postEnquiry({ ...validEnquiry({ fullName: 'Malayalam' }), lang: 'ml' });
    await postEnquiry(validEnquiry({ fullName: 'English' }));
    await postContact(validContact({ name: 'Mal', lang: 'ml' }));
    await postContact(validContact({ name: 'Eng' }));
    expect((await enquiries('?lang=ml')).map((item) => item['fullName'])).toEqual(['Malayalam']);
    expect((await enquiries('?lang=en')).map((item) => item['fullName'])).toEqual(['English']);
    expect((await messages('?lang=ml')).map((item) => item['name'])).toEqual(['Mal']);
    const refused = await call(enquiriesFn, {
      path: '/api/enquiries?lang=xx',
      token: await makeToken(),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: 'Language must be one of: en; ml; ar.' });
  });

  it('exports the language in the CSV, after the form’s fields', async () => {
    await postEnquiry({ ...validEnquiry(), lang: 'ml' });
    const res = await call(enquiriesCsvFn, {
      path: '/api/enquiries.csv',
      token: await makeToken(),
    });
    const [header, row] = (await res.text()).replace('\uFEFF', '').trim().split('\r\n');
    expect(header!.split(',').slice(-7, -4)).toEqual(['Language', 'Status', 'Last change']);
    expect(row!.split(',').at(-7)).toBe('ml');
  });
});

describe('plain form posts (no JavaScript) in the form’s language', () => {
  const form = (values: Record<string, string>, headers: Record<string, string> = {}) =>
    call(contactFn, { path: '/api/contact', form: new URLSearchParams(values), headers });

  it('sends a Malayalam post on to /ml/thank-you/', async () => {
    const res = await form({ ...(validContact() as Record<string, string>), lang: 'ml' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/ml/thank-you/?form=contact');
    expect((await messages())[0]!['lang']).toBe('ml');
  });

  it('answers a refused post in the body’s lang, not the browser’s Accept-Language', async () => {
    const malayalamBrowser = { 'accept-language': 'ml-IN, ml;q=0.9' };
    const bad = { email: 'nope', name: 'Ravi', message: 'Hi', lang: 'ar' };
    expect((await form(bad, malayalamBrowser)).headers.get('location')).toBe(
      '/ar/?error=1&fields=email#contact-form',
    );
    // Refused after the body was read (a malformed Idempotency-Key): still the body's language.
    const keyed = await form(
      { ...(validContact() as Record<string, string>), lang: 'ar' },
      { ...malayalamBrowser, 'idempotency-key': 'not a key' },
    );
    expect(keyed.status).toBe(303);
    expect(keyed.headers.get('location')).toBe('/ar/?error=1#contact-form');
    // And the same post as JSON names the fields in Arabic.
    const json = await postContact(bad, malayalamBrowser);
    expect(await fieldsOf(json)).toEqual({ email: ar.validation.email });
  });

  it('sends a refused Arabic post back to the Arabic page (or its Referer, as before)', async () => {
    const bad = { email: 'nope', name: 'Ravi', message: 'Hi', lang: 'ar' };
    expect((await form(bad)).headers.get('location')).toBe(
      '/ar/?error=1&fields=email#contact-form',
    );
    const enquiry = await call(enquiriesFn, {
      path: '/api/enquiries',
      form: new URLSearchParams({ fullName: 'Asha', lang: 'ar' }),
    });
    expect(enquiry.headers.get('location')).toMatch(/^\/ar\/renewable-energy\?error=1&fields=/);
    const referred = await form(bad, { referer: 'http://localhost:8888/ar/about?x=1' });
    expect(referred.headers.get('location')).toBe(
      '/ar/about?x=1&error=1&fields=email#contact-form',
    );
  });

  it('follows Accept-Language when the post has no lang field', async () => {
    const res = await form(validContact() as Record<string, string>, {
      'accept-language': 'ar-AE,ar;q=0.9',
    });
    expect(res.headers.get('location')).toBe('/ar/thank-you/?form=contact');
  });
});

describe('the e-mails', () => {
  const stored = (lang: string) => ({
    ...validEnquiry({ enquiryType: 'Individual', receiveEmailUpdates: true }),
    lang,
    _id: '01JTESTENQUIRY00000000ABCD',
    createdAt: '2026-11-24T08:00:00.000Z',
  });

  it('acknowledges in English exactly as before', () => {
    const mail = acknowledgement(ENQUIRY, stored('en') as never, 'https://example.org')!;
    expect(mail.subject).toBe(
      `We have received your generator enquiry (ref. ${referenceOf(stored('en')._id)})`,
    );
    expect(mail.text).toContain('Dear Asha Menon,');
    expect(mail.text).toContain(
      'Thank you for writing to us. We have received your generator enquiry, and it is now with our team.',
    );
    expect(mail.text).toContain('Please quote it if you write to us about this generator enquiry.');
    expect(mail.text).toContain('Enquiry Type: Individual');
    expect(mail.text).toContain(
      'How we use and keep your details: https://example.org/privacy-policy',
    );
  });

  it('acknowledges in Malayalam and in Arabic: subject, greeting, next steps, copy, signature', () => {
    const malayalam = acknowledgement(ENQUIRY, stored('ml') as never, 'https://example.org')!;
    expect(malayalam.subject).toMatch(/^നിങ്ങളുടെ ജനറേറ്റർ അന്വേഷണം ഞങ്ങൾക്ക് ലഭിച്ചു \(റഫറൻസ് 0000-ABCD\)$/);
    expect(malayalam.text).toContain('പ്രിയ Asha Menon,');
    expect(malayalam.text).toContain(ENQUIRY.mail.translations!.ml!.nextSteps);
    expect(malayalam.text).toContain(
      `${ml.enquiry.labels.enquiryType}: ${ml.enquiry.options.Individual}`,
    );
    expect(malayalam.text).toContain('സ്നേഹാദരങ്ങളോടെ,');
    expect(malayalam.text).toContain('https://example.org/ml/privacy-policy');

    const arabic = acknowledgement(
      MESSAGE,
      {
        ...validContact(),
        lang: 'ar',
        _id: '01JTESTMESSAGE0000000WXYZ',
        createdAt: '2026-11-24T08:00:00.000Z',
      } as never,
      'https://example.org',
    )!;
    expect(arabic.subject).toBe('تلقّينا رسالتكم (المرجع 0000-WXYZ)');
    expect(arabic.text).toContain('عزيزي Ravi،');
    expect(arabic.text).toContain(MESSAGE.mail.translations!.ar!.nextSteps);
    // A message has no options: nothing of what was sent is quoted back.
    expect(arabic.text).not.toContain('ravi@example.com');
    expect(arabic.text).toContain('مع أطيب التحيات،');
  });

  it('tells the office the language in its own words', () => {
    const mail = leadNotification(ENQUIRY, stored('ml') as never);
    expect(mail.text).toContain('\nLanguage: Malayalam');
    expect(mail.text).toContain('Enquiry Type: Individual');
  });
});
