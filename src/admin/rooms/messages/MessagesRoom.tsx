/** /admin/messages: the contact messages panel. */
import { MESSAGE } from '../../../lib/leads';
import type { AdminContactMessage } from '../../api/leads';
import LeadPanel from '../../leads/LeadPanel';
import type { RoomProps } from '..';
import MessagesView from './MessagesView';

export default function MessagesRoom({ counts, recount }: RoomProps) {
  return (
    <LeadPanel<AdminContactMessage>
      kind={MESSAGE}
      shownNewCount={counts.fresh.messages}
      recount={recount}
    >
      {(page) => <MessagesView {...page} />}
    </LeadPanel>
  );
}
