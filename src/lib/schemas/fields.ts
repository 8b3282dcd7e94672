/**
 * Building blocks shared by the entity schemas: messages, length limits and field rules.
 *
 * Imported by browser islands and by the functions alike, so it depends on valibot and the forms'
 * words (src/i18n/forms) only. The public forms' messages are in the language `safeParse` is
 * given (`v.safeParse(schema, data, { lang: 'ml' })`), and in English without one.
 */
import * as v from 'valibot';
import { validation as enValidation } from '../../i18n/forms/en-validation.ts';
import { fill, formatCount, validationText } from '../../i18n/forms/registry.ts';
import { isAmount, isNegativeAmount, normalizeAmount, normalizePhone } from './numbers.ts';

/** A rule's message: fixed text, or a function of the issue (its `lang`). */
export type Message = string | ((issue: { readonly lang?: string | undefined }) => string);

/** The validation messages of the public forms, by name. */
export type MessageKey = keyof typeof enValidation;

/** A validation message in the issue's language (`safeParse(…, { lang })`), else in English. */
export function message(
  key: MessageKey,
): (issue: { readonly lang?: string | undefined }) => string {
  return (issue) => validationText(issue.lang)[key];
}

/** The message of every required field that has no message of its own. */
export const REQUIRED_MESSAGE = enValidation.required;
/** Said of an address that is not text, at sign, text, dot, text. */
export const EMAIL_MESSAGE = enValidation.email;
/** Said of a value that is neither text nor one of the offered options (only hostile clients see it). */
export const INVALID_VALUE_MESSAGE = enValidation.invalidValue;
/** Said of text carrying characters that `hasControlCharacters` (or the e-mail rule) refuses. */
export const CONTROL_CHARACTERS_MESSAGE = enValidation.controlCharacters;

/** Upper bounds on every string field, counted in UTF-16 units after trimming. */
export const LIMITS = {
  name: 200,
  email: 254,
  /** As typed, spaces, brackets and hyphens included ("+971 (0) 50 123 4567"). */
  phone: 30,
  text: 5_000,
  password: 1_024,
} as const;

/**
 * Hidden field that people never see and bots fill in. A request that carries it is answered as
 * if accepted and nothing is stored. Forms render `<input name={HONEYPOT_FIELD} hidden>`.
 */
export const HONEYPOT_FIELD = 'website';

/** "Please use at most 5,000 characters." in `lang` (English without one), in Western digits. */
export function tooLongMessage(max: number, lang?: string): string {
  return fill(validationText(lang).tooLong, { max: formatCount(max, lang) });
}

/** `tooLongMessage` in the issue's language. */
function tooLong(max: number) {
  return (issue: { readonly lang?: string | undefined }) => tooLongMessage(max, issue.lang);
}

/**
 * The e-mail rule (`[^\s@]+@[^\s@]+\.[^\s@]+`), written as a linear scan: the regular
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
 * Single-line fields (names, phone, city…) also refuse the direction marks U+200E, U+200F and
 * U+061C, as an e-mail address does: in one line they only make two values that look the same
 * differ, or move a CSV cell's `=` out of first place. Multi-line text keeps them (right-to-left
 * writers need them between sentences). ZWJ/ZWNJ stay allowed everywhere but in an e-mail
 * address (Malayalam spelling and emoji need them).
 */
const MULTI_LINE_CONTROLS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\r(?!\n)/;
const SINGLE_LINE_CONTROLS =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

/**
 * A flag such as England's: U+1F3F4, tag characters, CANCEL TAG. It shows as one visible flag, so
 * its tag characters are allowed in every text field except an e-mail address.
 */
const EMOJI_TAG_SEQUENCE = /\u{1f3f4}[\u{e0020}-\u{e007e}]+\u{e007f}/gu;

/**
 * Also refused in multi-line text: what shows nothing yet hides or alters text. Tag characters
 * outside a flag (invisible copies of ASCII text), the interlinear annotation controls (renderers
 * may hide the annotated text), the deprecated format controls U+206A–U+206F (they switch digit
 * shapes and Arabic shaping), and lone surrogates (not text at all). Other invisible characters
 * stay allowed there: U+200B, for one, separates words in Thai and Khmer.
 */
const MULTI_LINE_INVISIBLE = /[\p{Cs}\u206a-\u206f\ufff9-\ufffb\u{e0000}-\u{e007f}]/u;

/**
 * Also refused in single-line text (names, phone, city, institution, e-mail, search): every
 * default-ignorable or format code point, and lone surrogates, so that two values that look the
 * same cannot differ by something unseen (U+200B, U+FEFF, U+2060–U+2064, U+00AD, the Hangul
 * fillers, tag characters…). Still allowed: ZWJ and ZWNJ, a flag's tag characters, and a
 * variation selector right after a character that takes one (see `takesVariationSelector`).
 */
const SINGLE_LINE_INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cs}]/gu;
const JOINERS = new Set(['\u200c', '\u200d']);
const MONGOLIAN_FORMAT = /^[\u180b-\u180f]$/;
const VARIATION_SELECTOR = /^\p{Variation_Selector}$/u;
const VARIATION_BASE = /^[\p{Emoji}\p{Ideographic}]$/u;
const MONGOLIAN = /^\p{Script=Mongolian}$/u;
const KEYCAP_BASE = /^[#*0-9]$/;

/** The code point that ends just before `index` ('' at the start). */
function codePointBefore(text: string, index: number): string {
  if (index === 0) return '';
  const pair = index > 1 && /^[\ud800-\udbff][\udc00-\udfff]$/.test(text.slice(index - 2, index));
  return String.fromCodePoint(text.codePointAt(pair ? index - 2 : index - 1)!);
}

/**
 * A variation selector chooses how the character before it is drawn, so it is allowed only after
 * one that has such variants: an emoji (☀️, and the keycaps 1️⃣, #️⃣, *️⃣), a CJK ideograph
 * (ideographic variation sequences), or Mongolian text (its free variation selectors and the
 * vowel separator U+180E). After a Latin letter, for one, it would only hide.
 */
function takesVariationSelector(text: string, index: number, selector: string): boolean {
  const before = codePointBefore(text, index);
  if (MONGOLIAN_FORMAT.test(selector)) return MONGOLIAN.test(before);
  if (!VARIATION_SELECTOR.test(selector)) return false;
  if (before < '\u0080') {
    return selector === '\ufe0f' && KEYCAP_BASE.test(before) && text[index + 1] === '\u20e3';
  }
  return VARIATION_BASE.test(before);
}

export function hasControlCharacters(value: string, multiline = false): boolean {
  if ((multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value)) return true;
  const text = value.replace(EMOJI_TAG_SEQUENCE, '\u{1f3f4}');
  if (multiline) return MULTI_LINE_INVISIBLE.test(text);
  for (const { 0: char, index } of text.matchAll(SINGLE_LINE_INVISIBLE)) {
    if (!JOINERS.has(char) && !takesVariationSelector(text, index, char)) return true;
  }
  return false;
}

/** The rule as a valibot action, for string pipes of every schema. */
export function withoutControlCharacters(multiline = false) {
  return v.check(
    (value: string) => !hasControlCharacters(value, multiline),
    message('controlCharacters'),
  );
}

export interface TextOptions {
  /** The message for a missing, empty or non-string value (required fields only). */
  message?: Message;
  /** A `<textarea>`: tab and line breaks are allowed. */
  multiline?: boolean;
}

/**
 * A required string: trimmed, non-empty, without control characters, at most `max` characters.
 * A missing key, `null` and a non-string all get `message`, as an empty field does.
 */
export function requiredText(
  max: number,
  { message: missing = message('required'), multiline = false }: TextOptions = {},
) {
  return v.pipe(
    v.nullish(v.string(missing), ''),
    v.trim(),
    v.nonEmpty(missing),
    withoutControlCharacters(multiline),
    v.maxLength(max, tooLong(max)),
  );
}

/**
 * An optional string: trimmed, without control characters, at most `max` characters; missing or
 * `null` becomes `''`.
 */
export function optionalText(max: number, { multiline = false }: TextOptions = {}) {
  return v.pipe(
    v.nullish(v.string(message('invalidValue')), ''),
    v.trim(),
    withoutControlCharacters(multiline),
    v.maxLength(max, tooLong(max)),
  );
}

/**
 * Refused in an e-mail address with `CONTROL_CHARACTERS_MESSAGE`, beyond what single-line text
 * refuses, and with no exceptions: every default-ignorable, format, private-use, unassigned,
 * surrogate or control code point (ZWJ, the direction marks and variation selectors included).
 */
const EMAIL_INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Cc}]/u;

/** True when NFKC leaves the code point as it is: not a compatibility or singleton character. */
function isNfkcStable(char: string): boolean {
  return char < '\u0080' || char.normalize('NFKC') === char;
}

/**
 * True when every code point is NFKC-stable on its own. Refused in addresses: the Kelvin sign
 * U+212A, the Angstrom sign U+212B, fullwidth letters and ligatures look like other letters but
 * name another mailbox. A combining mark is stable on its own, so decomposed (NFD) text passes.
 */
function hasOnlyNfkcStableCodePoints(value: string): boolean {
  for (const char of value) if (!isNfkcStable(char)) return false;
  return true;
}

/**
 * A required e-mail address: trimmed; no invisible code point (`CONTROL_CHARACTERS_MESSAGE`);
 * at most 254 characters; the `isEmail` pattern and only NFKC-stable code points (`EMAIL_MESSAGE`);
 * the output is in NFC, so `jose\u0301@…` is stored as `josé@…`.
 */
export function requiredEmail() {
  return v.pipe(
    v.nullish(v.string(message('required')), ''),
    v.trim(),
    v.nonEmpty(message('required')),
    v.check(
      (value: string) => !hasControlCharacters(value) && !EMAIL_INVISIBLE.test(value),
      message('controlCharacters'),
    ),
    v.maxLength(LIMITS.email, tooLong(LIMITS.email)),
    v.check(isEmail, message('email')),
    v.check(hasOnlyNfkcStableCodePoints, message('email')),
    v.transform((value: string) => value.normalize('NFC')),
    // Composing can, rarely, lengthen text (a precomposed letter whose marks reorder).
    v.maxLength(LIMITS.email, tooLong(LIMITS.email)),
  );
}

/** NFC, except that a code point that is not NFKC-stable stays as it is and splits the text. */
function normalizeStableRuns(text: string): string {
  let result = '';
  let run = '';
  for (const char of text) {
    if (isNfkcStable(char)) {
      run += char;
    } else {
      result += run.normalize('NFC') + char;
      run = '';
    }
  }
  return result + run.normalize('NFC');
}

const IGNORED_IN_KEYS = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;

/**
 * The key two addresses are compared by (stored and typed alike): equal keys, same person.
 *
 * - Default-ignorable and format code points are removed (U+200B, U+FEFF, ZWJ, U+2063, U+FFF9…),
 *   so an address stored with one before the input rule refused them is still found by its
 *   visible spelling.
 * - Trimmed, then NFC: `jose\u0301` and `josé` are the same.
 * - Lower-cased code point by code point (local part and domain alike): `ASHA@Example.COM` is
 *   `asha@example.com`; the Turkish `İ` becomes `i\u0307`, never `i`.
 * - A code point that is not NFKC-stable on its own (the Kelvin sign U+212A, the Angstrom sign,
 *   fullwidth letters, ligatures) is neither normalised nor lower-cased: it is another mailbox,
 *   even where NFC or `toLowerCase` would turn it into an ordinary letter (U+212A into `K`/`k`).
 *
 * Idempotent: `addressKey(addressKey(x)) === addressKey(x)`.
 */
export function addressKey(email: string): string {
  const text = normalizeStableRuns(email.replace(IGNORED_IN_KEYS, '').trim());
  let lower = '';
  for (const char of text) lower += isNfkcStable(char) ? char.toLowerCase() : char;
  // Lower case can compose where upper case did not: `W\u030a` becomes `ẘ`.
  return normalizeStableRuns(lower);
}

/**
 * A required phone number, as people write it: a required text, then `normalizePhone` (spaces,
 * dots, hyphens and brackets removed, digits of any script folded to 0–9, E.164 when a country
 * code is given, at least 10 digits), else `message('phone')`.
 */
export function requiredPhone() {
  return v.pipe(
    requiredText(LIMITS.phone),
    v.check((phone: string) => normalizePhone(phone) !== undefined, message('phone')),
    v.transform((phone: string) => normalizePhone(phone)!),
  );
}

/**
 * An optional amount of money: text, or a number from a number input; trimmed, digits of any
 * script folded to 0–9 (`normalizeAmount`), then '' or digits with at most two decimals. A minus
 * sign before one gets `message('negativeBill')`, anything else `invalid`.
 */
export function optionalAmount(invalid: Message) {
  return v.pipe(
    v.nullish(v.union([v.string(), v.number()], invalid), ''),
    v.transform((amount) => normalizeAmount(String(amount))),
    v.maxLength(LIMITS.phone, tooLong(LIMITS.phone)),
    v.check((amount) => !isNegativeAmount(amount), message('negativeBill')),
    v.check((amount) => amount === '' || isAmount(amount), invalid),
  );
}

/**
 * One of `options`, required. The value is trimmed first; anything else, including a missing key,
 * gets `message`.
 */
export function requiredChoice<const T extends readonly [string, ...string[]]>(
  options: T,
  missing: Message,
) {
  return v.pipe(v.nullish(v.string(missing), ''), v.trim(), v.picklist(options, missing));
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
