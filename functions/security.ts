/**
 * The admin's own sign-in factors and sessions (admin only; _lib/factors/):
 * - GET /api/security: passkeys, authenticator app, recovery codes left (SecuritySettings).
 * - POST /api/passkeys/options → `{ ticket, options }`; POST /api/passkeys `{ ticket, response,
 *   name }` → 201, a passkey more (a spare); PATCH /api/passkeys/:id `{ name }`;
 *   DELETE /api/passkeys/:id (never the last one: 409, however many removals run at once).
 * - POST /api/totp/setup → `{ ticket, secret, uri }`; POST /api/totp `{ ticket, code }` → 201
 *   once a code of the new secret is right; DELETE /api/totp.
 * - POST /api/recovery-codes → ten new codes (the old ones stop working), shown once.
 * - GET /api/sessions; DELETE /api/sessions/:id ends one; DELETE /api/sessions ends all others.
 * Set-up tickets are bound to the session that asked. Every change is audited and e-mailed.
 * Changing how the admin signs in (adding or removing a passkey or the authenticator app, new
 * recovery codes) needs a sign-in of the last RECENT_SIGN_IN_MINUTES: a token taken later in a
 * session (left open, or stolen) cannot plant a factor of its own.
 */
import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import {
  PasskeyNameSchema,
  PasskeyStepSchema,
  TotpStepSchema,
  type PasskeySummary,
  type SecuritySettings,
} from '../src/lib/schemas/index.ts';
import { site } from '../src/config/site.ts';
import { audit, currentActor } from './_lib/audit.ts';
import { TOKEN_TTL_SECONDS, admin, currentToken, tokenConfig } from './_lib/auth.ts';
import { readBody } from './_lib/body.ts';
import { sendAlert } from './_lib/factors/alerts.ts';
import {
  creationOptions,
  passkeysOf,
  removePasskey as removeStoredPasskey,
  verifyCreation,
} from './_lib/factors/passkeys.ts';
import { newRecoveryCodes } from './_lib/factors/recovery.ts';
import { relyingParty } from './_lib/factors/relying-party.ts';
import { endSession, listSessions } from './_lib/factors/sessions.ts';
import { newChallenge, setUpTicket } from './_lib/factors/sign-in.ts';
import { readTicket, spend } from './_lib/factors/tickets.ts';
import { newSecret, stepOf, TOTP_REFUSED } from './_lib/factors/totp.ts';
import {
  HttpError,
  dispatch,
  endpoint,
  json,
  noContent,
  type FunctionContext,
  type Handler,
} from './_lib/http.ts';
import { security, type StoredPasskey } from './_lib/repositories/admin-security.ts';
import { validate } from './_lib/validate.ts';

const session = () => currentActor()?.session ?? '';

export const RECENT_SIGN_IN_MINUTES = 15;
export const SIGN_IN_AGAIN =
  `Changing how you sign in needs a sign-in from the last ${RECENT_SIGN_IN_MINUTES} minutes. ` +
  'Please log out and sign in again, then make the change.';

/** A handler that changes the sign-in factors: only within minutes of a sign-in. */
function recent(handler: Handler): Handler {
  return async (req, context) => {
    const { exp } = currentToken();
    const signedInAt = exp - TOKEN_TTL_SECONDS;
    if (Date.now() / 1000 - signedInAt > RECENT_SIGN_IN_MINUTES * 60) {
      throw new HttpError(403, SIGN_IN_AGAIN);
    }
    return handler(req, context);
  };
}

const summary = ({ id, name, createdAt, lastUsedAt, backedUp }: StoredPasskey): PasskeySummary => ({
  id,
  name,
  createdAt,
  ...(lastUsedAt !== undefined && { lastUsedAt }),
  backedUp,
});

const settings = admin(async (req, context) => {
  const [passkeys, totp, recovery] = await Promise.all([
    passkeysOf(relyingParty(req, context)),
    security.totp(),
    security.recoveryCodes(),
  ]);
  const body: SecuritySettings = {
    passkeys: passkeys.map((entry) => summary(entry.value)),
    totp: totp === null ? null : { createdAt: totp.value.createdAt },
    recoveryCodes:
      recovery === null
        ? null
        : { createdAt: recovery.value.createdAt, left: recovery.value.hashes.length },
  };
  return json(body);
});

const passkeyOptions = admin(
  recent(async (req, context) => {
    const rp = relyingParty(req, context);
    const challenge = newChallenge();
    const existing = (await passkeysOf(rp)).map((entry) => entry.value);
    const options = await creationOptions(rp, tokenConfig().username, challenge, existing);
    const ticket = await setUpTicket('add-passkey', session(), { challenge, rp: rp.id }, context);
    return json({ ticket, options });
  }),
);

/** A set-up ticket of this session, spent. */
async function setUpTicketOf(
  value: string,
  purpose: 'add-passkey' | 'add-totp',
  context: FunctionContext,
) {
  const ticket = await readTicket(value, [purpose], context);
  if (ticket.session !== session()) {
    throw new HttpError(401, 'This set-up step belongs to another session. Please start again.');
  }
  await spend(ticket);
  return ticket;
}

const AddPasskeySchema = v.object({ ...PasskeyStepSchema.entries, ...PasskeyNameSchema.entries });

const addPasskey = admin(
  recent(async (req, context) => {
    const body = validate(AddPasskeySchema, (await readBody(req)).data);
    const rp = relyingParty(req, context);
    const ticket = await setUpTicketOf(body.ticket, 'add-passkey', context);
    if (ticket.challenge === undefined || ticket.rp !== rp.id) {
      throw new HttpError(400, 'The new passkey could not be checked. Please try again.');
    }
    const created = await verifyCreation(
      rp,
      ticket.challenge,
      body.response,
      body.name,
      Date.now(),
    );
    if (!(await security.writePasskey(created, 'new'))) {
      throw new HttpError(409, 'This passkey is set up already.');
    }
    await sendAlert('passkey-added', { detail: `Its name: ${body.name}.` }, req, context);
    return json(summary(created), 201);
  }),
  {
    event: 'passkey.added',
    target: async (_req, _context, response) => (await response.json()).name,
  },
);

const passkeyId = (context: FunctionContext) => {
  const id = context.params['id'] ?? '';
  if (!/^[\w-]{1,1024}$/.test(id)) throw new HttpError(404, 'Passkey not found.');
  return id;
};

const renamePasskey = admin(
  async (req, context) => {
    const { name } = validate(PasskeyNameSchema, (await readBody(req)).data);
    const id = passkeyId(context);
    for (let attempt = 0; attempt < 3; attempt++) {
      const stored = await security.passkey(id);
      if (stored === null) throw new HttpError(404, 'Passkey not found.');
      const renamed = { ...stored.value, name };
      if (await security.writePasskey(renamed, { etag: stored.etag })) {
        return json(summary(renamed));
      }
    }
    throw new HttpError(409, 'The passkey was changed at the same time. Please try again.');
  },
  {
    event: 'passkey.renamed',
    target: async (_req, _context, response) => (await response.json()).name,
  },
);

const removePasskey = admin(
  recent(async (req, context) => {
    const passkey = await removeStoredPasskey(relyingParty(req, context), passkeyId(context));
    await sendAlert('passkey-removed', { detail: `Its name: ${passkey.name}.` }, req, context);
    return json(summary(passkey));
  }),
  {
    event: 'passkey.removed',
    target: async (_req, _context, response) => (await response.json()).name,
  },
);

const totpSetup = admin(
  recent(async (_req, context) => {
    if ((await security.totp()) !== null) {
      throw new HttpError(
        409,
        'An authenticator app is set up already. Remove it first to set up another.',
      );
    }
    const { secret, uri } = newSecret(tokenConfig().username, `${site.shortName} admin`);
    const ticket = await setUpTicket('add-totp', session(), { secret }, context);
    return json({ ticket, secret, uri });
  }),
);

const addTotp = admin(
  recent(async (req, context) => {
    const body = validate(TotpStepSchema, (await readBody(req)).data);
    const ticket = await readTicket(body.ticket, ['add-totp'], context);
    if (ticket.session !== session() || ticket.secret === undefined) {
      throw new HttpError(401, 'This set-up step belongs to another session. Please start again.');
    }
    const now = Date.now();
    const step = stepOf(ticket.secret, body.code, now);
    if (step === undefined) throw new HttpError(400, TOTP_REFUSED);
    await spend(ticket);
    const created = {
      secret: ticket.secret,
      createdAt: new Date(now).toISOString(),
      lastStep: step,
    };
    if (!(await security.writeTotp(created, 'new'))) {
      throw new HttpError(409, 'An authenticator app is set up already.');
    }
    await sendAlert('totp-added', {}, req, context);
    return json({ createdAt: created.createdAt }, 201);
  }),
  { event: 'totp.added' },
);

const removeTotp = admin(
  recent(async (req, context) => {
    // Over the version read: of removals at once, one answers 204 (and alerts), the others 404.
    const stored = await security.totp();
    if (stored === null || !(await security.retireTotp(stored))) {
      throw new HttpError(404, 'No authenticator app is set up.');
    }
    await sendAlert('totp-removed', {}, req, context);
    return noContent();
  }),
  { event: 'totp.removed' },
);

const recoveryCodes = admin(
  recent(async () => json({ recoveryCodes: await newRecoveryCodes(Date.now()) }, 201)),
  { event: 'recovery-codes.created' },
);

const sessions = admin(async () => json(await listSessions(currentToken().jti, Date.now())));

const endOne = admin(
  async (_req, context) => {
    const id = context.params['id'] ?? '';
    if (!/^[0-9a-f]{16}$/.test(id) || !(await endSession(id))) {
      throw new HttpError(404, 'Session not found (it may have ended already).');
    }
    return noContent();
  },
  { event: 'session.ended', target: (_req, context) => context.params['id'] },
);

const endOthers = admin(async () => {
  const others = (await listSessions(currentToken().jti, Date.now())).filter(
    (entry) => !entry.current,
  );
  let ended = 0;
  for (const other of others) {
    if (await endSession(other.id)) {
      ended++;
      await audit('session.ended', { target: other.id });
    }
  }
  return json({ ended });
});

const ROUTES: [RegExp, Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Handler>>][] = [
  [/^\/api\/security$/, { GET: settings }],
  [/^\/api\/passkeys\/options$/, { POST: passkeyOptions }],
  [/^\/api\/passkeys$/, { POST: addPasskey }],
  [/^\/api\/passkeys\/[^/]+$/, { PATCH: renamePasskey, DELETE: removePasskey }],
  [/^\/api\/totp\/setup$/, { POST: totpSetup }],
  [/^\/api\/totp$/, { POST: addTotp, DELETE: removeTotp }],
  [/^\/api\/recovery-codes$/, { POST: recoveryCodes }],
  [/^\/api\/sessions$/, { GET: sessions, DELETE: endOthers }],
  [/^\/api\/sessions\/[^/]+$/, { DELETE: endOne }],
];

export default endpoint((req, context) => {
  const path = new URL(req.url).pathname.replace(/\/$/, '');
  const route = ROUTES.find(([pattern]) => pattern.test(path));
  if (route === undefined) throw new HttpError(404, 'Not found.');
  return dispatch(req, context, route[1]);
});

export const config: Config = {
  path: [
    '/api/security',
    '/api/passkeys',
    '/api/passkeys/options',
    '/api/passkeys/:id',
    '/api/totp',
    '/api/totp/setup',
    '/api/recovery-codes',
    '/api/sessions',
    '/api/sessions/:id',
  ],
};
