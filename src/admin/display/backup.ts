/**
 * The Backups line (GET /api/backup, written by `npm run backup`), in two voices: for the office,
 * what is wrong and who to tell; for the site's operator, where to look (the README's section).
 */
import { BACKUP_OVERDUE_HOURS, type BackupStatus } from '../../lib/schemas';
import { plural, type Noun } from './counts';
import { formatDate } from './values';

const DAY_MS = 86_400_000;
const DAY_NOUN: Noun = { one: 'day', many: 'days' };

/** Who to tell, and why it matters: the same words whatever went wrong. */
export const BACKUP_WHO_TO_TELL =
  'Please tell whoever looks after the website: backups keep the enquiries and messages safe if the site’s data is lost.';

export const BACKUP_UNREAD = 'The time of the last backup could not be read.';

/** What the Backups line says: to the office, and (when something is wrong) to the operator. */
export interface BackupMessage {
  /** Whether something is wrong (shown as a warning). */
  warning: boolean;
  office: string;
  /** What the operator should look at; absent when all is well. */
  operator?: string;
}

/**
 * 'Last backup: 24 Nov 2026, 02:17.' when one ran within the server's limit; else what is wrong in
 * plain words ("The last backup is 9 days old.") with who to tell, and the operator's pointer.
 */
export function backupMessage({ last, overdue }: BackupStatus, now: number): BackupMessage {
  if (last === null) {
    return {
      warning: true,
      office: `No backup of the website’s data has been made yet. ${BACKUP_WHO_TO_TELL}`,
      operator: 'The nightly backup is not set up: see the README, section “Backups”.',
    };
  }
  const when = formatDate(last.at);
  if (!overdue) return { warning: false, office: `Last backup: ${when}.` };
  const days = Math.max(1, Math.floor((now - Date.parse(last.at)) / DAY_MS));
  return {
    warning: true,
    office: `The last backup is ${plural(days, DAY_NOUN)} old. ${BACKUP_WHO_TO_TELL}`,
    operator: `No backup since ${when} (the limit is ${BACKUP_OVERDUE_HOURS} hours): check the backup workflow on GitHub, and see the README, section “Backups”.`,
  };
}
