/**
 * What the visit tests share: a page-view handler on an injected clock, bodies the beacon would
 * send, the stored keys of the visits store, and a rollup run in a request scope.
 */
import { getStore } from '@netlify/blobs';
import { endpoint } from '../../../functions/_lib/http.ts';
import { withRequestScope } from '../../../functions/_lib/repositories/store.ts';
import { VISITS_STORE, forgetSalts } from '../../../functions/_lib/repositories/visits.ts';
import { forgetQuota } from '../../../functions/_lib/visits/quota.ts';
import { forgetFinishedDays } from '../../../functions/_lib/visits/insights.ts';
import { recordVisit } from '../../../functions/_lib/visits/record.ts';
import { rollUp } from '../../../functions/_lib/visits/rollup.ts';
import { readInsights, type InsightsRange } from '../../../functions/_lib/visits/insights.ts';
import { call, type FunctionHandler } from '../helpers.ts';

export const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';
export const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
export const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** 2026-03-10 09:00 UTC and whole days after it. */
export const T0 = Date.parse('2026-03-10T09:00:00Z');
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export interface Clock {
  now: number;
  (): number;
}

export function clockAt(start: number): Clock {
  const clock = (() => clock.now) as Clock;
  clock.now = start;
  return clock;
}

export function viewBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { path: '/renewable-energy/', lang: 'en', device: 'desktop', ...overrides };
}

export interface ViewOptions {
  ip?: string;
  ua?: string;
  headers?: Record<string, string>;
  country?: string;
}

/** Sends one beacon body at the clock's time; the answer (storage awaited). */
export function sendVisit(
  clock: Clock,
  body: unknown,
  { ip = '198.51.100.20', ua = CHROME, headers = {}, country }: ViewOptions = {},
): Promise<Response> {
  const handler = endpoint(recordVisit({ clock })) as FunctionHandler;
  return call(handler, {
    path: '/api/pageview',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': ua, ...headers },
    ip,
    ...(country !== undefined && { context: { geo: { country: { code: country } } } }),
  });
}

/** Every key of the visits store, sorted (tests hold small stores). */
export async function storedKeys(prefix = ''): Promise<string[]> {
  const keys: string[] = [];
  for await (const page of getStore({ name: VISITS_STORE, consistency: 'strong' }).list({
    prefix,
    paginate: true,
  })) {
    keys.push(...page.blobs.map((blob) => blob.key));
  }
  return keys.sort();
}

/** One rollup run at `now`, with the storage time of a scheduled run (or more). */
export const runRollup = (now: number, deadlineMs = 60_000) =>
  withRequestScope(undefined, () => rollUp(now), deadlineMs);

export const insights = (range: InsightsRange, now: number) =>
  withRequestScope(undefined, () => readInsights(range, now), 60_000);

/** A cold instance: no salt or quota block in memory. */
export function coldInstance(): void {
  forgetSalts();
  forgetQuota();
  forgetFinishedDays();
}
