/**
 * The acknowledgement to the person who sent a lead: plain text, in the lead's language (its
 * `lang`; English for a kind without a translation into it), with thanks, a short reference,
 * what happens next (its kind's `nextSteps`), the options they picked (in English as the admin
 * sees them; in another language with the form's labels and options), the company's contact
 * details and the privacy policy's address (that language's page).
 *
 * It must not become a way to send our mail to strangers: it goes only to a plain address, within
 * the hourly limits of `mayAcknowledge` (the lead is stored and the office told all the same);
 * nothing of the sender's input reaches a header (the subject is ours and the reference), and
 * the text quotes none of their words but their name cut to letters (`greetingName`): of what
 * they sent, only the options they picked. So a stranger's address cannot be sent someone else's
 * link, address or phone number in our name. ACKNOWLEDGE_SENDER=false turns it off.
 */
import type * as v from 'valibot';
import { site } from '../../src/config/site.ts';
import { ACKNOWLEDGEMENT_TEXT } from '../../src/i18n/forms/acknowledgement.ts';
import { fill, formText } from '../../src/i18n/forms/index.ts';
import {
  DEFAULT_LOCALE,
  LOCALE_INFO,
  isLocale,
  localePath,
  type Locale,
} from '../../src/i18n/locales.ts';
import { fieldsOf, type AnyLeadKind, type LeadKind } from '../../src/lib/leads/index.ts';
import { referenceOf } from '../../src/lib/leads/reference.ts';
import { nextStepsIn } from '../../src/lib/leads/kind.ts';
import {
  choiceFields,
  mailDomainKey,
  mailboxKey,
  type AckSkipReason,
} from '../../src/lib/schemas/index.ts';
import { readEnv, readPositiveInt } from './env.ts';
import { safeReplyTo, type Notification } from './mailer.ts';
import { personField, show } from './notifications.ts';
import { takePlace, type Counter } from './repositories/ack-limits.ts';
import type { Stamped } from './repositories/timeline.ts';

export const ACK_PER_RECIPIENT = 1;
export const ACK_PER_CLIENT = 3;

/** Whether senders are acknowledged (where mail is sent at all): ACKNOWLEDGE_SENDER, default on. */
export function acknowledging(): boolean {
  return readEnv('ACKNOWLEDGE_SENDER') !== 'false';
}

export { referenceOf };

/** Letters, marks, spaces, joiners and the punctuation of names; anything else leaves a space. */
const NOT_OF_A_NAME = /[^\p{L}\p{M}\p{Zs}\u200c\u200d'\u2019\-\u2010.]/gu;
/** A period that does not end a word ("J.", "Dr."): one inside a word or on its own. */
const LOOSE_PERIOD = /(?<![\p{L}\p{M}])\.|\.(?![\s]|$)/gu;
/** Characters of the greeting's name at most (cut at a space). */
const GREETING_NAME_MAX = 60;

/**
 * The sender's name as the greeting may say it: full-width and other compatibility forms folded
 * (NFKC), then only letters, marks, spaces and name punctuation (apostrophe, hyphen, a period
 * ending a word) kept, at most GREETING_NAME_MAX characters. No digit, '/', ':', '@' or dot inside
 * a word survives, so no link, address or phone number reaches a stranger in our name
 * (`evil.com`, `ｅｖｉｌ．ｃｏｍ`, `evil。com` and `evil . com` all become `evil com`).
 */
export function greetingName(name: string): string {
  const kept = name
    .normalize('NFKC')
    .replace(NOT_OF_A_NAME, ' ')
    .replace(LOOSE_PERIOD, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  if (kept.length <= GREETING_NAME_MAX) return kept;
  const cut = kept.slice(0, GREETING_NAME_MAX + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, GREETING_NAME_MAX)).trim();
}

/**
 * The acknowledgement of `stored` for its sender, or undefined when its address is not plain.
 * It quotes nothing the sender typed but their name (`greetingName`): of what they sent, only the
 * options they picked (`choiceFields` of the kind's schema, by their labels), and the lead's
 * reference. The office's e-mail has the full copy.
 */
export function acknowledgement<
  S extends v.GenericSchema,
  K extends string,
  N extends string,
  F extends K | 'status',
>(
  kind: LeadKind<S, K, N, F>,
  stored: Stamped & v.InferOutput<S>,
  origin: string,
): (Notification & { to: string }) | undefined {
  const record = stored as Readonly<Record<string, unknown>> & Stamped;
  const emailField = personField(kind, 'email');
  const to = safeReplyTo(String(emailField === undefined ? '' : (record[emailField] ?? '')));
  if (to === undefined) return undefined;
  const nameField = personField(kind, 'name');
  const name = greetingName(String(nameField === undefined ? '' : (record[nameField] ?? '')));
  const { subject, fields = fieldsOf(kind), translations = {} } = kind.mail;
  const lang: Locale = isLocale(record['lang']) ? record['lang'] : DEFAULT_LOCALE;
  const translated = lang === DEFAULT_LOCALE ? undefined : translations[lang];
  const words = ACKNOWLEDGEMENT_TEXT[translated ? lang : DEFAULT_LOCALE];
  const lead = translated?.lead ?? `your ${subject}`;
  const label = labelsIn(kind as AnyLeadKind, translated ? lang : DEFAULT_LOCALE);
  const choices = choiceFields(kind.schema);
  const copy = fields.flatMap((key: string) => {
    const picked = pickedOptions(record[key], choices.get(key));
    if (picked === undefined) return [];
    return [labelled(label(key), translated ? showIn(lang, picked) : show(picked))];
  });
  const reference = referenceOf(record._id);
  const { address } = site;
  // English says "your generator enquiry" first and "this generator enquiry" after.
  const again = translated?.lead ?? `this ${subject}`;
  const { ltr, name: named } = isolates(translated ? lang : DEFAULT_LOCALE);
  return {
    to,
    subject: fill(words.subject, { lead, reference }),
    text: [
      fill(words.greeting, { name: name ? named(name) : words.anonymous }),
      '',
      fill(words.received, { lead }),
      '',
      fill(words.reference, { reference: ltr(reference), lead: again }),
      '',
      words.nextSteps,
      nextStepsIn(kind.mail, translated ? lang : DEFAULT_LOCALE),
      ...(copy.length > 0 ? ['', words.copy, ...copy] : []),
      '',
      fill(words.wrong, { email: ltr(site.email) }),
      '',
      words.regards,
      named(site.name),
      named(
        `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}, ${address.country}`,
      ),
      fill(words.phone, { phone: ltr(site.phone.display) }),
      fill(words.email, { email: ltr(site.email) }),
      '',
      fill(words.privacy, {
        url: ltr(`${origin}${localePath(translated ? lang : DEFAULT_LOCALE, '/privacy-policy')}`),
      }),
      ...words.notYou,
    ].join('\n'),
  };
}

/**
 * "Label: value", or "Label value" after a label that is a question ("Is space available?"), which
 * a colon would follow as "?:".
 */
export function labelled(label: string, value: string): string {
  return /[?؟]$/.test(label) ? `${label} ${value}` : `${label}: ${value}`;
}

/** Left-to-right isolate (U+2066 … U+2069) and first-strong isolate (U+2068 … U+2069). */
const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

/**
 * How the text in `lang` wraps what runs left to right (a phone number, an address, a link, the
 * reference) and the sender's name (either direction): in a right-to-left language, in Unicode
 * isolates, so "+91 484 200 0000" and "hello@…" do not read backwards in plain text; elsewhere
 * as they are.
 */
export function isolates(lang: Locale): {
  ltr: (text: string) => string;
  name: (text: string) => string;
} {
  if (LOCALE_INFO[lang].dir !== 'rtl') return { ltr: (text) => text, name: (text) => text };
  return { ltr: (text) => `${LRI}${text}${PDI}`, name: (text) => `${FSI}${text}${PDI}` };
}

/**
 * What of `value` is among `options`: the option, or the listed ones that are; undefined for a
 * field without options, or nothing picked.
 */
function pickedOptions(
  value: unknown,
  options: readonly string[] | undefined,
): string | string[] | undefined {
  if (options === undefined) return undefined;
  const offered = (item: unknown): item is string =>
    typeof item === 'string' && options.includes(item);
  if (Array.isArray(value)) {
    const picked = value.filter(offered);
    return picked.length > 0 ? picked : undefined;
  }
  return offered(value) ? value : undefined;
}

/**
 * A field's label in the copy: the form's own in `lang`, else the e-mail's for a stored field the
 * form does not ask (`storedLabels`), else the kind's (the admin's, English).
 */
export function labelsIn(kind: AnyLeadKind, lang: Locale): (key: string) => string {
  const labels = kind.labels as Record<string, string>;
  const own: Readonly<Record<string, string | undefined>> =
    lang === DEFAULT_LOCALE
      ? {}
      : { ...ACKNOWLEDGEMENT_TEXT[lang].storedLabels, ...kind.form.labels?.(formText(lang)) };
  return (key) => own[key] ?? labels[key] ?? key;
}

/** A value as the copy in `lang` prints it: an offered option by its label there. */
function showIn(lang: Locale, value: unknown): string {
  const { options } = formText(lang).enquiry;
  const named = (item: unknown) =>
    typeof item === 'string' && Object.hasOwn(options, item)
      ? options[item as keyof typeof options]
      : item;
  if (Array.isArray(value)) return show(value.map(named));
  if (typeof value === 'boolean') return options[value ? 'Yes' : 'No'];
  return show(named(value));
}

/** The limits an acknowledgement must be within, each over the last hour. */
export interface AckLimits {
  /** Per client address. */
  client: number;
  /** Per mailbox (`mailboxKey`: tags, case and, at Gmail, dots folded). */
  recipient: number;
  /** Per recipient domain (`mailDomainKey`): ACK_MAX_PER_DOMAIN_PER_HOUR, default 10. */
  domain: number;
  /** In all: ACK_MAX_PER_HOUR, default 30. */
  site: number;
}

export function ackLimits(): AckLimits {
  return {
    client: ACK_PER_CLIENT,
    recipient: ACK_PER_RECIPIENT,
    domain: readPositiveInt('ACK_MAX_PER_DOMAIN_PER_HOUR', 10),
    site: readPositiveInt('ACK_MAX_PER_HOUR', 30),
  };
}

/**
 * The limit that stops this acknowledgement, or undefined when it may go (having taken its place
 * in each count). The narrowest count is taken first, so one client or one mailbox cannot use up
 * the places of a domain or of the site. A refusal is logged without the address.
 */
export async function limitReached(
  to: string,
  client: string | undefined,
  now = Date.now(),
): Promise<AckSkipReason | undefined> {
  const limits = ackLimits();
  const mailbox = mailboxKey(to);
  const counts: [AckSkipReason, Counter, string, number][] = [
    ['recipient', 'to', mailbox, limits.recipient],
    ['domain', 'domain', mailDomainKey(mailbox), limits.domain],
    ['site', 'all', '', limits.site],
  ];
  if (client !== undefined) counts.unshift(['client', 'from', client, limits.client]);
  for (const [reason, counter, value, max] of counts) {
    if (!(await takePlace(counter, value, max, now))) {
      console.log(`acknowledgement: not sent, ${ACK_SKIP_LOG[reason]}`);
      return reason;
    }
  }
  return undefined;
}

const ACK_SKIP_LOG: Readonly<Record<AckSkipReason, string>> = {
  client: 'the client address reached its hourly limit',
  recipient: 'the recipient had one within the hour',
  domain: "the recipient's domain reached its hourly limit",
  site: "the site's hourly limit was reached",
};

/** Whether this acknowledgement may go (`limitReached` found no limit reached). */
export async function mayAcknowledge(
  to: string,
  client: string | undefined,
  now = Date.now(),
): Promise<boolean> {
  return (await limitReached(to, client, now)) === undefined;
}
