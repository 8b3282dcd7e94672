/**
 * Who the passkeys belong to (WebAuthn's relying party), decided once per deploy context from
 * the site's address: production's `URL`, a preview's or branch deploy's own `DEPLOY_PRIME_URL`
 * (each has its own host, so its own passkeys), and on a local server the address it was asked
 * at (http://localhost:8888). The id is the host; the origin is what the browser reports.
 */
import { site } from '../../../src/config/site.ts';
import { deployScopeOf, readEnv } from '../env.ts';
import { HttpError, type FunctionContext } from '../http.ts';

export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

export function relyingParty(req: Request, context: FunctionContext): RelyingParty {
  const scope = deployScopeOf(context.deploy?.context);
  const setting = scope === 'production' ? 'URL' : scope === 'preview' ? 'DEPLOY_PRIME_URL' : null;
  const address = setting === null ? new URL(req.url).origin : readEnv(setting);
  let url: URL;
  try {
    url = new URL(address ?? '');
  } catch {
    throw new HttpError(
      503,
      `Admin sign-in is not configured on this server: ${setting} is not the site's address.`,
    );
  }
  return { id: url.hostname, origin: url.origin, name: `${site.shortName} admin` };
}
