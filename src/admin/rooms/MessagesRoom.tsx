/** /admin/messages: the contact messages panel. */
import { useCallback } from 'react';
import { MESSAGE } from '../../lib/leads';
import { LEAD_PANELS } from '../lead-panels';
import type { RoomProps } from '.';

const { Panel } = LEAD_PANELS.find(({ kind }) => kind.key === MESSAGE.key)!;

export default function MessagesRoom({ counts, recount }: RoomProps) {
  const onNewCount = useCallback(
    (count: number | null) => {
      if (count !== counts.messages) recount();
    },
    [counts.messages, recount],
  );
  return <Panel refresh={0} onNewCount={onNewCount} />;
}
