/**
 * The dashboard (/admin), as the spec has it below its header ('Welcome, Admin!' with Logout, in
 * the frame's bar): the new counts, what needs attention today, 'Announcements Management' and the
 * enquiries panel.
 */
import { newCountsText } from '../../display';
import { ENQUIRY } from '../../../lib/leads';
import type { AdminEnquiry } from '../../api/leads';
import AttentionLine from '../../frame/AttentionLine';
import LeadPanel from '../../leads/LeadPanel';
import type { RoomProps } from '..';
import AnnouncementsManager from './AnnouncementsManager';
import EnquiriesView from './EnquiriesView';

export default function DashboardRoom({ counts, recount }: RoomProps) {
  return (
    <div className="admin-dashboard">
      <p className="admin-counts" role="status">
        {newCountsText(counts.fresh)}
      </p>
      <AttentionLine counts={counts} />
      <section className="admin-section" aria-labelledby="announcements-heading">
        <h2 id="announcements-heading">Announcements Management</h2>
        <AnnouncementsManager />
      </section>
      <LeadPanel<AdminEnquiry>
        kind={ENQUIRY}
        shownNewCount={counts.fresh.enquiries}
        recount={recount}
      >
        {(page) => <EnquiriesView {...page} />}
      </LeadPanel>
    </div>
  );
}
