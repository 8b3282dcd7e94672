import { useEffect, useId, useRef } from 'react';
import Button from './Button';

interface Props {
  open: boolean;
  title: string;
  question: string;
  /** The confirming button's text, e.g. 'Delete'. */
  confirm: string;
  busy: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or the dialog closing otherwise. */
  onCancel: () => void;
}

/**
 * A modal `<dialog>` asking one question, Cancel first and focused, so Enter never confirms by
 * accident; the browser keeps focus inside and gives it back to the opener on close.
 */
export default function ConfirmDialog({
  open,
  title,
  question,
  confirm,
  busy,
  onConfirm,
  onCancel,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="admin-modal admin-confirm"
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-question`}
      onClose={() => {
        if (open) onCancel();
      }}
    >
      {open && (
        <>
          <header className="admin-modal__header">
            <h2 id={`${ids}-title`}>{title}</h2>
          </header>
          <p className="admin-modal__body" id={`${ids}-question`}>
            {question}
          </p>
          <footer className="admin-modal__footer admin-actions">
            <Button variant="secondary" autoFocus onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="danger" aria-busy={busy} onClick={onConfirm}>
              {confirm}
            </Button>
          </footer>
        </>
      )}
    </dialog>
  );
}
