/** /admin/applications: job applications with their CVs (issue 39). */
import { APPLICATION } from '../../../lib/leads';
import type { AdminApplication } from '../../api/leads';
import LeadPanel from '../../leads/LeadPanel';
import type { RoomProps } from '..';
import ApplicationItem from './ApplicationItem';

export default function ApplicationsRoom({ counts, recount }: RoomProps) {
  return (
    <LeadPanel<AdminApplication>
      kind={APPLICATION}
      shownNewCount={counts.fresh.applications}
      recount={recount}
    >
      {({ items, busy, onDelete, onChange }) => (
        <ul className="admin-list" aria-label="Job applications" aria-busy={busy}>
          {items.map((application) => (
            <ApplicationItem
              key={application._id}
              application={application}
              onDelete={onDelete}
              onChange={onChange}
            />
          ))}
        </ul>
      )}
    </LeadPanel>
  );
}
