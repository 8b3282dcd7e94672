/**
 * The phone numbers of issue 41, as typed, as stored and as the admin shows them; shared by the
 * unit, function and browser tests.
 */
export interface PhoneCase {
  input: string;
  stored: string;
  shown: string;
}

export const PHONE_CASES: readonly PhoneCase[] = [
  { input: '+91 98470 12345', stored: '+919847012345', shown: '+91 98470 12345' },
  { input: '+971 50 123 4567', stored: '+971501234567', shown: '+971 50 123 4567' },
  { input: '(0484) 200 0000', stored: '04842000000', shown: '0484 200 0000' },
  { input: '98470-12345', stored: '9847012345', shown: '98470 12345' },
  { input: '0091 484 200 0000', stored: '+914842000000', shown: '+91 484 200 0000' },
  { input: '+44 20.7946.0958', stored: '+442079460958', shown: '+44 207 946 0958' },
  { input: '+44 (0)20 7946 0958', stored: '+442079460958', shown: '+44 207 946 0958' },
  { input: '[+1] 555-123-4567', stored: '+15551234567', shown: '+1 555 123 4567' },
  { input: '9876543210', stored: '9876543210', shown: '98765 43210' },
];

/** The scripts whose digits the issue names, by the code point of their zero. */
export const SCRIPTS = [
  ['Arabic-Indic', 0x0660],
  ['Eastern Arabic-Indic', 0x06f0],
  ['Malayalam', 0x0d66],
] as const;

/** `text` with its digits 0–9 written in the script whose zero is `zero`. */
export function inScript(text: string, zero: number): string {
  return text.replace(/[0-9]/g, (digit) => String.fromCodePoint(zero + Number(digit)));
}
