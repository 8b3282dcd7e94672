/**
 * One line under the dashboard's header: when the last backup ran, as a warning when there is
 * none from the last 48 hours. Read once on arrival; a failed read says so in the same line.
 */
import { useEffect, useState } from 'react';
import { backupStatus } from '../api/client';
import { backupLine } from '../display';
import type { BackupStatus } from '../../lib/schemas';

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
  if (status === 'unknown') {
    return (
      <p className="admin-status admin-backup">The time of the last backup could not be read.</p>
    );
  }
  return (
    <p className={status.overdue ? 'admin-warning admin-backup' : 'admin-status admin-backup'}>
      {backupLine(status)}
    </p>
  );
}
