/**
 * Without JavaScript the contact and enquiry forms post `application/x-www-form-urlencoded`;
 * the answer is a 303 to the thank-you page, or back to the form with `?error=…`.
 */
import { describe, expect, it, vi } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import { endpoint, HttpError } from '../../../functions/_lib/http.ts';
import { publicSubmission } from '../../../functions/_lib/submission.ts';
import { ContactMessageSchema } from '../../../src/lib/schemas/index.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { BASE_URL, call, makeToken, silenceErrors, useBlobs } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { writes, liveIds } from '../store-inspection.ts';

const blobs = useBlobs();

function formOf(values: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
  }
  return form;
}

const postEnquiry = (values: Record<string, unknown>, referer?: string) =>
  call(enquiriesFn, {
    path: '/api/enquiries',
    form: formOf(values),
    headers: referer ? { referer } : {},
  });

async function storedEnquiries() {
  const res = await call(enquiriesFn, { path: '/api/enquiries', token: await makeToken() });
  return (await res.json()) as Record<string, unknown>[];
}

describe('enquiry form post', () => {
  it('stores the enquiry and redirects (303) to the thank-you page', async () => {
    const res = await postEnquiry(validEnquiry());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/thank-you/?form=enquiry');
    expect(await storedEnquiries()).toHaveLength(1);
  });

  it('reads repeated institutionType keys as a list, and a single one as a list of one', async () => {
    const institution = {
      enquiryType: 'Institution / Business / Government',
      institutionName: 'St. Mary’s School',
      institutionTypeOther: 'Trust',
    };
    await postEnquiry(validEnquiry({ ...institution, institutionType: ['Educational', 'Others'] }));
    await postEnquiry(
      validEnquiry({ ...institution, institutionType: ['Healthcare'], institutionTypeOther: '' }),
    );
    const [single, repeated] = await storedEnquiries();
    expect(repeated).toMatchObject({
      institutionType: ['Educational', 'Others'],
      institutionTypeOther: 'Trust',
    });
    expect(single).toMatchObject({ institutionType: ['Healthcare'], institutionTypeOther: '' });
  });

  it('sends invalid input back to the page it came from, with error=1 and the invalid fields', async () => {
    const res = await postEnquiry(
      validEnquiry({ phoneNumber: '12', preferredTimeline: '' }),
      `${BASE_URL}/renewable-energy?utm=x`,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      '/renewable-energy?utm=x&error=1&fields=phoneNumber%2CpreferredTimeline#enquiry',
    );
    expect(writes(blobs.ops)).toBe(0);
  });

  it('ignores a Referer from another site and uses the form’s own page', async () => {
    const res = await postEnquiry({}, 'https://evil.example/phish');
    expect(res.headers.get('location')).toMatch(
      /^\/renewable-energy\?error=1&fields=[^#]+#enquiry$/,
    );
    const noReferer = await postEnquiry({});
    expect(noReferer.headers.get('location')).toMatch(/^\/renewable-energy\?error=1&/);
    const junk = await postEnquiry({}, 'not a url');
    expect(junk.headers.get('location')).toMatch(/^\/renewable-energy\?error=1&/);
  });

  it('sends an oversized form back with error=1', async () => {
    const res = await postEnquiry(validEnquiry({ additionalComments: 'x'.repeat(40_000) }));
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/renewable-energy?error=1#enquiry');
  });

  it('thanks a bot that filled the honeypot and holds it (no lead)', async () => {
    const res = await postEnquiry(validEnquiry({ website: 'http://spam.example' }));
    expect(res.headers.get('location')).toBe('/thank-you/?form=enquiry');
    expect(await liveIds('enquiries')).toEqual([]);
    expect(await liveIds('held')).toHaveLength(1);
  });

  describe('when storage is down', () => {
    silenceErrors();

    it('sends the visitor back with error=unavailable', async () => {
      await blobs.pointAtDeadPort();
      const res = await postEnquiry(validEnquiry(), `${BASE_URL}/renewable-energy`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/renewable-energy?error=unavailable#enquiry');
    });
  });
});

describe('contact form post', () => {
  it('stores the message and redirects to the thank-you page', async () => {
    const res = await call(contactFn, { path: '/api/contact', form: formOf(validContact()) });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/thank-you/?form=contact');
    expect(await liveIds('contact-messages')).toHaveLength(1);
  });

  it('sends invalid input back to the footer form of the page it came from', async () => {
    const res = await call(contactFn, {
      path: '/api/contact',
      form: formOf({ email: 'x', name: 'N', message: 'M' }),
      headers: { referer: `${BASE_URL}/about` },
    });
    expect(res.headers.get('location')).toBe('/about?error=1&fields=email#contact-form');
    const home = await call(contactFn, { path: '/api/contact', form: formOf({}) });
    expect(home.headers.get('location')).toBe(
      '/?error=1&fields=email%2Cname%2Cmessage#contact-form',
    );
  });
});

describe('the way back to the form never leaves the site', () => {
  // Same-origin Referers whose path a browser (or a decoding proxy) would read as another host.
  // (CR, LF and NUL cannot reach a handler: Headers refuse them in a value.)
  const hostile = [
    `${BASE_URL}//evil.example/x`,
    `${BASE_URL}///evil.example/x`,
    `${BASE_URL}/\\evil.example`,
    `${BASE_URL}/\\/evil.example`,
    `${BASE_URL}/./\\evil.example`,
    `${BASE_URL}/a/..//evil.example`,
    `${BASE_URL}\\\\evil.example`,
    `${BASE_URL}/\t/evil.example/x`,
    `${BASE_URL}/\t\\evil.example`,
    `${BASE_URL}/%2F%2Fevil.example/x`,
    `${BASE_URL}/%2f/evil.example`,
    `${BASE_URL}/%5Cevil.example`,
    `${BASE_URL}/%5c%5cevil.example`,
  ];

  it.each(hostile)('answers %j with the form’s own page', async (referer) => {
    const res = await call(contactFn, {
      path: '/api/contact',
      form: formOf({ email: 'x', name: 'N', message: 'M' }),
      headers: { referer },
    });
    expect(res.status).toBe(303);
    const location = res.headers.get('location') ?? '';
    expect(location).toBe('/?error=1&fields=email#contact-form');
    expect(location).toMatch(/^\/(?![/\\])/);
    expect(location).not.toMatch(/[\\\s\u0000-\u001f\u007f]/);
    expect(new URL(location, BASE_URL).origin).toBe(BASE_URL);
    expect(writes(blobs.ops)).toBe(0);
  });

  it('still keeps an ordinary same-origin path and query', async () => {
    const res = await call(contactFn, {
      path: '/api/contact',
      form: formOf({ email: 'x', name: 'N', message: 'M' }),
      headers: { referer: `${BASE_URL}/services/eia/?tab=2%2F3` },
    });
    expect(res.headers.get('location')).toBe(
      '/services/eia/?tab=2%2F3&error=1&fields=email#contact-form',
    );
  });
});

describe('a form post that fails on the server', () => {
  const failing = (error: unknown) =>
    endpoint(
      publicSubmission({
        schema: ContactMessageSchema,
        store: 'contact-messages',
        save: () => Promise.reject(error),
        notification: () => ({ subject: '', text: '' }) as never,
        form: { name: 'contact', page: '/about', anchor: 'contact' },
      }),
    );
  const postForm = (handler: ReturnType<typeof failing>) =>
    call(handler, {
      path: '/api/contact',
      form: validContact() as Record<string, string>,
      headers: { referer: `${BASE_URL}/about` },
    });

  it('goes back to the form for a client error, but passes a server error on as it is', async () => {
    const refused = await postForm(failing(new HttpError(409, 'Conflict.')));
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/about?error=1#contact');
    for (const status of [500, 503]) {
      const res = await postForm(failing(new HttpError(status, 'Not now.')));
      expect(res.status, String(status)).toBe(status);
      expect(await res.json()).toEqual({ error: 'Not now.' });
    }
  });

  it('answers an unexpected error 500 with a generic message, not a way back that hides it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const res = await postForm(failing(new TypeError('secret internals at /srv/app.ts:12')));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Internal error.' });
    expect(logged).toHaveBeenCalled();
  });
});
