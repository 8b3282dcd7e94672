/**
 * Admin authentication: configuration checks, credential checks and HS256 tokens (jose).
 * Every admin route goes through `admin()`, which calls `requireAdmin`.
 */
import { SignJWT, jwtVerify } from 'jose';
import { isDeployed, readEnv } from './env.ts';
import { HttpError, type FunctionContext, type Handler } from './http.ts';
import { equalSecrets, parseHash, verifyPassword, type ScryptHash } from './password.ts';

export const TOKEN_ISSUER = 'site-api';
export const TOKEN_AUDIENCE = 'site-admin';
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
    if (!hash)
      throw misconfigured(
        'ADMIN_PASSWORD_HASH is not a valid scrypt hash (npm run hash-password).',
      );
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

export function issueToken(config: TokenConfig): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(config.username)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_TTL_SECONDS}s`)
    .sign(config.secret);
}

const BEARER = /^Bearer +([\w-]+\.[\w-]+\.[\w-]*)$/i;

function unauthorized(message: string): HttpError {
  return new HttpError(401, message, { headers: { 'www-authenticate': 'Bearer' } });
}

/** Resolves for a valid admin token; otherwise throws 401 (or 503 when unconfigured). */
export async function requireAdmin(req: Request): Promise<void> {
  const config = tokenConfig();
  const header = req.headers.get('authorization')?.trim() ?? '';
  const token = header.length <= 4096 ? BEARER.exec(header)?.[1] : undefined;
  if (!token) throw unauthorized('Authentication required.');
  try {
    const { payload } = await jwtVerify(token, config.secret, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['exp', 'iat', 'sub'],
      maxTokenAge: `${TOKEN_TTL_SECONDS}s`,
    });
    // A token for a previous admin name stops working when the name changes.
    if (payload.sub !== config.username) throw new Error('subject mismatch');
  } catch {
    throw unauthorized('Invalid or expired token.');
  }
}

/** Marks a handler as admin-only. */
export function admin(handler: Handler): Handler {
  return async (req, context) => {
    await requireAdmin(req);
    return handler(req, context);
  };
}
