import { recoveryUsedText } from '../display/security';
import Button from '../components/Button';
import StepHeading from './StepHeading';

interface Props {
  left: number;
  onContinue: () => void;
}

/** After a sign-in with a recovery code: how many are left, and what to do about the passkey. */
export default function RecoveryUsed({ left, onContinue }: Props) {
  return (
    <div className="admin-card admin-step">
      <StepHeading>Signed in with a recovery code</StepHeading>
      <p className="admin-step__left">{recoveryUsedText(left)}</p>
      <p>
        If your passkey is lost or broken, add a new one in Security, on the dashboard, and remove
        the old one there.
      </p>
      <div className="admin-actions">
        <Button variant="primary" onClick={onContinue}>
          Continue
        </Button>
      </div>
    </div>
  );
}
