import { useLayoutEffect, useRef } from 'react';
import Button from './Button';

interface Props {
  /** Counts as the admin's input: the inactivity count starts again. */
  onStay: () => void;
}

/**
 * The warning of the inactivity logout, fixed to the bottom of the viewport: it is seen wherever
 * the admin has scrolled, and showing it moves nothing on the page (an insert in the page's flow
 * made the browser scroll to keep the view still). It takes the focus, so a screen reader reads
 * it out (an alert dialog), and gives it back to where it was when it closes.
 */
export default function InactivityWarning({ onStay }: Props) {
  const dialog = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // A layout effect: its clean-up runs while the dialog is still on the page, holding the focus.
  useLayoutEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    button.current?.focus({ preventScroll: true });
    const box = dialog.current;
    return () => {
      // Closed by input elsewhere, the focus is already there; closed from here, it goes back.
      if (box?.contains(document.activeElement)) before?.focus({ preventScroll: true });
    };
  }, []);

  return (
    <div
      ref={dialog}
      className="admin-inactivity"
      role="alertdialog"
      aria-labelledby="inactivity-title"
      aria-describedby="inactivity-text"
    >
      <p id="inactivity-title" className="admin-inactivity__title">
        Still there?
      </p>
      <p id="inactivity-text">
        You will be logged out in 20 seconds because of inactivity. Move the mouse, press a key or
        touch the page to stay logged in.
      </p>
      <Button ref={button} variant="primary" onClick={onStay}>
        Stay signed in
      </Button>
    </div>
  );
}
