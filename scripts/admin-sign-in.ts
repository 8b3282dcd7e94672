/**
 * Signing the benchmarks in over HTTP, as the admin's browser does: the password step, then a
 * passkey. The benchmarks' own servers start with no factor, so the first sign-in enrols a
 * software passkey (tests/support/soft-authenticator.ts; its counter stays 0, so it may sign any
 * number of times). A server whose admin already has passkeys (`--use-running`) is signed in to
 * with ADMIN_TOKEN, a token taken from a real sign-in (the admin page's localStorage `token`).
 */
import { SoftPasskey } from '../tests/support/soft-authenticator.ts';

export interface Credentials {
  username: string;
  password: string;
}

export interface SignIn {
  token: string;
  /** Each request of the sign-in and its time on the wire, in ms. */
  steps: { path: string; ms: number }[];
}

const PASSKEY = new SoftPasskey({ counter: null });

async function post(base: string, path: string, body: unknown, signal?: AbortSignal) {
  const started = performance.now();
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal && { signal }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${path} failed: HTTP ${res.status} ${text}`);
  return { body: JSON.parse(text) as Record<string, unknown>, ms: performance.now() - started };
}

export async function signInOverHttp(
  base: string,
  credentials: Credentials,
  signal?: AbortSignal,
): Promise<SignIn> {
  const given = process.env['ADMIN_TOKEN'];
  if (given) return { token: given, steps: [] };
  const first = await post(base, '/api/login', credentials, signal);
  const step = first.body['step'];
  const ticket = first.body['ticket'];
  const options = first.body['options'] as { challenge: string };
  let second;
  if (step === 'enrol') {
    const response = PASSKEY.create(options, { origin: base });
    second = await post(base, '/api/login/enrol', { ticket, response, name: 'Benchmark' }, signal);
  } else if (step === 'passkey') {
    const response = PASSKEY.get(options, { origin: base });
    second = await post(base, '/api/login/passkey', { ticket, response }, signal);
  } else {
    throw new Error(`The admin signs in with a ${String(step)} here: set ADMIN_TOKEN.`);
  }
  return {
    token: String(second.body['token']),
    steps: [
      { path: '/api/login', ms: first.ms },
      { path: step === 'enrol' ? '/api/login/enrol' : '/api/login/passkey', ms: second.ms },
    ],
  };
}
