import { useState } from 'react';
import { removeTotp } from '../../api/security';
import { useFocusTarget } from '../../hooks/useFocusTarget';
import { formatDate } from '../../display/values';
import Alert from '../../components/Alert';
import Button from '../../components/Button';
import ConfirmDialog from '../../components/ConfirmDialog';
import TotpSetup from './TotpSetup';
import { messageOf } from './SecuritySection';

interface Props {
  totp: { createdAt: string } | null;
  onChanged: () => Promise<void>;
}

/** The authenticator app: when it was set up and Remove, or Set up. */
export default function TotpPart({ totp, onChanged }: Props) {
  const [settingUp, setSettingUp] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const heading = useFocusTarget<HTMLHeadingElement>();

  async function remove() {
    setBusy(true);
    setNotice('');
    try {
      await removeTotp();
      await onChanged();
      setError('');
      setNotice('The authenticator app is removed.');
      heading.focusSoon();
    } catch (failure) {
      setError(messageOf(failure));
    }
    setRemoving(false);
    setBusy(false);
  }

  async function done() {
    await onChanged();
    setSettingUp(false);
    setNotice('The authenticator app is set up.');
    heading.focusSoon();
  }

  return (
    <div className="admin-security__part">
      <h3 ref={heading.ref} tabIndex={-1}>
        Authenticator app
      </h3>
      {totp !== null && (
        <div className="admin-security__row">
          <p>Set up on {formatDate(totp.createdAt)}.</p>
          <Button variant="danger" onClick={() => setRemoving(true)}>
            Remove<span className="visually-hidden"> the authenticator app</span>
          </Button>
        </div>
      )}
      {totp === null && !settingUp && (
        <div className="admin-security__row">
          <p>
            Six-digit codes from an app on your phone (Google Authenticator, Microsoft
            Authenticator, 1Password…): another way in when no passkey is at hand.
          </p>
          <Button variant="secondary" onClick={() => setSettingUp(true)}>
            Set up an authenticator app
          </Button>
        </div>
      )}
      {totp === null && settingUp && (
        <TotpSetup
          onDone={done}
          onCancel={() => {
            setSettingUp(false);
            heading.focusSoon();
          }}
        />
      )}
      <Alert message={error} />
      <p className="admin-notice" role="status" data-empty={notice === '' ? '' : undefined}>
        {notice}
      </p>
      <ConfirmDialog
        open={removing}
        title="Remove the authenticator app"
        question="Remove the authenticator app? Its codes will no longer sign you in."
        confirm="Remove"
        busy={busy}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(false)}
      />
    </div>
  );
}
