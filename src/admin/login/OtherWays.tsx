import Button from '../components/Button';
import { waysOf, type SecondStage, type Way } from './stages';

const LABELS: Record<Way, string> = {
  passkey: 'Use passkey',
  totp: 'Use authenticator app',
  recovery: 'Use a recovery code',
};

interface Props {
  stage: SecondStage;
  /** A request is on its way: nothing else may start. */
  busy: boolean;
  onWay: (way: Way) => void;
  onRestart: () => void;
}

/** The second step's other ways in (those the server offered), and Start again. */
export default function OtherWays({ stage, busy, onWay, onRestart }: Props) {
  const others = waysOf(stage.step, stage.fallbacks).filter((way) => way !== stage.way);
  return (
    <div className="admin-step__others">
      {others.length > 0 && (
        <div className="admin-actions" role="group" aria-label="Other ways in">
          {others.map((way) => (
            <Button key={way} variant="secondary" disabled={busy} onClick={() => onWay(way)}>
              {LABELS[way]}
            </Button>
          ))}
        </div>
      )}
      <StartAgain busy={busy} onRestart={onRestart} />
    </div>
  );
}

/** Back to the password step (its fields keep what was typed). */
export function StartAgain({ busy, onRestart }: { busy: boolean; onRestart: () => void }) {
  return (
    <Button variant="secondary" className="admin-step__restart" disabled={busy} onClick={onRestart}>
      Start again
    </Button>
  );
}
