/** The dashboard's line about backups (GET /api/backup, written by `npm run backup`). */
import type { BackupStatus } from '../../lib/schemas';
import { formatDate } from './values';

/** 'Last backup: 24 Nov 2026, 02:17.', or a warning when there is none from the last 48 hours. */
export function backupLine({ last, overdue }: BackupStatus): string {
  if (last === null) {
    return 'No backup has been made yet. Set up the nightly backup (README, “Backups”).';
  }
  const when = formatDate(last.at);
  return overdue
    ? `Last backup: ${when}, more than 48 hours ago. Check the backup workflow on GitHub.`
    : `Last backup: ${when}.`;
}
