import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { AdminEnquiry } from '../api/client';
import { enquiryDetailRows, formatDate, mailtoHref } from '../display';
import { acknowledgementNote } from '../display/values';
import { ENQUIRY } from '../../lib/leads';
import FollowUpPanel from './FollowUpPanel';
import Button from './Button';

interface Props {
  /** The enquiry to show; null keeps the dialog closed. */
  enquiry: AdminEnquiry | null;
  /** Called once the dialog has closed (× , Close or Escape). */
  onClose: () => void;
  /** The enquiry after a follow-up change or a reload, for the modal and its table row. */
  onChange: (enquiry: AdminEnquiry) => void;
}

const FOCUSABLE =
  'button:not([disabled]), a[href], select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Keeps Tab inside the dialog: the page behind is inert, but Tab could reach the browser UI. */
function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * 'Enquiry Details': a modal `<dialog>` listing every field that applies ('N/A' when
 * empty), a × and a Close button, and 'Reply by Email', which opens a mail draft to the
 * enquirer and does nothing without an address. Below the fields, the follow-up: status, notes.
 */
export default function EnquiryDetailsModal({ enquiry, onClose, onChange }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (enquiry && !element.open) element.showModal();
    if (!enquiry && element.open) element.close();
  }, [enquiry]);

  const close = () => dialog.current?.close();
  const skipped = enquiry ? acknowledgementNote(enquiry) : undefined;
  const mailto = enquiry ? mailtoHref(enquiry.emailAddress) : null;
  const reply = () => {
    if (mailto) window.location.href = mailto;
  };

  return (
    <dialog
      ref={dialog}
      className="admin-modal"
      aria-labelledby="enquiry-details-title"
      onClose={onClose}
      onKeyDown={trapTab}
    >
      {enquiry && (
        <>
          <header className="admin-modal__header">
            <h2 id="enquiry-details-title">Enquiry Details</h2>
            <Button variant="icon" aria-label="Close enquiry details" onClick={close}>
              <span aria-hidden="true">×</span>
            </Button>
          </header>
          {/* Focusable so keyboard users can scroll a long enquiry on a small screen. */}
          <div className="admin-modal__body" tabIndex={0} role="region" aria-label="Enquiry fields">
            <dl className="admin-details">
              <div>
                <dt>Date</dt>
                <dd>{formatDate(enquiry.createdAt)}</dd>
              </div>
              {enquiryDetailRows(enquiry).map((row) => (
                <div key={row.field} data-field={row.field}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
              {skipped && (
                <div data-field="acknowledgement">
                  <dt>Acknowledgement</dt>
                  <dd>{skipped}</dd>
                </div>
              )}
            </dl>
            <FollowUpPanel key={enquiry._id} kind={ENQUIRY} record={enquiry} onChange={onChange} />
          </div>
          <footer className="admin-modal__footer admin-actions">
            <Button
              variant="primary"
              onClick={reply}
              aria-disabled={mailto ? undefined : true}
              data-mailto={mailto ?? undefined}
            >
              Reply by Email
            </Button>
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
          </footer>
        </>
      )}
    </dialog>
  );
}
