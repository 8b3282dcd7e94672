/**
 * Infographic frames (InfographicFrame.astro): each waits in a `<template>` inside its
 * `[data-frame]` slot until shown, then gets its `src`, and its height follows its document's
 * content (plus `data-pad`, 20 px on the EIA page), else an 800 px fallback. The frames
 * are sandboxed without scripts but same-origin, so their document can be read here.
 */
export const FALLBACK_HEIGHT = 800;

function measure(frame: HTMLIFrameElement): void {
  const pad = Number(frame.dataset['pad'] ?? 0);
  let height = 0;
  try {
    const root = frame.contentDocument?.documentElement;
    if (root) {
      // The root's scrollHeight is at least the frame's own height: shrink it to 0 first, so a
      // narrower or wider layout is measured afresh (all in one task, so nothing flickers).
      frame.style.height = '0px';
      height = root.scrollHeight;
    }
  } catch (error) {
    console.warn('Infographic frame not readable', error);
  }
  if (height > 0) {
    frame.style.height = `${height + pad}px`;
  } else {
    console.warn(`Infographic height unreadable for ${frame.src}: using ${FALLBACK_HEIGHT}px`);
    frame.style.height = `${FALLBACK_HEIGHT}px`;
  }
}

/** Creates and loads the slot's frame the first time it is shown; re-measures it later on. */
export function showFrame(slot: Element | null | undefined): void {
  if (!slot) return;
  const existing = slot.querySelector('iframe');
  if (existing) {
    if (existing.dataset['loaded'] !== undefined) measure(existing);
    return;
  }
  const source = slot.querySelector('template')?.content.querySelector('iframe');
  if (!source) return;
  const frame = document.importNode(source, true);
  frame.addEventListener('load', () => {
    frame.dataset['loaded'] = '';
    if (frame.checkVisibility()) measure(frame);
  });
  frame.src = frame.dataset['src'] ?? '';
  slot.append(frame);
}

/**
 * Shows a slot that is visible from the start once it comes near the viewport, not with the
 * page: half a screen early, so that it is sized before anyone sees it (no visible shift).
 */
export function showFrameWhenSeen(slot: Element | null | undefined): void {
  if (!slot) return;
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      showFrame(slot);
    },
    { rootMargin: '0px 0px 50% 0px' },
  );
  observer.observe(slot);
}

/** Shows the frame inside each of these `<details>` whenever it opens. */
export function showFramesOnOpen(elements: Iterable<HTMLDetailsElement>): void {
  for (const details of elements) {
    details.addEventListener('toggle', () => {
      if (details.open) showFrame(details.querySelector('[data-frame]'));
    });
  }
}

let resizeTimer: ReturnType<typeof setTimeout> | undefined;
addEventListener('resize', () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    for (const frame of document.querySelectorAll<HTMLIFrameElement>('iframe[data-loaded]')) {
      if (frame.checkVisibility()) measure(frame);
    }
  }, 150);
});
