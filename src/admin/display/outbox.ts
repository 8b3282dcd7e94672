/** The texts of the e-mails not delivered: the dashboard's warning line, its list, Retry now. */
import { LEAD_KINDS, MESSAGE } from '../../lib/leads';
import type { UndeliveredMail } from '../../lib/schemas';
import type { RetryResult } from '../api/mail';
import { plural, type Noun } from './counts';
import { formatDate } from './values';

const MAIL_NOUN: Noun = { one: 'e-mail', many: 'e-mails' };

/** '2 e-mails not delivered', '1 e-mail not delivered'; 'At least 50 …' while more pages follow. */
export const undeliveredLine = (count: number, more = false) =>
  `${more ? 'At least ' : ''}${plural(count, MAIL_NOUN)} not delivered`;

/** Kinds whose noun alone would not say which form the lead came from. */
const LEAD_NAMES: Readonly<Record<string, string>> = {
  [MESSAGE.store]: 'Contact message',
  // Not a lead: the admin's security alerts (lockouts, new devices, factor changes).
  security: 'Security alert',
};

/** The lead's kind in words ('Enquiry', 'Contact message'); an unknown store by its name. */
export function leadKindName(store: string): string {
  return LEAD_NAMES[store] ?? LEAD_KINDS.find((kind) => kind.store === store)?.noun ?? store;
}

/** Which e-mail it is: the office's notification of the lead, or the sender's acknowledgement. */
export const mailKindText = (mail: Pick<UndeliveredMail, 'kind'>) =>
  ({
    ack: 'Acknowledgement to the sender',
    notify: 'Notification to the office',
    alert: 'Security alert to the admin',
  })[mail.kind];

/** 'Given up' once the 3 days of retries are over; 'Retrying' while the schedule still tries. */
export const mailState = (mail: Pick<UndeliveredMail, 'state'>) =>
  mail.state === 'failed' ? 'Given up' : 'Retrying';

export const lastErrorText = (mail: Pick<UndeliveredMail, 'lastError'>) =>
  mail.lastError ?? 'No attempt yet';

/** When the schedule tries next: its date, '(due now)' once past; 'None' when given up. */
export function nextTryText(
  mail: Pick<UndeliveredMail, 'state' | 'nextAttemptAt'>,
  now: number,
): string {
  if (mail.state === 'failed' || mail.nextAttemptAt === undefined) return 'None';
  const date = formatDate(mail.nextAttemptAt);
  return Date.parse(mail.nextAttemptAt) <= now ? `${date} (due now)` : date;
}

/**
 * What Retry now says once the server answered: `mail` is the row it was pressed on, `after` the
 * same e-mail in the list read again (for the new error and the next try), if still listed.
 */
export function retryOutcome(
  result: RetryResult,
  mail: Pick<UndeliveredMail, 'to'>,
  after?: Pick<UndeliveredMail, 'lastError' | 'nextAttemptAt'>,
): string {
  const error = after?.lastError === undefined ? '' : `: ${after.lastError}`;
  switch (result) {
    case 'sent':
      return `The e-mail to ${mail.to} was sent.`;
    case 'retry': {
      const when =
        after?.nextAttemptAt === undefined ? 'later' : `on ${formatDate(after.nextAttemptAt)}`;
      return `Still not delivered${error}. It will be tried again ${when}.`;
    }
    case 'failed':
      return `Still not delivered${error}. Its 3 days of retries are over: it will not be tried again unless you press Retry now.`;
    case 'sending':
      return `The e-mail to ${mail.to} is still being sent; the list will show how it went.`;
  }
}
