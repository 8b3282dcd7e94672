/**
 * Signing in, before there is a token: the password step, then a passkey, an authenticator code
 * or a recovery code. `login` makes each call; 429 says how long to wait, and the answer's lock
 * warning follows the message when one more failure may lock sign-in.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { LoginStep, SignedIn } from '../../lib/schemas';
import { LOCK_WARNING_HEADERS } from '../../lib/schemas/login';
import { deviceId } from './auth-client';
import { API_MESSAGES, ApiError, errorBody } from './client';

/** POST /api/login: the password, and this browser's id → the second step. */
export function passwordStep(username: string, password: string): Promise<LoginStep> {
  const device = deviceId();
  return login<LoginStep>('/api/login', {
    username,
    password,
    ...(device !== undefined && { device }),
  });
}

export type SecondStep =
  | { method: 'passkey'; response: AuthenticationResponseJSON }
  | { method: 'totp' | 'recovery'; code: string }
  | { method: 'enrol'; response: RegistrationResponseJSON; name: string };

/** POST /api/login/<method> with the password step's ticket → the token (and what it adds). */
export function secondStep(ticket: string, { method, ...rest }: SecondStep): Promise<SignedIn> {
  return login<SignedIn>(`/api/login/${method}`, { ticket, ...rest });
}

/** "2 minutes", "45 seconds": a Retry-After wait in words. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * `message`, then the sign-in's warning as a sentence of its own when the answer says one more
 * failure may lock sign-in (`X-Attempts-Left: 1`, with the lock's `X-Lockout-Minutes`).
 */
export function withLockWarning(message: string, headers: Headers): string {
  if (headers.get(LOCK_WARNING_HEADERS.attemptsLeft) !== '1') return message;
  const minutes = Number(headers.get(LOCK_WARNING_HEADERS.lockoutMinutes));
  const length = Number.isInteger(minutes) && minutes > 0 ? ` for ${formatWait(minutes * 60)}` : '';
  return `${message.replace(/\.?$/, '.')} One more failed attempt may lock sign-in${length}.`;
}

/**
 * A sign-in call, made before there is a token: POST /api/login with the password (→ the second
 * step, `LoginStep`) or /api/login/<method> with a factor (→ `SignedIn`). 429 says how long to
 * wait and 503 passes on the server's reason. Every other failure of the password step is
 * 'Invalid credentials'; a second step's 400 and 401 come in the server's words (a wrong code,
 * an expired step), with its field messages. Either is followed by the lock warning when the
 * server gives one (`withLockWarning`).
 */
export async function login<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const passwordStep = path === '/api/login';
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(API_MESSAGES[passwordStep ? 'invalidCredentials' : 'network'], 0);
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok && typeof answer === 'object' && answer !== null) return answer as T;
  if (response.status === 429) {
    const wait = Number(response.headers.get('retry-after'));
    const when = Number.isFinite(wait) && wait > 0 ? `in ${formatWait(Math.ceil(wait))}` : 'later';
    throw new ApiError(
      `Too many failed attempts: sign-in is locked. Please try again ${when}.`,
      429,
    );
  }
  const { error, fields } = errorBody(answer);
  if (response.status === 503) {
    throw new ApiError(error ?? API_MESSAGES.loginUnavailable, 503);
  }
  if (passwordStep || error === undefined) {
    const message = withLockWarning(API_MESSAGES.invalidCredentials, response.headers);
    throw new ApiError(message, response.status);
  }
  throw new ApiError(withLockWarning(error, response.headers), response.status, fields);
}
