/**
 * The home slider's DOM, as one source for the island (HomeSlider.tsx and its cross-fade,
 * slider-cross-fade.ts) and for the script that plays the slideshow before React is asked for
 * (src/scripts/slider-autoplay.ts): how the slides lie, the play/pause button's icons, and what
 * the script hands React when a visitor's first pointer, key or focus hydrates the island.
 */

/**
 * Lays every slide over the first (a transform in percent, so resizing needs nothing), as the
 * cross-fade needs: right to left, the slides are laid out leftwards, so each moves right.
 */
export function layOverFirst(slides: readonly HTMLElement[], track: HTMLElement): void {
  const towardsFirst = getComputedStyle(track).direction === 'rtl' ? 1 : -1;
  slides.forEach((node, index) => {
    if (index > 0) node.style.transform = `translateX(${towardsFirst * 100 * index}%)`;
  });
}

/** An SVG shape of an icon: its element and attributes. */
export type IconShape = readonly ['rect' | 'path', Readonly<Record<string, string>>];

/** The play/pause button's solid icons, in a 24-unit box. */
export const ICON_SHAPES = {
  pause: [
    ['rect', { x: '6', y: '4', width: '4', height: '16', rx: '1' }],
    ['rect', { x: '14', y: '4', width: '4', height: '16', rx: '1' }],
  ],
  play: [
    [
      'path',
      { d: 'M7 4.5v15a1 1 0 0 0 1.5.86l12.5-7.5a1 1 0 0 0 0-1.72L8.5 3.64A1 1 0 0 0 7 4.5Z' },
    ],
  ],
} as const satisfies Record<'pause' | 'play', readonly IconShape[]>;

/** The slideshow as the script left it when hydration began. */
export interface Handoff {
  /** The slide shown. */
  index: number;
  /**
   * When its stay ends, on the performance timeline; absent when the count was stopped (off
   * screen, a hidden tab), after which a stay is a full one.
   */
  stepAt?: number | undefined;
}

const HANDOFF = 'data-handoff';

export function writeHandoff(slider: HTMLElement, handoff: Handoff): void {
  slider.setAttribute(HANDOFF, JSON.stringify(handoff));
}

/**
 * The slideshow the script played, if it did (never on the server, nor with reduced motion): the
 * island starts there, so that its first render is the page as the visitor sees it.
 */
export function readHandoff(): Handoff | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.querySelector('[data-slider]')?.getAttribute(HANDOFF);
  if (!value) return undefined;
  const { index, stepAt } = JSON.parse(value) as Handoff;
  return Number.isInteger(index) ? { index, stepAt } : undefined;
}
