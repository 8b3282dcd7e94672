/**
 * Building blocks shared by the entity schemas: messages, length limits and field rules.
 *
 * Imported by browser islands and by the functions alike, so it depends on valibot only.
 */
import * as v from 'valibot';

/** SPEC §5: the message of every required field that has no message of its own. */
export const REQUIRED_MESSAGE = 'This field is required.';
/** SPEC §5: text, at sign, text, dot, text. */
export const EMAIL_MESSAGE = 'Invalid email format.';
/** Said of a value that is neither text nor one of the offered options (only hostile clients see it). */
export const INVALID_VALUE_MESSAGE = 'Invalid value.';
/** Said of text carrying characters that `hasControlCharacters` refuses. */
export const CONTROL_CHARACTERS_MESSAGE = 'Please remove invisible control characters.';

/** Upper bounds on every string field, counted in UTF-16 units after trimming. */
export const LIMITS = {
  name: 200,
  email: 254,
  phone: 20,
  text: 5_000,
  password: 1_024,
} as const;

/**
 * Hidden field that people never see and bots fill in. A request that carries it is answered as
 * if accepted and nothing is stored. Forms render `<input name={HONEYPOT_FIELD} hidden>`.
 */
export const HONEYPOT_FIELD = 'website';

export function tooLongMessage(max: number): string {
  return `Please use at most ${max.toLocaleString('en')} characters.`;
}

/**
 * SPEC §5's e-mail rule (`[^\s@]+@[^\s@]+\.[^\s@]+`), written as a linear scan: the regular
 * expression backtracks quadratically on long inputs without a dot.
 */
export function isEmail(value: string): boolean {
  if (/\s/.test(value)) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const domain = value.slice(at + 1);
  // A dot with at least one character on each side.
  return domain.slice(1, -1).includes('.');
}

/**
 * Characters no text field may carry, because they hide or rearrange what the admin, the e-mail
 * and the CSV show: C0 controls, DEL, C1 controls, and the bidirectional embeddings, overrides
 * and isolates (U+202A–U+202E, U+2066–U+2069, the "Trojan Source" characters). Multi-line fields
 * (a `<textarea>`) keep tab, `\n`, `\r\n` and U+2028/U+2029; a lone `\r` is refused there too.
 * Allowed everywhere: the direction marks U+200E, U+200F and U+061C (they have no scope, so they
 * cannot reorder text beyond themselves, and right-to-left writers need them) and ZWJ/ZWNJ
 * (Malayalam spelling and emoji need them).
 */
const MULTI_LINE_CONTROLS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;
const SINGLE_LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value);
}

/** The rule as a valibot action, for string pipes of every schema. */
export function withoutControlCharacters(multiline = false) {
  return v.check(
    (value: string) => !hasControlCharacters(value, multiline),
    CONTROL_CHARACTERS_MESSAGE,
  );
}

export interface TextOptions {
  /** The message for a missing, empty or non-string value (required fields only). */
  message?: string;
  /** A `<textarea>`: tab and line breaks are allowed. */
  multiline?: boolean;
}

/**
 * A required string: trimmed, non-empty, without control characters, at most `max` characters.
 * A missing key, `null` and a non-string all get `message`, as an empty field does.
 */
export function requiredText(
  max: number,
  { message = REQUIRED_MESSAGE, multiline = false }: TextOptions = {},
) {
  return v.pipe(
    v.nullish(v.string(message), ''),
    v.trim(),
    v.nonEmpty(message),
    withoutControlCharacters(multiline),
    v.maxLength(max, tooLongMessage(max)),
  );
}

/**
 * An optional string: trimmed, without control characters, at most `max` characters; missing or
 * `null` becomes `''`.
 */
export function optionalText(max: number, { multiline = false }: TextOptions = {}) {
  return v.pipe(
    v.nullish(v.string(INVALID_VALUE_MESSAGE), ''),
    v.trim(),
    withoutControlCharacters(multiline),
    v.maxLength(max, tooLongMessage(max)),
  );
}

/** A required e-mail address (SPEC §5 pattern, at most 254 characters). */
export function requiredEmail() {
  return v.pipe(requiredText(LIMITS.email), v.check(isEmail, EMAIL_MESSAGE));
}

/**
 * One of `options`, required. The value is trimmed first; anything else, including a missing key,
 * gets `message`.
 */
export function requiredChoice<const T extends readonly [string, ...string[]]>(
  options: T,
  message: string,
) {
  return v.pipe(v.nullish(v.string(message), ''), v.trim(), v.picklist(options, message));
}

/**
 * Turns valibot issues into `{ field: message }`, keeping only the first message of each
 * top-level field (the order of the rules decides which one the user sees).
 */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key !== 'string' || key in errors) continue;
    errors[key] = issue.message;
  }
  return errors;
}

/** True when `value` is a plain object (not an array, not null). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True when a submission fills the honeypot field. */
export function isBotSubmission(body: Record<string, unknown>): boolean {
  const trap = body[HONEYPOT_FIELD];
  if (trap === undefined || trap === null || trap === false) return false;
  return typeof trap !== 'string' || trap.trim() !== '';
}
