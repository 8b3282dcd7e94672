/**
 * The careers application form's field labels in English (part of en.ts, `application.labels`): a
 * module of its own because they are also the application lead kind's labels
 * (src/lib/leads/application.ts: the admin, the CSV, the e-mail to the company and the English
 * acknowledgement name the fields as the form does), and the kind, which the admin bundles, should
 * not carry every word of the forms.
 */
export const applicationLabels = {
  name: 'Full name',
  email: 'Email',
  phone: 'Phone',
  opening: 'Opening',
  location: 'Current location',
  coverNote: 'Cover note',
  consent: 'Agreed to be kept for 12 months',
  cv: 'CV',
} as const;
