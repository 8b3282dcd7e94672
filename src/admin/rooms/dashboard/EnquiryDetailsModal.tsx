import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { AdminEnquiry } from '../../api/leads';
import { displayValue, enquiryDetailGroups, formatDate, mailtoHref } from '../../display';
import { acknowledgementNote } from '../../display/values';
import { ENQUIRY } from '../../../lib/leads';
import FollowUpPanel from '../../leads/FollowUpPanel';
import SourceDetails from '../../leads/SourceDetails';
import Button from '../../components/Button';

interface Props {
  /** The enquiry to show; null keeps the dialog closed. */
  enquiry: AdminEnquiry | null;
  /** Called once the dialog has closed (× , Close or Escape). */
  onClose: () => void;
  /** The enquiry after a follow-up change or a reload, for the modal and its table row. */
  onChange: (enquiry: AdminEnquiry) => void;
  /** Where the enquiry sits in the list shown, and a step to the one before or after it. */
  position?: { index: number; total: number; onStep: (step: -1 | 1) => void } | undefined;
  /** The note typed but not saved for this enquiry (kept while stepping between leads). */
  draft?: string | undefined;
  onDraft?: ((text: string) => void) | undefined;
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
 * 'Enquiry Details': a modal `<dialog>`. At the top the lead (name, date), 'Reply by Email' (a
 * mail draft to the enquirer; nothing without an address) and the follow-up: status, note box,
 * notes. Then every field that applies ('N/A' when empty), grouped by the wizard's steps. A × and
 * a Close button; Previous and Next step through the list shown without closing, moving focus to
 * the new lead's name.
 */
export default function EnquiryDetailsModal({
  enquiry,
  onClose,
  onChange,
  position,
  draft,
  onDraft,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const leadHeading = useRef<HTMLHeadingElement>(null);
  const stepped = useRef(false);
  const id = enquiry?._id;

  // After Previous / Next the new lead's name takes focus (the pressed button may be disabled now).
  useEffect(() => {
    if (!stepped.current) return;
    stepped.current = false;
    leadHeading.current?.focus();
  }, [id]);

  const step = (by: -1 | 1) => {
    stepped.current = true;
    position?.onStep(by);
  };

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
            <div className="admin-lead">
              <h3 className="admin-lead__name" ref={leadHeading} tabIndex={-1}>
                {displayValue(enquiry.fullName)}
              </h3>
              <dl className="admin-details admin-lead__meta">
                <div>
                  <dt>Date</dt>
                  <dd>{formatDate(enquiry.createdAt)}</dd>
                </div>
                {skipped && (
                  <div data-field="acknowledgement">
                    <dt>Acknowledgement</dt>
                    <dd>{skipped}</dd>
                  </div>
                )}
              </dl>
              <p className="admin-actions">
                <Button
                  variant="primary"
                  onClick={reply}
                  aria-disabled={mailto ? undefined : true}
                  data-mailto={mailto ?? undefined}
                >
                  Reply by Email
                </Button>
              </p>
            </div>
            <FollowUpPanel
              key={enquiry._id}
              kind={ENQUIRY}
              record={enquiry}
              onChange={onChange}
              draft={draft}
              onDraft={onDraft}
            />
            {enquiryDetailGroups(enquiry).map((group) => (
              <section className="admin-details-group" key={group.title}>
                <h3>{group.title}</h3>
                <dl className="admin-details">
                  {group.rows.map((row) => (
                    <div key={row.field} data-field={row.field}>
                      <dt>{row.label}</dt>
                      <dd>{row.value}</dd>
                    </div>
                  ))}
                </dl>
              </section>
            ))}
            <SourceDetails source={enquiry.source} />
          </div>
          <footer className="admin-modal__footer admin-actions">
            {position && (
              <nav className="admin-lead-steps" aria-label="Enquiries on this page">
                <Button
                  variant="secondary"
                  disabled={position.index === 0}
                  onClick={() => step(-1)}
                >
                  Previous enquiry
                </Button>
                <span className="admin-hint" aria-live="polite">
                  {position.index + 1} of {position.total} on this page
                </span>
                <Button
                  variant="secondary"
                  disabled={position.index >= position.total - 1}
                  onClick={() => step(1)}
                >
                  Next enquiry
                </Button>
              </nav>
            )}
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
          </footer>
        </>
      )}
    </dialog>
  );
}
