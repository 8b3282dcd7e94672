import { useEffect, useId, useState, type FormEvent } from 'react';
import { addTotp, totpSetup } from '../../api/security';
import { secretGroups } from '../../display/security';
import Alert from '../../components/Alert';
import Button from '../../components/Button';
import StepHeading from '../../login/StepHeading';
import QrCode from './QrCode';
import { messageOf } from './SecuritySection';

interface Props {
  onDone: () => Promise<void>;
  onCancel: () => void;
}

interface Secret {
  ticket: string;
  secret: string;
  uri: string;
}

/**
 * Setting up the app: a new secret as a QR code and as text (groups of four, with Copy), then a
 * code of it to prove the app has it. The set-up lasts 10 minutes; a wrong code can be retyped.
 */
export default function TotpSetup({ onDone, onCancel }: Props) {
  const ids = useId();
  const [secret, setSecret] = useState<Secret | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  useEffect(() => {
    let live = true;
    totpSetup().then(
      (made) => live && setSecret(made),
      (failure: unknown) => live && setError(messageOf(failure)),
    );
    return () => {
      live = false;
    };
  }, []);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (secret === null) return;
    setBusy(true);
    setError('');
    try {
      await addTotp(secret.ticket, String(new FormData(event.currentTarget).get('code') ?? ''));
      await onDone();
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  async function copy() {
    if (secret === null) return;
    const copied = await navigator.clipboard.writeText(secret.secret).then(
      () => true,
      () => false,
    );
    setNotice(copied ? 'The key is copied.' : 'The key could not be copied: type it instead.');
  }

  return (
    <div className="admin-totp">
      <StepHeading level={4}>Set up an authenticator app</StepHeading>
      {secret === null && !error && <p role="status">Making a new key...</p>}
      {secret !== null && (
        <>
          <p>In the app, add an account and scan this QR code, or type the key below.</p>
          <QrCode value={secret.uri} label="QR code of the new key for the authenticator app" />
          <p className="admin-totp__key">
            Key: <code>{secretGroups(secret.secret)}</code>
          </p>
          <div className="admin-actions">
            <Button variant="secondary" onClick={() => void copy()}>
              Copy key
            </Button>
          </div>
          <p className="admin-notice" role="status" data-empty={notice === '' ? '' : undefined}>
            {notice}
          </p>
          <form className="admin-form" onSubmit={(event) => void confirm(event)}>
            <div className="admin-field">
              <label htmlFor={`${ids}-code`}>6-digit code</label>
              <input
                id={`${ids}-code`}
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                maxLength={12}
                aria-describedby={`${ids}-hint`}
              />
              <p className="admin-hint" id={`${ids}-hint`}>
                The code the app shows for this account now.
              </p>
            </div>
            <Alert message={error} />
            <div className="admin-actions">
              <Button variant="primary" type="submit" disabled={busy} aria-busy={busy}>
                Confirm
              </Button>
              <Button variant="secondary" onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
            </div>
          </form>
        </>
      )}
      {secret === null && <Alert message={error} />}
    </div>
  );
}
