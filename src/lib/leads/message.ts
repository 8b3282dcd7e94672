/** Contact messages: the footer form's lead. */
import { ContactMessageSchema } from '../schemas/contact.ts';
import { MESSAGE_SEARCH } from '../schemas/search.ts';
import { leadKind } from './kind.ts';

export const MESSAGE = leadKind({
  key: 'messages',
  noun: 'Message',
  words: { one: 'message', many: 'messages' },
  store: 'contact-messages',
  schema: ContactMessageSchema,
  summary: { name: 'name', email: 'email' },
  person: { email: 'email', name: 'name' },
  search: MESSAGE_SEARCH,
  labels: { name: 'Name', email: 'Email', message: 'Message' },
  mail: {
    subject: 'contact message',
    fields: ['name', 'email'],
    body: 'message',
    nextSteps: 'A member of our team will reply to this address within one working day.',
  },
  list: {
    urlPrefix: 'm',
    pageSize: 10,
    heading: 'Contact Messages',
    searchLabel: 'Search messages',
    searchHint: 'Name or e-mail; part of a word is enough.',
    pagesLabel: 'Contact message pages',
    fresh: 'unread',
    deleteConfirm: 'Delete this message? This action cannot be undone.',
  },
  csv: false,
  form: { name: 'contact', api: '/api/contact', page: '/', anchor: 'contact-form' },
});
