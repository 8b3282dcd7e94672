/**
 * Which fields of each kind of lead the spam rules read, and as what: the person's name, other
 * short facts (neither ever holds a link), names of companies (which may be a domain), and free
 * text. Fields of fixed options, the e-mail
 * address and the phone number are not read: the schema already bounds them. A new kind of
 * lead is a type error here until its fields are given roles.
 */
import type * as v from 'valibot';
import {
  APPLICATION,
  ENQUIRY,
  MESSAGE,
  type FormFieldOf,
  type LeadKey,
  type LeadKind,
} from '../leads/index.ts';
import { normaliseText } from './normalise.ts';
import { scoreSpam, type LabelledValue, type SpamScore, type SpamSignals } from './score.ts';

export interface SpamFieldRoles<S extends v.GenericSchema> {
  readonly names: readonly FormFieldOf<S>[];
  readonly short: readonly FormFieldOf<S>[];
  /** Fields that may name a company by its domain ("Booking.com", "found you on google.com"). */
  readonly brands?: readonly FormFieldOf<S>[];
  readonly text: readonly FormFieldOf<S>[];
}

const roles = <S extends v.GenericSchema>(
  _kind: LeadKind<S, string, string, string>,
  fields: SpamFieldRoles<S>,
): SpamFieldRoles<v.GenericSchema> => fields as SpamFieldRoles<v.GenericSchema>;

export const SPAM_FIELDS: Readonly<Record<LeadKey, SpamFieldRoles<v.GenericSchema>>> = {
  messages: roles(MESSAGE, { names: ['name'], short: [], text: ['message'] }),
  enquiries: roles(ENQUIRY, {
    names: ['fullName'],
    short: ['designation', 'country', 'stateProvince', 'cityTownVillage'],
    brands: [
      'institutionName',
      'institutionTypeOther',
      'renewableEnergySpecify',
      'howHearAboutUs',
      'howHearAboutUsOther',
    ],
    text: ['fullAddress', 'additionalComments'],
  }),
  applications: roles(APPLICATION, { names: ['name'], short: ['location'], text: ['coverNote'] }),
};

/** A kind's record (or part of one): its fields by name. */
export type FieldValues = Readonly<Record<string, unknown>>;

function labelled(
  kind: { key: LeadKey; labels: Readonly<Record<string, string>> },
  fields: readonly string[],
  record: FieldValues,
): LabelledValue[] {
  return fields.flatMap((field) => {
    const value = record[field];
    if (typeof value !== 'string' || value.trim() === '') return [];
    return [{ label: kind.labels[field] ?? field, value }];
  });
}

/** Scores a submission of `kind`: its fields by their roles, and the server's signals. */
export function scoreSubmission(
  kind: { key: LeadKey; labels: Readonly<Record<string, string>> },
  record: FieldValues,
  signals: SpamSignals = {},
): SpamScore {
  const { names, short, brands = [], text } = SPAM_FIELDS[kind.key];
  return scoreSpam({
    names: labelled(kind, names, record),
    short: labelled(kind, short, record),
    brands: labelled(kind, brands, record),
    text: labelled(kind, text, record),
    ...signals,
  });
}

/** Letters a text needs before a second copy of it from another address means anything. */
export const SAME_TEXT_MIN_LETTERS = 30;

/**
 * The free text of a submission as the same-text counter compares it (normalised, so a changed
 * case, spacing or invisible character is still the same text), or undefined when it is too
 * short to tell a campaign from two people who both wrote "Please call me back".
 */
export function sameTextOf(kind: { key: LeadKey }, record: FieldValues): string | undefined {
  const text = SPAM_FIELDS[kind.key].text
    .map((field) => record[field])
    .filter((value): value is string => typeof value === 'string')
    .map(normaliseText)
    .filter((value) => value !== '')
    .join('\n');
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return letters >= SAME_TEXT_MIN_LETTERS ? text : undefined;
}
