/**
 * Admin sessions: one record per token issued (its id as the audit log names it, the token's id
 * and expiry, when, the device and browser from the User-Agent, the approximate place from
 * Netlify's geo data, the client address, how it signed in). The admin lists them and ends any:
 * ending one revokes its token (revoked-tokens.ts) and deletes its record; sign-out does the same
 * for its own. Expired records are dropped as the list is read.
 */
import { describeDevice } from '../../../src/lib/device-name.ts';
import { sessionOf } from '../audit.ts';
import type { FunctionContext } from '../http.ts';
import { security, type StoredSession } from '../repositories/admin-security.ts';
import { revokedTokens } from '../repositories/revoked-tokens.ts';
import type { SessionSummary } from '../../../src/lib/schemas/index.ts';

export { describeDevice };

/** "Kochi, Kerala, India" from Netlify's geo data; undefined where it has none. */
export function placeOf(geo: FunctionContext['geo']): string | undefined {
  const parts = [geo?.city, geo?.subdivision?.name, geo?.country?.name ?? geo?.country?.code]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part));
  return parts.length === 0 ? undefined : parts.join(', ').slice(0, 120);
}

export async function recordSession(
  token: { jti: string; exp: number },
  req: Request,
  context: FunctionContext,
  method: string,
  now: number,
): Promise<StoredSession> {
  const place = placeOf(context.geo);
  const session: StoredSession = {
    id: sessionOf(token.jti),
    jti: token.jti,
    exp: token.exp,
    createdAt: new Date(now).toISOString(),
    device: describeDevice(req.headers.get('user-agent')),
    ...(place !== undefined && { place }),
    ...(context.ip !== undefined && { ip: context.ip }),
    method,
  };
  await security.writeSession(session);
  return session;
}

/** The sessions whose tokens have not expired, newest first, marking the caller's own. */
export async function listSessions(currentJti: string, now: number): Promise<SessionSummary[]> {
  const all = await security.sessions();
  const expired = all.filter((session) => session.exp * 1000 <= now);
  await Promise.all(expired.map((session) => security.removeSession(session.id))).catch(() => {});
  return all
    .filter((session) => session.exp * 1000 > now)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .map(({ jti, exp, ...session }) => ({
      ...session,
      current: jti === currentJti,
      expiresAt: new Date(exp * 1000).toISOString(),
    }));
}

/**
 * Revokes a session's token and forgets the session; false when there is no such session, or
 * another request ended it at the same time (one of them answers for it). The revocation comes
 * first and may be repeated: a session never leaves the list with its token still good.
 */
export async function endSession(id: string): Promise<boolean> {
  const found = await security.session(id);
  if (found === null) return false;
  await revokedTokens.revoke({ jti: found.value.jti, exp: found.value.exp });
  return security.retireSession(id, found);
}
