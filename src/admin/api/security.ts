/**
 * The admin's sign-in (password, then a passkey, an authenticator code or a recovery code) and
 * security settings (passkeys, authenticator app, recovery codes, sessions). The sign-in calls
 * go through `login` (no token yet); the settings through `send` with the token, so a 401 ends
 * the session like any admin call. Refusals the admin can act on (a wrong code, the last
 * passkey) come in the server's words.
 */
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type {
  LoginStep,
  PasskeySummary,
  SecuritySettings,
  SessionSummary,
  SignedIn,
} from '../../lib/schemas';
import { deviceId } from './auth-client';
import { jsonOf, login, send, type Failure } from './client';

// ---- Sign-in -------------------------------------------------------------------------------

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

// ---- Settings ------------------------------------------------------------------------------

/** The server's own words for what the admin can act on; else what failed, and why. */
const failedTo =
  (action: string) =>
  ({ status, detail }: Failure) =>
    status === 400 || status === 403 || status === 409 ? detail : `Could not ${action}: ${detail}`;

async function call<T>(
  path: string,
  action: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' = 'GET',
  body?: unknown,
): Promise<T> {
  const failed = failedTo(action);
  const response = await send(path, {
    method,
    ...(body !== undefined && { body }),
    kind: method === 'GET' ? 'read' : 'write',
    failed,
  });
  return response.status === 204 ? (undefined as T) : jsonOf<T>(response, failed);
}

export const securitySettings = () =>
  call<SecuritySettings>('/api/security', 'load the security settings');

/** A spare passkey, step 1: the options for the browser, and the ticket of the step. */
export const passkeyOptions = () =>
  call<{ ticket: string; options: PublicKeyCredentialCreationOptionsJSON }>(
    '/api/passkeys/options',
    'start adding a passkey',
    'POST',
  );

export const addPasskey = (ticket: string, response: RegistrationResponseJSON, name: string) =>
  call<PasskeySummary>('/api/passkeys', 'add the passkey', 'POST', { ticket, response, name });

const passkeyPath = (id: string) => `/api/passkeys/${encodeURIComponent(id)}`;

export const renamePasskey = (id: string, name: string) =>
  call<PasskeySummary>(passkeyPath(id), 'rename the passkey', 'PATCH', { name });

/** A 409 when it is the only passkey here, in the server's words. */
export const removePasskey = (id: string) =>
  call<PasskeySummary>(passkeyPath(id), 'remove the passkey', 'DELETE');

/** The authenticator app, step 1: a new secret, its otpauth:// address and the step's ticket. */
export const totpSetup = () =>
  call<{ ticket: string; secret: string; uri: string }>(
    '/api/totp/setup',
    'start setting up the app',
    'POST',
  );

/** Step 2: a code of the new secret; a wrong one is a 400 in the server's words. */
export const addTotp = (ticket: string, code: string) =>
  call<{ createdAt: string }>('/api/totp', 'set up the app', 'POST', { ticket, code });

export const removeTotp = () => call<void>('/api/totp', 'remove the app', 'DELETE');

/** Ten new codes, shown once; the old ones stop working. */
export const newRecoveryCodes = async () =>
  (
    await call<{ recoveryCodes: string[] }>(
      '/api/recovery-codes',
      'make new recovery codes',
      'POST',
    )
  ).recoveryCodes;

export const listSessions = () => call<SessionSummary[]>('/api/sessions', 'load the sessions');

export const endSession = (id: string) =>
  call<void>(`/api/sessions/${encodeURIComponent(id)}`, 'end the session', 'DELETE');

export const endOtherSessions = () =>
  call<{ ended: number }>('/api/sessions', 'end the other sessions', 'DELETE');
