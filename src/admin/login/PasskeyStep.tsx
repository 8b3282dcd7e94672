import Alert from '../components/Alert';
import Button from '../components/Button';
import OtherWays from './OtherWays';
import StepHeading from './StepHeading';
import type { SecondStage, Way } from './stages';

interface Props {
  stage: SecondStage;
  error: string;
  /** A request to the server is on its way. */
  busy: boolean;
  /** The browser's passkey dialog is open: another way in may still be chosen (it is closed). */
  asking: boolean;
  onUse: () => void;
  onWay: (way: Way) => void;
  onRestart: () => void;
}

/** Step 2 with a passkey: the browser's dialog, started on arrival and again by the button. */
export default function PasskeyStep({
  stage,
  error,
  busy,
  asking,
  onUse,
  onWay,
  onRestart,
}: Props) {
  return (
    <div className="admin-card admin-step">
      <StepHeading>Confirm it&apos;s you</StepHeading>
      <p>
        Use your passkey: this device&apos;s fingerprint, face or screen lock, your phone, or your
        security key.
      </p>
      <Alert message={error} />
      <div className="admin-actions">
        <Button
          variant="primary"
          disabled={busy || asking}
          aria-busy={busy || asking}
          onClick={onUse}
        >
          Use passkey
        </Button>
      </div>
      <OtherWays stage={stage} busy={busy} onWay={onWay} onRestart={onRestart} />
    </div>
  );
}
