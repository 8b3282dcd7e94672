import { useId, useState, type FormEvent } from 'react';
import { recoveryCodesFile, recoveryCodesFilename } from '../../display/security';
import { saveFile } from '../../save-file';
import Button from '../../components/Button';
import StepHeading from '../../login/StepHeading';

interface Props {
  codes: readonly string[];
  /** Its heading's level: 2 in the login box, 4 in the dashboard's Security section. */
  level?: 2 | 3 | 4;
  onContinue: () => void;
}

/**
 * New recovery codes, shown this once: copy or download them, confirm they are stored, then go
 * on. After the first passkey at sign-in, and after "Make new codes" in Security.
 */
export default function RecoveryCodes({ codes, level = 2, onContinue }: Props) {
  const ids = useId();
  const [notice, setNotice] = useState('');
  const file = () => recoveryCodesFile(codes, location.host, new Date());

  async function copy() {
    try {
      await navigator.clipboard.writeText(file());
      setNotice('The codes are copied.');
    } catch {
      setNotice('They could not be copied here: select the codes and copy them, or download them.');
    }
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onContinue();
  };
  return (
    <div className="admin-recovery-codes">
      <StepHeading level={level}>Save your recovery codes</StepHeading>
      <p>
        If your passkey is ever out of reach, each of these codes signs you in once. Keep them
        somewhere safe, such as a password manager or a printed copy: they will not be shown again.
      </p>
      <ol className="admin-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="admin-actions">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            saveFile(
              new Blob([file()], { type: 'text/plain;charset=utf-8' }),
              recoveryCodesFilename(location.host, new Date()),
            )
          }
        >
          Download as text file
        </Button>
      </div>
      <p className="admin-notice" role="status" data-empty={notice === '' ? '' : undefined}>
        {notice}
      </p>
      <form className="admin-form admin-recovery-codes__done" onSubmit={submit}>
        <div className="admin-check">
          <input id={`${ids}-stored`} type="checkbox" name="stored" required />
          <label htmlFor={`${ids}-stored`}>I have stored these codes somewhere safe</label>
        </div>
        <div className="admin-actions">
          <Button variant="primary" type="submit">
            Continue
          </Button>
        </div>
      </form>
    </div>
  );
}
