/**
 * /api/outbox (admin): GET lists the e-mails not delivered (given up, or not sent 15 minutes after
 * their lead), a page at a time (`?after=` the previous page's `next`); POST `{ key }` sends one
 * of them now: every kind listed (a lead's notification or acknowledgement, a security alert)
 * has a key OutboxRetrySchema takes. The outbox is _lib/outbox.ts; the scheduled retries are
 * outbox-schedule.ts.
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
import { deliver, undeliveredPage, type OutboxEntry } from './_lib/outbox.ts';
import { parsePointer } from './_lib/repositories/outbox.ts';
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

/** `?after=`: a `next` this endpoint gave (a pointer of the `unsent` index), else a 400. */
function pageStart(req: Request): string | undefined {
  const after = new URL(req.url).searchParams.get('after');
  if (after === null) return undefined;
  if (parsePointer(after)?.index !== 'unsent') {
    throw new HttpError(400, 'This page of the list is not known; load the list again.');
  }
  return after;
}

const list = admin(async (req) => {
  const page = await undeliveredPage(Date.now(), pageStart(req));
  const body: OutboxListing = {
    undelivered: page.entries.map(view),
    ...(page.next !== undefined && { next: page.next }),
  };
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
