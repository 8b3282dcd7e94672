/** A card is revealed once this share of it is visible. */
export const REVEAL_THRESHOLD = 0.2;
/** Cards in one row follow each other by this much. */
export const REVEAL_STEP_S = 0.1;

/**
 * Fades `[data-reveal]` elements in, once, when 20 % visible. Elements start hidden only when
 * this script runs and motion is welcome (see .reveal-pending in global.css), so the content is
 * always there for people without JavaScript and for crawlers.
 */
export function revealOnScroll(doc: Document = document): void {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  const elements = [...doc.querySelectorAll<HTMLElement>('[data-reveal]:not([data-revealed])')];
  if (elements.length === 0 || !('IntersectionObserver' in window)) return;

  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const element = entry.target as HTMLElement;
        element.dataset['revealed'] = '';
        observer.unobserve(element);
      }
    },
    { threshold: REVEAL_THRESHOLD },
  );
  for (const element of elements) {
    // Set through the CSSOM: the CSP refuses style attributes written into the HTML.
    const index = [...(element.parentElement?.children ?? [])].indexOf(element);
    element.style.setProperty('--reveal-delay', `${Math.max(0, index) * REVEAL_STEP_S}s`);
    element.classList.add('reveal-pending');
    observer.observe(element);
  }
}
