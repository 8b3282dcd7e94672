import { useState } from 'react';
import { logout } from '../../lib/auth-client';
import AuthGuard from './AuthGuard';
import AnnouncementsManager from './AnnouncementsManager';
import ContactMessagesPanel from './ContactMessagesPanel';
import EnquiriesPanel from './EnquiriesPanel';
import ErrorBoundary from './ErrorBoundary';
import { useInactivityLogout, useSessionBoundaries } from './useSession';

/** The dashboard proper; mounted only once the guard has found a token. */
function Dashboard() {
  const warning = useInactivityLogout();
  useSessionBoundaries();
  // Set while the server revokes the token (at most LOGOUT_WAIT_MS), so one click is enough.
  const [leaving, setLeaving] = useState(false);
  const leave = () => {
    setLeaving(true);
    void logout();
  };

  return (
    <div className="admin-dashboard">
      <header className="admin-header">
        <h1>Welcome, Admin!</h1>
        <button
          className="admin-btn admin-btn--secondary"
          type="button"
          onClick={leave}
          disabled={leaving}
          aria-busy={leaving}
        >
          Logout
        </button>
      </header>
      <p className="admin-warning" role="alert" data-empty={warning ? undefined : ''}>
        {warning &&
          'You will be logged out in 20 seconds because of inactivity. Move the mouse or press a key to stay logged in.'}
      </p>
      <section className="admin-section" aria-labelledby="announcements-heading">
        <h2 id="announcements-heading">Announcements Management</h2>
        <AnnouncementsManager />
      </section>
      <EnquiriesPanel />
      <ContactMessagesPanel />
    </div>
  );
}

/** SPEC §2 Admin dashboard (/admin), behind the authentication guard. */
export default function AdminDashboard() {
  return (
    <ErrorBoundary>
      <AuthGuard>
        <Dashboard />
      </AuthGuard>
    </ErrorBoundary>
  );
}
