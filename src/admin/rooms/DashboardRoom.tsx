/**
 * The dashboard (/admin), as the spec has it below its header ('Welcome, Admin!' with Logout, in
 * the frame's bar): the new counts, what needs attention today, 'Announcements Management' and the
 * enquiries panel.
 */
import { useCallback } from 'react';
import AnnouncementsManager from '../components/AnnouncementsManager';
import { newCountsText } from '../display';
import { ENQUIRY } from '../../lib/leads';
import { LEAD_PANELS } from '../lead-panels';
import AttentionLine from '../frame/AttentionLine';
import type { RoomProps } from '.';

const { Panel } = LEAD_PANELS.find(({ kind }) => kind.key === ENQUIRY.key)!;

export default function DashboardRoom({ counts, recount }: RoomProps) {
  const onNewCount = useCallback(
    (count: number | null) => {
      if (count !== counts.enquiries) recount();
    },
    [counts.enquiries, recount],
  );
  return (
    <div className="admin-dashboard">
      <p className="admin-counts" role="status">
        {newCountsText(counts.enquiries, counts.messages)}
      </p>
      <AttentionLine counts={counts} />
      <section className="admin-section" aria-labelledby="announcements-heading">
        <h2 id="announcements-heading">Announcements Management</h2>
        <AnnouncementsManager />
      </section>
      <Panel refresh={0} onNewCount={onNewCount} />
    </div>
  );
}
