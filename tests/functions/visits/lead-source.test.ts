/**
 * Every lead knows its source: a lead sent by the visitor whose first page view of the day is
 * kept records that view's landing page, referrer host and campaign, and the page the form was
 * sent from; another visitor's lead, or one under Global Privacy Control, records none.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import contactMessagesFn from '../../../functions/contact-messages.ts';
import contactFn from '../../../functions/contact.ts';
import enquiriesCsvFn from '../../../functions/enquiries-csv.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { call, makeToken, useBlobs } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';
import { CHROME, FIREFOX, clockAt, coldInstance, sendVisit, viewBody } from './visit-kit.ts';

useBlobs();
beforeEach(coldInstance);

const IP = '198.51.100.20';

function postLead(ip: string, ua: string, headers: Record<string, string> = {}) {
  return call(contactFn, {
    path: '/api/contact',
    json: validContact(),
    ip,
    headers: { 'user-agent': ua, ...headers },
  });
}

async function storedSource(): Promise<unknown> {
  const res = await call(contactMessagesFn, {
    path: '/api/contact-messages',
    token: await makeToken(),
  });
  const [lead] = (await res.json()) as Record<string, unknown>[];
  return lead?.['source'];
}

async function firstViewNow(headers: Record<string, string> = {}): Promise<void> {
  // Views are kept under today's visitor key: the lead below is sent now too.
  const clock = clockAt(Date.now());
  const body = viewBody({
    path: '/renewable-energy/',
    ref: 'www.google.com',
    utm: { source: 'newsletter', campaign: 'spring-solar' },
  });
  expect((await sendVisit(clock, body, { ip: IP, ua: CHROME, headers })).status).toBe(202);
  // A later view of the same visitor is not the first.
  expect(
    (await sendVisit(clock, viewBody({ path: '/contact/' }), { ip: IP, ua: CHROME })).status,
  ).toBe(202);
}

describe('lead source', () => {
  it('a lead from the visitor of a kept view gets its landing, referrer, campaign and page', async () => {
    await firstViewNow();
    const res = await postLead(IP, CHROME, { referer: 'http://localhost:8888/contact/?x=1' });
    expect(res.status).toBe(201);
    expect(await storedSource()).toEqual({
      landing: '/renewable-energy/',
      referrer: 'www.google.com',
      campaign: 'spring-solar',
      page: '/contact/',
    });
  });

  it('a lead from another visitor (address or browser) gets none', async () => {
    await firstViewNow();
    expect((await postLead('203.0.113.9', CHROME)).status).toBe(201);
    expect(await storedSource()).toBeUndefined();
  });

  it('another browser at the same address gets none; a Referer elsewhere is not a page', async () => {
    await firstViewNow();
    expect((await postLead(IP, FIREFOX, { referer: 'https://evil.example/contact/' })).status).toBe(
      201,
    );
    expect(await storedSource()).toBeUndefined();
  });

  it('a keyed retry from another page is the same submission (its first source stays)', async () => {
    await firstViewNow();
    const send = (referer: string) =>
      postLead(IP, CHROME, { referer, 'idempotency-key': 'retry-key-0123456789' });
    const first = await send('http://localhost:8888/contact/');
    expect(first.status).toBe(201);
    const retry = await send('http://localhost:8888/about/');
    expect(retry.status).toBe(201);
    expect(((await retry.json()) as { _id: string })._id).toBe(
      ((await first.json()) as { _id: string })._id,
    );
    expect(await storedSource()).toMatchObject({ page: '/contact/' });
  });

  it('views under Global Privacy Control (no visitor key) give none', async () => {
    await firstViewNow({ 'sec-gpc': '1' });
    expect((await postLead(IP, CHROME, { 'sec-gpc': '1' })).status).toBe(201);
    expect(await storedSource()).toBeUndefined();
  });
});

describe('lead source in the CSV export', () => {
  it('ends each row with the landing page, referrer, campaign and page sent from', async () => {
    await firstViewNow();
    const sent = await call(enquiriesFn, {
      path: '/api/enquiries',
      json: validEnquiry(),
      ip: IP,
      headers: { 'user-agent': CHROME, referer: 'http://localhost:8888/contact/' },
    });
    expect(sent.status).toBe(201);
    const res = await call(enquiriesCsvFn, {
      path: '/api/enquiries.csv',
      token: await makeToken(),
    });
    const [header, row] = (await res.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(header!.split(',').slice(-4)).toEqual([
      'Landing page',
      'Referrer',
      'Campaign',
      'Sent from',
    ]);
    expect(row!.split(',').slice(-4)).toEqual([
      '/renewable-energy/',
      'www.google.com',
      'spring-solar',
      '/contact/',
    ]);
  });
});

describe('lead source in the admin search', () => {
  it('finds a lead by its landing page, referrer or campaign', async () => {
    await firstViewNow();
    expect((await postLead(IP, CHROME)).status).toBe(201);
    const found = async (q: string) => {
      const res = await call(contactMessagesFn, {
        path: `/api/contact-messages?q=${encodeURIComponent(q)}`,
        token: await makeToken(),
      });
      return res.headers.get('x-total-count');
    };
    expect(await found('spring-solar')).toBe('1');
    expect(await found('google')).toBe('1');
    expect(await found('renewable-energy')).toBe('1');
    expect(await found('autumn-wind')).toBe('0');
  });
});
