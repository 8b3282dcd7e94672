/**
 * /admin/security: the sign-in factors and sessions, the backup status, and the erasure of a
 * person's data, each under its own h2.
 */
import BackupLine from './BackupLine';
import ErasurePanel from './ErasurePanel';
import SecuritySection from './SecuritySection';
import type { RoomProps } from '..';

export default function SecurityRoom({ recount }: RoomProps) {
  return (
    <>
      <SecuritySection />
      <section className="admin-section" aria-labelledby="backup-heading">
        <h2 id="backup-heading">Backups</h2>
        <BackupLine />
      </section>
      <ErasurePanel onErased={recount} />
    </>
  );
}
