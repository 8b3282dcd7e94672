/** Generator enquiries: the four-step wizard's lead. */
import { ENQUIRY_FIELD_LABELS, EnquirySchema } from '../schemas/enquiry.ts';
import { ENQUIRY_SEARCH } from '../schemas/search.ts';
import { STATUSES } from '../schemas/follow-up.ts';
import { leadKind } from './kind.ts';

export const ENQUIRY = leadKind({
  key: 'enquiries',
  noun: 'Enquiry',
  words: { one: 'enquiry', many: 'enquiries' },
  store: 'enquiries',
  statuses: STATUSES,
  retention: { from: 'last-change', purgeable: ['Won', 'Lost', 'New'] },
  insights: true,
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
    lang: 'lang',
  },
  person: { email: 'email', name: 'name', phone: 'phone' },
  search: ENQUIRY_SEARCH,
  labels: ENQUIRY_FIELD_LABELS,
  mail: {
    subject: 'generator enquiry',
    nextSteps:
      'One of our engineers will reply within one working day, usually by phone, to talk ' +
      'through your site and needs. If a visit would help, we will arrange it with you then.',
    translations: {
      ml: {
        lead: 'ജനറേറ്റർ അന്വേഷണം',
        nextSteps:
          'ഞങ്ങളുടെ ഒരു എൻജിനീയർ ഒരു പ്രവൃത്തിദിവസത്തിനകം, സാധാരണയായി ഫോണിലൂടെ, നിങ്ങളെ ബന്ധപ്പെട്ട് ' +
          'നിങ്ങളുടെ സ്ഥലവും ആവശ്യങ്ങളും ചർച്ച ചെയ്യും. സ്ഥലസന്ദർശനം ഉപകാരപ്പെടുമെങ്കിൽ അപ്പോൾ ' +
          'നിങ്ങളുമായി ആലോചിച്ച് അത് ക്രമീകരിക്കും.',
      },
      ar: {
        lead: 'استفساركم عن المولّد',
        nextSteps:
          'سيتواصل معكم أحد مهندسينا خلال يوم عمل واحد، عادةً عبر الهاتف، لمناقشة موقعكم ' +
          'واحتياجاتكم. وإذا كانت الزيارة الميدانية مفيدة، فسنرتّبها معكم حينها.',
      },
    },
  },
  list: {
    href: '/admin#enquiries-heading',
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
    labels: (text) => text.enquiry.labels,
  },
});
