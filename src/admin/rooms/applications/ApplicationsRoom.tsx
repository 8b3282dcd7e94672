/** /admin/applications: job applications with their CVs (issue 39), each a generic lead item. */
import { APPLICATION } from '../../../lib/leads';
import type { AdminApplication } from '../../api/leads';
import LeadPanel from '../../leads/LeadPanel';
import LeadItem from '../../leads/LeadItem';
import type { RoomProps } from '..';

export default function ApplicationsRoom({ counts, recount }: RoomProps) {
  return (
    <LeadPanel<AdminApplication>
      kind={APPLICATION}
      shownNewCount={counts.fresh.applications}
      recount={recount}
    >
      {({ items, busy, onDelete, onChange }) => (
        <ul className="admin-list" aria-label={APPLICATION.list.heading} aria-busy={busy}>
          {items.map((application) => (
            <LeadItem
              key={application._id}
              kind={APPLICATION}
              record={application}
              onDelete={onDelete}
              onChange={onChange}
            />
          ))}
        </ul>
      )}
    </LeadPanel>
  );
}
