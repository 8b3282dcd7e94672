/**
 * The schema.org `JobPosting` of an opening's page: the fields Google's job search reads
 * (https://developers.google.com/search/docs/appearance/structured-data/job-posting): required
 * `title`, `description` (HTML), `datePosted`, `hiringOrganization`, `jobLocation`; and
 * `validThrough`, `employmentType`, `baseSalary`, `identifier`. The page writes it with the
 * other JSON-LD (src/components/sections/Head.astro), a data block the CSP does not run.
 */
import type { SiteConfig } from '../../config/site.ts';
import type { Opening, OpeningType } from './openings.ts';

/** schema.org's `employmentType` values for the content's types. */
export const EMPLOYMENT_TYPES: Readonly<Record<OpeningType, string>> = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  internship: 'INTERN',
};

/** The fields schema.org and Google require of a JobPosting (checked by the tests). */
export const REQUIRED_FIELDS = [
  'title',
  'description',
  'datePosted',
  'hiringOrganization',
  'jobLocation',
] as const;

/**
 * The UTC offset of `timeZone` on `day` as `+05:30`, for a time that names its zone: Google
 * reads `validThrough` without an offset as UTC.
 */
export function utcOffset(timeZone: string, day: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(new Date(`${day}T12:00:00Z`))
    .find((part) => part.type === 'timeZoneName')?.value;
  const offset = name?.replace(/^GMT/, '') ?? '';
  return offset === '' ? '+00:00' : offset;
}

/** The last moment applications are taken: the end of the closing day in the office's zone. */
export function validThrough(closes: string, timeZone: string): string {
  return `${closes}T23:59:59${utcOffset(timeZone, closes)}`;
}

export interface JobPostingInput {
  opening: Opening;
  /** The opening's description as HTML (its summary and body). */
  descriptionHtml: string;
  /** The opening page's absolute address. */
  url: string;
  /** The site's origin, for the organisation's address and logo. */
  origin: string;
  site: Pick<SiteConfig, 'name' | 'timeZone'>;
}

export function jobPosting(input: JobPostingInput): Record<string, unknown> {
  const { opening, descriptionHtml, url, origin, site } = input;
  const home = new URL('/', origin).href;
  const { salary } = opening;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: opening.title,
    description: descriptionHtml,
    identifier: { '@type': 'PropertyValue', name: site.name, value: opening.slug },
    datePosted: opening.posted,
    validThrough: validThrough(opening.closes, site.timeZone),
    employmentType: EMPLOYMENT_TYPES[opening.type],
    hiringOrganization: {
      '@type': 'Organization',
      name: site.name,
      sameAs: home,
      logo: new URL('/logo512.png', home).href,
    },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: opening.location,
        addressCountry: opening.country,
      },
    },
    url,
    ...(salary && {
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: salary.currency,
        value: {
          '@type': 'QuantitativeValue',
          ...(salary.max === undefined || salary.max === salary.min
            ? { value: salary.min }
            : { minValue: salary.min, maxValue: salary.max }),
          unitText: salary.per.toUpperCase(),
        },
      },
    }),
  };
}
