/** The dashboard's "needs attention today" line: its parts, each a link to the room concerned. */
import type { FrameCounts } from './counts';
import { LEAD_KINDS, type AnyLeadKind, type LeadKey } from '../../lib/leads';

export interface AttentionPart {
  text: string;
  href: string;
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export const NOTHING_TO_ATTEND = 'Nothing needs attention today.';

/** What needs the office today; empty when nothing does (or nothing could be read). */
export function attentionParts(counts: FrameCounts): AttentionPart[] {
  const parts: AttentionPart[] = [];
  const kinds = LEAD_KINDS as readonly AnyLeadKind[];
  for (const kind of kinds) {
    const n = counts.fresh[kind.key as LeadKey];
    if (n) {
      const { one, many } = kind.words;
      parts.push({
        text: count(n, `${kind.list.fresh} ${one}`, `${kind.list.fresh} ${many}`),
        href: kind.list.href,
      });
    }
  }
  for (const kind of kinds) {
    const n = counts.waiting[kind.key as LeadKey];
    if (n) {
      parts.push({
        text: `${count(n, kind.words.one, kind.words.many)} New for over a working day`,
        href: kind.list.href,
      });
    }
  }
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
