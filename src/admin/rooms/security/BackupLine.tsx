/**
 * The Backups line: when the last backup ran; when there is none from the server's limit, what is
 * wrong and who to tell, in the office's words, with the operator's pointer folded away below it.
 * Read once on arrival; a failed read says so in the same line.
 */
import { useEffect, useState } from 'react';
import { backupStatus } from '../../api/security';
import { BACKUP_UNREAD, backupMessage } from '../../display';
import type { BackupStatus } from '../../../lib/schemas';

export default function BackupLine() {
  const [status, setStatus] = useState<BackupStatus | 'unknown' | undefined>(undefined);

  useEffect(() => {
    let live = true;
    backupStatus().then(
      (found) => live && setStatus(found),
      () => live && setStatus('unknown'),
    );
    return () => {
      live = false;
    };
  }, []);

  if (status === undefined) return null;
  if (status === 'unknown') return <p className="admin-status admin-backup">{BACKUP_UNREAD}</p>;
  const { warning, office, operator } = backupMessage(status, Date.now());
  if (!warning) return <p className="admin-status admin-backup">{office}</p>;
  return (
    <div className="admin-backup-warning">
      <p className="admin-warning admin-backup">{office}</p>
      {operator !== undefined && (
        <details className="admin-backup__operator">
          <summary>For the site’s operator</summary>
          <p>{operator}</p>
        </details>
      )}
    </div>
  );
}
