import AuthGuard from '../../admin/components/AuthGuard';
import ErrorBoundary from '../../admin/components/ErrorBoundary';
import AdminFrame from '../../admin/frame/AdminFrame';
import type { RoomSlug } from '../../admin/rooms';

/** One admin room (src/admin/rooms) in the admin's frame, behind the authentication guard. */
export default function AdminApp(props: { room: RoomSlug; dashboardTitle: string }) {
  return (
    <ErrorBoundary>
      <AuthGuard>
        <AdminFrame {...props} />
      </AuthGuard>
    </ErrorBoundary>
  );
}
