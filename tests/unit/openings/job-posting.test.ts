/**
 * The JobPosting JSON-LD of an opening's page (src/lib/openings/job-posting.ts) against the
 * fields schema.org and Google's job search require and read.
 */
import { describe, expect, it } from 'vitest';
import { site } from '../../../src/config/site.ts';
import {
  EMPLOYMENT_TYPES,
  REQUIRED_FIELDS,
  jobPosting,
  utcOffset,
  validThrough,
} from '../../../src/lib/openings/job-posting.ts';
import { OPENING_TYPES, type Opening } from '../../../src/lib/openings/openings.ts';
import { fixture, fixtureOpenings } from './fixtures.ts';

const ORIGIN = 'https://haritha.example';

function postingOf(opening: Opening) {
  return jobPosting({
    opening,
    descriptionHtml: `<p>${opening.summary}</p>`,
    url: `${ORIGIN}/careers/${opening.slug}`,
    origin: ORIGIN,
    site,
  });
}

describe('JobPosting', () => {
  it('carries every required field, non-empty, for every fixture opening', () => {
    for (const opening of fixtureOpenings()) {
      const posting = postingOf(opening);
      expect(posting['@context']).toBe('https://schema.org');
      expect(posting['@type']).toBe('JobPosting');
      for (const field of REQUIRED_FIELDS) {
        expect(posting[field], `${opening.locale}/${opening.slug}: ${field}`).toBeTruthy();
      }
    }
  });

  it('names the hiring organisation from the site config, and the place with its country', () => {
    const posting = postingOf(fixture('site-engineer-solar'));
    expect(posting['hiringOrganization']).toEqual({
      '@type': 'Organization',
      name: site.name,
      sameAs: `${ORIGIN}/`,
      logo: `${ORIGIN}/logo512.png`,
    });
    expect(posting['jobLocation']).toEqual({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: 'Kochi, Kerala',
        addressCountry: 'IN',
      },
    });
    expect(posting['datePosted']).toBe('2026-11-15');
    expect(posting['url']).toBe(`${ORIGIN}/careers/site-engineer-solar`);
  });

  it('is valid through the end of the closing day in Kochi, with its offset', () => {
    expect(postingOf(fixture('site-engineer-solar'))['validThrough']).toBe(
      '2027-01-15T23:59:59+05:30',
    );
    expect(utcOffset('UTC', '2027-01-15')).toBe('+00:00');
    // Daylight saving: London's offset is that of the day in question.
    expect(validThrough('2027-07-01', 'Europe/London')).toBe('2027-07-01T23:59:59+01:00');
  });

  it("maps each type to Google's employmentType", () => {
    expect(OPENING_TYPES.map((type) => EMPLOYMENT_TYPES[type])).toEqual([
      'FULL_TIME',
      'PART_TIME',
      'CONTRACTOR',
      'INTERN',
    ]);
    expect(postingOf(fixture('composting-plant-supervisor'))['employmentType']).toBe('CONTRACTOR');
    expect(postingOf(fixture('field-trainer-internship'))['employmentType']).toBe('INTERN');
  });

  it('gives the pay as a range, a single value, or not at all', () => {
    expect(postingOf(fixture('site-engineer-solar'))['baseSalary']).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'INR',
      value: { '@type': 'QuantitativeValue', minValue: 35000, maxValue: 50000, unitText: 'MONTH' },
    });
    expect(postingOf(fixture('field-trainer-internship'))['baseSalary']).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'INR',
      value: { '@type': 'QuantitativeValue', value: 8000, unitText: 'MONTH' },
    });
    expect(postingOf(fixture('composting-plant-supervisor'))).not.toHaveProperty('baseSalary');
  });

  it('survives JSON (what the page writes) unchanged', () => {
    const posting = postingOf(fixture('site-engineer-solar', 'ar'));
    expect(JSON.parse(JSON.stringify(posting))).toEqual(posting);
    expect(posting['title']).toBe('مهندس موقع (طاقة شمسية)');
  });
});
