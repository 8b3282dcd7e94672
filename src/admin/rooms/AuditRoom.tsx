/** /admin/audit: the audit log. */
import AuditLog from '../components/AuditLog';

export default function AuditRoom() {
  return <AuditLog />;
}
