/**
 * Admin authentication: configuration checks, credential checks and HS256 tokens (jose).
 * Every admin route goes through `admin()`, which calls `requireAdmin`.
 *
 * A token is bound to its deploy scope through its audience (`site-admin:<scope>`), so a token
 * signed on a preview is refused in production even where a secret was reused. Deploy previews
 * and branch deploys share the scope `preview`: both are non-production deploys holding only
 * their own deploy-scoped data, and the binding exists to keep every such token out of
 * production. Each token carries a random `jti`; logout revokes it until its `exp` on every
 * deploy of its scope (repositories/revoked-tokens.ts), and every admin call reads that list once,
 * after the signature checks, so a forged token costs no storage call. A storage fault there
 * answers 503: an unreadable list must not let a revoked token through.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { deployScopeOf, isDeployed, readEnv, type DeployScope } from './env.ts';
import { asActor, audit, sessionOf, type AuditEvent } from './audit.ts';
import { HttpError, type FunctionContext, type Handler } from './http.ts';
import {
  equalSecrets,
  hashProblem,
  parseHash,
  verifyPassword,
  type ScryptHash,
} from './password.ts';
import { revokedTokens, type TokenId } from './repositories/revoked-tokens.ts';

export const TOKEN_ISSUER = 'site-api';
export const TOKEN_TTL_SECONDS = 60 * 60;
export const MIN_SECRET_BYTES = 32;

const NOT_CONFIGURED = 'Admin sign-in is not configured on this server:';

interface TokenConfig {
  username: string;
  secret: Uint8Array;
}

interface LoginConfig extends TokenConfig {
  password: { kind: 'hash'; hash: ScryptHash } | { kind: 'plain'; value: string };
}

/** What signing and checking tokens need, or a 503 naming what is missing. */
export function tokenConfig(): TokenConfig {
  const username = readEnv('ADMIN_USERNAME');
  if (!username) throw misconfigured('ADMIN_USERNAME is not set.');
  const rawSecret = readEnv('JWT_SECRET');
  const secret = new TextEncoder().encode(rawSecret ?? '');
  if (secret.byteLength < MIN_SECRET_BYTES) {
    throw misconfigured(`JWT_SECRET must be set to at least ${MIN_SECRET_BYTES} bytes.`);
  }
  return { username, secret };
}

/**
 * Everything login needs. ADMIN_PASSWORD_HASH wins; a plain ADMIN_PASSWORD is accepted only
 * off public deploys (never in production, previews or with NODE_ENV=production).
 */
export function loginConfig(context: FunctionContext): LoginConfig {
  const base = tokenConfig();
  const encoded = readEnv('ADMIN_PASSWORD_HASH');
  if (encoded) {
    const hash = parseHash(encoded);
    if (!hash) {
      const problem = hashProblem(encoded) ?? 'is not a valid scrypt hash';
      throw misconfigured(
        `ADMIN_PASSWORD_HASH ${problem}: make a new one with npm run hash-password.`,
      );
    }
    return { ...base, password: { kind: 'hash', hash } };
  }
  const plain = readEnv('ADMIN_PASSWORD');
  if (plain && isDeployed(context.deploy?.context)) {
    throw misconfigured('ADMIN_PASSWORD is for local use only; set ADMIN_PASSWORD_HASH instead.');
  }
  if (plain) return { ...base, password: { kind: 'plain', value: plain } };
  throw misconfigured('ADMIN_PASSWORD_HASH is not set (npm run hash-password prints one).');
}

function misconfigured(detail: string): HttpError {
  return new HttpError(503, `${NOT_CONFIGURED} ${detail}`);
}

/** Checks both parts every time, so timing does not tell which one was wrong. */
export async function credentialsMatch(
  config: LoginConfig,
  username: string,
  password: string,
): Promise<boolean> {
  const userMatches = equalSecrets(username, config.username);
  const passwordMatches =
    config.password.kind === 'hash'
      ? await verifyPassword(password, config.password.hash)
      : equalSecrets(password, config.password.value);
  return userMatches && passwordMatches;
}

/** Where a token is valid: production, any preview or branch deploy, or a local server. */
export type { DeployScope };

/** The request's deploy scope; anything but Netlify's public contexts (e.g. `dev`) is local. */
export function deployScope(context: FunctionContext): DeployScope {
  return deployScopeOf(context.deploy?.context);
}

export function tokenAudience(scope: DeployScope): string {
  return `site-admin:${scope}`;
}

/** 128 random bits, base64url: the id logout revokes. */
const JTI = /^[\w-]{22}$/;

/** A new admin token, and its id (the session the audit log names by a hash of it). */
export async function issueToken(
  config: TokenConfig,
  context: FunctionContext,
): Promise<{ token: string; jti: string; exp: number }> {
  const jti = randomBytes(16).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(config.username)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(tokenAudience(deployScope(context)))
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(config.secret);
  return { token, jti, exp };
}

const BEARER = /^Bearer +([\w-]+\.[\w-]+\.[\w-]*)$/i;

function unauthorized(message: string): HttpError {
  return new HttpError(401, message, { headers: { 'www-authenticate': 'Bearer' } });
}

const INVALID = 'Invalid or expired token.';

/**
 * Resolves with the token's id for a valid, unrevoked admin token of this deploy scope;
 * otherwise throws 401 (503 when unconfigured or when the revocation list cannot be read).
 */
export async function requireAdmin(req: Request, context: FunctionContext): Promise<TokenId> {
  const config = tokenConfig();
  const header = req.headers.get('authorization')?.trim() ?? '';
  const token = header.length <= 4096 ? BEARER.exec(header)?.[1] : undefined;
  if (!token) throw unauthorized('Authentication required.');
  let id: TokenId;
  try {
    const { payload } = await jwtVerify(token, config.secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: tokenAudience(deployScope(context)),
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
      maxTokenAge: `${TOKEN_TTL_SECONDS}s`,
    });
    const { sub, jti, exp } = payload;
    // A token for a previous admin name stops working when the name changes.
    if (sub !== config.username) throw new Error('subject mismatch');
    // The id becomes part of a storage key: only the shape we issue is accepted.
    if (jti === undefined || !JTI.test(jti) || exp === undefined) throw new Error('bad jti');
    id = { jti, exp };
  } catch {
    throw unauthorized(INVALID);
  }
  // Outside the try: a storage fault must surface as 503, not as a 401 (nor let the token pass).
  if (await revokedTokens.isRevoked(id)) throw unauthorized(INVALID);
  return id;
}

/** What an admin handler's success is, in the audit log (audit.ts). */
export interface Audited {
  event: AuditEvent;
  /** What it acted on: from the request, or from its answer (a created record's id). */
  target?: (
    req: Request,
    context: FunctionContext,
    response: Response,
  ) => string | undefined | Promise<string | undefined>;
  /** Whether this answer is the event (a status set to the one it had changes nothing). */
  only?: (req: Request, response: Response) => boolean;
}

const tokens = new AsyncLocalStorage<TokenId>();

/** The token an admin handler (`admin`) runs for: its id and expiry, checked once. */
export function currentToken(): TokenId {
  const id = tokens.getStore();
  if (id === undefined) throw new Error('currentToken() outside an admin handler');
  return id;
}

/**
 * Marks a handler as admin-only. Its work runs as the token's session (for the audit records it
 * makes); with `audited`, a 2xx answer appends that event to the audit log.
 */
export function admin(handler: Handler, audited?: Audited): Handler {
  return async (req, context) => {
    const id = await requireAdmin(req, context);
    const actor = {
      ...(context.ip !== undefined && { ip: context.ip }),
      session: sessionOf(id.jti),
    };
    return asActor(actor, async () => {
      const response = await tokens.run(id, () => handler(req, context));
      const ok = response.status >= 200 && response.status < 300;
      if (audited && ok && (audited.only?.(req, response) ?? true)) {
        const target = await audited.target?.(req, context, response.clone());
        await audit(audited.event, target === undefined ? {} : { target });
      }
      return response;
    });
  };
}
