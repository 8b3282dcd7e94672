/**
 * 'Erase a person's data' (a data-subject request under India's DPDP Act 2023 and the GDPR):
 * find every enquiry and message of one e-mail address, list them (kind, date, name), then
 * delete them all after a confirmation that names the count. The delete sends the ids the preview found; if a record
 * of the address arrived since, the server answers 409 and deletes nothing, and the panel shows
 * that message and looks the address up again, so the admin confirms what is there now.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, API_MESSAGES } from '../../api/client';
import { eraseRecords, previewErasure } from '../../api/security';
import {
  eraseButton,
  eraseQuestion,
  erased,
  erasureFound,
  erasureKind,
  erasureName,
  formatDate,
  previewTotal,
} from '../../display';
import type { ErasurePreview } from '../../../lib/leads';
import Alert from '../../components/Alert';
import ConfirmDialog from '../../components/ConfirmDialog';
import Button from '../../components/Button';
import TableWrap from '../../components/TableWrap';

interface Props {
  /** After a delete: the lists reload. */
  onErased: () => void;
}

interface Found {
  email: string;
  preview: ErasurePreview;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : API_MESSAGES.network;

export default function ErasurePanel({ onErased }: Props) {
  const ids = useId();
  const [email, setEmail] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  /** Looks the address up; the last preview stays until the new one arrives (keeps focus). */
  async function look(address: string) {
    try {
      setFound({ email: address, preview: await previewErasure(address) });
    } catch (error) {
      const field = error instanceof ApiError ? error.fields['email'] : undefined;
      if (field) setFieldError(field);
      else setFailure(messageOf(error));
    }
  }

  async function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setNotice('');
    setFailure('');
    setFieldError('');
    setFound(null);
    await look(email.trim());
    setBusy(false);
  }

  async function erase() {
    if (!found || busy) return;
    setBusy(true);
    setFailure('');
    try {
      const { deleted } = await eraseRecords(found.email, found.preview.ids);
      setConfirming(false);
      setFound(null);
      setNotice(erased(deleted));
      heading.current?.focus();
      onErased();
    } catch (error) {
      setConfirming(false);
      setFailure(messageOf(error));
      // The count changed since the preview: show what is there now.
      if (error instanceof ApiError && error.status === 409) await look(found.email);
    }
    setBusy(false);
  }

  const total = found ? previewTotal(found.preview) : 0;
  const inputId = `${ids}-email`;
  const errorId = `${ids}-email-error`;
  return (
    <section className="admin-section" aria-labelledby="erasure-heading">
      <h2 id="erasure-heading" ref={heading} tabIndex={-1}>
        Erase a person&apos;s data
      </h2>
      <p className="admin-hint">
        Every enquiry and message sent from one e-mail address, for a request to erase a
        person&apos;s data (DPDP Act 2023, GDPR).
      </p>
      <form className="admin-form admin-erasure" onSubmit={(event) => void find(event)} noValidate>
        <div className="admin-field">
          <label htmlFor={inputId}>E-mail address</label>
          <input
            id={inputId}
            type="email"
            name="email"
            autoComplete="off"
            required
            value={email}
            aria-describedby={fieldError ? errorId : undefined}
            aria-invalid={fieldError ? true : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {fieldError && (
            <p className="admin-field-error" id={errorId}>
              {fieldError}
            </p>
          )}
        </div>
        <div className="admin-actions">
          <Button variant="primary" type="submit" aria-busy={busy}>
            Find records
          </Button>
        </div>
      </form>
      <Alert message={failure} />
      <p className="admin-count" role="status">
        {found ? erasureFound(found.preview, found.email) : notice}
      </p>
      {found && total > 0 && (
        <TableWrap label="Records to delete">
          <table className="admin-table admin-erasure__records" aria-label="Records to delete">
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Date</th>
                <th scope="col">Name</th>
              </tr>
            </thead>
            <tbody>
              {found.preview.records.map((record) => (
                <tr key={record.id} data-record-id={record.id}>
                  <td data-label="Kind">{erasureKind(record)}</td>
                  <td data-label="Date">
                    <span className="admin-nowrap">{formatDate(record.createdAt)}</span>
                  </td>
                  <td data-label="Name">{erasureName(record)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableWrap>
      )}
      {found && total > 0 && (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          {eraseButton(total)}
        </Button>
      )}
      <ConfirmDialog
        open={confirming && found !== null}
        title="Erase records"
        question={found ? eraseQuestion(total, found.email) : ''}
        confirm="Delete"
        busy={busy}
        onConfirm={() => void erase()}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
