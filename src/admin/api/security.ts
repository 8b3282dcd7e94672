/**
 * The security room's data: the sign-in factors (passkeys, authenticator app, recovery codes),
 * sessions, the backup status and the erasure of one person's records, all through `send` with
 * the token, so a 401 ends the session like any admin call. Refusals the admin can act on (a
 * wrong code, the last passkey, a count that changed) come in the server's words.
 */
import type {
  PublicKeyCredentialCreationOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type {
  BackupStatus,
  PasskeySummary,
  SecuritySettings,
  SessionSummary,
} from '../../lib/schemas';
import type { ErasurePreview } from '../../lib/leads';
import { ApiError, jsonOf, listFailed, send, type Failure } from './client';

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

// ---- Backups -------------------------------------------------------------------------------

/** GET /api/backup: the last backup and whether one is overdue. */
export async function backupStatus(): Promise<BackupStatus> {
  const failed = listFailed('the time of the last backup');
  const response = await send('/api/backup', { kind: 'read', failed });
  const body = await jsonOf<Partial<BackupStatus> | null>(response, failed);
  if (body?.last === undefined || typeof body.overdue !== 'boolean')
    throw new ApiError(
      failed({ status: response.status, detail: 'unreadable answer' }),
      response.status,
    );
  return { last: body.last, overdue: body.overdue };
}

// ---- Erasure of one person (DPDP Act 2023, GDPR) ---------------------------------------------

/** The server's own words for a 409 (the count changed); else what failed and why. */
const erasureFailed =
  (action: string) =>
  ({ status, detail }: Failure) =>
    status === 409 ? detail : `Could not ${action}: ${detail}`;

/** GET /api/erasure?email=: how many enquiries and messages use the address. */
export async function previewErasure(email: string): Promise<ErasurePreview> {
  const failed = erasureFailed('find the records');
  const response = await send(`/api/erasure?${new URLSearchParams({ email })}`, {
    kind: 'read',
    failed,
  });
  return jsonOf<ErasurePreview>(response, failed);
}

/**
 * POST /api/erasure: deletes the previewed records `ids`; a 409 when a record of the address
 * arrived after the preview (nothing is deleted then).
 */
export async function eraseRecords(
  email: string,
  ids: readonly string[],
): Promise<{ deleted: number }> {
  const failed = erasureFailed('delete the records');
  const response = await send('/api/erasure', {
    method: 'POST',
    body: { email, ids },
    kind: 'write',
    failed,
  });
  return jsonOf<{ deleted: number }>(response, failed);
}
