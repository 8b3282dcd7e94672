import { useId, useState, type FormEvent } from 'react';
import { describeDevice } from '../../lib/device-name';
import Alert from '../components/Alert';
import Button from '../components/Button';
import PasskeyNameField from '../rooms/security/PasskeyNameField';
import { StartAgain } from './OtherWays';
import StepHeading from './StepHeading';

interface Props {
  error: string;
  /** A request, or the browser's passkey dialog, is on its way. */
  busy: boolean;
  onCreate: (name: string) => void;
  onRestart: () => void;
}

/**
 * The first sign-in since passkeys came in (or since the operator's reset): why, and a passkey
 * to create, named after this browser until the admin names it otherwise.
 */
export default function EnrolStep({ error, busy, onCreate, onRestart }: Props) {
  const ids = useId();
  // Only ever rendered in the browser (after the password step), so the user agent is there.
  const [name, setName] = useState(() => describeDevice(navigator.userAgent));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onCreate(name.trim());
  };
  return (
    <div className="admin-card admin-step">
      <StepHeading>Create a passkey</StepHeading>
      <p>
        Signing in to the admin now takes a passkey as well as the password. It protects the
        personal data of the people who contact the company: a password that is guessed or stolen no
        longer opens the admin on its own.
      </p>
      <p>
        A passkey is kept by this device (you unlock it with your fingerprint, face or screen lock),
        by your phone, or by a security key. Next you will get recovery codes, for the day the
        passkey is out of reach.
      </p>
      <form className="admin-form" onSubmit={submit} aria-describedby={`${ids}-error`}>
        <PasskeyNameField
          id={`${ids}-name`}
          label="Passkey name"
          hint="So you can tell your passkeys apart later, for example the device that keeps it."
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Alert id={`${ids}-error`} message={error} />
        <div className="admin-actions">
          <Button variant="primary" type="submit" disabled={busy} aria-busy={busy}>
            Create passkey
          </Button>
        </div>
      </form>
      <div className="admin-step__others">
        <StartAgain busy={busy} onRestart={onRestart} />
      </div>
    </div>
  );
}
