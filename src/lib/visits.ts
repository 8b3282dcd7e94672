/**
 * What the visit beacon and the wizard send to `POST /api/pageview`, shared by the page scripts
 * and the function: the address, the pages that are never counted, the device classes and the
 * enquiry's funnel steps. No valibot here: the beacon ships this to every page.
 */
export const PAGEVIEW_API = '/api/pageview';

/** Pages of the office, not of visitors: never counted (the beacon is not on them either). */
export const UNCOUNTED_PREFIXES = ['/admin', '/login', '/logout', '/cms'] as const;

export const DEVICES = ['mobile', 'tablet', 'desktop'] as const;
export type Device = (typeof DEVICES)[number];

/** The enquiry's funnel: each of its four steps reached, then sent. */
export const FUNNEL_STEPS = ['1', '2', '3', '4', 'sent'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** Longest value kept of a UTM parameter, and of a page's path. */
export const UTM_MAX = 40;
export const PATH_MAX = 120;

/** Whether views of `path` are counted: any page but the office's own. */
export function isCountedPath(path: string): boolean {
  return !UNCOUNTED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** The device class of a viewport width (CSS px): the site's own breakpoints. */
export function deviceOf(width: number): Device {
  return width < 640 ? 'mobile' : width < 1024 ? 'tablet' : 'desktop';
}

/** A page view as the beacon sends it. */
export interface PageViewBody {
  path: string;
  lang: string;
  device: Device;
  /** The referrer's host, when another site's. */
  ref?: string;
  utm?: { source?: string; medium?: string; campaign?: string };
}

/** A step of the enquiry reached, or its submit, as the wizard sends it. */
export interface StepBody {
  step: FunnelStep;
  lang: string;
}
