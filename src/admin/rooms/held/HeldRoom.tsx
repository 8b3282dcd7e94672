/**
 * /admin/held, "Spam / held": the submissions held as possible spam (functions/_lib/hold.ts),
 * newest first, HELD_PAGE_SIZE a page, each with its kind, date, sender, fields and the reasons
 * it was held in words;
 * "Not spam" makes it a lead (and e-mails the office), "Delete" removes it, and "Delete all
 * shown" removes every one listed after a confirmation. The outcome of each is said in a polite
 * status line, where focus goes when the item it was on is gone.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { HELD_PAGE_SIZE, type HeldSubmission } from '../../../lib/held';
import { LEAD_KINDS } from '../../../lib/leads';
import { isRecord } from '../../../lib/schemas';
import { ApiError, API_MESSAGES } from '../../api/client';
import { decideHeld, listHeld } from '../../api/held';
import Alert from '../../components/Alert';
import Button from '../../components/Button';
import ConfirmDialog from '../../components/ConfirmDialog';
import Pagination from '../../components/Pagination';
import { formatDate } from '../../display';
import type { RoomProps } from '..';

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : API_MESSAGES.network;

const kindOf = (held: HeldSubmission) => LEAD_KINDS.find(({ key }) => key === held.kind);

/** The fields as the form labels them, in the form's order; empty ones left out. */
function fieldsOf(held: HeldSubmission): { label: string; value: string }[] {
  const kind = kindOf(held);
  const labels: Readonly<Record<string, string>> = {
    ...kind?.labels,
    ...(kind?.attachment ? { [kind.attachment.field]: kind.attachment.label } : {}),
  };
  const order = [...Object.keys(labels), ...Object.keys(held.fields).filter((f) => !(f in labels))];
  return order.flatMap((field) => {
    const value = held.fields[field];
    // A held file (an application's CV) is named, not offered: it is downloadable once Not spam.
    const file =
      field === kind?.attachment?.field && isRecord(value)
        ? `${String(value['type']).toUpperCase()} file, kept until you decide`
        : undefined;
    const text =
      file ?? (Array.isArray(value) ? value.join(', ') : typeof value === 'string' ? value : '');
    return text.trim() === '' ? [] : [{ label: labels[field] ?? field, value: text }];
  });
}

export default function HeldRoom({ recount }: RoomProps) {
  const [items, setItems] = useState<HeldSubmission[] | null>(null);
  const [total, setTotal] = useState(0);
  const [pageNumber, setPageNumber] = useState(1);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const status = useRef<HTMLParagraphElement>(null);

  const reload = useCallback(async (wanted: number) => {
    try {
      let page = await listHeld(wanted, HELD_PAGE_SIZE);
      // The page emptied by a decision: show the last page there still is.
      const last = Math.max(1, Math.ceil(page.total / HELD_PAGE_SIZE));
      if (page.items.length === 0 && wanted > last) page = await listHeld(last, HELD_PAGE_SIZE);
      setItems(page.items);
      setTotal(page.total);
      setPageNumber(Math.min(wanted, last));
      setError('');
    } catch (failure) {
      setError(messageOf(failure));
    }
  }, []);

  useEffect(() => {
    void reload(1);
  }, [reload]);

  async function decide(ids: readonly string[], action: 'accept' | 'delete', done: string) {
    setBusy(true);
    setNotice('');
    setError('');
    try {
      for (const id of ids) await decideHeld(id, action);
      setNotice(done);
    } catch (failure) {
      setError(messageOf(failure));
    }
    await reload(pageNumber);
    recount();
    setBusy(false);
    setConfirming(false);
    status.current?.focus();
  }

  const shown = items ?? [];
  const pages = Math.max(1, Math.ceil(total / HELD_PAGE_SIZE));
  const first = (pageNumber - 1) * HELD_PAGE_SIZE + 1;
  return (
    <div className="admin-held">
      <p ref={status} tabIndex={-1} role="status" className="admin-count">
        {items === null
          ? 'Loading held submissions…'
          : total === 0
            ? 'Nothing is held.'
            : `${total} held ${total === 1 ? 'submission' : 'submissions'}` +
              (pages > 1
                ? `; ${first}–${first + shown.length - 1} shown, newest first (page ${pageNumber} of ${pages}).`
                : '.')}
        {notice && ` ${notice}`}
      </p>
      <Alert message={error} />
      {shown.length > 0 && (
        <div className="admin-actions">
          <Button variant="danger" disabled={busy} onClick={() => setConfirming(true)}>
            Delete all shown
          </Button>
        </div>
      )}
      <ul className="admin-held__list">
        {shown.map((held) => {
          const kind = kindOf(held);
          const title = `${kind?.noun ?? held.kind} from ${held.name || held.email || 'an unnamed sender'}`;
          return (
            <li key={held._id}>
              <article className="admin-held__item" aria-label={title}>
                <h2>{title}</h2>
                <p>
                  Received {formatDate(held.createdAt)}
                  {held.email && (
                    <>
                      {' '}
                      · <span className="admin-held__email">{held.email}</span>
                    </>
                  )}
                </p>
                <h3>Why it was held</h3>
                <ul className="admin-held__reasons">
                  {held.reasons.map(({ rule, reason }) => (
                    <li key={rule + reason}>{reason}</li>
                  ))}
                </ul>
                <dl className="admin-held__fields">
                  {fieldsOf(held).map(({ label, value }) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
                <div className="admin-actions">
                  <Button
                    variant="primary"
                    disabled={busy}
                    aria-label={`Not spam: ${title}`}
                    onClick={() => void decide([held._id], 'accept', `${title} is now a lead.`)}
                  >
                    Not spam
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={busy}
                    aria-label={`Delete: ${title}`}
                    onClick={() => void decide([held._id], 'delete', `${title} deleted.`)}
                  >
                    Delete
                  </Button>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      <Pagination
        page={pageNumber}
        pages={pages}
        label="Held submissions pages"
        onPage={(wanted) => {
          setItems(null);
          void reload(wanted).then(() => status.current?.focus());
        }}
      />
      <ConfirmDialog
        open={confirming}
        title="Delete all shown?"
        question={`Delete the ${shown.length} held ${shown.length === 1 ? 'submission' : 'submissions'} shown? This cannot be undone.`}
        confirm="Delete all shown"
        busy={busy}
        onConfirm={() =>
          void decide(
            shown.map(({ _id }) => _id),
            'delete',
            `${shown.length} deleted.`,
          )
        }
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
