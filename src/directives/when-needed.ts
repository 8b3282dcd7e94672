/**
 * `client:needed`: an island that hydrates when a visitor first needs it, so React is not
 * requested while the page loads. It hydrates on the first pointer, key or focus inside it, and
 * optionally when an event reaches the document:
 *
 *   <HomeSlider client:needed />
 *   <Ticker client:needed={{ event: 'announcements:fresh' }} />
 *
 * Just before it asks for the island's scripts it dispatches HYDRATING_EVENT on the island, so
 * that a script standing in for it until then (src/scripts/slider-autoplay.ts) stops. A button clicked before the island is ready (an element in it carries `data-hydrated`, set once
 * its handlers are in place) is clicked again
 * once it is, if its name still says what it said when clicked: "Next slide" steps, while a
 * "Play slideshow" pressed before an autoplay that has since started (the button now says "Pause")
 * is already done. Links need no script and are left alone. tests/e2e/home.spec.ts pins it.
 */
import type { ClientDirective } from 'astro';

export interface WhenNeededOptions {
  /** Also hydrate when this event is dispatched on the document. */
  event?: string;
}

/** Dispatched on the island (`<astro-island>`) when it starts to hydrate. */
export const HYDRATING_EVENT = 'needed:hydrating';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:needed'?: WhenNeededOptions | boolean;
  }
}

/** What counts as a visitor reaching for the island. */
const INTERACTIONS = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'];
/** The longest wait for the island to say it is ready before clicks are replayed anyway. */
const READY_WAIT_MS = 10_000;

const nameOf = (button: Element) => button.getAttribute('aria-label') ?? button.textContent ?? '';

/** Resolves when an element inside `island` carries `data-hydrated`, or after READY_WAIT_MS. */
function ready(island: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new MutationObserver(() => {
      if (island.querySelector('[data-hydrated]')) done();
    });
    const timer = setTimeout(done, READY_WAIT_MS);
    observer.observe(island, { attributes: true, subtree: true, childList: true });
    if (island.querySelector('[data-hydrated]')) done();
  });
}

const whenNeeded: ClientDirective = (load, options, island) => {
  const value = (typeof options.value === 'object' && options.value) || {};
  const { event } = value as WhenNeededOptions;
  const stops: (() => void)[] = [];
  const clicked: { button: HTMLElement; name: string }[] = [];
  let started = false;

  const onClick = (click: Event) => {
    const button = click.target instanceof Element ? click.target.closest('button') : null;
    if (button && island.contains(button)) clicked.push({ button, name: nameOf(button) });
  };
  island.addEventListener('click', onClick, true);

  const start = async () => {
    if (started) return;
    started = true;
    for (const stop of stops) stop();
    island.dispatchEvent(new Event(HYDRATING_EVENT));
    const hydrate = await load();
    await hydrate();
    // Buttons pressed until the island is ready (React may be attached before its handlers
    // can act) are kept, and pressed again once it is.
    if (island.querySelector('button')) await ready(island);
    island.removeEventListener('click', onClick, true);
    for (const { button, name } of clicked.splice(0)) {
      if (button.isConnected && nameOf(button) === name) button.click();
    }
  };
  const listen = (target: EventTarget, type: string) => {
    const handler = () => void start();
    target.addEventListener(type, handler, { passive: true });
    stops.push(() => target.removeEventListener(type, handler));
  };

  for (const type of INTERACTIONS) listen(island, type);
  if (event) listen(document, event);
};

export default whenNeeded;
