/**
 * Where a lead came from: the request's visitor key of the day (visits/record.ts) finds that
 * day's first page view of it with one read (never a listing), which gives the landing page, the
 * referrer's host and the campaign; `page` is the page the form was sent from (the Referer's path
 * on the site's own origin). Fields are absent when unknown; no source at all (Global Privacy
 * Control, no address, no view today, another visitor) is undefined. Never fails the lead: a
 * storage error gives no source.
 */
import type { LeadSource } from '../../../src/lib/leads/index.ts';
import type { FunctionContext } from '../http.ts';
import { dayOf, firstView } from '../repositories/visits.ts';
import { requestVisitor } from './record.ts';

/** The Referer's path when it is on the request's own origin. */
function sentFrom(req: Request): string | undefined {
  const referer = req.headers.get('referer');
  if (!referer || !URL.canParse(referer)) return undefined;
  const from = new URL(referer);
  return from.origin === new URL(req.url).origin ? from.pathname.slice(0, 200) : undefined;
}

/** The source of a lead sent by `req` at `at`, or undefined when nothing is known. */
export async function leadSource(
  req: Request,
  context: FunctionContext,
  at: number = Date.now(),
): Promise<LeadSource | undefined> {
  let view;
  try {
    const visitor = await requestVisitor(req, context, at, { readOnly: true });
    view = visitor === undefined ? null : await firstView(dayOf(at), visitor);
  } catch (error) {
    console.error('lead source: not read', error instanceof Error ? error.message : error);
    view = null;
  }
  const page = sentFrom(req);
  const source: LeadSource = {
    ...(view?.path !== undefined && { landing: view.path }),
    ...(view?.ref !== undefined && { referrer: view.ref }),
    ...(view?.campaign !== undefined && { campaign: view.campaign }),
    ...(page !== undefined && { page }),
  };
  return Object.keys(source).length > 0 ? source : undefined;
}
