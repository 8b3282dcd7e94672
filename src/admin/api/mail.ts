/** The mail room: the e-mails not delivered (the outbox), and Retry now. */
import type { OutboxListing, UndeliveredMail } from '../../lib/schemas';
import { ApiError, jsonOf, listFailed, send, type Failure } from './client';

/** One page of the e-mails not delivered; `next` reads the following one. */
export interface UndeliveredList {
  mails: UndeliveredMail[];
  next?: string;
}

/**
 * GET /api/outbox: the e-mails given up, or not sent 15 minutes after their lead, a page at a
 * time: the first, or the one after `after` (the previous page's `next`).
 */
export async function listUndelivered(after?: string): Promise<UndeliveredList> {
  const failed = listFailed('the e-mails not delivered');
  const path =
    after === undefined ? '/api/outbox' : `/api/outbox?after=${encodeURIComponent(after)}`;
  const response = await send(path, { kind: 'read', failed });
  const body = await jsonOf<Partial<OutboxListing> | null>(response, failed);
  if (!Array.isArray(body?.undelivered))
    throw new ApiError(failed({ status: response.status, detail: 'not a list' }), response.status);
  return {
    mails: body.undelivered,
    ...(typeof body.next === 'string' && { next: body.next }),
  };
}

/** How one Retry now went: `sending` when the server stopped waiting for the mail server. */
export type RetryResult = 'sent' | 'retry' | 'failed' | 'sending';

const RETRY_RESULTS: readonly unknown[] = ['sent', 'retry', 'failed', 'sending'];
const isRetryResult = (value: unknown): value is RetryResult => RETRY_RESULTS.includes(value);

/**
 * POST /api/outbox: sends one e-mail now, even one given up. A 404 (no longer in the outbox) and
 * a 409 (sent already, or the site sends no e-mail) come in the server's own words.
 */
export async function retryMail(key: string): Promise<RetryResult> {
  const failed = ({ status, detail }: Failure) =>
    status === 404 || status === 409 ? detail : `Could not send the e-mail: ${detail}`;
  const response = await send('/api/outbox', {
    method: 'POST',
    body: { key },
    kind: 'write',
    failed,
  });
  const result = (await jsonOf<{ result?: unknown } | null>(response, failed))?.result;
  if (!isRetryResult(result))
    throw new ApiError(
      failed({ status: response.status, detail: 'unreadable answer' }),
      response.status,
    );
  return result;
}
