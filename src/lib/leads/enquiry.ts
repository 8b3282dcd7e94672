/** Generator enquiries: the four-step wizard's lead. */
import { ENQUIRY_FIELD_LABELS, EnquirySchema } from '../schemas/enquiry.ts';
import { ENQUIRY_SEARCH } from '../schemas/search.ts';
import { leadKind } from './kind.ts';

export const ENQUIRY = leadKind({
  key: 'enquiries',
  noun: 'Enquiry',
  words: { one: 'enquiry', many: 'enquiries' },
  store: 'enquiries',
  schema: EnquirySchema,
  summary: {
    name: 'fullName',
    email: 'emailAddress',
    phone: 'phoneNumber',
    institution: 'institutionName',
    city: 'cityTownVillage',
    type: 'enquiryType',
    capacity: 'generatorCapacity',
    timeline: 'preferredTimeline',
  },
  person: { email: 'email', name: 'name', phone: 'phone' },
  search: ENQUIRY_SEARCH,
  labels: ENQUIRY_FIELD_LABELS,
  mail: {
    subject: 'generator enquiry',
    nextSteps:
      'One of our engineers will reply within one working day, usually by phone, to talk ' +
      'through your site and needs. If a visit would help, we will arrange it with you then.',
  },
  list: {
    urlPrefix: '',
    pageSize: 10,
    heading: 'Admin Enquiries Panel',
    searchLabel: 'Search enquiries',
    searchHint: 'Name, e-mail, phone, institution or city; part of a word is enough.',
    pagesLabel: 'Enquiries pages',
    fresh: 'new',
    deleteConfirm: 'Are you sure you want to delete this enquiry? This action cannot be undone.',
    deleted: 'Enquiry deleted successfully!',
  },
  csv: true,
  form: {
    name: 'enquiry',
    api: '/api/enquiries',
    page: '/renewable-energy',
    anchor: 'enquiry',
    listFields: ['institutionType'],
  },
});
