/**
 * POST /api/pageview: a beacon's view or a wizard's step is stored once, as one raw event whose
 * key holds what is counted; bad bodies get 400 and store nothing; bots are answered and not
 * counted; Global Privacy Control is counted without a visitor key; the answer does not wait for
 * storage; the site-wide quota holds across instances and addresses.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import pageviewFn from '../../../functions/pageview.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { daySalt, forgetSalts } from '../../../functions/_lib/repositories/visits.ts';
import { eventOfKey } from '../../../functions/_lib/visits/totals.ts';
import { call, useBlobs } from '../helpers.ts';
import {
  CHROME,
  DAY,
  FIREFOX,
  GOOGLEBOT,
  T0,
  clockAt,
  coldInstance,
  sendVisit,
  storedKeys,
  viewBody,
} from './visit-kit.ts';

const blobs = useBlobs({ silenceErrors: true });

beforeEach(coldInstance);

const events = async () => (await storedKeys('e/')).map((key) => eventOfKey(key));

describe('POST /api/pageview', () => {
  it('stores a page view as one raw event with its page, language, referrer, campaign, device and country', async () => {
    const clock = clockAt(T0);
    const body = viewBody({
      path: '/ml/about/',
      lang: 'ml',
      device: 'mobile',
      ref: 'News.Example.org',
      utm: { source: 'newsletter', medium: 'email', campaign: 'spring & solar/2026' },
    });
    const res = await sendVisit(clock, body, { country: 'IN' });
    expect(res.status).toBe(202);
    const keys = await storedKeys('e/');
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^e\/2026-03-10\/0900\/[0-9A-Z]{26}\./);
    expect(eventOfKey(keys[0]!)).toEqual({
      kind: 'view',
      path: '/ml/about/',
      lang: 'ml',
      device: 'mobile',
      ref: 'news.example.org',
      source: 'newsletter',
      medium: 'email',
      campaign: 'spring & solar/2026',
      country: 'IN',
      visitor: expect.stringMatching(/^[\w-]{22}$/),
    });
    // The day's first view of that visitor key, for the lead's source.
    const visitor = eventOfKey(keys[0]!)!.visitor!;
    expect(await storedKeys('f/')).toEqual([`f/2026-03-10/${visitor}`]);
  });

  it('keeps one visitor key per address and browser for the day, another the next day', async () => {
    const clock = clockAt(T0);
    await sendVisit(clock, viewBody(), { ip: '198.51.100.1' });
    await sendVisit(clock, viewBody({ path: '/' }), { ip: '198.51.100.1' });
    await sendVisit(clock, viewBody(), { ip: '198.51.100.2' });
    await sendVisit(clock, viewBody(), { ip: '198.51.100.1', ua: FIREFOX });
    coldInstance(); // Another instance reads the same salt.
    await sendVisit(clock, viewBody(), { ip: '198.51.100.1' });
    clock.now += DAY;
    await sendVisit(clock, viewBody(), { ip: '198.51.100.1' });
    const keys = (await events()).map((event) => event!.visitor);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[0]).toBe(keys[4]);
    expect(new Set(keys.slice(0, 4)).size).toBe(3);
    expect(keys[5]).not.toBe(keys[0]);
    // Only the first view of each key that day is kept as its first.
    expect(await storedKeys('f/2026-03-10/')).toHaveLength(3);
  });

  it('gives simultaneous views of one visitor on a cold instance one key, from one salt', async () => {
    const clock = clockAt(T0);
    await Promise.all(Array.from({ length: 30 }, () => sendVisit(clock, viewBody())));
    expect(new Set((await events()).map((event) => event!.visitor)).size).toBe(1);
    expect(await storedKeys('salt/')).toHaveLength(1);
    expect(await storedKeys('f/')).toHaveLength(1);
  });

  it("has instances that make the day's salt at once agree on one", async () => {
    const made = await withRequestScope(undefined, async () => {
      const asked: Promise<string>[] = [];
      for (let instance = 0; instance < 8; instance++) {
        asked.push(daySalt('2026-03-10'));
        forgetSalts(); // The next one asks storage as another instance would.
      }
      return Promise.all(asked);
    });
    expect(new Set(made).size).toBe(1);
  });

  it('counts a wizard step without a visitor key', async () => {
    const clock = clockAt(T0);
    expect((await sendVisit(clock, { step: '3', lang: 'ar' })).status).toBe(202);
    expect((await sendVisit(clock, { step: 'sent', lang: 'en' })).status).toBe(202);
    expect(await events()).toEqual([
      { kind: 'step', step: '3', lang: 'ar' },
      { kind: 'step', step: 'sent', lang: 'en' },
    ]);
    expect(await storedKeys('f/')).toEqual([]);
  });

  it('counts a view under Global Privacy Control without a visitor key', async () => {
    await sendVisit(clockAt(T0), viewBody(), { headers: { 'sec-gpc': '1' } });
    const [event] = await events();
    expect(event).toEqual({
      kind: 'view',
      path: '/renewable-energy/',
      lang: 'en',
      device: 'desktop',
    });
    expect(await storedKeys('f/')).toEqual([]);
    expect(await storedKeys('salt/')).toEqual([]);
  });

  it('answers a known bot 202 and counts nothing', async () => {
    const res = await sendVisit(clockAt(T0), viewBody(), { ua: GOOGLEBOT });
    expect(res.status).toBe(202);
    expect(await storedKeys()).toEqual([]);
  });

  it.each([
    ['not JSON', '{"path":'],
    ['an array', '[]'],
    ['no path', { lang: 'en', device: 'desktop' }],
    ['a query string', viewBody({ path: '/about/?utm_source=x' })],
    ['a full URL', viewBody({ path: 'https://evil.example/' })],
    ['an admin page', viewBody({ path: '/admin/leads' })],
    ['the login page', viewBody({ path: '/login' })],
    ['the CMS', viewBody({ path: '/cms/' })],
    ['an unknown language', viewBody({ lang: 'fr' })],
    ['an unknown device', viewBody({ device: 'tv' })],
    ['a referrer that is a URL', viewBody({ ref: 'https://x.example/path' })],
    ['a campaign too long', viewBody({ utm: { campaign: 'x'.repeat(41) } })],
    ['an unknown field', viewBody({ ip: '1.2.3.4' })],
    ['an unknown step', { step: '5', lang: 'en' }],
    ['a path too long', viewBody({ path: `/${'a'.repeat(120)}` })],
    ['a body too large', `{"path":"/","lang":"en","device":"desktop","x":"${'y'.repeat(3000)}"}`],
  ])('refuses %s with 400 and stores nothing', async (_name, body) => {
    const res = await sendVisit(clockAt(T0), body);
    expect(res.status).toBe(400);
    expect(await storedKeys()).toEqual([]);
  });

  it('refuses a long body of percent-escapes that would make a key past the limit', async () => {
    const res = await sendVisit(
      clockAt(T0),
      viewBody({
        path: `/${'%E0%B4%85'.repeat(13)}`,
        utm: { source: 'é'.repeat(40), medium: 'ü'.repeat(40), campaign: '൦'.repeat(40) },
      }),
    );
    expect(res.status).toBe(400);
    expect(await storedKeys()).toEqual([]);
  });

  /** The function itself, as Netlify calls it: its answer, and the work it left to `waitUntil`. */
  async function postWithWaitUntil(): Promise<{ res: Response; later: Promise<unknown>[] }> {
    const later: Promise<unknown>[] = [];
    const res = await call(pageviewFn, {
      path: '/api/pageview',
      body: JSON.stringify(viewBody()),
      headers: { 'user-agent': CHROME },
      context: { waitUntil: (promise) => void later.push(promise) },
    });
    return { res, later };
  }

  it('answers 202 without waiting for storage, and stores after the answer', async () => {
    const { res, later } = await postWithWaitUntil();
    expect(res.status).toBe(202);
    expect(later).toHaveLength(1);
    await Promise.all(later);
    expect(await storedKeys('e/')).toHaveLength(1);
  });

  it('answers 202 when storage is unreachable (the view is lost and logged, not an error)', async () => {
    await blobs.pointAtDeadPort();
    const { res, later } = await postWithWaitUntil();
    expect(res.status).toBe(202);
    await Promise.all(later);
    blobs.restore();
    expect(await storedKeys()).toEqual([]);
  });

  it('takes only POST', async () => {
    const res = await call(pageviewFn, { path: '/api/pageview' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  it('loses no view at a minute boundary, where a claim of each minute is in flight', async () => {
    const before = clockAt(T0 + 59_990);
    const after = clockAt(T0 + 60_010);
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        sendVisit(i % 2 ? after : before, viewBody(), { ip: `203.0.113.${i}` }),
      ),
    );
    expect(await storedKeys('e/')).toHaveLength(60);
  });

  it('stores no more than the site-wide quota a minute, across instances and addresses', async () => {
    vi.stubEnv('PAGEVIEW_SITE_PER_MINUTE', '200');
    const clock = clockAt(T0);
    const send = (i: number) => sendVisit(clock, viewBody(), { ip: `203.0.113.${i % 250}` });
    const first = await Promise.all(Array.from({ length: 250 }, (_, i) => send(i)));
    expect(await storedKeys('e/')).toHaveLength(200);
    coldInstance(); // A second instance: the blocks already taken are not its to take.
    const second = await Promise.all(Array.from({ length: 50 }, (_, i) => send(i + 250)));
    expect([...first, ...second].every((res) => res.status === 202)).toBe(true);
    expect(await storedKeys('e/')).toHaveLength(200);
    // The next minute has its own quota.
    clock.now += 60_000;
    await send(1);
    expect(await storedKeys('e/')).toHaveLength(201);
  });
});
