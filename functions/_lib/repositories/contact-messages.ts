/** Contact messages: store `contact-messages`, one blob per message keyed by its id. */
import type { ContactMessageInput } from '../../../src/lib/schemas/index.ts';
import { timeline } from './timeline.ts';

export const contactMessages = timeline<ContactMessageInput>('contact-messages');
