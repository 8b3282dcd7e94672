/** Contact messages: the footer form's lead. */
import { ContactMessageSchema } from '../schemas/contact.ts';
import { MESSAGE_SEARCH } from '../schemas/search.ts';
import { leadKind } from './kind.ts';

export const MESSAGE = leadKind({
  noun: 'Message',
  store: 'contact-messages',
  schema: ContactMessageSchema,
  summary: { name: 'name', email: 'email' },
  person: { email: 'email', name: 'name' },
  search: MESSAGE_SEARCH,
  labels: { name: 'Name', email: 'Email', message: 'Message' },
  list: { urlPrefix: 'm', pageSize: 10 },
});
