import { useState, type SubmitEvent } from 'react';
import { afterLoginPath, setToken } from '../../admin/api/auth-client';
import { ApiError, API_MESSAGES, login } from '../../admin/api/client';
import Alert from '../../admin/components/Alert';

/**
 * Login: both fields required (checked by the browser); the button is disabled while
 * sending; success stores the token and returns to `?from=` or /admin.
 */
export default function LoginForm() {
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setSending(true);
    setError('');
    try {
      const token = await login(
        String(data.get('username') ?? ''),
        String(data.get('password') ?? ''),
      );
      setToken(token);
      location.assign(afterLoginPath(location.search));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : API_MESSAGES.invalidCredentials);
      setSending(false);
    }
  }

  return (
    <div className="admin-login">
      <h1>Admin Login</h1>
      {/* method="post": without scripts the password never lands in the address bar. */}
      <form
        className="admin-card admin-form"
        method="post"
        onSubmit={submit}
        aria-describedby="login-error"
      >
        <LoginField name="username" label="Username" autoComplete="username" maxLength={200} />
        <LoginField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          maxLength={1024}
        />
        <Alert id="login-error" message={error} />
        <button
          className="admin-btn admin-btn--primary"
          type="submit"
          disabled={sending}
          aria-busy={sending}
        >
          Login
        </button>
      </form>
    </div>
  );
}

interface LoginFieldProps {
  name: 'username' | 'password';
  label: string;
  type?: 'password';
  autoComplete: string;
  maxLength: number;
}

/** A required, labelled line of the form, with the id `login-<name>`. */
function LoginField({ name, label, type, autoComplete, maxLength }: LoginFieldProps) {
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
      />
    </div>
  );
}
