/** Job applications (issue 39): the careers form's lead, with the applicant's CV attached. */
import { ApplicationSchema, CV_MAX_BYTES, OPEN_APPLICATION } from '../schemas/application.ts';
import { APPLICATION_STATUSES } from '../schemas/follow-up.ts';
import { APPLICATION_SEARCH } from '../schemas/search.ts';
import { applicationLabels } from '../../i18n/forms/en-application-labels.ts';
import { leadKind } from './kind.ts';

/** The months an application is kept, as the applicant agreed to in the form. */
export const APPLICATION_RETENTION_MONTHS = 12;

/**
 * The fields' labels as the careers form shows them in English (en.ts's `application.labels`),
 * which are also the office's words for them (admin, CSV, the e-mail to the company) and the
 * English acknowledgement's: one wording, kept with the form's copy. The CV's is the attachment's.
 */
const { cv: CV_LABEL, ...FORM_LABELS } = applicationLabels;

export const APPLICATION = leadKind({
  key: 'applications',
  noun: 'Application',
  words: { one: 'application', many: 'applications' },
  store: 'applications',
  statuses: APPLICATION_STATUSES,
  // Kept for the 12 months the applicant agreed to, from the day it was sent, whatever its status.
  retention: { months: APPLICATION_RETENTION_MONTHS, from: 'created', purgeable: 'all' },
  attachment: { field: 'cv', label: CV_LABEL, maxBytes: CV_MAX_BYTES },
  insights: false,
  schema: ApplicationSchema,
  summary: {
    name: 'name',
    email: 'email',
    phone: 'phone',
    location: 'location',
    opening: 'opening',
    lang: 'lang',
  },
  person: { email: 'email', name: 'name', phone: 'phone' },
  search: APPLICATION_SEARCH,
  labels: FORM_LABELS,
  mail: {
    subject: 'job application',
    fields: ['name', 'email', 'phone', 'opening', 'location'],
    body: 'coverNote',
    nextSteps:
      'We read every application ourselves. If your experience fits an opening, we will contact ' +
      'you within two weeks; we keep your application for 12 months and may contact you about ' +
      'new openings in that time.',
    translations: {
      ml: {
        lead: 'ജോലി അപേക്ഷ',
        nextSteps:
          'ഓരോ അപേക്ഷയും ഞങ്ങൾ നേരിട്ട് വായിക്കുന്നു. നിങ്ങളുടെ പരിചയം ഒരു ഒഴിവിന് യോജിക്കുന്നുവെങ്കിൽ ' +
          'രണ്ടാഴ്ചയ്ക്കകം ഞങ്ങൾ ബന്ധപ്പെടും. നിങ്ങളുടെ അപേക്ഷ 12 മാസം സൂക്ഷിക്കും; ആ കാലയളവിൽ ' +
          'പുതിയ ഒഴിവുകളെക്കുറിച്ചും ഞങ്ങൾ ബന്ധപ്പെട്ടേക്കാം.',
      },
      ar: {
        lead: 'طلب التوظيف',
        nextSteps:
          'نقرأ كل طلب بأنفسنا. إذا كانت خبرتكم تناسب إحدى الوظائف الشاغرة فسنتواصل معكم خلال ' +
          'أسبوعين، ونحتفظ بطلبكم لمدة 12 شهرًا وقد نتواصل معكم بشأن وظائف جديدة خلالها.',
      },
    },
  },
  list: {
    href: '/admin/applications',
    facts: ['opening', 'location'],
    valueNames: { opening: { [OPEN_APPLICATION]: 'Open application' } },
    urlPrefix: 'a',
    pageSize: 10,
    heading: 'Applications',
    searchLabel: 'Search applications',
    searchHint: 'Name, e-mail, phone, location or opening; part of a word is enough.',
    pagesLabel: 'Application pages',
    fresh: 'new',
    deleteConfirm: 'Delete this application and its CV? This action cannot be undone.',
  },
  csv: true,
  form: {
    name: 'application',
    api: '/api/applications',
    page: '/careers/',
    anchor: 'application-form',
    labels: (text) => text.application.labels,
  },
});
