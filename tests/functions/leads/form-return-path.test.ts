/**
 * Where a no-JS form post lands (functions/_lib/submission.ts): the query of the page it came from
 * is kept, but a stale `error` or `fields` in it never is; each kind of failure has its own
 * `error`; a honeypot catch looks like any thank-you; JSON clients never get a redirect.
 */
import { describe, expect, it } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { ID_PATTERN } from '../../../functions/_lib/ids.ts';
import { BASE_URL, call, expectInvalidFields, useBlobs } from '../helpers.ts';
import { validContact } from '../samples.ts';
import { liveIds } from '../store-inspection.ts';

const blobs = useBlobs({ silenceErrors: true });

const postContact = (values: Record<string, string>, referer?: string) =>
  call(contactFn, {
    path: '/api/contact',
    form: values,
    headers: referer ? { referer } : {},
  });

const valid = validContact() as Record<string, string>;

describe('the way back to the form', () => {
  it('drops the fields of an earlier try when this one fails for another reason', async () => {
    const res = await postContact(
      { ...valid, message: 'x'.repeat(40_000) },
      `${BASE_URL}/about?error=1&fields=email&tab=2`,
    );
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/about?error=1&tab=2#contact-form');
  });

  it('replaces the fields and error of an earlier try with this one’s', async () => {
    const res = await postContact(
      { ...valid, email: 'not-an-email' },
      `${BASE_URL}/about?error=unavailable&fields=name%2Cmessage`,
    );
    expect(res.headers.get('location')).toBe('/about?error=1&fields=email#contact-form');
  });

  it('says "unavailable" when storage is down, keeping the page’s own query', async () => {
    await blobs.pointAtDeadPort();
    const res = await postContact(valid, `${BASE_URL}/services/?fields=x&page=3`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/services/?page=3&error=unavailable#contact-form');
  });

  it('says "1" for a body that is not even a form it can read', async () => {
    const res = await call(contactFn, {
      path: '/api/contact',
      body: new Uint8Array([0x61, 0x3d, 0xff]),
      headers: { 'content-type': 'application/x-www-form-urlencoded', referer: `${BASE_URL}/` },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?error=1#contact-form');
  });
});

describe('a caught bot', () => {
  it('posting the form is thanked like anyone else', async () => {
    const res = await postContact({ ...valid, website: 'http://spam.example' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/thank-you/?form=contact');
    // Held (functions/_lib/hold.ts), never a lead.
    expect(await liveIds('contact-messages')).toEqual([]);
    expect(await liveIds('held')).toHaveLength(1);
  });

  it('posting JSON gets a 201 with a fresh id and the current time, like a real one', async () => {
    const res = await call(enquiriesFn, {
      path: '/api/enquiries',
      json: { website: 'http://spam.example', emailAddress: 'bot@spam.example' },
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { _id: string; createdAt: string; acknowledged: boolean };
    expect(Object.keys(body)).toEqual(['_id', 'createdAt', 'reference', 'acknowledged']);
    // A real sender with an address is told an acknowledgement is on its way: so is the bot.
    expect(body.acknowledged).toBe(true);
    expect(body._id).toMatch(ID_PATTERN);
    expect(Math.abs(Date.parse(body.createdAt) - Date.now())).toBeLessThan(60_000);
    // Held (functions/_lib/hold.ts), never a lead.
    expect(await liveIds('enquiries')).toEqual([]);
    expect(await liveIds('held')).toHaveLength(1);
  });
});

describe('a JSON client', () => {
  it('gets its errors as JSON, never a redirect, even with a Referer', async () => {
    const invalid = await call(contactFn, {
      path: '/api/contact',
      json: validContact({ email: 'x' }),
      headers: { referer: `${BASE_URL}/about` },
    });
    await expectInvalidFields(invalid, { email: expect.any(String) as unknown });

    await blobs.pointAtDeadPort();
    const down = await call(contactFn, {
      path: '/api/contact',
      json: validContact(),
      headers: { referer: `${BASE_URL}/about` },
    });
    expect(down.status).toBe(503);
    expect(down.headers.get('location')).toBeNull();
  });

  it('gets 201 with the stored record’s id and time', async () => {
    const res = await call(contactFn, { path: '/api/contact', json: validContact() });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { _id: string; createdAt: string };
    expect(Object.keys(body)).toEqual(['_id', 'createdAt', 'reference', 'acknowledged']);
    expect(body._id).toMatch(ID_PATTERN);
  });
});
