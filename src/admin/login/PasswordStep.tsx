import type { FormEvent } from 'react';
import Alert from '../components/Alert';

export interface Credentials {
  username: string;
  password: string;
}

interface Props {
  /** What the admin typed last time: a later step that sends them back here keeps it. */
  initial: Credentials;
  onSubmit: (values: Credentials) => void;
  busy: boolean;
  error: string;
}

/**
 * Step 1: user name and password, both required (checked by the browser); the button is
 * disabled while sending. The fields are the browser's own until sent (what is typed before the
 * page's script runs stays), then the login box holds the values.
 */
export default function PasswordStep({ initial, onSubmit, busy, error }: Props) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({
      username: String(data.get('username') ?? ''),
      password: String(data.get('password') ?? ''),
    });
  };
  return (
    // method="post": without scripts the password never lands in the address bar.
    <form
      className="admin-card admin-form"
      method="post"
      onSubmit={submit}
      aria-describedby="login-error"
    >
      <LoginField
        name="username"
        label="Username"
        autoComplete="username"
        maxLength={200}
        initial={initial.username}
      />
      <LoginField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        maxLength={1024}
        initial={initial.password}
      />
      <Alert id="login-error" message={error} />
      <button
        className="admin-btn admin-btn--primary"
        type="submit"
        disabled={busy}
        aria-busy={busy}
      >
        Login
      </button>
    </form>
  );
}

interface LoginFieldProps {
  name: 'username' | 'password';
  label: string;
  type?: 'password';
  autoComplete: string;
  maxLength: number;
  initial: string;
}

/** A required, labelled line of the form, with the id `login-<name>`. */
function LoginField({ name, label, type, autoComplete, maxLength, initial }: LoginFieldProps) {
  const id = `login-${name}`;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        required
        maxLength={maxLength}
        defaultValue={initial}
      />
    </div>
  );
}
