/** SPEC §9: a card is revealed once this share of it is visible. */
export const REVEAL_THRESHOLD = 0.2;

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
    element.classList.add('reveal-pending');
    observer.observe(element);
  }
}
