/** Contact messages: store `contact-messages`, one blob per message keyed by its id. */
import { MESSAGE_SEARCH, type ContactMessageInput } from '../../../src/lib/schemas/index.ts';
import { timeline } from './timeline.ts';

export const contactMessages = timeline<ContactMessageInput>('contact-messages', {
  // What search, filters and erasure read from the index (src/lib/schemas/search.ts).
  summary: { name: 'name', email: 'email' },
  search: MESSAGE_SEARCH,
});
