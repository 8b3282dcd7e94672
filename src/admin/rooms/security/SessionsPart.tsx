import { useCallback, useEffect, useState } from 'react';
import { endOtherSessions, endSession, listSessions } from '../../api/security';
import type { SessionSummary } from '../../../lib/schemas';
import { useFocusTarget } from '../../hooks/useFocusTarget';
import Alert from '../../components/Alert';
import Button from '../../components/Button';
import SessionsTable from './SessionsTable';
import { messageOf } from './SecuritySection';
import TableWrap from '../../components/TableWrap';

/**
 * Where the admin is signed in: every session whose token has not expired, this one marked.
 * End signs another one out at once (its next call is refused); this one ends with Logout.
 */
export default function SessionsPart() {
  const [sessions, setSessions] = useState<SessionSummary[] | null>(null);
  const [ending, setEnding] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const heading = useFocusTarget<HTMLHeadingElement>();

  const reload = useCallback(async () => {
    try {
      setSessions(await listSessions());
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  /** Ends one session (`id`) or every other one (null). */
  async function end(id: string | null) {
    if (ending !== null) return;
    setEnding(id ?? 'others');
    setNotice('');
    setError('');
    try {
      if (id === null) {
        const { ended } = await endOtherSessions();
        setNotice(ended === 1 ? '1 session ended.' : `${ended} sessions ended.`);
      } else {
        await endSession(id);
        setNotice('The session is ended.');
      }
    } catch (failure) {
      setError(messageOf(failure));
    }
    await reload();
    setEnding(null);
    // The button pressed is gone with its row (or all of them): focus goes to the part.
    heading.focusSoon();
  }

  const others = sessions?.filter((session) => !session.current).length ?? 0;
  return (
    <div className="admin-security__part">
      <h3 id="sessions-heading" ref={heading.ref} tabIndex={-1}>
        Sessions
      </h3>
      <p className="admin-count" role="status">
        {sessions === null ? 'Loading sessions...' : others === 0 ? 'No other sessions.' : ''}
      </p>
      {sessions !== null && sessions.length > 0 && (
        <TableWrap label="Sessions">
          <SessionsTable
            sessions={sessions}
            labelledBy="sessions-heading"
            ending={ending}
            onEnd={(id) => void end(id)}
          />
        </TableWrap>
      )}
      {others > 0 && (
        <div className="admin-actions">
          <Button
            variant="danger"
            aria-disabled={ending !== null}
            aria-busy={ending === 'others'}
            onClick={() => void end(null)}
          >
            End all other sessions
          </Button>
        </div>
      )}
      <Alert message={error} />
      <p className="admin-notice" role="status" data-empty={notice === '' ? '' : undefined}>
        {notice}
      </p>
    </div>
  );
}
