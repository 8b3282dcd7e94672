/**
 * Numbers as people type them: phone numbers with spaces, dots, hyphens and brackets, and digits
 * of any script (Arabic-Indic ٠١٢, Eastern Arabic-Indic ۰۱۲, Malayalam ൦൧൨, fullwidth ０１２…).
 *
 * Pure text functions, shared by the schemas (browser forms and functions alike) and the admin.
 */

const DECIMAL_DIGIT = /\p{Nd}/u;
const DECIMAL_DIGITS = /\p{Nd}/gu;

/**
 * The value 0–9 of a decimal digit. Unicode encodes every script's digits as runs of ten, zero
 * first, and where runs touch (the mathematical digits) each is ten long: the distance from the
 * start of the run, modulo ten, is the value.
 */
function digitValue(digit: string): number {
  const code = digit.codePointAt(0)!;
  let start = code;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
  return (code - start) % 10;
}

/** Every decimal digit, of whatever script, as its ASCII digit 0–9; nothing else changes. */
export function foldDigits(text: string): string {
  return text.replace(DECIMAL_DIGITS, (digit) =>
    digit <= '9' ? digit : String(digitValue(digit)),
  );
}

/** The fewest digits a phone number has (the spec's rule), country code included. */
export const PHONE_MIN_DIGITS = 10;

/** What people write between a phone number's digits: spaces, dots, hyphens and dashes, brackets. */
const PHONE_SEPARATORS = /[\p{Zs}.\p{Pd}()[\]]/gu;
const PHONE_SHAPE = /^(\+|00)?(\d+)$/;
/**
 * The national trunk zero some countries write in brackets after their country code, as in the
 * UK's "+44 (0)20 7946 0000": it is not dialled from abroad, so E.164 leaves it out.
 */
const BRACKETED_TRUNK_ZERO = /^(\s*(?:\+|00)\s*\d{1,3})\s*\(\s*0\s*\)/;

/**
 * A phone number as stored, or undefined when it is not one: separators removed, digits folded
 * to 0–9; a leading "+" or "00" (the country code given) makes it E.164 "+<digits>", otherwise
 * the digits are kept as typed ("(0484) 200 0000" is "04842000000"); a bracketed trunk zero after
 * the country code is dropped ("+44 (0)20 7946 0000" is "+442079460000"). At least 10 digits, as
 * stored; a second "+", a letter or any other symbol is not a phone number.
 */
export function normalizePhone(text: string): string | undefined {
  const written = foldDigits(text).replace(BRACKETED_TRUNK_ZERO, '$1');
  const shape = PHONE_SHAPE.exec(written.replace(PHONE_SEPARATORS, ''));
  if (!shape) return undefined;
  const [, international, digits = ''] = shape;
  if (digits.length < PHONE_MIN_DIGITS) return undefined;
  return international ? `+${digits}` : digits;
}

/** The Arabic decimal separator "٫", which Arabic keyboards type for a point. */
const ARABIC_DECIMAL_SEPARATOR = /\u066b/g;

/** An amount as stored: trimmed, digits folded to 0–9, the Arabic decimal separator a point. */
export function normalizeAmount(text: string): string {
  return foldDigits(text.trim()).replace(ARABIC_DECIMAL_SEPARATOR, '.');
}

const AMOUNT_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
const MINUS = /^[-\u2212]\s*/;

/** True for a normalised amount: digits, and at most two after a point ("12000.50"). */
export function isAmount(amount: string): boolean {
  return AMOUNT_PATTERN.test(amount);
}

/** True for a normalised amount with a minus sign before it ("-5", "− 12.50"). */
export function isNegativeAmount(amount: string): boolean {
  return MINUS.test(amount) && isAmount(amount.replace(MINUS, ''));
}
