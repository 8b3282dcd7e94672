/**
 * The dashboard's warning of e-mails not delivered (given up, or not sent 15 minutes after their
 * lead): nothing while there are none; else one line, '2 e-mails not delivered', that opens
 * their list, each with Retry now. The server gives the list a page at a time: 'Load more' adds
 * the next. The list is read again from its first page on arrival, whenever the dashboard's lists
 * reload (an erasure takes a lead's e-mails with it) and after each Retry now, whose outcome is
 * said in a polite status line.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { ApiError, API_MESSAGES } from '../../api/client';
import { listUndelivered, retryMail } from '../../api/mail';
import { retryOutcome, undeliveredLine } from '../../display';
import type { UndeliveredMail as Mail } from '../../../lib/schemas';
import Alert from '../../components/Alert';
import Button from '../../components/Button';
import TableWrap from '../../components/TableWrap';
import UndeliveredTable from './UndeliveredTable';

interface Props {
  /** The list starts open (the Mail room, whose whole purpose it is). */
  expanded?: boolean;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? (error.fields['key'] ?? error.message) : API_MESSAGES.network;

export default function UndeliveredMail({ expanded = false }: Props) {
  const ids = useId();
  const [list, setList] = useState<{ mails: Mail[]; readAt: number; next?: string }>({
    mails: [],
    readAt: 0,
  });
  const [loadingMore, setLoadingMore] = useState(false);
  const [open, setOpen] = useState(expanded);
  const [sending, setSending] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [listError, setListError] = useState('');
  const [retryError, setRetryError] = useState('');
  const toggle = useRef<HTMLButtonElement>(null);
  const messages = useRef<HTMLDivElement>(null);
  // Set when the row whose Retry now had focus is gone: focus moves to the line, or the outcome.
  const lostFocus = useRef(false);

  /** Reads the list's first page; resolves to it, or to undefined once a failure was shown. */
  const reload = useCallback(async () => {
    try {
      const { mails, next } = await listUndelivered();
      setList({ mails, readAt: Date.now(), ...(next !== undefined && { next }) });
      if (mails.length === 0) setOpen(expanded);
      setListError('');
      return mails;
    } catch (error) {
      setListError(messageOf(error));
      return undefined;
    }
  }, [expanded]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    if (sending !== null || !lostFocus.current) return;
    lostFocus.current = false;
    (toggle.current ?? messages.current)?.focus();
  }, [sending]);

  /** Adds the next page to the list. */
  async function loadMore() {
    if (list.next === undefined || loadingMore) return;
    setLoadingMore(true);
    try {
      const page = await listUndelivered(list.next);
      setList(({ mails }) => ({
        mails: [...mails, ...page.mails.filter(({ key }) => !mails.some((m) => m.key === key))],
        readAt: Date.now(),
        ...(page.next !== undefined && { next: page.next }),
      }));
      setListError('');
    } catch (error) {
      setListError(messageOf(error));
    }
    setLoadingMore(false);
  }

  async function retry(mail: Mail) {
    if (sending !== null) return;
    setSending(mail.key);
    setNotice('');
    setRetryError('');
    let after: Mail[] | undefined;
    try {
      const result = await retryMail(mail.key);
      after = await reload();
      setNotice(
        retryOutcome(
          result,
          mail,
          after?.find(({ key }) => key === mail.key),
        ),
      );
    } catch (error) {
      setRetryError(messageOf(error));
      after = await reload();
    }
    lostFocus.current = after !== undefined && !after.some(({ key }) => key === mail.key);
    setSending(null);
  }

  const { mails, readAt, next } = list;
  const listId = `${ids}-list`;
  const lineId = `${ids}-line`;
  return (
    <div className="admin-outbox">
      {mails.length > 0 && (
        <>
          <button
            ref={toggle}
            id={lineId}
            type="button"
            className="admin-warning admin-outbox__line"
            aria-expanded={open}
            aria-controls={listId}
            onClick={() => setOpen(!open)}
          >
            {undeliveredLine(mails.length, next !== undefined)}
          </button>
          <TableWrap
            label="E-mails not delivered"
            id={listId}
            className="admin-outbox__list"
            hidden={!open}
          >
            <UndeliveredTable
              labelledBy={lineId}
              mails={mails}
              readAt={readAt}
              sending={sending}
              onRetry={(mail) => void retry(mail)}
            />
            {next !== undefined && (
              <Button
                variant="secondary"
                className="admin-outbox__more"
                aria-disabled={loadingMore}
                aria-busy={loadingMore}
                onClick={() => void loadMore()}
              >
                {loadingMore ? 'Loading…' : 'Load more'}
              </Button>
            )}
          </TableWrap>
        </>
      )}
      <div className="admin-outbox__messages" ref={messages} tabIndex={-1}>
        <Alert message={retryError || listError} />
        <p className="admin-notice" role="status" data-empty={notice === '' ? '' : undefined}>
          {notice}
        </p>
      </div>
    </div>
  );
}
