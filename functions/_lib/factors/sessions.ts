/**
 * Admin sessions: one record per token issued (its id as the audit log names it, the token's id
 * and expiry, when, the device and browser from the User-Agent, the approximate place from
 * Netlify's geo data, the client address, how it signed in). The admin lists them and ends any:
 * ending one revokes its token (revoked-tokens.ts) and deletes its record; sign-out does the same
 * for its own. Expired records are dropped as the list is read.
 */
import { sessionOf } from '../audit.ts';
import type { FunctionContext } from '../http.ts';
import { security, type StoredSession } from '../repositories/admin-security.ts';
import { revokedTokens } from '../repositories/revoked-tokens.ts';
import type { SessionSummary } from '../../../src/lib/schemas/index.ts';

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Windows", from a User-Agent; "Unknown browser" where it says nothing we know. */
export function describeDevice(userAgent: string | null): string {
  const ua = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser === undefined && system === undefined) return 'Unknown browser';
  return [browser ?? 'A browser', system].filter(Boolean).join(' on ');
}

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

/** Revokes a session's token and forgets the session; false when there is no such session. */
export async function endSession(id: string): Promise<boolean> {
  const found = await security.session(id);
  if (found === null) return false;
  await revokedTokens.revoke({ jti: found.value.jti, exp: found.value.exp });
  await security.removeSession(id);
  return true;
}
