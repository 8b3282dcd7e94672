/**
 * The sign-in's second step, with the ticket of the password step (_lib/factors/sign-in.ts: each
 * attempt takes one of the ticket's three tries and counts toward the address's and the account's
 * lockouts; the factor is checked, the ticket spent, then the factor used up):
 * - POST /api/login/passkey `{ ticket, response }`: the passkey's signature of the ticket's
 *   challenge, which the ticket's spending makes single-use.
 * - POST /api/login/totp `{ ticket, code }`: the authenticator app's code, each used once.
 * - POST /api/login/recovery `{ ticket, code }`: a recovery code, used once; an alert is sent.
 * - POST /api/login/enrol `{ ticket, response, name? }`: the first passkey, where no factor
 *   exists; answers with the ten recovery codes, shown once. Of enrolments at once, the one that
 *   writes the first recovery codes (`onlyIfNew`) wins; the others get 409 and no codes.
 * Each answers `{ token }` (SignedIn), 401, or 429 with Retry-After.
 */
import type { Config } from '@netlify/functions';
import {
  EnrolStepSchema,
  PasskeyStepSchema,
  RecoveryStepSchema,
  TotpStepSchema,
} from '../src/lib/schemas/index.ts';
import { audit } from './_lib/audit.ts';
import { readBody } from './_lib/body.ts';
import { sendAlert } from './_lib/factors/alerts.ts';
import { checkPasskey, verifyCreation } from './_lib/factors/passkeys.ts';
import { checkRecoveryCode, firstRecoveryCodes } from './_lib/factors/recovery.ts';
import { relyingParty } from './_lib/factors/relying-party.ts';
import { attemptSecondStep } from './_lib/factors/sign-in.ts';
import { readTicket } from './_lib/factors/tickets.ts';
import { checkTotp } from './_lib/factors/totp.ts';
import { HttpError, dispatch, endpoint, json, type Handler } from './_lib/http.ts';
import { security } from './_lib/repositories/admin-security.ts';
import { validate } from './_lib/validate.ts';

const ENROLLED_ALREADY = 'A passkey has been set up already. Please sign in again.';

const passkey: Handler = async (req, context) => {
  const body = validate(PasskeyStepSchema, (await readBody(req)).data);
  const ticket = await readTicket(body.ticket, ['sign-in'], context);
  const rp = relyingParty(req, context);
  return json(
    await attemptSecondStep(req, context, ticket, 'passkey', async () => {
      if (ticket.challenge === undefined || ticket.rp !== rp.id) {
        throw new HttpError(401, 'That passkey was not accepted.');
      }
      const use = await checkPasskey(rp, ticket.challenge, body.response, Date.now());
      return async () => {
        await use();
        return {};
      };
    }),
  );
};

const totp: Handler = async (req, context) => {
  const body = validate(TotpStepSchema, (await readBody(req)).data);
  const ticket = await readTicket(body.ticket, ['sign-in'], context);
  return json(
    await attemptSecondStep(req, context, ticket, 'totp', async () => {
      const use = await checkTotp(body.code, Date.now());
      return async () => {
        await use();
        return {};
      };
    }),
  );
};

const recovery: Handler = async (req, context) => {
  const body = validate(RecoveryStepSchema, (await readBody(req)).data);
  const ticket = await readTicket(body.ticket, ['sign-in'], context);
  let left = 0;
  const signedIn = await attemptSecondStep(
    req,
    context,
    ticket,
    'recovery',
    async () => {
      const use = await checkRecoveryCode(body.code);
      return async () => {
        left = await use();
        return { recoveryCodesLeft: left };
      };
    },
    async () => {
      await audit('recovery-code.used', { count: left });
      await sendAlert(
        'recovery-code-used',
        { detail: `Recovery codes left: ${left}.` },
        req,
        context,
      );
    },
  );
  return json(signedIn);
};

const enrol: Handler = async (req, context) => {
  const body = validate(EnrolStepSchema, (await readBody(req)).data);
  const ticket = await readTicket(body.ticket, ['enrol'], context);
  const rp = relyingParty(req, context);
  const name = body.name ?? 'Passkey';
  const enrolled = async () => {
    if (ticket.challenge === undefined || ticket.rp !== rp.id) {
      throw new HttpError(401, 'The new passkey could not be checked.');
    }
    // Only the very first factor is set up on a password alone.
    const [passkeys, totpFactor, codes] = await Promise.all([
      security.passkeys(),
      security.totp(),
      security.recoveryCodes(),
    ]);
    if (passkeys.length > 0 || totpFactor !== null || codes !== null) {
      throw new HttpError(409, ENROLLED_ALREADY);
    }
    const now = Date.now();
    const created = await verifyCreation(rp, ticket.challenge, body.response, name, now);
    return async () => {
      // The first recovery codes are the enrolment's claim: written only where none exist, by
      // one request of any number at once (tests/functions/auth/factor-races.test.ts).
      const recoveryCodes = await firstRecoveryCodes(now);
      if (recoveryCodes === null) throw new HttpError(409, ENROLLED_ALREADY);
      let written = false;
      try {
        written = await security.writePasskey(created, 'new');
      } finally {
        // Codes without their passkey would pass for an enrolment that never was.
        if (!written) await security.removeRecoveryCodes().catch(() => {});
      }
      if (!written)
        throw new HttpError(409, 'This passkey is set up already. Please sign in again.');
      return { recoveryCodes };
    };
  };
  const signedIn = await attemptSecondStep(req, context, ticket, 'passkey', enrolled, async () => {
    await audit('passkey.added', { target: name });
    await audit('recovery-codes.created', { count: 10 });
    await sendAlert('passkey-added', { detail: `Its name: ${name}.` }, req, context);
  });
  return json(signedIn, 201);
};

const METHODS: Record<string, Handler> = { passkey, totp, recovery, enrol };

export default endpoint((req, context) => {
  const step = new URL(req.url).pathname.replace(/\/$/, '').split('/').pop() ?? '';
  const handler = Object.hasOwn(METHODS, step) ? METHODS[step] : undefined;
  if (handler === undefined) throw new HttpError(404, 'Not found.');
  return dispatch(req, context, { POST: handler });
});

export const config: Config = {
  path: ['/api/login/passkey', '/api/login/totp', '/api/login/recovery', '/api/login/enrol'],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
