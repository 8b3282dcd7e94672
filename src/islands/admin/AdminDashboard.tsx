import { useCallback, useState } from 'react';
import { newCountsText } from '../../admin/display';
import { logout } from '../../admin/api/auth-client';
import AuthGuard from '../../admin/components/AuthGuard';
import AnnouncementsManager from '../../admin/components/AnnouncementsManager';
import AuditLog from '../../admin/components/AuditLog';
import BackupLine from '../../admin/components/BackupLine';
import ErasurePanel from '../../admin/components/ErasurePanel';
import ErrorBoundary from '../../admin/components/ErrorBoundary';
import InactivityWarning from '../../admin/components/InactivityWarning';
import SecuritySection from '../../admin/components/security/SecuritySection';
import UndeliveredMail from '../../admin/components/UndeliveredMail';
import { useInactivityLogout, useSessionBoundaries } from '../../admin/hooks/useSession';
import { LEAD_PANELS } from '../../admin/lead-panels';
import type { LeadKey } from '../../lib/leads';
import Button from '../../admin/components/Button';

/** The dashboard proper; mounted only once the guard has found a token. */
function Dashboard() {
  const inactivity = useInactivityLogout();
  useSessionBoundaries();
  // Set while the server revokes the token (at most LOGOUT_WAIT_MS), so one click is enough.
  const [leaving, setLeaving] = useState(false);
  const leave = () => {
    setLeaving(true);
    void logout();
  };
  // Each kind's New records (new enquiries, unread messages), from the lists' X-New-Count.
  const [newCounts, setNewCounts] = useState<Partial<Record<LeadKey, number | null>>>({});
  const [counters] = useState(() =>
    LEAD_PANELS.map(
      ({ kind }) =>
        (count: number | null) =>
          setNewCounts((counts) => ({ ...counts, [kind.key]: count })),
    ),
  );
  // Bumped to reload every list.
  const [refresh, setRefresh] = useState(0);
  const erased = useCallback(() => setRefresh((current) => current + 1), []);

  return (
    <div className="admin-dashboard">
      {inactivity.warning && <InactivityWarning onStay={inactivity.stay} />}
      <header className="admin-header">
        <h1>Welcome, Admin!</h1>
        <p className="admin-counts" role="status">
          {newCountsText(...LEAD_PANELS.map(({ kind }) => newCounts[kind.key] ?? null))}
        </p>
        <Button variant="secondary" onClick={leave} disabled={leaving} aria-busy={leaving}>
          Logout
        </Button>
      </header>
      <UndeliveredMail refresh={refresh} />
      <BackupLine />
      <section className="admin-section" aria-labelledby="announcements-heading">
        <h2 id="announcements-heading">Announcements Management</h2>
        <AnnouncementsManager />
      </section>
      {LEAD_PANELS.map(({ kind, Panel }, index) => (
        <Panel key={kind.key} refresh={refresh} onNewCount={counters[index]!} />
      ))}
      <ErasurePanel onErased={erased} />
      <SecuritySection />
      <AuditLog />
    </div>
  );
}

/** The admin dashboard (/admin), behind the authentication guard. */
export default function AdminDashboard() {
  return (
    <ErrorBoundary>
      <AuthGuard>
        <Dashboard />
      </AuthGuard>
    </ErrorBoundary>
  );
}
