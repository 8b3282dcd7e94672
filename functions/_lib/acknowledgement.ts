/**
 * The acknowledgement to the person who sent a lead: plain text, in English (the site's one
 * language so far), with thanks, a short reference, what happens next (its kind's `nextSteps`),
 * a copy of what they sent (as the admin sees it), the company's contact details and the privacy
 * policy's address.
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
import { fieldsOf, type LeadKind } from '../../src/lib/leads/index.ts';
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
  const { subject, fields = fieldsOf(kind), body, nextSteps } = kind.mail;
  const labels = kind.labels as Record<string, string>;
  const copy = fields.map((key: string) => {
    const value = show(record[key]);
    return `${labels[key]}: ${key === emailField ? value : inert(value)}`;
  });
  const bodyText = body === undefined ? [] : ['', inert(String(record[body] ?? ''))];
  const reference = referenceOf(record._id);
  const { address } = site;
  return {
    to,
    subject: `We have received your ${subject} (ref. ${reference})`,
    text: [
      `Dear ${name || 'Sir or Madam'},`,
      '',
      `Thank you for writing to us. We have received your ${subject}, and it is now with our team.`,
      '',
      `Your reference: ${reference}. Please quote it if you write to us about this ${subject}.`,
      '',
      'What happens next',
      nextSteps,
      '',
      'What you sent us',
      ...copy,
      ...bodyText,
      '',
      `If anything here is wrong, reply to this e-mail or write to ${site.email}.`,
      '',
      'With kind regards,',
      site.name,
      `${address.street}, ${address.locality}, ${address.region} ${address.postalCode}, ${address.country}`,
      `Phone: ${site.phone.display}`,
      `E-mail: ${site.email}`,
      '',
      `How we use and keep your details: ${origin}/privacy-policy`,
      'You receive this e-mail because this address was entered in a form on our website. If it',
      'was not you, you need not do anything: we will not write again unless you ask us to.',
    ].join('\n'),
  };
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
