/**
 * /api/outbox (admin): GET lists the e-mails not delivered (given up, or not sent 15 minutes after
 * their lead); POST `{ key }` sends one of them now. The outbox is _lib/outbox.ts; the
 * scheduled retries are outbox-schedule.ts.
 */
import type { Config } from '@netlify/functions';
import {
  OutboxRetrySchema,
  type OutboxListing,
  type UndeliveredMail,
} from '../src/lib/schemas/index.ts';
import { audit } from './_lib/audit.ts';
import { admin } from './_lib/auth.ts';
import { readBody } from './_lib/body.ts';
import { HttpError, dispatch, endpoint, json } from './_lib/http.ts';
import { deliver, isUndelivered, readAll, type OutboxEntry } from './_lib/outbox.ts';
import { mailSettings } from './_lib/mailer.ts';
import { validate } from './_lib/validate.ts';

/** How long Retry now waits for the server's answer before saying the e-mail is on its way. */
export const RETRY_WAIT_MS = 5_000;

function view(entry: OutboxEntry): UndeliveredMail {
  return {
    key: entry.key,
    kind: entry.kind,
    to: entry.mail.to,
    lead: entry.lead,
    state: entry.state === 'failed' ? 'failed' : entry.state === 'sending' ? 'sending' : 'pending',
    attempts: entry.attempts,
    ...(entry.lastError !== undefined && { lastError: entry.lastError }),
    ...(entry.state !== 'failed' && { nextAttemptAt: entry.nextAttemptAt }),
    createdAt: entry.createdAt,
  };
}

const list = admin(async () => {
  const now = Date.now();
  const undelivered = (await readAll()).filter((entry) => isUndelivered(entry, now)).map(view);
  const body: OutboxListing = { undelivered };
  return json(body, 200, { 'cache-control': 'no-store' });
});

const retry = admin(async (req, context) => {
  const { key } = validate(OutboxRetrySchema, (await readBody(req)).data);
  if (mailSettings(context.deploy?.context) === undefined) {
    throw new HttpError(409, 'This site sends no e-mail (SMTP_HOST is not set here).');
  }
  const sending = deliver(context.deploy, key, { force: true });
  context.waitUntil?.(sending.catch(() => undefined));
  const waited = await Promise.race([
    sending,
    new Promise<'sending'>((resolve) => setTimeout(() => resolve('sending'), RETRY_WAIT_MS)),
  ]);
  if (waited === 'missing') throw new HttpError(404, 'This e-mail is no longer in the outbox.');
  if (waited === 'not-due') throw new HttpError(409, 'This e-mail was sent already.');
  await audit('mail.retried', { target: key });
  return json({ result: waited === 'claimed-elsewhere' ? 'sending' : waited });
});

export default endpoint((req, context) => dispatch(req, context, { GET: list, POST: retry }));

export const config: Config = {
  path: '/api/outbox',
};
