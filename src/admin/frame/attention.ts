/** The dashboard's "needs attention today" line: its parts, each a link to the room concerned. */
import type { FrameCounts } from './counts';
import { ENQUIRY } from '../../lib/leads';

export interface AttentionPart {
  text: string;
  href: string;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const NOTHING_TO_ATTEND = 'Nothing needs attention today.';

/** What needs the office today; empty when nothing does (or nothing could be read). */
export function attentionParts(counts: FrameCounts): AttentionPart[] {
  const parts: AttentionPart[] = [];
  if (counts.enquiries)
    parts.push({
      text: count(counts.enquiries, 'new enquiry', 'new enquiries'),
      href: `/admin#${ENQUIRY.key}-heading`,
    });
  if (counts.messages)
    parts.push({
      text: count(counts.messages, 'unread message', 'unread messages'),
      href: '/admin/messages',
    });
  if (counts.waitingEnquiries)
    parts.push({
      text: `${count(counts.waitingEnquiries, 'enquiry', 'enquiries')} New for over a working day`,
      href: `/admin#${ENQUIRY.key}-heading`,
    });
  if (counts.waitingMessages)
    parts.push({
      text: `${count(counts.waitingMessages, 'message', 'messages')} New for over a working day`,
      href: '/admin/messages',
    });
  if (counts.undelivered)
    parts.push({
      text: counts.undeliveredMore
        ? `${counts.undelivered} or more e-mails not delivered`
        : `${count(counts.undelivered, 'e-mail', 'e-mails')} not delivered`,
      href: '/admin/mail',
    });
  if (counts.backupOverdue)
    parts.push({ text: 'the backup is overdue', href: '/admin/security#backup-heading' });
  return parts;
}
