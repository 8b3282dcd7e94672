/**
 * Pure helpers of the admin screens: how enquiry values read (SPEC §2 detail modal), the mail
 * draft link, dates, which page to show after a delete (SPEC §4), the lists' search state in the
 * page URL, and the texts of counts and of erasing one person.
 */
import {
  NOTE_MAX_LENGTH,
  STATUSES,
  ENQUIRY_FIELDS,
  ENQUIRY_FIELD_LABELS,
  INSTITUTION_ENQUIRY,
  OTHER_HOW_HEARD,
  OTHER_INSTITUTION_TYPE,
  isEmail,
  type Enquiry,
  type EnquiryField,
  type Status,
} from './schemas';
import type { ErasurePreview } from './schemas';
import { parseListQuery, queryParams, type ParsedQuery, type SearchSpec } from './schemas/search';

export const NOT_AVAILABLE = 'N/A';

/** Empty values and empty lists read 'N/A'; lists are joined with commas; yes/no for flags. */
export function displayValue(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? NOT_AVAILABLE : value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined) return NOT_AVAILABLE;
  const text = String(value).trim();
  return text === '' ? NOT_AVAILABLE : text;
}

/** SPEC §2: fields shown only when the answer they depend on asks for them. */
const CONDITIONS: Partial<Record<EnquiryField, (enquiry: Enquiry) => boolean>> = {
  institutionName: (enquiry) => enquiry.enquiryType === INSTITUTION_ENQUIRY,
  institutionType: (enquiry) => enquiry.enquiryType === INSTITUTION_ENQUIRY,
  institutionTypeOther: (enquiry) =>
    Array.isArray(enquiry.institutionType) &&
    (enquiry.institutionType as readonly string[]).includes(OTHER_INSTITUTION_TYPE),
  renewableEnergySpecify: (enquiry) => enquiry.renewableEnergyUsed === 'Yes',
  howHearAboutUsOther: (enquiry) => enquiry.howHearAboutUs === OTHER_HOW_HEARD,
};

export interface DetailRow {
  field: EnquiryField;
  label: string;
  value: string;
}

/** Every enquiry field that applies, in the labels' order, ready to show. */
export function enquiryDetailRows(enquiry: Enquiry): DetailRow[] {
  return ENQUIRY_FIELDS.filter((field) => CONDITIONS[field]?.(enquiry) ?? true).map((field) => ({
    field,
    label: ENQUIRY_FIELD_LABELS[field],
    value: displayValue(enquiry[field]),
  }));
}

/** A `mailto:` link to the address, or null when it is missing, 'N/A' or not an address. */
export function mailtoHref(address: unknown): string | null {
  if (typeof address !== 'string') return null;
  const email = address.trim();
  if (email === '' || email === NOT_AVAILABLE || !isEmail(email)) return null;
  const at = email.lastIndexOf('@');
  return `mailto:${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
}

/** A stored ISO date in the admin's locale, or 'N/A'. */
export function formatDate(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return NOT_AVAILABLE;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE;
  return date.toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * SPEC §4: the page to show when the list has `total` items: the same page while it exists,
 * else the last page, which is page 1 for an empty list.
 */
export function pageWithin(page: number, total: number, pageSize: number): number {
  return Math.min(Math.max(1, page), pageCount(total, pageSize));
}

/**
 * The page buttons to offer: every page when there are few, else the first, the last and the
 * neighbours of the current one, with `null` where pages are left out.
 */
export function pageButtons(current: number, pages: number): (number | null)[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, index) => index + 1);
  const shown = new Set([1, pages, current - 1, current, current + 1]);
  const list: (number | null)[] = [];
  for (let page = 1; page <= pages; page += 1) {
    if (shown.has(page)) list.push(page);
    else if (list.at(-1) !== null) list.push(null);
  }
  return list;
}

// ---- Follow-up ---------------------------------------------------------------------------------

/** What the modal says once a 409 made it read the record again. */
export function conflictMessage(kind: 'enquiry' | 'message'): string {
  return `This ${kind} was changed elsewhere; it has been reloaded.`;
}

/** The note box's counter, counted as the server counts: trimmed, UTF-16 units. */
export function noteCount(text: string): string {
  const used = text.trim().length;
  return `${used.toLocaleString('en-US')} / ${NOTE_MAX_LENGTH.toLocaleString('en-US')} characters`;
}

export type StatusSort = 'none' | 'ascending' | 'descending';

/**
 * The rows in status order (New → Lost, the order a lead moves through them), or reversed; ties
 * keep their order (newest first). A record without a status counts as New.
 */
export function sortByStatus<T extends { status?: Status }>(
  items: readonly T[],
  sort: StatusSort,
): T[] {
  if (sort === 'none') return [...items];
  const rank = (item: T) => STATUSES.indexOf(item.status ?? 'New');
  const sign = sort === 'ascending' ? 1 : -1;
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => sign * (rank(a.item) - rank(b.item)) || a.index - b.index)
    .map(({ item }) => item);
}

/** The next sort of the Status header: none → ascending → descending → none. */
export function nextSort(sort: StatusSort): StatusSort {
  return sort === 'none' ? 'ascending' : sort === 'ascending' ? 'descending' : 'none';
}

// ---- Search state in the URL -------------------------------------------------------------------

/** What a panel's search form holds (`q` and each filter, '' for any) and the page shown. */
export interface ListView {
  values: Record<string, string>;
  page: number;
}

/** The parameters a panel owns, unprefixed: `q`, the spec's filters, `page`. */
function ownNames(spec: SearchSpec): string[] {
  return ['q', ...Object.keys(spec.filters), 'page'];
}

/** Empty form values of a spec. */
export function emptyValues(spec: SearchSpec): Record<string, string> {
  return Object.fromEntries(
    ownNames(spec)
      .slice(0, -1)
      .map((name) => [name, '']),
  );
}

/** A panel's view from the page's query string; its names carry `prefix` ('' or 'm'). */
export function readListView(search: string, prefix: string, spec: SearchSpec): ListView {
  const params = new URLSearchParams(search);
  const values = emptyValues(spec);
  for (const name of Object.keys(values)) values[name] = params.get(prefix + name) ?? '';
  const page = Number(params.get(prefix + 'page'));
  return { values, page: Number.isSafeInteger(page) && page > 1 ? page : 1 };
}

/**
 * The query string with this panel's view written in and every other parameter kept (the other
 * panel's among them). Values are written as typed, so a rejected query stays visible to correct.
 */
export function writeListView(
  search: string,
  prefix: string,
  spec: SearchSpec,
  view: ListView,
): string {
  const params = new URLSearchParams(search);
  for (const name of ownNames(spec)) params.delete(prefix + name);
  const { q = '', ...rest } = view.values;
  const filters = Object.fromEntries(
    Object.keys(spec.filters).map((name) => [name, rest[name] ?? '']),
  );
  for (const [name, value] of queryParams({ q, filters }, view.page))
    params.set(prefix + name, value);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The form's values checked by the API's own rules (same messages as its 400). */
export function parseValues(values: Record<string, string>, spec: SearchSpec): ParsedQuery {
  return parseListQuery(new URLSearchParams(values), spec);
}

// ---- Counts and erasure texts ----------------------------------------------------------------

export interface Noun {
  one: string;
  many: string;
}

export const plural = (count: number, noun: Noun) =>
  `${count} ${count === 1 ? noun.one : noun.many}`;

export const ENQUIRY_NOUN: Noun = { one: 'enquiry', many: 'enquiries' };
export const MESSAGE_NOUN: Noun = { one: 'message', many: 'messages' };
const RECORD_NOUN: Noun = { one: 'record', many: 'records' };

/** '12 enquiries, page 1 of 2', or with a search '3 enquiries match, page 1 of 1'. */
export function listSummary(
  total: number,
  noun: Noun,
  page: number,
  pages: number,
  searched: boolean,
): string {
  const verb = searched ? (total === 1 ? ' matches' : ' match') : '';
  return `${plural(total, noun)}${verb}, page ${page} of ${pages}`;
}

export const noMatch = (noun: Noun) => `No ${noun.many} match your search.`;

/** The dashboard header: '3 new enquiries · 1 unread message'; unknown counts left out. */
export function newCountsText(enquiries: number | null, messages: number | null): string {
  const parts: string[] = [];
  if (enquiries !== null)
    parts.push(`${enquiries} new ${enquiries === 1 ? 'enquiry' : 'enquiries'}`);
  if (messages !== null)
    parts.push(`${messages} unread ${messages === 1 ? 'message' : 'messages'}`);
  return parts.join(' · ');
}

export const NO_RECORDS_FOR_ADDRESS = 'No enquiries or messages use this address.';

export const previewTotal = (preview: ErasurePreview) => preview.enquiries + preview.messages;

/** 'Found 2 enquiries and 1 message for asha@example.in.' (or that there are none). */
export function erasureFound(preview: ErasurePreview, email: string): string {
  if (previewTotal(preview) === 0) return NO_RECORDS_FOR_ADDRESS;
  return `Found ${plural(preview.enquiries, ENQUIRY_NOUN)} and ${plural(preview.messages, MESSAGE_NOUN)} for ${email}.`;
}

export const eraseButton = (count: number) =>
  count === 1 ? 'Delete 1 record' : `Delete all ${count} records`;

export const eraseQuestion = (count: number, email: string) =>
  `Delete ${plural(count, RECORD_NOUN)} of ${email}? This cannot be undone.`;

export const erased = (count: number) => `Deleted ${plural(count, RECORD_NOUN)}.`;

/**
 * What the list's answer could not cover: records too new to have been searched yet, and
 * records set aside as unreadable. Empty when the answer was complete.
 */
export function indexNotice(
  pending: number,
  quarantined: readonly string[],
  searched: boolean,
): string {
  const parts: string[] = [];
  if (pending > 0) {
    const records = pending === 1 ? '1 new record is' : `${pending} new records are`;
    parts.push(
      searched
        ? `${records} still being indexed and not searched yet: search again in a moment.`
        : `${records} still being indexed: the list shows them, the New count may change.`,
    );
  }
  if (quarantined.length > 0) {
    const shown = quarantined.slice(0, 5).join(', ');
    const more = quarantined.length > 5 ? ` and ${quarantined.length - 5} more` : '';
    parts.push(
      `${quarantined.length === 1 ? '1 stored record' : `${quarantined.length} stored records`} ` +
        `could not be read and ${quarantined.length === 1 ? 'was' : 'were'} set aside ` +
        `(${shown}${more}); a developer can inspect ${quarantined.length === 1 ? 'it' : 'them'} ` +
        'in storage as _quarantine-<id>.',
    );
  }
  return parts.join(' ');
}
