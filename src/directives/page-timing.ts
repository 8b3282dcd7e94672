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

/** Runs `run` once the page's load event has fired (at once if it has). */
export function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}
