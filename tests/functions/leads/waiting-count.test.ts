/**
 * X-Waiting-Count of the admin lists (GET /api/enquiries and /api/contact-messages), through the
 * handlers, against the real local Blobs server: the store's records still New a working day
 * after they came in (src/lib/working-day.ts, days on the office's calendar), whatever the search
 * and filters, counted in the same pass over the index as X-New-Count, records not indexed yet
 * included. The clock is injected (`vi.setSystemTime`): ids, and so creation times, come from it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import contactFn from '../../../functions/contact.ts';
import contactMessagesFn from '../../../functions/contact-messages.ts';
import enquiriesFn from '../../../functions/enquiries.ts';
import { indexClock } from '../../../functions/_lib/repositories/timeline.ts';
import { call, createdId, editStatus, makeToken, useBlobs } from '../helpers.ts';
import { validContact, validEnquiry } from '../samples.ts';

useBlobs();

const realIndexClock = indexClock.now;
const WEEK_MS = 7 * 86_400_000;
/**
 * Each test lives a week later than the one before: ids made in this process never go back in
 * time (functions/_lib/ids.ts), so a test's leads must come after the last test's.
 */
let week = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  week++;
});
afterEach(() => {
  vi.useRealTimers();
  indexClock.now = realIndexClock;
});

/**
 * An instant as the office's clock (Asia/Kolkata) reads it, in the test's week; 2030-01-07 is a
 * Monday.
 */
const office = (local: string) => Date.parse(`${local}+05:30`) + week * WEEK_MS;

interface Kind {
  what: string;
  list: typeof enquiriesFn;
  resource: string;
  /** Stores a lead named `name` at the clock's time; its id. */
  post: (name: string) => Promise<string>;
}

const KINDS: Kind[] = [
  {
    what: 'enquiries',
    list: enquiriesFn,
    resource: 'enquiries',
    post: async (fullName) =>
      createdId(
        await call(enquiriesFn, { path: '/api/enquiries', json: validEnquiry({ fullName }) }),
      ),
  },
  {
    what: 'contact messages',
    list: contactMessagesFn,
    resource: 'contact-messages',
    post: async (name) =>
      createdId(await call(contactFn, { path: '/api/contact', json: validContact({ name }) })),
  },
];

/** Stores a lead at the office time `local`. */
async function postAt(kind: Kind, local: string, name: string): Promise<string> {
  vi.setSystemTime(office(local));
  return kind.post(name);
}

/** The list's counts at the office time `local`, for the query. */
async function countsAt(kind: Kind, local: string, query = '') {
  vi.setSystemTime(office(local));
  const res = await call(kind.list, {
    path: `/api/${kind.resource}?${query}`,
    token: await makeToken(),
  });
  expect(res.status, query).toBe(200);
  return {
    total: Number(res.headers.get('x-total-count')),
    newCount: Number(res.headers.get('x-new-count')),
    waiting: res.headers.get('x-waiting-count'),
    pending: Number(res.headers.get('x-index-pending')),
  };
}

describe.each(KINDS)('X-Waiting-Count of $what', (kind) => {
  it('counts the New ones older than a working day, over the weekend, whatever the query', async () => {
    await postAt(kind, '2030-01-03T15:00:00', 'Thursday New'); // Waiting on Monday.
    const handled = await postAt(kind, '2030-01-03T16:00:00', 'Thursday Contacted');
    await postAt(kind, '2030-01-04T09:59:59', 'Friday Early'); // Waiting on Monday.
    await postAt(kind, '2030-01-04T10:00:01', 'Friday Late');
    await postAt(kind, '2030-01-06T12:00:00', 'Sunday Lead');
    await postAt(kind, '2030-01-07T09:00:00', 'Monday Lead');
    vi.setSystemTime(office('2030-01-07T09:30:00'));
    const token = await makeToken();
    const edited = await editStatus(kind.list, kind.resource, handled, {
      status: 'Contacted',
      version: 1,
      token,
    });
    expect(edited.status).toBe(200);

    // Monday 10:00: the cut-off is Friday 10:00, so the weekend's and today's leads are not
    // waiting yet, nor is the one that is no longer New.
    const monday = '2030-01-07T10:00:00';
    for (const query of [
      '',
      'q=friday%20late',
      'status=Contacted',
      'status=Won',
      'q=nobody-at-all&pageSize=1&page=3',
    ]) {
      const counts = await countsAt(kind, monday, query);
      expect(counts.waiting, query).toBe('2');
      expect(counts.newCount, query).toBe(5);
    }
    expect((await countsAt(kind, monday, 'status=Contacted')).total).toBe(1);

    // Tuesday 10:00:02: everything New from before Monday 10:00:02 is waiting.
    expect((await countsAt(kind, '2030-01-08T10:00:02')).waiting).toBe('5');
  });

  it('counts records not indexed yet by the time their id carries', async () => {
    await postAt(kind, '2030-01-02T11:00:00', 'Wednesday Lead');
    await postAt(kind, '2030-01-07T09:00:00', 'Monday Lead');
    // No record can be read for the index in time (the read budget's clock runs out at once).
    let t = 0;
    indexClock.now = () => (t += 1e9);
    const counts = await countsAt(kind, '2030-01-07T10:00:00');
    expect(counts.pending).toBe(2);
    expect(counts.newCount).toBe(2);
    expect(counts.waiting).toBe('1');
  });
});
