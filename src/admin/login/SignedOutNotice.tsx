import { useEffect, useState } from 'react';
import { takeSignedOut, type SignedOutReason } from '../api/auth-client';
import { SIGNED_OUT_TEXT } from '../display/sign-in';

/**
 * Above the login form, once: "You have been signed out." after Logout (or a session ended
 * elsewhere), or the inactivity logout's own line; nothing for someone who simply opened /login.
 * A polite status, not an error: the region is there from the start so the line is announced.
 */
export default function SignedOutNotice() {
  const [reason, setReason] = useState<SignedOutReason | null>(null);
  useEffect(() => {
    // Read once: the word is gone after the first read (a second run in development sees null).
    const taken = takeSignedOut();
    if (taken !== null) setReason(taken);
  }, []);
  const text = reason === null ? '' : SIGNED_OUT_TEXT[reason];
  return (
    <p
      className="admin-notice admin-login__notice"
      role="status"
      data-empty={text === '' ? '' : undefined}
    >
      {text}
    </p>
  );
}
