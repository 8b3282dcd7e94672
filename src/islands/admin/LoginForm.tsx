import { useEffect, useRef } from 'react';
import CodeStep from '../../admin/login/CodeStep';
import EnrolStep from '../../admin/login/EnrolStep';
import PasskeyStep from '../../admin/login/PasskeyStep';
import PasswordStep from '../../admin/login/PasswordStep';
import RecoveryUsed from '../../admin/login/RecoveryUsed';
import SignedOutNotice from '../../admin/login/SignedOutNotice';
import RecoveryCodes from '../../admin/rooms/security/RecoveryCodes';
import { useSignIn } from '../../admin/hooks/useSignIn';
import { holdUntil, replayEarlySubmit } from '../../lib/forms/early-submit';
import { useHydrated } from '../forms/useHydrated';

/**
 * Login (SPEC's heading, form and messages for the password), then the second step the server
 * asks for; the steps' logic is `useSignIn`. The password form is the server's HTML until
 * hydration: what is typed there stays (its fields are the browser's own), and a press of Login
 * before then is held by the page's first script and sent once hydrated (early-submit.ts),
 * never posted as a plain form (the sign-in needs this script for its second step).
 */
export default function LoginForm() {
  const {
    stage,
    typed,
    error,
    busy,
    asking,
    title,
    submitPassword,
    signInWithPasskey,
    sendCode,
    enrol,
    leave,
    restart,
    chooseWay,
  } = useSignIn();
  const root = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) replayEarlySubmit(root.current);
  }, [hydrated]);

  return (
    <div ref={root} className="admin-login" {...holdUntil(hydrated)}>
      <h1 ref={title} tabIndex={-1}>
        Admin Login
      </h1>
      <SignedOutNotice />
      {stage.kind === 'password' && (
        <PasswordStep
          initial={typed}
          busy={busy}
          error={error}
          onSubmit={(values) => void submitPassword(values)}
        />
      )}
      {stage.kind === 'second' && stage.way === 'passkey' && (
        <PasskeyStep
          stage={stage}
          error={error}
          busy={busy}
          asking={asking}
          onUse={() => void signInWithPasskey(stage)}
          onWay={chooseWay}
          onRestart={restart}
        />
      )}
      {stage.kind === 'second' && stage.way !== 'passkey' && (
        <CodeStep
          stage={{ ...stage, way: stage.way }}
          error={error}
          busy={busy}
          onCode={(code) => void sendCode(stage, code)}
          onWay={chooseWay}
          onRestart={restart}
        />
      )}
      {stage.kind === 'enrol' && (
        <EnrolStep
          error={error}
          busy={busy}
          onCreate={(name) => void enrol(stage, name)}
          onRestart={restart}
        />
      )}
      {stage.kind === 'codes' && (
        <div className="admin-card admin-step">
          <RecoveryCodes codes={stage.codes} onContinue={() => leave(stage.token)} />
        </div>
      )}
      {stage.kind === 'recovered' && (
        <RecoveryUsed left={stage.left} onContinue={() => leave(stage.token)} />
      )}
    </div>
  );
}
