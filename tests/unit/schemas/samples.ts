/** What the schema tests share: valid enquiries to start from, and code points named for messages. */
import { sampleEnquiry } from '../../../scripts/bench-kit.ts';

export { sampleEnquiry };

export const INSTITUTION = 'Institution / Business / Government';

/** A valid enquiry from a school (an institution) with a comment, with `overrides` applied. */
export function schoolEnquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return sampleEnquiry({
    enquiryType: INSTITUTION,
    institutionName: 'School',
    institutionType: ['Educational'],
    additionalComments: 'Call after 5',
    ...overrides,
  });
}

/** The code points of `text` as `U+XXXX` names, to say which one a failed check was about. */
export const hex = (text: string) =>
  [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).padStart(4, '0')}`).join(' ');

/** `char` inside, at the start and at the end of a short text. */
export const variants = (char: string) => [`a${char}b`, `${char}ab`, `ab${char}`];
