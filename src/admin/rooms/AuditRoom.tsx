/** /admin/audit: the audit log. */
import AuditLog from '../components/AuditLog';
import RoomHeading from './RoomHeading';

export default function AuditRoom() {
  return (
    <>
      <RoomHeading title="Audit log" />
      <AuditLog />
    </>
  );
}
