import { inTaskOfItsOwn } from '../scripts/next-task';

/**
 * When the page finished loading, on the performance timeline (ms): the origin of the home
 * slider's autoplay count, shared by the script that plays it before hydration
 * (src/scripts/slider-autoplay.ts) and the island (which takes that step on time, whenever it
 * hydrated).
 */
export function loadedAt(): number | undefined {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation && navigation.loadEventStart > 0 ? navigation.loadEventStart : undefined;
}

/**
 * Runs `run` once the page's load event has fired (at once if it has), in a task of its own: the
 * load event often fires in the task that ran the page's deferred scripts, and its listeners
 * would add their time to it. On the home page the two (the slider's and the announcements')
 * made that one task long (about 80 ms at Lighthouse's 4× CPU slowdown).
 */
export function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') inTaskOfItsOwn(run);
  else window.addEventListener('load', () => inTaskOfItsOwn(run), { once: true });
}
