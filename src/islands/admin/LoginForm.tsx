import CodeStep from '../../admin/components/login/CodeStep';
import EnrolStep from '../../admin/components/login/EnrolStep';
import PasskeyStep from '../../admin/components/login/PasskeyStep';
import PasswordStep from '../../admin/components/login/PasswordStep';
import RecoveryUsed from '../../admin/components/login/RecoveryUsed';
import RecoveryCodes from '../../admin/components/security/RecoveryCodes';
import { useSignIn } from '../../admin/hooks/useSignIn';

/**
 * Login (SPEC's heading, form and messages for the password), then the second step the server
 * asks for; the steps' logic is `useSignIn`.
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

  return (
    <div className="admin-login">
      <h1 ref={title} tabIndex={-1}>
        Admin Login
      </h1>
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
