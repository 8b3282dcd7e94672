/**
 * A stored phone number as the office reads it: "+919847012345" is "+91 98470 12345".
 *
 * Numbers are stored by `normalizePhone`: "+<digits>" when the sender gave a country code, the
 * digits as typed otherwise. A known country code is set apart; the rest is grouped readably.
 * Anything else (a record from before the rule) is shown as it is.
 */

/**
 * Country codes set apart: India, the Gulf, and the other places the company works most. E.164
 * codes are prefix-free, so at most one of them starts a number.
 */
const COUNTRY_CODES = [
  '1', // United States, Canada
  '27', // South Africa
  '44', // United Kingdom
  '60', // Malaysia
  '65', // Singapore
  '91', // India
  '94', // Sri Lanka
  '234', // Nigeria
  '254', // Kenya
  '255', // Tanzania
  '880', // Bangladesh
  '960', // Maldives
  '965', // Kuwait
  '966', // Saudi Arabia
  '968', // Oman
  '971', // United Arab Emirates
  '973', // Bahrain
  '974', // Qatar
  '977', // Nepal
] as const;

const INDIA = '91';

/** An Indian mobile number: ten digits from 6 to 9 on, read as two fives ("98470 12345"). */
const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/**
 * Digits in groups: the last four together, the others in threes from the right, four left at the
 * front together ("0484 200 0000", "50 123 4567"); an Indian mobile number in two fives.
 */
export function groupDigits(digits: string, indian: boolean): string {
  if (indian && INDIAN_MOBILE.test(digits)) return `${digits.slice(0, 5)} ${digits.slice(5)}`;
  if (digits.length <= 4) return digits;
  const groups = [digits.slice(-4)];
  let rest = digits.slice(0, -4);
  while (rest.length > 0) {
    const take = rest.length === 4 ? 4 : Math.min(3, rest.length);
    groups.unshift(rest.slice(-take));
    rest = rest.slice(0, -take);
  }
  return groups.join(' ');
}

/** A stored phone number, formatted; a value that is not one is returned as it is. */
export function formatPhone(stored: string): string {
  const match = /^(\+?)(\d+)$/.exec(stored);
  if (!match) return stored;
  const [, plus, digits = ''] = match;
  // Without a country code the sender is in India (the form's hint asks for one otherwise).
  if (!plus) return groupDigits(digits, true);
  const code = COUNTRY_CODES.find((candidate) => digits.startsWith(candidate));
  if (code === undefined) return `+${groupDigits(digits, false)}`;
  return `+${code} ${groupDigits(digits.slice(code.length), code === INDIA)}`;
}
