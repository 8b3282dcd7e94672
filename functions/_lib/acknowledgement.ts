/**
 * The acknowledgement to the person who sent a lead: plain text, in the lead's language (its
 * `lang`; English for a kind without a translation into it), with thanks, a short reference,
 * what happens next (its kind's `nextSteps`), a copy of what they sent (in English as the admin
 * sees it; in another language with the form's labels and options), the company's contact
 * details and the privacy policy's address (that language's page).
 *
 * It must not become a way to send our mail to strangers: it goes only to a plain address, at
 * most ACK_PER_RECIPIENT per recipient and ACK_PER_CLIENT per client address in any hour
 * (repositories/ack-limits.ts; the lead is stored and the office told all the same); nothing of
 * the sender's input reaches a header (the subject is ours and the reference), and links,
 * addresses and markup in their text are removed from the copy, so a stranger's address cannot
 * be sent someone else's link in our name. ACKNOWLEDGE_SENDER=false turns it off.
 */
import type * as v from 'valibot';
import { site } from '../../src/config/site.ts';
import { ACKNOWLEDGEMENT_TEXT } from '../../src/i18n/forms/acknowledgement.ts';
import { fill, formText } from '../../src/i18n/forms/index.ts';
import { DEFAULT_LOCALE, isLocale, localePath, type Locale } from '../../src/i18n/locales.ts';
import { fieldsOf, type AnyLeadKind, type LeadKind } from '../../src/lib/leads/index.ts';
import { readEnv } from './env.ts';
import { safeReplyTo, type Notification } from './mailer.ts';
import { personField, show } from './notifications.ts';
import { takePlace } from './repositories/ack-limits.ts';
import type { Stamped } from './repositories/timeline.ts';

export const ACK_PER_RECIPIENT = 1;
export const ACK_PER_CLIENT = 3;

/** Whether senders are acknowledged (where mail is sent at all): ACKNOWLEDGE_SENDER, default on. */
export function acknowledging(): boolean {
  return readEnv('ACKNOWLEDGE_SENDER') !== 'false';
}

/** The reference a sender quotes: the end of the lead's id, in two groups of four. */
export function referenceOf(id: string): string {
  const tail = id.slice(-8).toUpperCase();
  return `${tail.slice(0, 4)}-${tail.slice(4)}`;
}

const LINK = /\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)\S+/gi;
const ADDRESS = /[^\s<>()[\]@,;:"]+@[^\s<>()[\]@,;:"]+/g;
const DOMAIN = /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,24}\b(?:\/\S*)?/gi;
const MARKUP = /<[^>]*>/g;

/** A sender's text as it may appear in our mail: no links, addresses, domains or markup. */
export function inert(text: string): string {
  return text
    .replace(MARKUP, ' ')
    .replace(LINK, '[link removed]')
    .replace(ADDRESS, '[address removed]')
    .replace(DOMAIN, '[link removed]')
    .replace(/[ \t]{2,}/g, ' ')
    .trim();
}

/** The acknowledgement of `stored` for its sender, or undefined when its address is not plain. */
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
  const name = inert(String(nameField === undefined ? '' : (record[nameField] ?? '')));
  const { subject, fields = fieldsOf(kind), body, nextSteps, translations = {} } = kind.mail;
  const lang: Locale = isLocale(record['lang']) ? record['lang'] : DEFAULT_LOCALE;
  const translated = lang === DEFAULT_LOCALE ? undefined : translations[lang];
  const words = ACKNOWLEDGEMENT_TEXT[translated ? lang : DEFAULT_LOCALE];
  const lead = translated?.lead ?? `your ${subject}`;
  const label = labelsIn(kind as AnyLeadKind, translated ? lang : DEFAULT_LOCALE);
  const copy = fields.map((key: string) => {
    const value = translated ? showIn(lang, record[key]) : show(record[key]);
    return `${label(key)}: ${key === emailField ? value : inert(value)}`;
  });
  const bodyText = body === undefined ? [] : ['', inert(String(record[body] ?? ''))];
  const reference = referenceOf(record._id);
  const { address } = site;
  // English says "your generator enquiry" first and "this generator enquiry" after.
  const again = translated?.lead ?? `this ${subject}`;
  return {
    to,
    subject: fill(words.subject, { lead, reference }),
    text: [
      fill(words.greeting, { name: name || words.anonymous }),
      '',
      fill(words.received, { lead }),
      '',
      fill(words.reference, { reference, lead: again }),
      '',
      words.nextSteps,
      translated?.nextSteps ?? nextSteps,
      '',
      words.copy,
      ...copy,
      ...bodyText,
      '',
      fill(words.wrong, { email: site.email }),
      '',
      words.regards,
      site.name,
      `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}, ${address.country}`,
      fill(words.phone, { phone: site.phone.display }),
      fill(words.email, { email: site.email }),
      '',
      fill(words.privacy, {
        url: `${origin}${localePath(translated ? lang : DEFAULT_LOCALE, '/privacy-policy')}`,
      }),
      ...words.notYou,
    ].join('\n'),
  };
}

/** A field's label in the copy: the form's own in `lang`, else the kind's (the admin's). */
function labelsIn(kind: AnyLeadKind, lang: Locale): (key: string) => string {
  const labels = kind.labels as Record<string, string>;
  const own: Readonly<Record<string, string | undefined>> =
    lang === DEFAULT_LOCALE ? {} : (kind.form.labels?.(formText(lang)) ?? {});
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

/**
 * Whether this acknowledgement may go: a place for its recipient and one for the client address
 * in the last hour. A refusal is logged without the address.
 */
export async function mayAcknowledge(to: string, client: string | undefined, now = Date.now()) {
  if (client !== undefined && !(await takePlace('from', client, ACK_PER_CLIENT, now))) {
    console.log('acknowledgement: not sent, the client address reached its hourly limit');
    return false;
  }
  if (!(await takePlace('to', to, ACK_PER_RECIPIENT, now))) {
    console.log('acknowledgement: not sent, the recipient had one within the hour');
    return false;
  }
  return true;
}
