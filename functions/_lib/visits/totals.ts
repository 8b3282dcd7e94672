/**
 * Visit totals: what a bucket, a day or a period adds up to. Counts by page, language, referrer
 * host, campaign (`[source, medium, campaign]` as JSON, absent parts null), device and country,
 * and the enquiry's steps. Unique visitors are a day's alone (its first views' keys): a period's
 * are the sum of its days', and say so.
 */
import { decodeEvent, type VisitEvent } from './event.ts';

export type Tally = Record<string, number>;

export interface Totals {
  views: number;
  pages: Tally;
  langs: Tally;
  referrers: Tally;
  campaigns: Tally;
  devices: Tally;
  countries: Tally;
  steps: Tally;
}

const TALLIES = [
  'pages',
  'langs',
  'referrers',
  'campaigns',
  'devices',
  'countries',
  'steps',
] as const;

export function emptyTotals(): Totals {
  return {
    views: 0,
    pages: {},
    langs: {},
    referrers: {},
    campaigns: {},
    devices: {},
    countries: {},
    steps: {},
  };
}

const bump = (tally: Tally, name: string | undefined, by = 1) => {
  if (name !== undefined) tally[name] = (tally[name] ?? 0) + by;
};

export function addEvent(totals: Totals, event: VisitEvent): void {
  if (event.kind === 'step') {
    bump(totals.steps, event.step);
    return;
  }
  totals.views++;
  bump(totals.pages, event.path);
  bump(totals.langs, event.lang);
  bump(totals.referrers, event.ref);
  bump(totals.devices, event.device);
  bump(totals.countries, event.country);
  if (event.source !== undefined || event.medium !== undefined || event.campaign !== undefined) {
    bump(
      totals.campaigns,
      JSON.stringify([event.source ?? null, event.medium ?? null, event.campaign ?? null]),
    );
  }
}

/** Adds `more` into `totals`. */
export function addTotals(totals: Totals, more: Totals): void {
  totals.views += more.views;
  for (const name of TALLIES) {
    for (const [key, count] of Object.entries(more[name])) bump(totals[name], key, count);
  }
}

/** The event a raw event's key holds (`e/<day>/<bucket>/<id>.<event>`), if it is one. */
export function eventOfKey(key: string): VisitEvent | undefined {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.indexOf('.');
  return dot < 0 ? undefined : decodeEvent(name.slice(dot + 1));
}
