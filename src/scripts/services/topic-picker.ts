import { showFrame, showFrameWhenSeen } from './frames';

/**
 * Topic cards of the farming and hospitality pages: choosing a card shows its panel
 * (description and infographic), moves focus there and scrolls to it after `data-scroll-delay`
 * ms; with `data-promote` the chosen card also becomes the first, large card. The cards are links to
 * their panels, so without this script they still jump to the (then all visible) panels.
 */
export function initTopicPicker(root: HTMLElement): void {
  const links = [...root.querySelectorAll<HTMLAnchorElement>('a[data-topic]')];
  const panelOf = (link: HTMLAnchorElement) =>
    root.querySelector<HTMLElement>(`#${link.getAttribute('aria-controls')}`);
  const delay = Number(root.dataset['scrollDelay'] ?? 0);

  const select = (chosen: HTMLAnchorElement) => {
    for (const link of links) {
      const active = link === chosen;
      link.setAttribute('aria-expanded', String(active));
      link.closest('li')?.toggleAttribute('data-active', active);
      panelOf(link)?.toggleAttribute('data-active', active);
    }
    const item = chosen.closest('li');
    if (root.hasAttribute('data-promote') && item) item.parentElement?.prepend(item);
    const panel = panelOf(chosen);
    if (!panel) return;
    showFrame(panel.querySelector('[data-frame]'));
    panel.focus({ preventScroll: true });
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    setTimeout(() => panel.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' }), delay);
  };

  for (const link of links) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      select(link);
    });
    if (link.getAttribute('aria-expanded') === 'true') {
      showFrameWhenSeen(panelOf(link)?.querySelector('[data-frame]'));
    }
  }
}
