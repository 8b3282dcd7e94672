/**
 * Job openings (content/openings/<lang>/<slug>.mdx) as the careers pages read them, apart from
 * Astro so the rules are unit-tested with fixture openings: which are open on a day, in which
 * order they are listed, and where a past one's address goes. An opening is open through its
 * closing date in the office's time zone (src/config/site.ts `timeZone`): a Kochi editor's
 * "closes 31 March" means the end of that day in Kochi, whatever the build machine's clock says.
 * The pages are built, so "today" is the build's day; a daily rebuild (functions/careers-rebuild.ts)
 * takes closed openings down.
 */
import { DEFAULT_LOCALE, localePath, type Locale } from '../../i18n/locales.ts';

/** The kinds of employment an opening offers, as the content names them. */
export const OPENING_TYPES = ['full-time', 'part-time', 'contract', 'internship'] as const;
export type OpeningType = (typeof OPENING_TYPES)[number];

/** How often a salary figure is paid (schema.org `unitText`, lower case in content). */
export const SALARY_PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

export interface SalaryRange {
  min: number;
  /** Left out for a single figure. */
  max?: number | undefined;
  /** ISO 4217, e.g. INR. */
  currency: string;
  per: SalaryPeriod;
}

/** One opening in one language: its content entry's data, with dates as `YYYY-MM-DD`. */
export interface Opening {
  /** The file's name without extension: the same in every language. */
  slug: string;
  locale: Locale;
  title: string;
  /** Where the work is, as shown, e.g. "Kochi, Kerala". */
  location: string;
  /** ISO 3166-1 alpha-2 code of the country the work is in. */
  country: string;
  type: OpeningType;
  summary: string;
  /** The day it was first published. */
  posted: string;
  /** The last day applications are taken. */
  closes: string;
  salary?: SalaryRange | undefined;
}

/** A calendar day as `YYYY-MM-DD` in `timeZone` at `now`. */
export function dayIn(timeZone: string, now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/**
 * A content date as `YYYY-MM-DD`: YAML reads an unquoted `2026-03-31` as a Date at UTC midnight,
 * a quoted one stays a string; both mean that calendar day.
 */
export function contentDay(value: Date | string): string {
  const day = typeof value === 'string' ? value : value.toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(day))) {
    throw new Error(`not a date: ${String(value)} (write it as YYYY-MM-DD)`);
  }
  return day;
}

/** Open on `today` (`YYYY-MM-DD`): applications are taken through the closing day. */
export function isOpen(opening: Pick<Opening, 'closes'>, today: string): boolean {
  return opening.closes >= today;
}

/** The openings open on `today`, soonest closing first (then by title), as the lists show them. */
export function openOn<O extends Pick<Opening, 'closes' | 'title'>>(
  openings: readonly O[],
  today: string,
): O[] {
  return openings
    .filter((opening) => isOpen(opening, today))
    .sort((a, b) => a.closes.localeCompare(b.closes) || a.title.localeCompare(b.title));
}

/** The openings closed before `today`: their pages are not built, their addresses answer 410. */
export function closedOn<O extends Pick<Opening, 'closes'>>(
  openings: readonly O[],
  today: string,
): O[] {
  return openings.filter((opening) => !isOpen(opening, today));
}

/** An opening's address in its language: /careers/<slug>, /ml/careers/<slug>. */
export function openingPath(opening: Pick<Opening, 'slug' | 'locale'>): string {
  return localePath(opening.locale, `/careers/${opening.slug}`);
}

/** The "no longer open" page a closed opening's address shows, in `locale`. */
export function closedPagePath(locale: Locale): string {
  return localePath(locale, '/careers/closed');
}

/** The slug the "no longer open" page takes: no opening may be named so. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set(['closed']);

/** Refuses an opening whose file name would take the "no longer open" page's address. */
export function checkSlug(slug: string): void {
  if (RESERVED_SLUGS.has(slug)) {
    throw new Error(
      `content/openings/*/${slug}.mdx: "${slug}" is the address of the "no longer open" page; rename the file`,
    );
  }
}

/** The careers page of `locale`, which a closed opening's page links to. */
export function careersPath(locale: Locale = DEFAULT_LOCALE): string {
  return localePath(locale, '/careers');
}

/**
 * A salary range for people: "₹25,000 – ₹35,000" in the page's language (`tag`, a BCP 47 tag);
 * the period is the page's label's business.
 */
export function formatSalary(salary: SalaryRange, tag: string): string {
  const money = new Intl.NumberFormat(tag, {
    style: 'currency',
    currency: salary.currency,
    maximumFractionDigits: 0,
  });
  return salary.max === undefined || salary.max === salary.min
    ? money.format(salary.min)
    : money.formatRange(salary.min, salary.max);
}

/** A `YYYY-MM-DD` day written out in the page's language, e.g. "31 March 2026". */
export function formatDay(day: string, tag: string): string {
  return new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
}
