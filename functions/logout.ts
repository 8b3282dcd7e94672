/**
 * POST /api/logout (admin): revokes the caller's token until it would have expired, so a copy of
 * it is refused from then on, and forgets its session; 204. A second logout with the same token gets 401.
 */
import type { Config } from '@netlify/functions';
import { audit, sessionOf } from './_lib/audit.ts';
import { requireAdmin } from './_lib/auth.ts';
import { dispatch, endpoint, noContent, type Handler } from './_lib/http.ts';
import { security } from './_lib/repositories/admin-security.ts';
import { revokedTokens } from './_lib/repositories/revoked-tokens.ts';

const logout: Handler = async (req, context) => {
  const id = await requireAdmin(req, context);
  await revokedTokens.revoke(id);
  await security.removeSession(sessionOf(id.jti));
  await audit(
    'sign-out',
    {},
    {
      ...(context.ip !== undefined && { ip: context.ip }),
      session: sessionOf(id.jti),
    },
  );
  // Last: housekeeping never costs the logout its own writes.
  await revokedTokens.removeExpired();
  return noContent();
};

export default endpoint((req, context) => dispatch(req, context, { POST: logout }));

// No `method` filter: other methods must reach the handler to get 405 with Allow.
export const config: Config = {
  path: '/api/logout',
};
