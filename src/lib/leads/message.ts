/** Contact messages: the footer form's lead. */
import { ContactMessageSchema } from '../schemas/contact.ts';
import { MESSAGE_SEARCH } from '../schemas/search.ts';
import { STATUSES } from '../schemas/follow-up.ts';
import { leadKind } from './kind.ts';

export const MESSAGE = leadKind({
  key: 'messages',
  noun: 'Message',
  words: { one: 'message', many: 'messages' },
  store: 'contact-messages',
  statuses: STATUSES,
  retention: { from: 'last-change', purgeable: ['Won', 'Lost', 'New'] },
  insights: true,
  schema: ContactMessageSchema,
  summary: { name: 'name', email: 'email', lang: 'lang' },
  person: { email: 'email', name: 'name' },
  search: MESSAGE_SEARCH,
  labels: { name: 'Name', email: 'Email', message: 'Message' },
  mail: {
    subject: 'contact message',
    fields: ['name', 'email'],
    body: 'message',
    nextSteps: 'A member of our team will reply to this address within one working day.',
    translations: {
      ml: {
        lead: 'സന്ദേശം',
        nextSteps: 'ഞങ്ങളുടെ ടീമിലെ ഒരാൾ ഒരു പ്രവൃത്തിദിവസത്തിനകം ഈ വിലാസത്തിൽ മറുപടി നൽകും.',
      },
      ar: {
        lead: 'رسالتكم',
        nextSteps: 'سيردّ أحد أعضاء فريقنا على هذا العنوان خلال يوم عمل واحد.',
      },
    },
  },
  list: {
    href: '/admin/messages',
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
  form: {
    name: 'contact',
    api: '/api/contact',
    page: '/',
    anchor: 'contact-form',
    labels: (text) => text.contact.labels,
  },
});
