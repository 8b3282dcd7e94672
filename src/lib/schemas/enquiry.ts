/**
 * Generator enquiry: the four-step wizard's fields, options and messages.
 *
 * One source for the wizard (step by step: `validateStep`) and the function (whole:
 * `EnquirySchema`). Conditional fields that do not apply — institution details for an
 * individual, "Please specify" without "Others", the renewable type without "Yes", the
 * how-heard detail without "Other" — are emptied before validation, so stale values left in a
 * hidden wizard field never block a step and are never stored.
 */
import * as v from 'valibot';
import { validation as enValidation } from '../../i18n/forms/en-validation.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { LeadSource } from '../leads/kind.ts';
import type { AcknowledgementSkipped } from './acknowledgement.ts';
import {
  EMAIL_MESSAGE,
  LIMITS,
  REQUIRED_MESSAGE,
  fieldErrors,
  isRecord,
  message,
  optionalAmount,
  optionalText,
  requiredChoice,
  requiredEmail,
  requiredPhone,
  requiredText,
  type MessageKey,
} from './fields.ts';

// ---- Enumerations -----------------------------------------------------------------------

export const INSTITUTION_ENQUIRY = 'Institution / Business / Government';
export const ENQUIRY_TYPES = ['Individual', INSTITUTION_ENQUIRY] as const;

export const OTHER_INSTITUTION_TYPE = 'Others';
export const INSTITUTION_TYPES = [
  'Commercial',
  'Industrial',
  'Government',
  'Educational',
  'Healthcare',
  'NGO / Non-profit',
  'Residential Complex',
  'Hospitality (Hotels, Resorts)',
  'Agricultural',
  OTHER_INSTITUTION_TYPE,
] as const;

export const PURPOSES_OF_USE = [
  'Primary Power Source',
  'Backup Power',
  'Grid Tie/Net Metering',
  'Off-grid / Remote Location',
  'Other',
] as const;

export const GENERATOR_CAPACITIES = [
  'Less than 10 kWh',
  '10 kWh - 50 kWh',
  '50 kWh - 250 kWh',
  '250 kWh - 1 MW',
  'Greater than 1 MW',
  'Not sure / Need consultation',
] as const;

export const RENEWABLE_ENERGY_ANSWERS = ['Yes', 'No'] as const;

export const INSTALLATION_SITE_LOCATIONS = [
  'Rooftop',
  'Ground-mounted',
  'Water-body (e.g., Floating Solar)',
  'Integrated into Building Structure',
  'Other',
] as const;

export const SPACE_AVAILABLE_ANSWERS = ['Yes', 'No', 'Not sure'] as const;

export const PREFERRED_TIMELINES = [
  'Immediately (within 1 month)',
  '1-3 months',
  '3-6 months',
  'More than 6 months',
  'Just exploring / No fixed timeline',
] as const;

/** The how-heard answer that asks for detail (the public form does not send these fields). */
export const OTHER_HOW_HEARD = 'Other';

// ---- Messages ---------------------------------------------------------------------------

/** The enquiry's own messages in English; each language's are in src/i18n/forms. */
export const ENQUIRY_MESSAGES = {
  required: REQUIRED_MESSAGE,
  email: EMAIL_MESSAGE,
  phone: enValidation.phone,
  enquiryType: enValidation.enquiryType,
  institutionName: enValidation.institutionName,
  institutionType: enValidation.institutionType,
  institutionTypeOther: enValidation.institutionTypeOther,
  purposeOfUse: enValidation.purposeOfUse,
  generatorCapacity: enValidation.generatorCapacity,
  renewableEnergyUsed: enValidation.renewableEnergyUsed,
  renewableEnergySpecify: enValidation.renewableEnergySpecify,
  installationSiteLocation: enValidation.installationSiteLocation,
  spaceAvailable: enValidation.spaceAvailable,
  preferredTimeline: enValidation.preferredTimeline,
  monthlyElectricityBill: enValidation.monthlyElectricityBill,
  negativeBill: enValidation.negativeBill,
} as const;

// ---- Fields, step by step ------------------------------------------------------------------

const stepEntries = [
  // Step 1: Contact Details
  {
    fullName: requiredText(LIMITS.name),
    designation: optionalText(LIMITS.name),
    emailAddress: requiredEmail(),
    phoneNumber: requiredPhone(),
    country: requiredText(LIMITS.name),
    stateProvince: requiredText(LIMITS.name),
    cityTownVillage: requiredText(LIMITS.name),
    fullAddress: optionalText(LIMITS.text, { multiline: true }),
  },
  // Step 2: Customer / Institution Profile
  {
    enquiryType: requiredChoice(ENQUIRY_TYPES, message('enquiryType')),
    institutionName: optionalText(LIMITS.name),
    institutionType: v.pipe(
      v.nullish(
        v.array(v.picklist(INSTITUTION_TYPES, message('invalidValue')), message('institutionType')),
        [],
      ),
      v.maxLength(INSTITUTION_TYPES.length, message('invalidValue')),
      // Ticking twice is not two choices.
      v.transform((types) => INSTITUTION_TYPES.filter((type) => types.includes(type))),
    ),
    institutionTypeOther: optionalText(LIMITS.name),
  },
  // Step 3: Generator Requirement
  {
    purposeOfUse: requiredChoice(PURPOSES_OF_USE, message('purposeOfUse')),
    generatorCapacity: requiredChoice(GENERATOR_CAPACITIES, message('generatorCapacity')),
    /** Optional; local currency; older clients send a number, the form sends text. */
    monthlyElectricityBill: optionalAmount(message('monthlyElectricityBill')),
    renewableEnergyUsed: requiredChoice(RENEWABLE_ENERGY_ANSWERS, message('renewableEnergyUsed')),
    renewableEnergySpecify: optionalText(LIMITS.name),
  },
  // Step 4: Installation Site & Conditions
  {
    installationSiteLocation: requiredChoice(
      INSTALLATION_SITE_LOCATIONS,
      message('installationSiteLocation'),
    ),
    spaceAvailable: requiredChoice(SPACE_AVAILABLE_ANSWERS, message('spaceAvailable')),
    preferredTimeline: requiredChoice(PREFERRED_TIMELINES, message('preferredTimeline')),
    additionalComments: optionalText(LIMITS.text, { multiline: true }),
  },
] as const;

/** Stored enquiry fields the public form does not send; accepted when present, all optional. */
const extraEntries = {
  howHearAboutUs: optionalText(LIMITS.name),
  howHearAboutUsOther: optionalText(LIMITS.name),
  receiveEmailUpdates: v.pipe(
    v.nullish(v.union([v.boolean(), v.string()], message('invalidValue')), false),
    v.transform((answer) => answer === true || answer === 'true' || answer === 'on'),
  ),
};

export type EnquiryStep = 0 | 1 | 2 | 3;

/** One thing per wizard step, built from that step's entries; a tuple, so `[step]` is defined. */
const eachStep = <R>(build: (entries: (typeof stepEntries)[EnquiryStep]) => R) =>
  [
    build(stepEntries[0]),
    build(stepEntries[1]),
    build(stepEntries[2]),
    build(stepEntries[3]),
  ] as const;

/** A field the wizard asks for (every field but the stored extras it does not send). */
export type EnquiryWizardField = {
  [S in EnquiryStep]: keyof (typeof stepEntries)[S] & string;
}[EnquiryStep];

/** Every option value the wizard offers (stored as it is, in English, whatever the language). */
export type EnquiryOption =
  | (typeof ENQUIRY_TYPES)[number]
  | (typeof INSTITUTION_TYPES)[number]
  | (typeof PURPOSES_OF_USE)[number]
  | (typeof GENERATOR_CAPACITIES)[number]
  | (typeof RENEWABLE_ENERGY_ANSWERS)[number]
  | (typeof INSTALLATION_SITE_LOCATIONS)[number]
  | (typeof SPACE_AVAILABLE_ANSWERS)[number]
  | (typeof PREFERRED_TIMELINES)[number];

/** The wizard's fields per step, in display order (to focus the first invalid one). */
export const ENQUIRY_STEP_FIELDS = eachStep(
  (entries) => Object.keys(entries) as EnquiryWizardField[],
);

// ---- Conditional rules ---------------------------------------------------------------------

interface ConditionalRule {
  field: string;
  /** Whether the field applies, judged on the raw submission. */
  applies: (values: Record<string, unknown>) => boolean;
  /** Whether an applicable field is answered, judged on the validated values. */
  answered: (value: unknown) => boolean;
  message: MessageKey;
}

const trimmed = (value: unknown): unknown => (typeof value === 'string' ? value.trim() : value);
const isInstitution = (values: Record<string, unknown>) =>
  trimmed(values['enquiryType']) === INSTITUTION_ENQUIRY;
const filled = (value: unknown) => typeof value === 'string' && value !== '';

const RULES: readonly ConditionalRule[] = [
  {
    field: 'institutionName',
    applies: isInstitution,
    answered: filled,
    message: 'institutionName',
  },
  {
    field: 'institutionType',
    applies: isInstitution,
    answered: (types) => Array.isArray(types) && types.length > 0,
    message: 'institutionType',
  },
  {
    field: 'institutionTypeOther',
    applies: (values) => {
      const types = values['institutionType'];
      return (
        isInstitution(values) && Array.isArray(types) && types.includes(OTHER_INSTITUTION_TYPE)
      );
    },
    answered: filled,
    message: 'institutionTypeOther',
  },
  {
    field: 'renewableEnergySpecify',
    applies: (values) => trimmed(values['renewableEnergyUsed']) === 'Yes',
    answered: filled,
    message: 'renewableEnergySpecify',
  },
  {
    field: 'howHearAboutUsOther',
    applies: (values) => trimmed(values['howHearAboutUs']) === OTHER_HOW_HEARD,
    // Optional even when it applies: the public form never asks.
    answered: () => true,
    message: 'required',
  },
];

/** Removes conditional fields that do not apply, so they validate as empty. */
function dropInapplicable(input: unknown): unknown {
  if (!isRecord(input)) return input;
  const values: Record<string, unknown> = { ...input };
  for (const rule of RULES) {
    if (!rule.applies(input)) delete values[rule.field];
  }
  return values;
}

/** Adds the messages of applicable conditional fields left unanswered among `fields`. */
function requireApplicable<T>(fields: readonly string[]) {
  const rules = RULES.filter((rule) => fields.includes(rule.field));
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    const values: unknown = dataset.value;
    if (!isRecord(values)) return;
    for (const rule of rules) {
      const value = values[rule.field];
      if (!rule.applies(values) || rule.answered(value)) continue;
      addIssue({
        message: message(rule.message),
        path: [{ type: 'object', origin: 'value', input: values, key: rule.field, value }],
      });
    }
  });
}

function stepSchema<const E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.unknown(),
    v.transform(dropInapplicable),
    v.object(entries),
    requireApplicable<v.InferOutput<v.ObjectSchema<E, undefined>>>(Object.keys(entries)),
  );
}

// ---- Schemas ---------------------------------------------------------------------------------

/** Per-step schemas for the wizard, steps 0 to 3. */
export const ENQUIRY_STEP_SCHEMAS = eachStep(stepSchema);

/**
 * The whole enquiry, as `POST /api/enquiries` accepts it: all four steps plus the optional
 * fields the public form does not send; unknown fields dropped, conditional fields emptied
 * when they do not apply.
 */
export const EnquirySchema = stepSchema({
  ...stepEntries[0],
  ...stepEntries[1],
  ...stepEntries[2],
  ...stepEntries[3],
  ...extraEntries,
});

export type EnquiryInput = v.InferOutput<typeof EnquirySchema>;
export type EnquiryField = keyof EnquiryInput & string;

/**
 * A stored enquiry, as the admin list returns it: the language it was sent in, too, and whether
 * its acknowledgement was skipped.
 */
export type Enquiry = {
  _id: string;
  createdAt: string;
  lang: Locale;
  acknowledgement?: AcknowledgementSkipped;
  /** Where the lead came from (absent when unknown). */
  source?: LeadSource;
} & EnquiryInput;

/** The wizard's working values: text for every field, a list for the institution types. */
export type EnquiryFormValues = {
  [K in EnquiryField]: EnquiryInput[K] extends readonly string[]
    ? string[]
    : EnquiryInput[K] extends boolean
      ? boolean
      : string;
};

/** Field errors keyed by field name, one message each. */
export type EnquiryErrors = Partial<Record<EnquiryField, string>>;

/** Fresh wizard values: every field empty, no institution type ticked. */
export function emptyEnquiryValues(): EnquiryFormValues {
  return {
    fullName: '',
    designation: '',
    emailAddress: '',
    phoneNumber: '',
    country: '',
    stateProvince: '',
    cityTownVillage: '',
    fullAddress: '',
    enquiryType: '',
    institutionName: '',
    institutionType: [],
    institutionTypeOther: '',
    purposeOfUse: '',
    generatorCapacity: '',
    monthlyElectricityBill: '',
    renewableEnergyUsed: '',
    renewableEnergySpecify: '',
    installationSiteLocation: '',
    spaceAvailable: '',
    preferredTimeline: '',
    additionalComments: '',
    howHearAboutUs: '',
    howHearAboutUsOther: '',
    receiveEmailUpdates: false,
  };
}

/**
 * Validates one wizard step (Next runs it for the current step, and so does submit).
 * Returns the first message of each invalid field of that step, in `lang` (default English);
 * `{}` when the step is valid.
 */
export function validateStep(step: EnquiryStep, values: unknown, lang?: Locale): EnquiryErrors {
  const result = v.safeParse(ENQUIRY_STEP_SCHEMAS[step], values, { lang });
  return result.success ? {} : (fieldErrors(result.issues) as EnquiryErrors);
}

/** Validates a whole enquiry; the function's entry point. */
export function parseEnquiry(values: unknown, lang?: Locale) {
  return v.safeParse(EnquirySchema, values, { lang });
}

/** Labels for the admin view and the CSV export, in display order (as in the details modal). */
export const ENQUIRY_FIELD_LABELS = {
  fullName: 'Full Name',
  designation: 'Designation',
  emailAddress: 'Email Address',
  phoneNumber: 'Phone Number',
  country: 'Country',
  stateProvince: 'State / Province',
  cityTownVillage: 'City / Town / Village',
  fullAddress: 'Full Address',
  enquiryType: 'Enquiry Type',
  institutionName: 'Institution Name',
  institutionType: 'Institution Type',
  institutionTypeOther: 'Other Institution Type',
  purposeOfUse: 'Purpose of Use',
  generatorCapacity: 'Generator Capacity',
  monthlyElectricityBill: 'Monthly Electricity Bill',
  renewableEnergyUsed: 'Renewable Energy Used',
  renewableEnergySpecify: 'Specify RE Type',
  installationSiteLocation: 'Installation Site Location',
  spaceAvailable: 'Space Available',
  preferredTimeline: 'Preferred Timeline',
  additionalComments: 'Additional Comments',
  howHearAboutUs: 'How Heard About Us',
  howHearAboutUsOther: 'Specify How Heard',
  receiveEmailUpdates: 'Receive Email Updates',
} as const satisfies Record<EnquiryField, string>;

export const ENQUIRY_FIELDS = Object.keys(ENQUIRY_FIELD_LABELS) as EnquiryField[];
