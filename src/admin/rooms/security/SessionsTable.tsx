import type { SessionSummary } from '../../../lib/schemas';
import { signInMethod } from '../../display/security';
import { NOT_AVAILABLE, formatDate } from '../../display/values';
import Button from '../../components/Button';
import TableHead from '../../components/TableHead';

interface Props {
  sessions: SessionSummary[];
  /** The element that names the table. */
  labelledBy: string;
  /** The session being ended ('others' for all of them), if any: every End waits for it. */
  ending: string | null;
  onEnd: (id: string) => void;
}

/** One row per session; each cell carries its column name for narrow screens' stacked layout. */
export default function SessionsTable({ sessions, labelledBy, ending, onEnd }: Props) {
  return (
    <table className="admin-table admin-sessions" aria-labelledby={labelledBy}>
      <TableHead columns={['Device', 'Place', 'Address', 'Signed in', 'How', 'Actions']} />
      <tbody>
        {sessions.map((session) => (
          <tr key={session.id} data-current={session.current ? '' : undefined}>
            <td data-label="Device">
              <span>
                {session.device}
                {session.current && <span className="admin-tag">This session</span>}
              </span>
            </td>
            <td data-label="Place">{session.place ?? NOT_AVAILABLE}</td>
            <td data-label="Address" className="admin-sessions__ip">
              {session.ip ?? NOT_AVAILABLE}
            </td>
            <td data-label="Signed in">
              <time dateTime={session.createdAt}>{formatDate(session.createdAt)}</time>
            </td>
            <td data-label="How">{signInMethod(session.method)}</td>
            <td data-label="Actions">
              {session.current ? (
                <span className="admin-hint">Ends with Logout</span>
              ) : (
                <span className="admin-actions">
                  <Button
                    variant="secondary"
                    aria-disabled={ending !== null}
                    aria-busy={ending === session.id}
                    onClick={() => onEnd(session.id)}
                  >
                    End
                    <span className="visually-hidden">
                      {' '}
                      the session of {session.device}, signed in {formatDate(session.createdAt)}
                    </span>
                  </Button>
                </span>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
