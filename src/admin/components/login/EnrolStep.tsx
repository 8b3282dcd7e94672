import { useId, useState, type FormEvent } from 'react';
import { PASSKEY_NAME_MAX } from '../../../lib/schemas';
import { describeDevice } from '../../../lib/device-name';
import Alert from '../Alert';
import Button from '../Button';
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
        <div className="admin-field">
          <label htmlFor={`${ids}-name`}>Passkey name</label>
          <input
            id={`${ids}-name`}
            name="name"
            autoComplete="off"
            required
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            aria-describedby={`${ids}-hint`}
            onChange={(event) => setName(event.target.value)}
          />
          <p className="admin-hint" id={`${ids}-hint`}>
            So you can tell your passkeys apart later, for example the device that keeps it.
          </p>
        </div>
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
