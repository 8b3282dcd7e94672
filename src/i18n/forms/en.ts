import { APPLICATION_MESSAGES } from '../../lib/schemas/application-messages.ts';
import { applicationLabels } from './en-application-labels.ts';
import { validation } from './en-validation.ts';

/**
 * The forms' words in English: the contact form, the generator enquiry wizard, their messages,
 * the thank-you page and the acknowledgement e-mail. The SPEC's exact texts; ml.ts and ar.ts
 * must have every key, and the wizard's labels and options every field and option value
 * (index.ts types them so; tests/unit/form-text.test.ts walks them).
 *
 * `{name}` marks a value filled in where the text is used. Option labels are keyed by the option's
 * stored value, which stays English in every language (records, CSV and the admin read it).
 */
export const en = {
  validation,
  contact: {
    labels: { email: 'Email', name: 'Name', message: 'Message' },
    placeholders: {
      email: 'Enter a valid email address',
      name: 'Enter your Name',
      message: 'Enter your message',
    },
    send: 'Send message',
    sending: 'Sending…',
    success: 'Message sent successfully!',
    error: 'Oops, something went wrong.',
    retry: 'What you typed is kept: please send it again in a moment.',
  },
  /** The hidden field's label; only software reads it. */
  honeypot: 'Leave this empty',
  /**
   * After a form is sent (the wizard's and the contact form's confirmation): the lead's reference
   * (shown after this label), then "e-mailed" only when an acknowledgement was queued.
   */
  confirmation: {
    reference: 'Your reference:',
    acknowledged: 'We have e-mailed an acknowledgement to the address you gave.',
  },
  /**
   * The careers application form (src/components/careers/ApplicationForm.astro): its labels keyed
   * by the schema's fields (and the file's `cv`), and the API's words for a refused CV, keyed by
   * functions/_lib/cv/refusal.ts's codes (the form also warns with them before sending).
   */
  application: {
    /** The section around the form on /careers (an open application). */
    openHeading: 'Introduce yourself',
    openLead:
      'No opening that fits yet? Send us your CV, and we will consider you as new projects begin.',
    labels: applicationLabels,
    placeholders: {
      name: 'Enter your full name',
      email: 'Enter a valid email address',
      phone: 'Enter your phone number',
      location: 'City, country',
      coverNote: 'What you would like to work on, and why',
    },
    hints: {
      cv: 'PDF, DOCX or ODT, at most 5 MB.',
      /** After a draft was put back: the typed fields come back, a file never does. */
      cvAgain: 'What you typed is kept, but a file cannot be: please attach your CV again.',
      /** Shown only without JavaScript: the whole form is then one request (README, Netlify's limit). */
      cvNoScript:
        'With JavaScript turned off, a file over 4 MB cannot be sent: please attach a smaller one.',
    },
    /** The opening of an application sent from /careers. */
    openApplication: 'Open application',
    consent:
      'Keep my application and CV for 12 months so you can consider me for this and future openings.',
    submit: 'Send application',
    sending: 'Sending…',
    success: 'Application sent. Thank you!',
    error: 'Your application could not be sent.',
    retry: 'What you typed is kept: please send it again in a moment.',
    /** The hosting platform refused the request as too large before the site saw it (413). */
    tooLargeToSend:
      'This file is too large to send from here. Please attach a smaller file, under 4 MB: a PDF saved at a lower image quality usually is.',
    /** The application schema's own messages (src/lib/schemas/application-messages.ts). */
    messages: APPLICATION_MESSAGES,
    cvRefusals: {
      empty: 'The CV file is empty. Please attach your CV as a PDF, DOCX or ODT file.',
      'too-large': 'The CV is larger than 5 MB. Please attach a smaller file.',
      type: 'This file is not a PDF, DOCX or ODT document. Please attach your CV as a PDF, DOCX or ODT file.',
      polyglot:
        'This file is both a PDF and an archive, so it cannot be accepted. Please attach your CV as a PDF, DOCX or ODT file.',
      archive:
        'This document is damaged or not a word-processing file. Please attach your CV as a PDF, DOCX or ODT file.',
      path: 'This document contains files with unsafe names, so it cannot be accepted.',
      bomb: 'This document unpacks to far more than any CV does, so it cannot be accepted.',
      nested: 'This document has other archives packed inside it, so it cannot be accepted.',
      macros: 'This document contains macros. Please save it as a plain DOCX or as a PDF.',
      encrypted: 'This document is password-protected. Please save it without a password.',
      unreadable:
        'This PDF is stored in a way that cannot be checked. Please save it again as a PDF.',
      'active-content':
        'This PDF contains scripts, actions or attached files. Please save it as a plain PDF.',
    },
  },
  enquiry: {
    steps: [
      'Contact Details',
      'Customer / Institution Profile',
      'Generator Requirement',
      'Installation Site & Conditions',
    ],
    /** The step indicator's number. */
    stepNumber: 'Step {step}',
    /** Before each step's name in its legend. */
    stepOf: 'Step {step} of {total}: ',
    labels: {
      fullName: 'Full Name',
      designation: 'Designation',
      emailAddress: 'Email Address',
      phoneNumber: 'Phone Number',
      country: 'Country',
      stateProvince: 'State / Province',
      cityTownVillage: 'City / Town / Village',
      fullAddress: 'Full Address',
      enquiryType: 'Enquiry Type',
      institutionName: 'Institution Name',
      institutionType: 'Institution Type',
      institutionTypeOther: 'Please specify',
      purposeOfUse: 'Purpose of Use',
      generatorCapacity: 'Generator Capacity',
      monthlyElectricityBill: 'Monthly Electricity Bill',
      renewableEnergyUsed: 'Do you currently use renewable energy?',
      renewableEnergySpecify: 'Specify the type of renewable energy',
      installationSiteLocation: 'Installation Site Location',
      spaceAvailable: 'Is space available for the installation?',
      preferredTimeline: 'Preferred Timeline',
      additionalComments: 'Additional Comments',
    },
    optional: '(optional)',
    select: 'Select…',
    hints: {
      phone: 'At least 10 digits, with the country code if outside India.',
      onlyInstitutions: 'Only for institutions, businesses and governments.',
      tickAll: 'Tick all that apply.',
      ifOthers: 'If you ticked Others.',
      bill: 'In your local currency, numbers only.',
      renewableExample: 'For example rooftop solar or biogas.',
      ifYes: 'If you answered Yes.',
    },
    options: {
      Individual: 'Individual',
      'Institution / Business / Government': 'Institution / Business / Government',
      Commercial: 'Commercial',
      Industrial: 'Industrial',
      Government: 'Government',
      Educational: 'Educational',
      Healthcare: 'Healthcare',
      'NGO / Non-profit': 'NGO / Non-profit',
      'Residential Complex': 'Residential Complex',
      'Hospitality (Hotels, Resorts)': 'Hospitality (Hotels, Resorts)',
      Agricultural: 'Agricultural',
      Others: 'Others',
      'Primary Power Source': 'Primary Power Source',
      'Backup Power': 'Backup Power',
      'Grid Tie/Net Metering': 'Grid Tie/Net Metering',
      'Off-grid / Remote Location': 'Off-grid / Remote Location',
      Other: 'Other',
      'Less than 10 kWh': 'Less than 10 kWh',
      '10 kWh - 50 kWh': '10 kWh - 50 kWh',
      '50 kWh - 250 kWh': '50 kWh - 250 kWh',
      '250 kWh - 1 MW': '250 kWh - 1 MW',
      'Greater than 1 MW': 'Greater than 1 MW',
      'Not sure / Need consultation': 'Not sure / Need consultation',
      Yes: 'Yes',
      No: 'No',
      Rooftop: 'Rooftop',
      'Ground-mounted': 'Ground-mounted',
      'Water-body (e.g., Floating Solar)': 'Water-body (e.g., Floating Solar)',
      'Integrated into Building Structure': 'Integrated into Building Structure',
      'Not sure': 'Not sure',
      'Immediately (within 1 month)': 'Immediately (within 1 month)',
      '1-3 months': '1-3 months',
      '3-6 months': '3-6 months',
      'More than 6 months': 'More than 6 months',
      'Just exploring / No fixed timeline': 'Just exploring / No fixed timeline',
    },
    errorBanner:
      'There was an error submitting your enquiry. Please correct the highlighted fields and try again.',
    /** Said below the error banner when submitting again may work (503, no connection). */
    retry: 'Your answers are kept: please submit the enquiry again in a moment.',
    back: 'Back',
    next: 'Next',
    submit: 'Submit Enquiry',
    submitting: 'Submitting...',
    sent: 'Enquiry Sent!',
    sentText: 'We will get back to you shortly.',
    another: 'Submit another enquiry',
  },
  thankYou: {
    title: 'Thank you',
    description: 'Your message or enquiry has reached our team; we will get back to you shortly.',
    text: 'Your message has reached our team. We will get back to you shortly.',
    /** After an application (`?form=application`), before what happens next. */
    application: 'Your application has reached our team.',
    careers: 'Back to careers',
    home: 'Back to the home page',
  },
} as const;
