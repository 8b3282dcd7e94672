/**
 * Contact message: the short form in every page's footer.
 */
import * as v from 'valibot';
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

/** A stored contact message, as the admin list returns it. */
export type ContactMessage = { _id: string; createdAt: string } & ContactMessageInput;

/** The fields' placeholders, so the island and the no-JS form say the same thing. */
export const CONTACT_PLACEHOLDERS = {
  email: 'Enter a valid email address',
  name: 'Enter your Name',
  message: 'Enter your message',
} as const satisfies Record<keyof ContactMessageInput, string>;
