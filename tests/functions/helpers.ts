/**
 * Handler tests run the real functions against a real local Blobs server (Netlify's BlobsServer on
 * a temp folder, with the corrections of scripts/local-blobs.ts), calling each default export with a `Request` and a context carrying `params` and `ip`.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import type { BlobsServer } from '@netlify/blobs/server';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { TOKEN_ISSUER, tokenAudience, type DeployScope } from '../../functions/_lib/auth.ts';
import { isDeployed } from '../../functions/_lib/env.ts';
import { forgetHourSalts } from '../../functions/_lib/repositories/hour-salt.ts';
import { testProof } from '../support/proof.ts';
import type { FunctionContext } from '../../functions/_lib/http.ts';
import { createLocalBlobsServer } from '../../scripts/local-blobs.ts';
import { deadPort } from './loopback.ts';

export const BASE_URL = 'http://localhost:8888';
const BLOBS_TOKEN = 'test-token';

export const ADMIN = {
  username: 'admin',
  password: 'correct horse battery staple',
  secret: 'test-secret-that-is-at-least-32-bytes-long!',
};

/**
 * A real hash of `ADMIN.password` at production cost (N = 2^17), made once with
 * `npm run hash-password` and kept here: making it in every test file cost each file ~0.4 s of
 * CPU (seconds under load), and Stryker re-imports this module for every mutant it tests.
 * tests/unit/password.test.ts checks that it verifies. Each login still costs ~0.4 s.
 */
export const ADMIN_HASH =
  'scrypt$131072$8$1$MzoZxBGR3B+HtT5Jzj43Yw==$0nfqs2VDt2XAbrJJLKww/XCxxiUqjrc6++kiz7Q9Byw=';

export type FunctionHandler = (req: Request, context: FunctionContext) => Promise<Response>;

export interface BlobOperation {
  type: string;
  url: string;
}

export interface BlobsHarness {
  url: string;
  siteID: string;
  /** The server's data folder (every site's files; the current one's under its `siteID`). */
  directory: string;
  /** Every request the Blobs server has answered since the last `resetOps()`. */
  ops: BlobOperation[];
  resetOps(): void;
  /** Switches to an empty site (fresh stores), as a new deploy's data would be. */
  freshSite(): string;
  /** Points the Blobs client at `url` until `restore()`. */
  pointAt(url: string): void;
  /** Points the Blobs client at a port nothing listens on (storage that cannot be reached). */
  pointAtDeadPort(): Promise<void>;
  restore(): void;
}

let siteCounter = 0;

export interface UseBlobsOptions {
  /** Also `silenceErrors()` for the file's tests (handlers log each storage failure they answer). */
  silenceErrors?: boolean;
}

/**
 * Starts a BlobsServer for the file's tests, gives each test an empty site, and sets the admin
 * environment (username, scrypt hash, JWT secret; no SMTP).
 */
export function useBlobs(options: UseBlobsOptions = {}): BlobsHarness {
  if (options.silenceErrors === true) silenceErrors();
  let server: BlobsServer | undefined;
  const harness: BlobsHarness = {
    url: '',
    siteID: '',
    directory: '',
    ops: [],
    resetOps() {
      harness.ops.length = 0;
    },
    freshSite() {
      harness.siteID = `site-${process.pid}-${++siteCounter}`;
      // The new site's stores have no hour salts: none is kept from the last site's.
      forgetHourSalts();
      harness.restore();
      return harness.siteID;
    },
    pointAt(url) {
      setEnvironmentContext({
        siteID: harness.siteID,
        token: BLOBS_TOKEN,
        edgeURL: url,
        uncachedEdgeURL: url,
        // Deploy-scoped stores (previews) need a region; Netlify always sets one.
        primaryRegion: 'us-east-1',
      });
    },
    async pointAtDeadPort() {
      harness.pointAt(`http://127.0.0.1:${await deadPort()}`);
    },
    restore() {
      harness.pointAt(harness.url);
    },
  };

  beforeAll(async () => {
    harness.directory = await mkdtemp(join(tmpdir(), 'blobs-test-'));
    server = createLocalBlobsServer({
      directory: harness.directory,
      token: BLOBS_TOKEN,
      onRequest: (op) => harness.ops.push({ type: op.type, url: op.url }),
    });
    const { port } = await server.start();
    harness.url = `http://127.0.0.1:${port}`;
  });

  beforeEach(() => {
    harness.freshSite();
    harness.resetOps();
    setAdminEnv();
  });

  afterAll(async () => {
    vi.unstubAllEnvs();
    await server?.stop();
    await rm(harness.directory, { recursive: true, force: true });
  });

  return harness;
}

export function setAdminEnv(): void {
  vi.unstubAllEnvs();
  vi.stubEnv('ADMIN_USERNAME', ADMIN.username);
  vi.stubEnv('ADMIN_PASSWORD_HASH', ADMIN_HASH);
  vi.stubEnv('ADMIN_PASSWORD', '');
  vi.stubEnv('JWT_SECRET', ADMIN.secret);
  vi.stubEnv('CONTEXT', '');
  vi.stubEnv('SMTP_HOST', '');
  vi.stubEnv('LOGIN_MAX_FAILURES', '');
  vi.stubEnv('LOGIN_LOCKOUT_MINUTES', '');
  vi.stubEnv('LOGIN_FACTOR_MAX_FAILURES', '');
  // Generous: on a busy machine 200 concurrent writes can queue for seconds. The timeout itself
  // is tested in storage/unavailable.test.ts with a small value.
  vi.stubEnv('STORAGE_TIMEOUT_MS', '30000');
}

export interface CallOptions {
  method?: string;
  /** Path and query, e.g. `/api/enquiries?page=2`. */
  path: string;
  /** Sent as JSON with `content-type: application/json`. */
  json?: unknown;
  /** Sent as `application/x-www-form-urlencoded`. */
  form?: URLSearchParams | Record<string, string>;
  /**
   * Sent as multipart/form-data, as the page's script sends it (`accept: application/json`),
   * unless `headers` says otherwise (a browser without scripts sends no such header).
   */
  multipart?: FormData;
  body?: BodyInit;
  headers?: Record<string, string>;
  params?: Record<string, string>;
  ip?: string;
  /** Adds `authorization: Bearer <token>`. */
  token?: string;
  context?: Partial<FunctionContext>;
  /** false: a public form post without a proof of work (see `proofed`). */
  proof?: false;
}

const TEST_ALTCHA_KEY = 'test-altcha-key-of-at-least-32-bytes-length';

/** The public forms' paths: a post there carries a solved proof of work (`proofed`). */
const PUBLIC_FORMS = new Set([
  '/api/contact',
  '/api/enquiries',
  '/api/applications',
  '/api/job-applications',
]);

export { testProof };

/**
 * A POST to a public form carries a proof of work, as the site's forms send it, unless its body
 * names `altcha` itself or the call says `proof: false` (a sender without JavaScript, whose
 * submission is held: functions/_lib/hold.ts).
 */
async function proofed(options: CallOptions): Promise<CallOptions> {
  const path = options.path.split('?')[0]!;
  if (options.proof === false || !PUBLIC_FORMS.has(path)) return options;
  // A call as a public deploy needs the key set there (proof-of-work.ts refuses a default).
  if (
    isDeployed(options.context?.deploy?.context) &&
    (process.env['ALTCHA_HMAC_KEY'] ?? '') === ''
  ) {
    vi.stubEnv('ALTCHA_HMAC_KEY', TEST_ALTCHA_KEY);
  }
  const { json, form } = options;
  if (typeof json === 'object' && json !== null && !Array.isArray(json) && !('altcha' in json)) {
    return { ...options, json: { ...json, altcha: await testProof() } };
  }
  if (options.multipart !== undefined && !options.multipart.has('altcha')) {
    const fields = new FormData();
    for (const [key, value] of options.multipart) fields.append(key, value);
    fields.set('altcha', await testProof());
    return { ...options, multipart: fields };
  }
  if (form !== undefined) {
    const fields = new URLSearchParams(form);
    if (!fields.has('altcha')) fields.set('altcha', await testProof());
    return { ...options, form: fields };
  }
  return options;
}

export async function call(handler: FunctionHandler, given: CallOptions): Promise<Response> {
  const options = await proofed(given);
  const headers = new Headers(options.headers);
  let body = options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }
  if (options.form !== undefined) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
    body = new URLSearchParams(options.form).toString();
  }
  if (options.multipart !== undefined) {
    body = options.multipart;
    if (options.headers?.['accept'] === undefined) headers.set('accept', 'application/json');
  }
  if (options.token !== undefined) headers.set('authorization', `Bearer ${options.token}`);
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  const request = new Request(new URL(options.path, BASE_URL), {
    method,
    headers,
    // A stream (a slow upload) must say it is sent half-duplex, as fetch requires.
    ...(body === undefined
      ? {}
      : { body, ...(body instanceof ReadableStream ? { duplex: 'half' } : {}) }),
  } as RequestInit);
  return handler(request, {
    params: options.params ?? {},
    ip: options.ip ?? '203.0.113.7',
    ...options.context,
  });
}

/** Checks that `res` is the 400 refusing a body, with each invalid field and its message. */
export async function expectInvalidFields(
  res: Response,
  fields: Record<string, unknown>,
  label?: string,
): Promise<void> {
  expect(res.status, label).toBe(400);
  expect(await res.json()).toEqual({ error: 'Some fields are invalid.', fields });
}

/** Sends `options` and checks it is refused with 405; gives the answer's Allow header. */
export async function methodNotAllowed(
  handler: FunctionHandler,
  options: CallOptions,
): Promise<string | null> {
  const res = await call(handler, options);
  expect(res.status).toBe(405);
  return res.headers.get('allow');
}

/** methodNotAllowed for `method` on one record's address, `/api/<resource>/x`. */
export function recordMethodNotAllowed(
  handler: FunctionHandler,
  method: string,
  resource: string,
): Promise<string | null> {
  return methodNotAllowed(handler, { method, path: `/api/${resource}/x`, params: { id: 'x' } });
}

/** An admin's DELETE of one record, `/api/<resource>/<id>`. */
export function deleteRecord(
  handler: FunctionHandler,
  resource: string,
  id: string,
  token: string,
): Promise<Response> {
  return call(handler, { method: 'DELETE', path: `/api/${resource}/${id}`, params: { id }, token });
}

/** An admin's status edit of one record, under If-Match naming the version it last read. */
export function editStatus(
  handler: FunctionHandler,
  resource: string,
  id: string,
  edit: { status: string; version: number; token: string },
): Promise<Response> {
  return call(handler, {
    method: 'PATCH',
    path: `/api/${resource}/${id}`,
    params: { id },
    json: { status: edit.status },
    headers: { 'if-match': `"${edit.version}"` },
    token: edit.token,
  });
}

export interface TokenOptions {
  /** The deploy scope it is signed for (default `local`, the scope of tests' contexts). */
  scope?: DeployScope;
  secret?: string;
  subject?: string;
  issuer?: string;
  /** Overrides the scope's audience. */
  audience?: string;
  /** Default: a fresh random id, as login issues; null for a token without one. */
  jti?: string | null;
  /** Seconds from now; negative for an expired token. */
  expiresIn?: number;
  issuedAt?: number;
}

/** Signs an admin token as the login function would, with overrides for negative tests. */
export function makeToken(options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(options.subject ?? ADMIN.username)
    .setIssuer(options.issuer ?? TOKEN_ISSUER)
    .setAudience(options.audience ?? tokenAudience(options.scope ?? 'local'))
    .setIssuedAt(options.issuedAt ?? now)
    .setExpirationTime(now + (options.expiresIn ?? 3600));
  const jti = options.jti === undefined ? randomBytes(16).toString('base64url') : options.jti;
  if (jti !== null) jwt.setJti(jti);
  return jwt.sign(new TextEncoder().encode(options.secret ?? ADMIN.secret));
}

/**
 * Silences console.error in each test (handlers log every storage failure they answer 503 for;
 * tests still see the calls through `console.error`), restoring it, and every other spy, after.
 */
export function silenceErrors(): void {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/** The id of the record a POST created, once its answer is checked to be a 201. */
export async function createdId(res: Response): Promise<string> {
  expect(res.status).toBe(201);
  return ((await res.json()) as { _id: string })._id;
}

/**
 * A `waitUntil` for a function's context that counts what it was handed (the notifications sent
 * after a response), for tests that check a retry announces nothing twice.
 */
export function countingWaitUntil(): {
  waitUntil: (promise: Promise<unknown>) => void;
  count: () => number;
} {
  let handed = 0;
  return {
    waitUntil: (promise) => {
      handed++;
      promise.catch(() => {});
    },
    count: () => handed,
  };
}
