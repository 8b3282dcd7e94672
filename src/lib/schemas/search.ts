/**
 * Search and filters of the admin lists: the query parameters, their rules and messages, and the
 * one text match the server applies. The admin islands build their URLs and filter controls from
 * the same lists, so a value the UI offers is a value the API accepts.
 *
 *   GET /api/enquiries?q=&status=&type=&capacity=&timeline=&lang=&page=&pageSize=
 *   GET /api/contact-messages?q=&status=&lang=&page=&pageSize=
 *
 * `q` matches, case- and accent-insensitively and in part, the fields a `SearchSpec` names (for
 * enquiries: name, e-mail, phone, institution name, city); every word of it must be found in one
 * of them ("asha kochi" finds Asha in Kochi); invisible characters count on neither side. A query
 * that is only a phone number ("+91 98470 12345", "98470-12") is compared by its digits: found
 * within the stored number's, or, from seven digits on, as the same number written with or without
 * its country code, international prefix or trunk zero ("+91 98470 12345", "0091 98470 12345" and
 * "098470 12345" all find "9847012345"). Filters are exact values of their lists; an empty
 * parameter means "any".
 */
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, tooLongMessage } from './fields.ts';
import { ENQUIRY_TYPES, GENERATOR_CAPACITIES, PREFERRED_TIMELINES } from './enquiry.ts';
import { APPLICATION_STATUSES, STATUSES, statusMessage, type StatusList } from './follow-up.ts';
import { LOCALES, type Locale } from '../../i18n/locales.ts';

/** Characters of `q`, counted after trimming. */
export const SEARCH_MAX_LENGTH = 100;

/**
 * Default-ignorable code points other than the bidirectional embeddings, overrides and isolates:
 * the direction marks U+200E, U+200F and U+061C go too (search folds them away anyway).
 */
const PASTED_INVISIBLE = /(?![\u202a-\u202e\u2066-\u2069])\p{Default_Ignorable_Code_Point}/gu;

export interface FilterSpec {
  /** The label the admin's control shows. */
  label: string;
  values: readonly string[];
  /** What the control shows for a value, where not the value itself. */
  names?: Readonly<Record<string, string>>;
  /** Said when the parameter holds anything else. */
  message: string;
}

export interface SearchSpec {
  /** Summary fields `q` looks in. */
  text: readonly string[];
  /** The summary field holding a phone number, compared by digits. */
  phone?: string;
  /** Filter parameters; each is also the summary field it compares. */
  filters: Readonly<Record<string, FilterSpec>>;
}

const oneOf = (label: string, values: readonly string[]) =>
  `${label} must be one of: ${values.join('; ')}.`;

/** The status filter of a kind with these statuses. */
export function statusFilter(statuses: StatusList): FilterSpec {
  return { label: 'Status', values: statuses, message: statusMessage(statuses) };
}

export const STATUS_FILTER: FilterSpec = statusFilter(STATUSES);

/** The site's languages as the office reads them, in English. */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: 'English',
  ml: 'Malayalam',
  ar: 'Arabic',
} satisfies Record<Locale, string>;

/** The language a lead was sent in (records stored before languages existed read as English). */
export const LANGUAGE_FILTER: FilterSpec = {
  label: 'Language',
  values: LOCALES,
  names: LANGUAGE_NAMES,
  message: oneOf('Language', LOCALES),
};

export const ENQUIRY_SEARCH = {
  text: ['name', 'email', 'phone', 'institution', 'city'],
  phone: 'phone',
  filters: {
    status: STATUS_FILTER,
    type: {
      label: 'Enquiry type',
      values: ENQUIRY_TYPES,
      message: oneOf('Enquiry type', ENQUIRY_TYPES),
    },
    capacity: {
      label: 'Capacity',
      values: GENERATOR_CAPACITIES,
      message: oneOf('Capacity', GENERATOR_CAPACITIES),
    },
    timeline: {
      label: 'Timeline',
      values: PREFERRED_TIMELINES,
      message: oneOf('Timeline', PREFERRED_TIMELINES),
    },
    lang: LANGUAGE_FILTER,
  },
} as const satisfies SearchSpec;

export const MESSAGE_SEARCH = {
  text: ['name', 'email'],
  filters: { status: STATUS_FILTER, lang: LANGUAGE_FILTER },
} as const satisfies SearchSpec;

export const APPLICATION_SEARCH = {
  text: ['name', 'email', 'phone', 'location', 'opening'],
  phone: 'phone',
  filters: { status: statusFilter(APPLICATION_STATUSES), lang: LANGUAGE_FILTER },
} as const satisfies SearchSpec;

export const SEARCH_MESSAGES = {
  tooLong: `Search: ${tooLongMessage(SEARCH_MAX_LENGTH)}`,
  control: `Search: ${CONTROL_CHARACTERS_MESSAGE}`,
} as const;

export interface ListQuery {
  /** Trimmed search text; '' for none. */
  q: string;
  /** Filter values by parameter; absent means any. */
  filters: Record<string, string>;
}

export type ParsedQuery = { ok: true; query: ListQuery } | { ok: false; error: string };

/** Reads `q` and the spec's filters from a URL's parameters (other parameters are ignored). */
export function parseListQuery(params: URLSearchParams, spec: SearchSpec): ParsedQuery {
  // Invisible characters pasted along with a name are dropped, not refused: they would match
  // nothing anyway. The bidirectional embeddings and isolates are kept, to be refused below.
  const q = (params.get('q') ?? '').replace(PASTED_INVISIBLE, '').trim();
  if (q.length > SEARCH_MAX_LENGTH) return { ok: false, error: SEARCH_MESSAGES.tooLong };
  if (hasControlCharacters(q)) return { ok: false, error: SEARCH_MESSAGES.control };
  const filters: Record<string, string> = {};
  for (const [name, filter] of Object.entries(spec.filters)) {
    const value = params.get(name) ?? '';
    if (value === '') continue;
    if (!filter.values.includes(value)) return { ok: false, error: filter.message };
    filters[name] = value;
  }
  return { ok: true, query: { q, filters } };
}

/** True when the query asks for nothing: every record matches. */
export function isEmptyQuery(query: ListQuery): boolean {
  return query.q === '' && Object.keys(query.filters).length === 0;
}

/**
 * Lower case, accents and other combining marks removed, default-ignorable code points (U+200B,
 * U+FEFF, ZWJ, ZWNJ, direction marks…) removed, runs of white space as one space.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\p{M}\p{Default_Ignorable_Code_Point}]/gu, '')
    .toLocaleLowerCase('en')
    .replace(/\s+/g, ' ')
    .trim();
}

const PHONE_QUERY = /^[\d\s+().-]+$/;
const MIN_PHONE_DIGITS = 3;
/** Digits a number needs, on both sides, before country codes and trunk zeros are ignored. */
const MIN_WHOLE_NUMBER_DIGITS = 7;

/**
 * True when two digit strings are one number written with and without its country code: with
 * leading zeros (a trunk `0`, an international `00`) dropped, both keep at least seven digits
 * and one ends with the other. `919847012345`, `00919847012345` and `09847012345` are all
 * `9847012345`; `9847012346` is not.
 */
function sameNumber(a: string, b: string): boolean {
  const x = a.replace(/^0+/, '');
  const y = b.replace(/^0+/, '');
  if (x.length < MIN_WHOLE_NUMBER_DIGITS || y.length < MIN_WHOLE_NUMBER_DIGITS) return false;
  return x.endsWith(y) || y.endsWith(x);
}

/**
 * A record's summary as the matcher sees it: the folded text of its searchable fields (one
 * string, fields separated by a line break so no word spans two) and its phone's digits.
 */
export interface Searchable {
  text: string;
  digits: string;
}

/** The summary field holding a lead's source as text (its landing page, referrer and campaign). */
export const SOURCE_SUMMARY = 'source';

/** A record's source as searchable text: its landing page, referrer and campaign, one a line. */
export function sourceText(record: Readonly<Record<string, unknown>>): string {
  const source = record['source'];
  if (source === null || typeof source !== 'object') return '';
  const { landing, referrer, campaign } = source as Record<string, unknown>;
  return [landing, referrer, campaign].filter((part) => typeof part === 'string').join('\n');
}

export function searchableOf(
  summary: Readonly<Record<string, string>>,
  spec: SearchSpec,
): Searchable {
  return {
    text: [...spec.text, SOURCE_SUMMARY]
      .map((field) => foldForSearch(summary[field] ?? ''))
      .join('\n'),
    digits: spec.phone ? (summary[spec.phone] ?? '').replace(/\D/g, '') : '',
  };
}

/** A compiled query: call it for each record's summary. */
export function matcher(
  query: ListQuery,
  spec: SearchSpec,
): (summary: Readonly<Record<string, string>>, searchable: () => Searchable) => boolean {
  const filters = Object.entries(query.filters);
  const folded = foldForSearch(query.q);
  const digits = query.q.replace(/\D/g, '');
  const byDigits =
    spec.phone !== undefined && PHONE_QUERY.test(query.q) && digits.length >= MIN_PHONE_DIGITS;
  const words = folded === '' ? [] : folded.split(' ');
  return (summary, searchable) => {
    for (const [name, value] of filters) if (summary[name] !== value) return false;
    if (words.length === 0) return true;
    const target = searchable();
    if (byDigits && (target.digits.includes(digits) || sameNumber(digits, target.digits))) {
      return true;
    }
    return words.every((word) => target.text.includes(word));
  };
}

/** The admin URL's parameters for a query and page (empty ones left out), in a stable order. */
export function queryParams(query: ListQuery, page: number): URLSearchParams {
  const params = new URLSearchParams();
  if (query.q !== '') params.set('q', query.q);
  for (const [name, value] of Object.entries(query.filters)) if (value) params.set(name, value);
  if (page > 1) params.set('page', String(page));
  return params;
}
