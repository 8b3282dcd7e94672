// translation: draft (ml, ar)
/**
 * The acknowledgement e-mail's words (functions/_lib/acknowledgement.ts) in every language of the
 * site; what happens next, and what the lead is called ("your generator enquiry"), are its
 * kind's (src/lib/leads). English
 * is the e-mail as it always read; Malayalam and Arabic are drafts for a native reviewer, with
 * Western digits. `{name}` marks a value filled in.
 */
import type { Locale } from '../locales.ts';

const en = {
  subject: 'We have received {lead} (ref. {reference})',
  greeting: 'Dear {name},',
  /** Said where the greeting's name would be when the sender gave none. */
  anonymous: 'Sir or Madam',
  received: 'Thank you for writing to us. We have received {lead}, and it is now with our team.',
  /** `{lead}` here is the lead named again: "this generator enquiry". */
  reference: 'Your reference: {reference}. Please quote it if you write to us about {lead}.',
  nextSteps: 'What happens next',
  copy: 'What you sent us',
  wrong: 'If anything here is wrong, reply to this e-mail or write to {email}.',
  regards: 'With kind regards,',
  phone: 'Phone: {phone}',
  email: 'E-mail: {email}',
  privacy: 'How we use and keep your details: {url}',
  notYou: [
    'You receive this e-mail because this address was entered in a form on our website. If it',
    'was not you, you need not do anything: we will not write again unless you ask us to.',
  ],
  /**
   * Labels of stored fields that no form asks (an older form's, an import's), so that a copy in
   * this language names every field in it; English uses the kind's own (the admin's).
   */
  storedLabels: {} as Readonly<Record<string, string>>,
};

export type AcknowledgementText = typeof en;

export const ACKNOWLEDGEMENT_TEXT: Readonly<Record<Locale, AcknowledgementText>> = {
  en,
  ml: {
    subject: 'നിങ്ങളുടെ {lead} ഞങ്ങൾക്ക് ലഭിച്ചു (റഫറൻസ് {reference})',
    greeting: 'പ്രിയ {name},',
    anonymous: 'സർ / മാഡം',
    received:
      'ഞങ്ങൾക്ക് എഴുതിയതിന് നന്ദി. നിങ്ങളുടെ {lead} ഞങ്ങൾക്ക് ലഭിച്ചു; അത് ഇപ്പോൾ ഞങ്ങളുടെ ടീമിന്റെ പരിഗണനയിലാണ്.',
    reference: 'നിങ്ങളുടെ റഫറൻസ് നമ്പർ: {reference}. ഈ {lead} സംബന്ധിച്ച് ഞങ്ങൾക്ക് എഴുതുമ്പോൾ ഇത് സൂചിപ്പിക്കുക.',
    nextSteps: 'ഇനി എന്ത്',
    copy: 'നിങ്ങൾ അയച്ച വിവരങ്ങൾ',
    wrong:
      'ഇതിൽ എന്തെങ്കിലും തെറ്റുണ്ടെങ്കിൽ, ഈ ഇ-മെയിലിന് മറുപടി നൽകുക അല്ലെങ്കിൽ {email} എന്ന വിലാസത്തിൽ എഴുതുക.',
    regards: 'സ്നേഹാദരങ്ങളോടെ,',
    phone: 'ഫോൺ: {phone}',
    email: 'ഇ-മെയിൽ: {email}',
    privacy: 'നിങ്ങളുടെ വിവരങ്ങൾ ഞങ്ങൾ ഉപയോഗിക്കുന്നതും സൂക്ഷിക്കുന്നതും എങ്ങനെ: {url}',
    notYou: [
      'ഞങ്ങളുടെ വെബ്സൈറ്റിലെ ഒരു ഫോമിൽ ഈ വിലാസം നൽകിയതിനാലാണ് നിങ്ങൾക്ക് ഈ ഇ-മെയിൽ ലഭിക്കുന്നത്.',
      'അത് നിങ്ങളല്ലെങ്കിൽ ഒന്നും ചെയ്യേണ്ടതില്ല: നിങ്ങൾ ആവശ്യപ്പെടാതെ ഞങ്ങൾ വീണ്ടും എഴുതുകയില്ല.',
    ],
    storedLabels: {
      howHearAboutUs: 'ഞങ്ങളെക്കുറിച്ച് അറിഞ്ഞത്',
      howHearAboutUsOther: 'ഞങ്ങളെക്കുറിച്ച് അറിഞ്ഞ മറ്റു വഴി',
      receiveEmailUpdates: 'ഇ-മെയിൽ വഴി പുതിയ വിവരങ്ങൾ',
    },
  },
  ar: {
    subject: 'تلقّينا {lead} (المرجع {reference})',
    /** "Hello {name}": no gender assumed (not عزيزي/عزيزتي). */
    greeting: 'مرحبًا {name}،',
    /** "مرحبًا بكم،" where no name was given. */
    anonymous: 'بكم',
    received: 'شكرًا لتواصلكم معنا. لقد تلقّى فريقنا {lead}.',
    reference: 'رقمكم المرجعي: {reference}. يُرجى ذكره عند مراسلتنا بشأن {lead}.',
    nextSteps: 'الخطوات التالية',
    copy: 'ما أرسلتموه إلينا',
    wrong: 'إذا كان في ما سبق أي خطأ، يُرجى الرد على هذه الرسالة أو مراسلتنا على {email}.',
    regards: 'مع أطيب التحيات،',
    phone: 'الهاتف: {phone}',
    email: 'البريد الإلكتروني: {email}',
    privacy: 'كيف نستخدم بياناتكم ونحتفظ بها: {url}',
    notYou: [
      'تصلكم هذه الرسالة لأن هذا العنوان أُدخل في نموذج على موقعنا الإلكتروني.',
      'إن لم تكونوا أنتم، فلا حاجة إلى أي إجراء: لن نراسلكم مرة أخرى إلا بطلب منكم.',
    ],
    storedLabels: {
      howHearAboutUs: 'كيف عرفتم عنّا',
      howHearAboutUsOther: 'طريقة أخرى عرفتم بها عنّا',
      receiveEmailUpdates: 'تلقّي المستجدات بالبريد الإلكتروني',
    },
  },
};
