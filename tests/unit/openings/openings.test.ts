/**
 * Which openings are open on a day, in what order the careers page lists them, and how their
 * dates and pay read (src/lib/openings/openings.ts), with the fixture openings.
 */
import { describe, expect, it } from 'vitest';
import {
  checkSlug,
  closedOn,
  contentDay,
  dayIn,
  formatDay,
  formatSalary,
  isOpen,
  openOn,
  openingPath,
} from '../../../src/lib/openings/openings.ts';
import { fixture, fixtureOpenings } from './fixtures.ts';

const KOCHI = 'Asia/Kolkata';

describe('the day an opening is judged on', () => {
  it("is the office's calendar day, not the build machine's (UTC+05:30)", () => {
    expect(dayIn(KOCHI, new Date('2026-03-31T18:29:59Z'))).toBe('2026-03-31');
    expect(dayIn(KOCHI, new Date('2026-03-31T18:30:00Z'))).toBe('2026-04-01');
    expect(dayIn('UTC', new Date('2026-03-31T18:30:00Z'))).toBe('2026-03-31');
  });

  it('reads a content date written with or without quotes (YAML makes the bare one a Date)', () => {
    expect(contentDay(new Date('2026-03-31T00:00:00Z'))).toBe('2026-03-31');
    expect(contentDay('2026-03-31')).toBe('2026-03-31');
    expect(() => contentDay('31/03/2026')).toThrow(/YYYY-MM-DD/);
    expect(() => contentDay('2026-13-45')).toThrow(/not a date/);
  });
});

describe('open and closed openings', () => {
  it('takes applications through the closing day, not the day after', () => {
    const opening = { closes: '2026-12-20' };
    expect(isOpen(opening, '2026-12-19')).toBe(true);
    expect(isOpen(opening, '2026-12-20')).toBe(true);
    expect(isOpen(opening, '2026-12-21')).toBe(false);
  });

  it('lists the open ones of a language, soonest closing first', () => {
    const english = fixtureOpenings().filter((o) => o.locale === 'en');
    expect(openOn(english, '2026-11-29').map((o) => o.slug)).toEqual([
      'composting-plant-supervisor', // closes 2026-12-20
      'site-engineer-solar', // closes 2027-01-15
    ]);
    expect(openOn(english, '2026-12-21').map((o) => o.slug)).toEqual(['site-engineer-solar']);
    expect(openOn(english, '2027-01-16')).toEqual([]);
  });

  it('orders openings closing the same day by title', () => {
    const same = [
      { title: 'B', closes: '2027-01-01' },
      { title: 'A', closes: '2027-01-01' },
    ];
    expect(openOn(same, '2026-12-01').map((o) => o.title)).toEqual(['A', 'B']);
  });

  it('retires every language of a closed opening, and only the closed ones', () => {
    const closed = closedOn(fixtureOpenings(), '2026-11-29').map((o) => `${o.locale}/${o.slug}`);
    expect(closed.sort()).toEqual(['ar/field-trainer-internship', 'en/field-trainer-internship']);
  });
});

describe('addresses', () => {
  it('puts an opening at /careers/<slug> in English and under the language prefix otherwise', () => {
    expect(openingPath(fixture('site-engineer-solar'))).toBe('/careers/site-engineer-solar');
    expect(openingPath(fixture('site-engineer-solar', 'ml'))).toBe(
      '/ml/careers/site-engineer-solar',
    );
  });

  it('refuses an opening named like the "no longer open" page', () => {
    expect(() => checkSlug('closed')).toThrow(/rename the file/);
    expect(() => checkSlug('site-engineer-solar')).not.toThrow();
  });
});

describe('how dates and pay read', () => {
  it('writes the closing day in the page language', () => {
    expect(formatDay('2027-01-15', 'en-IN')).toBe('15 January 2027');
    expect(formatDay('2027-01-15', 'ml-IN')).toMatch(/2027/);
  });

  it('writes a range, or a single figure, in its currency', () => {
    const range = formatSalary({ min: 35000, max: 50000, currency: 'INR', per: 'month' }, 'en-IN');
    expect(range).toMatch(/35,000/);
    expect(range).toMatch(/50,000/);
    expect(range).toContain('₹');
    expect(formatSalary({ min: 8000, currency: 'INR', per: 'month' }, 'en-IN')).toBe('₹8,000');
  });
});
