/**
 * The visit beacon: one `navigator.sendBeacon` per page view, once the page has loaded and the
 * main thread is idle, or on `pagehide` if the visitor leaves first. It reads the page, the
 * referrer's host (other sites' only) and the landing URL's UTM parameters, and stores nothing
 * on the device (no cookie, no storage). The wizard sends its steps through `sendVisitEvent`.
 */
import {
  PAGEVIEW_API,
  UTM_MAX,
  deviceOf,
  isCountedPath,
  type PageViewBody,
  type StepBody,
} from '../lib/visits';
import { localeOfPath } from '../i18n/locales';

export function sendVisitEvent(body: PageViewBody | StepBody): void {
  // A string goes as text/plain: a simple request, no preflight.
  navigator.sendBeacon?.(PAGEVIEW_API, JSON.stringify(body));
}

/** The view of the current page, as the beacon sends it. */
export function pageView(): PageViewBody {
  const { pathname, search, hostname } = location;
  const body: PageViewBody = {
    path: pathname,
    lang: localeOfPath(pathname),
    device: deviceOf(innerWidth),
  };
  try {
    const ref = new URL(document.referrer).hostname;
    if (ref && ref !== hostname) body.ref = ref;
  } catch {
    // No referrer, or not a URL.
  }
  const query = new URLSearchParams(search);
  const utm: NonNullable<PageViewBody['utm']> = {};
  for (const name of ['source', 'medium', 'campaign'] as const) {
    const value = query.get(`utm_${name}`)?.trim().slice(0, UTM_MAX);
    if (value) utm[name] = value;
  }
  if (Object.keys(utm).length) body.utm = utm;
  return body;
}

/** Counts this page view once: after load when idle, or as the page is left. */
export function countThisView(): void {
  if (!isCountedPath(location.pathname)) return;
  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    sendVisitEvent(pageView());
  };
  addEventListener('pagehide', send, { once: true });
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(send, { timeout: 5000 })
      : setTimeout(send, 1);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
