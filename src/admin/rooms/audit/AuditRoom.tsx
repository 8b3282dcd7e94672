/** /admin/audit: the audit log. */
import AuditLog from './AuditLog';

export default function AuditRoom() {
  return <AuditLog />;
}
