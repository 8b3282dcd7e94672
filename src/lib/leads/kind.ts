/**
 * A kind of lead (a generator enquiry, a contact message, …) declared once: its input rules, the
 * summary the admin index keeps of a record, what search and filters may ask of that summary,
 * which summary fields name the person (what an erasure looks for), its fields' labels in
 * display order (CSV columns, notification, admin), its e-mail, and its admin list. Storage,
 * search, erasure, retention, export, notifications and the admin derive from the declaration,
 * so a renamed field is a type error, never a search or an erasure that silently finds nothing
 * (tests/unit/lead-kinds.test.ts pins that).
 */
import type * as v from 'valibot';
import type { FormText } from '../../i18n/forms/registry.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { FilterSpec, SearchSpec } from '../schemas/search.ts';
import type { Status, StatusList } from '../schemas/follow-up.ts';
import type { LeadSource } from '../schemas/source.ts';

/** Where a plain form post (no JavaScript) is sent back to, or on to the thank-you page. */
export interface FormFallback {
  /** Which form, as the thank-you page's `?form=` says it. */
  readonly name: string;
  /** Where the form lives when the Referer does not say (same-origin path). */
  readonly page: string;
  /** The form's anchor on its page. */
  readonly anchor: string;
  /** Checkbox groups: keys that are lists even when sent once. */
  readonly listFields?: readonly string[];
}

/**
 * Whether a lead came with a valid proof of work (functions/_lib/proof-of-work.ts): `verified`, or
 * `unverified` when it came without one (a form sent without JavaScript, or before a slow solve
 * was done), which is accepted all the same.
 */
export type Verification = 'verified' | 'unverified';

/**
 * What every lead records besides its form's fields: the language it was sent in (the API
 * resolves it: the form's `lang`, else `Accept-Language`, else English) and its `verification`
 * (absent on leads stored before proofs of work).
 */
export interface LeadRecord {
  lang: Locale;
  verification?: Verification;
  /** Where the lead came from (absent when nothing is known, and on older leads). */
  source?: LeadSource;
}

export type { LeadSource };

/** The source's fields with their labels, in display order (admin, CSV). */
export const SOURCE_LABELS: Readonly<Record<keyof LeadSource, string>> = {
  landing: 'Landing page',
  referrer: 'Referrer',
  campaign: 'Campaign',
  page: 'Sent from',
};

/** The record's fields that its form sends (what the schema outputs). */
export type FormFieldOf<S extends v.GenericSchema> = keyof v.InferOutput<S> & string;

/** A record's own fields: its form's, and what every lead records. */
export type FieldOf<S extends v.GenericSchema> = FormFieldOf<S> | keyof LeadRecord;

/** Every lead's language as the office reads it (admin, CSV, notification). */
export const LANGUAGE_LABEL = 'Language';

export interface LeadKind<
  S extends v.GenericSchema = v.GenericSchema,
  K extends string = string,
  N extends string = string,
  F extends NoInfer<K> | 'status' = K | 'status',
> {
  /** Its name in API answers (the erasure preview's count) and in the admin's state. */
  key: N;
  /** One record, as API messages name it: 'Enquiry', 'Message'. */
  noun: string;
  /** One and many records in running text: 'enquiry', 'enquiries'. */
  words: { readonly one: string; readonly many: string };
  /**
   * The Blobs store of its records (the key claims' store is `<store>-keys`); its API is
   * `/api/<store>` (src/lib/api-routes.ts).
   */
  store: string;
  schema: S;
  /**
   * Its statuses in the order a record moves through them, `New` first (a record's status before
   * any change): what the admin offers, a status change accepts, and the status filter lists.
   */
  statuses: StatusList;
  /**
   * How long its records are kept (functions/_lib/retention.ts): the months (default
   * RETENTION_MONTHS), counted from the last change of status or from the record's creation, and
   * the statuses a record may be purged in (`all`: whatever its status).
   */
  retention: {
    readonly months?: number;
    readonly from: 'last-change' | 'created';
    readonly purgeable: readonly Status[] | 'all';
  };
  /**
   * A file each record carries (an application's CV), sent in the multipart field `field`, checked
   * by `inspect` on the server and kept in its own store (`<store>-files`, under the record's id):
   * deleted, erased, purged and backed up with its record, and downloaded by the admin only, at
   * `/api/<store>/<id>/<field>`.
   */
  attachment?: { readonly field: string; readonly label: string; readonly maxBytes: number };
  /** Whether Insights counts its records as leads (the pipeline by source, speed to lead). */
  insights: boolean;
  /** The summary the index keeps: summary field → the record field it copies (text only). */
  summary: Readonly<Record<K, FieldOf<S>>>;
  /** The summary fields that name the person: an erasure finds records by `email`. */
  person: { readonly email: NoInfer<K>; readonly name: NoInfer<K>; readonly phone?: NoInfer<K> };
  /** What `q` and the filters may ask of the summary (each filter: a summary field, or `status`). */
  search: SearchSpec & {
    readonly text: readonly NoInfer<K>[];
    readonly phone?: NoInfer<K>;
    readonly filters: Readonly<Record<F, FilterSpec>>;
  };
  /** The form's fields in display order, with their labels (the language comes after them). */
  labels: Readonly<Record<FormFieldOf<S>, string>>;
  /**
   * The e-mail to the company: "New <subject> from <name>", then `Label: value` of each of
   * `fields` (default: all, in label order), then the text of `body` alone.
   */
  mail: {
    readonly subject: string;
    readonly fields?: readonly FormFieldOf<S>[];
    readonly body?: FormFieldOf<S>;
    /**
     * The acknowledgement to the sender (functions/_lib/acknowledgement.ts): what happens next and
     * when, in a sentence or two.
     */
    readonly nextSteps: string;
    /**
     * The acknowledgement in the site's other languages: the lead as the sender calls it ("your
     * generator enquiry") and `nextSteps`. A language left out is acknowledged in English.
     */
    readonly translations?: LeadKindMailTranslations;
  };
  /** The admin list: its state's prefix in the admin URL, its page size and its words. */
  list: {
    /** Where the admin lists it (the attention line links there). */
    readonly href: string;
    readonly urlPrefix: string;
    readonly pageSize: number;
    readonly heading: string;
    readonly searchLabel: string;
    readonly searchHint: string;
    readonly pagesLabel: string;
    /** Which records the dashboard counts: '3 new enquiries', '1 unread message'. */
    readonly fresh: string;
    readonly deleteConfirm: string;
    /** Said in an alert once a delete succeeded (a failure is then alerted too). */
    readonly deleted?: string;
  };
  /** Whether the admin may download every record as CSV (`/api/<store>.csv`). */
  csv: boolean;
  /**
   * The public form that sends it: the path it posts to, where a plain post returns, and its
   * fields' labels as the form shows them in a language (the acknowledgement's copy outside
   * English; fields it has none for keep `labels`).
   */
  form: FormFallback & {
    readonly api: `/api/${string}`;
    readonly labels?: (text: FormText) => Readonly<Partial<Record<FormFieldOf<S>, string>>>;
  };
}

/** Any declared kind, as code that handles every kind sees it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a kind's schema and fields vary
export type AnyLeadKind = LeadKind<any, string, string, string>;

/** A kind's form fields in display order (its CSV columns, before the language). */
export function fieldsOf<S extends v.GenericSchema>(
  kind: LeadKind<S, string, string, string>,
): FormFieldOf<S>[] {
  return Object.keys(kind.labels) as FormFieldOf<S>[];
}

/** Declares a kind; the type checks that every field it names exists where it says. */
export function leadKind<
  S extends v.GenericSchema,
  K extends string,
  N extends string,
  F extends NoInfer<K> | 'status',
>(kind: LeadKind<S, K, N, F>): LeadKind<S, K, N, F> {
  return kind;
}

/**
 * What happens next after sending a lead of this kind, in `locale` (English where the kind has no
 * translation): the acknowledgement e-mail's words, which the confirmation on the page repeats.
 */
export function nextStepsIn(
  mail: { readonly nextSteps: string; readonly translations?: LeadKindMailTranslations },
  locale: Locale,
): string {
  return mail.translations?.[locale]?.nextSteps ?? mail.nextSteps;
}

/** A kind's acknowledgement in other languages: the lead as the sender calls it, and what next. */
export type LeadKindMailTranslations = Readonly<
  Partial<Record<Locale, { readonly lead: string; readonly nextSteps: string }>>
>;
