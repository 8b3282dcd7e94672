/**
 * A kind of lead (a generator enquiry, a contact message, …) declared once: its input rules, the
 * summary the admin index keeps of a record, what search and filters may ask of that summary,
 * which summary fields name the person (what an erasure looks for), its fields' labels in
 * display order (CSV columns, notification, admin), and its admin list. Storage, search,
 * erasure, export and notifications derive from the declaration, so a renamed field is a type
 * error, never a search or an erasure that silently finds nothing.
 */
import type * as v from 'valibot';
import type { SearchSpec } from '../schemas/search.ts';

export interface LeadKind<S extends v.GenericSchema = v.GenericSchema, K extends string = string> {
  /** One record, as messages name it: 'Enquiry', 'Message'. */
  noun: string;
  /** The Blobs store of its records (the key claims' store is `<store>-keys`). */
  store: string;
  schema: S;
  /** The summary the index keeps: summary field → the record field it copies (text only). */
  summary: Readonly<Record<K, keyof v.InferOutput<S> & string>>;
  /** The summary fields that name the person: an erasure finds records by `email`. */
  person: { readonly email: NoInfer<K>; readonly name: NoInfer<K>; readonly phone?: NoInfer<K> };
  /** What `q` and the filters may ask of the summary. */
  search: SearchSpec & { readonly text: readonly NoInfer<K>[]; readonly phone?: NoInfer<K> };
  /** The record's fields in display order, with their labels. */
  labels: Readonly<Record<keyof v.InferOutput<S> & string, string>>;
  /** The admin list: the prefix of its view state in the admin URL, and its page size. */
  list: { readonly urlPrefix: string; readonly pageSize: number };
}

/** A kind's fields in display order (its CSV columns). */
export function fieldsOf<S extends v.GenericSchema, K extends string>(
  kind: LeadKind<S, K>,
): (keyof v.InferOutput<S> & string)[] {
  return Object.keys(kind.labels) as (keyof v.InferOutput<S> & string)[];
}

/** Declares a kind; the type checks that every field it names exists where it says. */
export function leadKind<S extends v.GenericSchema, K extends string>(
  kind: LeadKind<S, K>,
): LeadKind<S, K> {
  return kind;
}
