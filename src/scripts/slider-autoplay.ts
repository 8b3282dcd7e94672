/**
 * The home slider's slideshow until React takes it over: the island (src/islands/HomeSlider.tsx)
 * hydrates only on a visitor's first pointer, key or focus inside it (`client:needed`), so that
 * React is asked for neither during the page's load nor at the first autoplay step. Until then
 * this plays the slides as the island would: the first step 5 s after the page's load event, then
 * one every 5 s; the cross-fade (the slides laid over the first, the current one marked); the
 * slide number, the other slides hidden from assistive technology and inert; the button saying
 * "Pause". The count waits while the slider is off screen or the tab hidden and then starts a full
 * stay, as the island's does. With reduced motion nothing moves by itself, so nothing runs.
 *
 * When hydration begins it stops and hands the island the slide shown and when its stay ends
 * (slider-dom.ts): React renders that state, so it hydrates the page as the visitor sees it, and
 * keeps the count. A button pressed meanwhile is pressed again once the island is ready (the
 * directive's replay), Pause included: it says "Pause" from here on.
 */
import { motion } from '../config/motion';
import { twoDigits } from '../lib/format';
import { afterLoad, loadedAt } from '../directives/page-timing';
import { HYDRATING_EVENT } from '../directives/when-needed';
import { ICON_SHAPES, layOverFirst, writeHandoff } from '../islands/slider-dom';

const SVG = 'http://www.w3.org/2000/svg';

function playBeforeHydration(slider: HTMLElement): void {
  const island = slider.closest('astro-island') ?? slider;
  const viewport = slider.querySelector<HTMLElement>('.slider__viewport');
  const track = slider.querySelector<HTMLElement>('.slider__track');
  const number = slider.querySelector('[data-slide-number]');
  const play = slider.querySelector<HTMLElement>('[data-slider-play]');
  const slides = [...slider.querySelectorAll<HTMLElement>('.slider__slide')];
  if (!viewport || !track || !number || !play || slides.length < 2) return;

  let index = 0;
  let laidOver = false;
  let hydrating = false;
  let playing = false;
  /** When the current stay ends: the first, 5 s after load; none once the count was stopped. */
  let stepAt: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onScreen = true;
  let observer: IntersectionObserver | undefined;

  const show = (next: number) => {
    if (!laidOver) layOverFirst(slides, track);
    laidOver = true;
    index = next;
    slides.forEach((slide, at) => {
      const current = at === index;
      slide.toggleAttribute('data-current', current);
      slide.inert = !current;
      if (current) slide.removeAttribute('aria-hidden');
      else slide.setAttribute('aria-hidden', 'true');
    });
    number.textContent = twoDigits(index + 1);
  };

  const count = () => {
    const running = onScreen && document.visibilityState !== 'hidden';
    if (running && timer === undefined) {
      stepAt ??= performance.now() + motion.sliderAutoplayMs;
      timer = setTimeout(step, Math.max(0, stepAt - performance.now()));
    } else if (!running && timer !== undefined) {
      clearTimeout(timer);
      timer = undefined;
      stepAt = undefined;
    }
  };
  function step() {
    timer = undefined;
    show((index + 1) % slides.length);
    stepAt = performance.now() + motion.sliderAutoplayMs;
    count();
  }

  const stop = () => {
    hydrating = true;
    clearTimeout(timer);
    observer?.disconnect();
    document.removeEventListener('visibilitychange', count);
    // Before the load event nothing was played: the island starts as it would have.
    if (playing) writeHandoff(slider, { index, stepAt: timer === undefined ? undefined : stepAt });
    timer = undefined;
  };
  island.addEventListener(HYDRATING_EVENT, stop, { once: true });

  afterLoad(() => {
    // A visitor who reached for the slider before the load event is already served by React.
    if (hydrating || slider.hasAttribute('data-hydrated')) return;
    // Playing, as the island shows it: the button offers to pause, the changes are not announced.
    playing = true;
    play.setAttribute('aria-label', play.dataset.pauseLabel ?? '');
    play.querySelector('svg')?.replaceChildren(
      ...ICON_SHAPES.pause.map(([name, attributes]) => {
        const shape = document.createElementNS(SVG, name);
        for (const [key, value] of Object.entries(attributes)) shape.setAttribute(key, value);
        return shape;
      }),
    );
    track.setAttribute('aria-live', 'off');
    stepAt = (loadedAt() ?? performance.now()) + motion.sliderAutoplayMs;
    observer = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? true;
      count();
    });
    observer.observe(viewport);
    document.addEventListener('visibilitychange', count);
    count();
  });
}

const slider = document.querySelector<HTMLElement>('[data-slider]');
if (slider && !matchMedia('(prefers-reduced-motion: reduce)').matches) playBeforeHydration(slider);
