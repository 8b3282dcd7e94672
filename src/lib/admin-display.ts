/**
 * Pure helpers of the admin screens: how enquiry values read (SPEC §2 detail modal), the mail
 * draft link, dates, and which page to show after a delete (SPEC §4).
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
