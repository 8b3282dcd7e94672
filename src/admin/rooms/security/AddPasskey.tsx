import { useId, useState, type FormEvent } from 'react';
import { startRegistration } from '@simplewebauthn/browser';
import { describeDevice } from '../../../lib/device-name';
import { addPasskey, passkeyOptions } from '../../api/security';
import { passkeyFailure } from '../../display/security';
import Alert from '../../components/Alert';
import Button from '../../components/Button';
import PasskeyNameField from './PasskeyNameField';
import { messageOf } from './SecuritySection';

interface Props {
  /** The new passkey's name, once stored; resolves once the list shows it. */
  onAdded: (name: string) => Promise<void>;
}

/**
 * One passkey more (a spare: another device, a phone, a security key): the server's options,
 * the browser's dialog, then the new passkey sent back under the name given.
 */
export default function AddPasskey({ onAdded }: Props) {
  const ids = useId();
  const [name, setName] = useState(() => describeDevice(navigator.userAgent));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError('');
    try {
      const { ticket, options } = await passkeyOptions();
      let response;
      try {
        response = await startRegistration({ optionsJSON: options });
      } catch (failure) {
        setError(passkeyFailure(failure, 'create') ?? '');
        return;
      }
      const added = await addPasskey(ticket, response, name.trim());
      await onAdded(added.name);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-form admin-security__add" onSubmit={(event) => void add(event)}>
      <PasskeyNameField
        id={`${ids}-name`}
        label="Passkey name"
        hint="A spare passkey on another device, a phone or a security key keeps you able to sign in if one is lost."
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <Alert message={error} />
      <div className="admin-actions">
        <Button variant="primary" type="submit" disabled={busy} aria-busy={busy}>
          Add a passkey
        </Button>
      </div>
    </form>
  );
}
