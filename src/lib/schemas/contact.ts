/**
 * Contact message: the short form in every page's footer.
 */
import * as v from 'valibot';
import type { Locale } from '../../i18n/locales.ts';
import type { LeadSource } from '../leads/kind.ts';
import type { AcknowledgementSkipped } from './acknowledgement.ts';
import { LIMITS, requiredEmail, requiredText } from './fields.ts';

export const ContactMessageSchema = v.object({
  /** Sender's address: text, at sign, text, dot, text. */
  email: requiredEmail(),
  /** Sender's name. */
  name: requiredText(LIMITS.name),
  /** The message itself; a `<textarea>`, so line breaks stay. */
  message: requiredText(LIMITS.text, { multiline: true }),
});

export type ContactMessageInput = v.InferOutput<typeof ContactMessageSchema>;

/**
 * A stored contact message, as the admin list returns it: the language it was sent in, too, and
 * whether its acknowledgement was skipped.
 */
export type ContactMessage = {
  _id: string;
  createdAt: string;
  lang: Locale;
  acknowledgement?: AcknowledgementSkipped;
  /** Where the lead came from (absent when unknown). */
  source?: LeadSource;
} & ContactMessageInput;
