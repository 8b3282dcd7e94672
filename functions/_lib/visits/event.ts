/**
 * A visit event as stored: checked from the beacon's body (anything else is a 400), then written
 * into its own blob's key, so the rollup counts a whole time bucket from key listings alone,
 * without reading one blob. The key holds no address and no user agent: only the page, its
 * language, the referrer's host, the campaign, the device class, the country and the day's
 * visitor key (a hash that cannot be followed past the day).
 */
import * as v from 'valibot';
import { LOCALES } from '../../../src/i18n/locales.ts';
import {
  DEVICES,
  FUNNEL_STEPS,
  PATH_MAX,
  UTM_MAX,
  isCountedPath,
} from '../../../src/lib/visits.ts';

const utmValue = v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(UTM_MAX));

const PageViewSchema = v.strictObject({
  path: v.pipe(
    v.string(),
    v.maxLength(PATH_MAX),
    // A URL path as `location.pathname` gives it (non-ASCII is percent-encoded).
    v.regex(/^\/[\w\-./~%!$&'()*+,;=:@]*$/),
    v.check(isCountedPath),
  ),
  lang: v.picklist(LOCALES),
  device: v.picklist(DEVICES),
  ref: v.optional(
    v.pipe(
      v.string(),
      v.maxLength(100),
      v.regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9-]+)*$/i),
    ),
  ),
  utm: v.optional(
    v.strictObject({
      source: v.optional(utmValue),
      medium: v.optional(utmValue),
      campaign: v.optional(utmValue),
    }),
  ),
});

const StepSchema = v.strictObject({
  step: v.picklist(FUNNEL_STEPS),
  lang: v.picklist(LOCALES),
});

export type PageViewInput = v.InferOutput<typeof PageViewSchema>;
export type StepInput = v.InferOutput<typeof StepSchema>;
export type VisitInput = PageViewInput | StepInput;

/** The beacon's body, checked; undefined for anything else. */
export function parseVisit(data: unknown): VisitInput | undefined {
  const view = v.safeParse(PageViewSchema, data);
  if (view.success) return view.output;
  const step = v.safeParse(StepSchema, data);
  return step.success ? step.output : undefined;
}

export const isStep = (input: VisitInput): input is StepInput => 'step' in input;

/** One stored event: what the rollup counts. */
export interface VisitEvent {
  kind: 'view' | 'step';
  lang: string;
  path?: string;
  device?: string;
  ref?: string;
  source?: string;
  medium?: string;
  campaign?: string;
  country?: string;
  /** The day's visitor key (absent under Global Privacy Control and for steps). */
  visitor?: string;
  step?: string;
}

/** Short names in the key, so the longest event stays far under Blobs' 600-byte key limit. */
const FIELDS = {
  kind: 'k',
  lang: 'l',
  path: 'p',
  device: 'd',
  ref: 'r',
  source: 'us',
  medium: 'um',
  campaign: 'uc',
  country: 'c',
  visitor: 'v',
  step: 's',
} as const satisfies Record<keyof VisitEvent, string>;

/** Longest encoded event: longer bodies are refused, never cut. */
export const MAX_ENCODED = 480;

/** The event as one key segment (no '/', the key's separator). */
export function encodeEvent(event: VisitEvent): string {
  const query = new URLSearchParams();
  for (const [field, short] of Object.entries(FIELDS)) {
    const value = event[field as keyof VisitEvent];
    if (value !== undefined) query.set(short, value);
  }
  return query.toString();
}

export function decodeEvent(segment: string): VisitEvent | undefined {
  const query = new URLSearchParams(segment);
  const event: Partial<Record<keyof VisitEvent, string>> = {};
  for (const [field, short] of Object.entries(FIELDS)) {
    const value = query.get(short);
    if (value !== null) event[field as keyof VisitEvent] = value;
  }
  const { kind, lang } = event;
  if ((kind !== 'view' && kind !== 'step') || lang === undefined) return undefined;
  return { ...event, kind, lang };
}

/** The stored event of a checked body, with the request's country and visitor key. */
export function visitEvent(
  input: VisitInput,
  extra: { country?: string | undefined; visitor?: string | undefined },
): VisitEvent {
  if (isStep(input)) return { kind: 'step', lang: input.lang, step: input.step };
  const event: VisitEvent = {
    kind: 'view',
    lang: input.lang,
    path: input.path,
    device: input.device,
    ...(input.ref !== undefined && { ref: input.ref.toLowerCase() }),
    ...(input.utm?.source !== undefined && { source: input.utm.source }),
    ...(input.utm?.medium !== undefined && { medium: input.utm.medium }),
    ...(input.utm?.campaign !== undefined && { campaign: input.utm.campaign }),
    ...(extra.country !== undefined && { country: extra.country }),
    ...(extra.visitor !== undefined && { visitor: extra.visitor }),
  };
  return event;
}
