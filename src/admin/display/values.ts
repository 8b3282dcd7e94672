/**
 * How enquiry values read in the admin's details modal: 'N/A' for what is missing, the
 * fields that apply to an enquiry, the mail draft link and dates.
 */
import {
  ENQUIRY_FIELDS,
  ENQUIRY_STEP_FIELDS,
  ENQUIRY_FIELD_LABELS,
  INSTITUTION_ENQUIRY,
  OTHER_HOW_HEARD,
  LANGUAGE_NAMES,
  OTHER_INSTITUTION_TYPE,
  isAcknowledgementSkipped,
  isEmail,
  type AckSkipReason,
  type Enquiry,
  type EnquiryField,
} from '../../lib/schemas';
import { DEFAULT_LOCALE } from '../../i18n/locales';
import { SOURCE_LABELS, type LeadSource } from '../../lib/leads/kind';
import { en } from '../../i18n/forms/en';
import { formatPhone } from './phone';

export const NOT_AVAILABLE = 'N/A';

/** Empty values and empty lists read 'N/A'; lists are joined with commas; yes/no for flags. */
export function displayValue(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? NOT_AVAILABLE : value.join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value === null || value === undefined) return NOT_AVAILABLE;
  const text = String(value).trim();
  return text === '' ? NOT_AVAILABLE : text;
}

/**
 * A lead's language as the office reads it: "Malayalam". A record without one was stored before
 * there were languages, and is English.
 */
export function languageName(lang: string | undefined): string {
  return LANGUAGE_NAMES[lang ?? DEFAULT_LOCALE] ?? lang ?? NOT_AVAILABLE;
}

/** A field's value as the details read it: `displayValue`, and the phone number formatted. */
export function fieldValue(field: EnquiryField, enquiry: Enquiry): string {
  const text = displayValue(enquiry[field]);
  return field === 'phoneNumber' && text !== NOT_AVAILABLE ? formatPhone(text) : text;
}

/** Fields shown only when the answer they depend on asks for them. */
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

/** The rows of one part of the form, under the wizard's name for that step. */
export interface DetailGroup {
  title: string;
  rows: DetailRow[];
}

/** The fields the public form asks, step by step (the wizard's own structure). */
const ASKED: ReadonlySet<EnquiryField> = new Set(ENQUIRY_STEP_FIELDS.flat());

/** Stored fields the form never asks (kept from older records): after the form's steps. */
export const NOT_ASKED_TITLE = 'Also on record (not asked by the form)';

const GROUPS: readonly { title: string; fields: readonly EnquiryField[] }[] = [
  ...ENQUIRY_STEP_FIELDS.map((fields, step) => ({ title: en.enquiry.steps[step]!, fields })),
  { title: NOT_ASKED_TITLE, fields: ENQUIRY_FIELDS.filter((field) => !ASKED.has(field)) },
];

/** A record carries an answer: not empty, and not the `false` the schema fills in for a flag. */
const carries = (value: unknown) => value !== false && displayValue(value) !== NOT_AVAILABLE;

/**
 * Whether a field is shown: a conditional field when its answer asks for it (the spec's rules;
 * 'N/A' when then empty); a field the form asks, always; one it never asks, only with an answer.
 */
function shown(field: EnquiryField, enquiry: Enquiry): boolean {
  const condition = CONDITIONS[field];
  if (condition) return condition(enquiry);
  return ASKED.has(field) || carries(enquiry[field]);
}

/** The fields that apply, grouped as the form asked them; groups with no row are left out. */
export function enquiryDetailGroups(enquiry: Enquiry): DetailGroup[] {
  return GROUPS.map(({ title, fields }) => ({
    title,
    rows: fields
      .filter((field) => shown(field, enquiry))
      .map((field) => ({
        field,
        label: ENQUIRY_FIELD_LABELS[field],
        value: fieldValue(field, enquiry),
      })),
  })).filter((group) => group.rows.length > 0);
}

/** Every enquiry field that applies, in the form's order, ready to show. */
export function enquiryDetailRows(enquiry: Enquiry): DetailRow[] {
  return enquiryDetailGroups(enquiry).flatMap((group) => group.rows);
}

/**
 * The "Source" group of a lead's details: where it came from (landing page, referrer, campaign,
 * the page it was sent from), the fields that are known; none when nothing is.
 */
export function sourceRows(record: {
  source?: LeadSource | undefined;
}): { key: keyof LeadSource; label: string; value: string }[] {
  const { source } = record;
  if (source === undefined || source === null || typeof source !== 'object') return [];
  return (Object.keys(SOURCE_LABELS) as (keyof LeadSource)[])
    .filter((key) => typeof source[key] === 'string' && source[key] !== '')
    .map((key) => ({ key, label: SOURCE_LABELS[key], value: source[key]! }));
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

const SKIPPED_BECAUSE: Readonly<Record<AckSkipReason, string>> = {
  client: "the sender's network address reached its hourly limit",
  recipient: 'this address was sent one within the hour',
  domain: "the hourly limit for the address's domain was reached",
  site: "the site's hourly limit was reached",
};

/**
 * Said with a lead whose sender was not acknowledged because an hourly limit was reached:
 * "Acknowledgement not sent: the site's hourly limit was reached." Undefined otherwise.
 */
export function acknowledgementNote(record: { acknowledgement?: unknown }): string | undefined {
  const note = record.acknowledgement;
  if (!isAcknowledgementSkipped(note)) return undefined;
  return `Acknowledgement not sent: ${SKIPPED_BECAUSE[note.reason]}.`;
}
