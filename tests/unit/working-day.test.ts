/**
 * `waitingSince`: the same clock time one working day earlier, Saturdays and Sundays skipped,
 * days taken on the office's calendar (Asia/Kolkata, UTC+05:30), not the server's or UTC's.
 */
import { describe, expect, it } from 'vitest';
import { site } from '../../src/config/site.ts';
import { waitingSince } from '../../src/lib/working-day.ts';

/** An instant given as the office's clock reads it (2030-01-07 is a Monday). */
const office = (local: string) => Date.parse(`${local}+05:30`);

describe('waitingSince', () => {
  it('takes working days in the office’s time zone, as the site config names it', () => {
    expect(site.timeZone).toBe('Asia/Kolkata');
  });

  it('is the same time the day before, from Tuesday to Friday', () => {
    expect(waitingSince(office('2030-01-08T10:00:00'))).toBe(office('2030-01-07T10:00:00'));
    expect(waitingSince(office('2030-01-09T17:45:30.250'))).toBe(office('2030-01-08T17:45:30.250'));
    expect(waitingSince(office('2030-01-11T09:00:00'))).toBe(office('2030-01-10T09:00:00'));
  });

  it('is the Friday before on a Monday', () => {
    expect(waitingSince(office('2030-01-07T10:00:00'))).toBe(office('2030-01-04T10:00:00'));
  });

  it('is the Friday before, at the same time, on a Saturday or a Sunday', () => {
    expect(waitingSince(office('2030-01-05T10:00:00'))).toBe(office('2030-01-04T10:00:00'));
    expect(waitingSince(office('2030-01-06T10:00:00'))).toBe(office('2030-01-04T10:00:00'));
    expect(waitingSince(office('2030-01-06T23:59:59'))).toBe(office('2030-01-04T23:59:59'));
  });

  it('goes by the office’s day around midnight, where UTC still has the day before', () => {
    // Monday 00:30 in Kochi is Sunday 19:00 UTC: a Monday, so the cut-off is Friday 00:30.
    expect(new Date(office('2030-01-07T00:30:00')).toISOString()).toBe('2030-01-06T19:00:00.000Z');
    expect(waitingSince(office('2030-01-07T00:30:00'))).toBe(Date.parse('2030-01-03T19:00:00Z'));
    // Tuesday 00:30 is Monday 19:00 UTC: one day back is Monday 00:30 in Kochi, a working day,
    // though UTC calls that instant Sunday.
    expect(waitingSince(office('2030-01-08T00:30:00'))).toBe(Date.parse('2030-01-06T19:00:00Z'));
    // Saturday 00:30 is Friday 19:00 UTC: a Saturday in Kochi, so Friday 00:30 there.
    expect(waitingSince(office('2030-01-05T00:30:00'))).toBe(office('2030-01-04T00:30:00'));
    // Friday 23:59 is Friday 18:29 UTC: Thursday 23:59.
    expect(waitingSince(office('2030-01-04T23:59:00'))).toBe(office('2030-01-03T23:59:00'));
  });

  it('keeps the clock time across a change to summer time in a zone that has one', () => {
    // London moved to BST on Sunday 31 March 2030: Monday 10:00 BST → Friday 10:00 GMT.
    expect(waitingSince(Date.parse('2030-04-01T09:00:00Z'), 'Europe/London')).toBe(
      Date.parse('2030-03-29T10:00:00Z'),
    );
  });
});
