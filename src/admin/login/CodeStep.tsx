import { useId, type FormEvent } from 'react';
import Alert from '../components/Alert';
import Button from '../components/Button';
import OtherWays from './OtherWays';
import StepHeading from './StepHeading';
import type { SecondStage, Way } from './stages';

interface Props {
  stage: SecondStage & { way: 'totp' | 'recovery' };
  error: string;
  busy: boolean;
  onCode: (code: string) => void;
  onWay: (way: Way) => void;
  onRestart: () => void;
}

const FIELDS = {
  totp: {
    heading: 'Enter the code from your authenticator app',
    label: '6-digit code',
    hint: 'The app shows a new code every 30 seconds.',
    inputMode: 'numeric',
    autoComplete: 'one-time-code',
    maxLength: 12,
  },
  recovery: {
    heading: 'Use a recovery code',
    label: 'Recovery code',
    hint: 'One of the ten codes you stored, like ABCDE-23456. Each works once.',
    inputMode: 'text',
    autoComplete: 'off',
    maxLength: 20,
  },
} as const;

/**
 * Step 2 with a code: the authenticator app's or a recovery code. A wrong code keeps the step
 * (and what was typed), so the admin can try again while the step lasts.
 */
export default function CodeStep({ stage, error, busy, onCode, onWay, onRestart }: Props) {
  const ids = useId();
  const field = FIELDS[stage.way];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onCode(String(new FormData(event.currentTarget).get('code') ?? ''));
  };
  return (
    <div className="admin-card admin-step">
      <StepHeading key={stage.way}>
        {stage.step === 'code' ? 'No passkey works at this address yet' : field.heading}
      </StepHeading>
      {stage.step === 'code' && (
        <p>
          This web address has no passkey of yours yet (each preview address needs its own). Sign in
          with a code, then add a passkey for this address in Security, on the dashboard.
        </p>
      )}
      <form className="admin-form" onSubmit={submit} aria-describedby={`${ids}-error`}>
        <div className="admin-field">
          <label htmlFor={`${ids}-code`}>{field.label}</label>
          <input
            key={stage.way}
            id={`${ids}-code`}
            name="code"
            className="admin-step__code"
            inputMode={field.inputMode}
            autoComplete={field.autoComplete}
            autoCapitalize={stage.way === 'recovery' ? 'characters' : 'off'}
            spellCheck={false}
            required
            maxLength={field.maxLength}
            aria-describedby={`${ids}-hint`}
          />
          <p className="admin-hint" id={`${ids}-hint`}>
            {field.hint}
          </p>
        </div>
        <Alert id={`${ids}-error`} message={error} />
        <div className="admin-actions">
          <Button variant="primary" type="submit" disabled={busy} aria-busy={busy}>
            Verify
          </Button>
        </div>
      </form>
      <OtherWays stage={stage} busy={busy} onWay={onWay} onRestart={onRestart} />
    </div>
  );
}
