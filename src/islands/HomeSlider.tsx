import { createElement, useCallback, useEffect, useState } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import Autoplay from 'embla-carousel-autoplay';
import { motion } from '../config/motion';
import { twoDigits } from '../lib/format';
import { CrossFade } from './slider-cross-fade';
import { loadedAt } from '../directives/page-timing';
import { ICON_SHAPES, readHandoff, type Handoff, type IconShape } from './slider-dom';
import { fill } from '../i18n/fill';
import type { Messages } from '../i18n/ui/en';

export interface SlideImage {
  avif: string;
  webp: string;
  fallback: string;
  fallbackSrcset: string;
  width: number;
  height: number;
}

export interface Slide {
  title: string;
  subtitle: string;
  alt: string;
  /** The slide's service page, in the page's language. */
  href: string;
  image: SlideImage;
}

interface Props {
  slides: Slide[];
  /** The page's h1, shown above the slide titles. */
  heading: string;
  /** The controls' words in the page's language. */
  labels: Messages['slider'];
  /** The page's direction: right to left, the slides move the way Arabic reads. */
  direction?: 'ltr' | 'rtl';
}

const SIZES = '100vw';

/** Runs `run` in the browser's next idle period (within 1 s); returns the cancel. */
function whenIdle(run: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(run, 1);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(run, { timeout: 1_000 });
  return () => cancelIdleCallback(handle);
}

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * How long the slide shown at hydration stays: what is left of the stay the script before
 * hydration counted (src/scripts/slider-autoplay.ts; a full one if it had stopped counting), else
 * until sliderAutoplayMs after the page's load event, so a step keeps its time wherever hydration
 * fell; at most one full delay.
 */
function firstDelay(handoff: Handoff | undefined): number {
  const endsAt = handoff
    ? handoff.stepAt
    : (loadedAt() ?? performance.now()) + motion.sliderAutoplayMs;
  if (endsAt === undefined) return motion.sliderAutoplayMs;
  return Math.min(motion.sliderAutoplayMs, Math.max(0, endsAt - performance.now()));
}

/**
 * Home slider: four slides that fade every 5 s in an endless loop, with
 * previous/next, a two-digit slide number, and a pause control (WCAG 2.2.2). It does not pause
 * on hover or focus (it does while off screen or in a hidden tab); with reduced motion it starts
 * paused and changes slides instantly.
 *
 * Embla keeps the state (which slide, the loop, autoplay, swipes) and always jumps; the 800 ms
 * cross-fade is a CSS transition of opacity (slider-cross-fade.ts), run by the compositor rather
 * than by a script every frame.
 *
 * It hydrates on a visitor's first pointer, key or focus inside it; until then a small script
 * plays the slideshow (src/scripts/slider-autoplay.ts) and hands over the slide shown and its
 * count, where this starts: its first render is then the page as the visitor sees it.
 */
export default function HomeSlider({ slides, heading, labels, direction = 'ltr' }: Props) {
  const [handoff] = useState(readHandoff);
  // Each slide's delay, read by Autoplay from this very array (it keeps the array the function
  // returns): the first slide's first stay is what is left of its count, then every stay is full.
  const [delays] = useState(() => slides.map((): number => motion.sliderAutoplayMs));
  const startIndex = handoff?.index ?? 0;
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, direction, startIndex }, [
    CrossFade(),
    Autoplay({
      delay: () => delays,
      jump: true,
      playOnInit: false,
      stopOnInteraction: false,
      stopOnMouseEnter: false,
      stopOnFocusIn: false,
    }),
  ]);
  const [selected, setSelected] = useState(startIndex);
  // The script before hydration only ever plays: when it handed over, the slideshow is playing.
  const [playing, setPlaying] = useState(handoff !== undefined);
  // Embla starts in an idle period after hydration, not in hydration's own task: its set-up
  // (measuring the slides, the loop, listeners) is the larger half of the work.
  const [ready, setReady] = useState(false);
  useEffect(() => whenIdle(() => setReady(true)), []);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect);
    const autoplay = emblaApi.plugins().autoplay;
    // Once the first stay has been counted (a step, or a stop: pause, off screen), stays are full.
    const fullStays = () => delays.fill(motion.sliderAutoplayMs);
    if (autoplay && !reducedMotion()) {
      delays[emblaApi.selectedScrollSnap()] = firstDelay(handoff);
      emblaApi.on('select', fullStays).on('autoplay:stop', fullStays);
      autoplay.play();
      setPlaying(true);
    }
    // Ready, with its listeners in place: the `client:needed` directive replays a button pressed
    // before now (src/directives/when-needed.ts), and the tests wait for it.
    const section = emblaApi.rootNode().closest('[data-slider]');
    section?.setAttribute('data-hydrated', '');
    return () => {
      section?.removeAttribute('data-hydrated');
      emblaApi.off('select', onSelect).off('select', fullStays).off('autoplay:stop', fullStays);
    };
  }, [emblaApi, delays, handoff]);

  // Off screen, the slideshow waits (Embla's autoplay already waits in a hidden tab).
  useEffect(() => {
    const autoplay = emblaApi?.plugins().autoplay;
    const root = emblaApi?.rootNode();
    if (!autoplay || !root || !playing) return;
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) autoplay.play();
      else autoplay.stop();
    });
    observer.observe(root);
    return () => observer.disconnect();
  }, [emblaApi, playing]);

  const go = useCallback(
    (direction: Direction) => {
      if (!emblaApi) return;
      if (direction === 'prev') emblaApi.scrollPrev(true);
      else emblaApi.scrollNext(true);
      // A manual change restarts the 5 s count rather than cutting the new slide short.
      if (playing) emblaApi.plugins().autoplay?.reset();
    },
    [emblaApi, playing],
  );

  const togglePlay = useCallback(() => {
    const autoplay = emblaApi?.plugins().autoplay;
    if (!autoplay) return;
    if (playing) autoplay.stop();
    else autoplay.play();
    setPlaying(!playing);
  }, [emblaApi, playing]);

  return (
    <section
      className="slider on-dark"
      aria-roledescription={labels.carousel}
      aria-labelledby="page-title"
      data-slider
    >
      <div className="slider__viewport" ref={ready ? emblaRef : undefined}>
        <div className="slider__track" aria-live={playing ? 'off' : 'polite'}>
          {slides.map((slide, index) => (
            <div
              className="slider__slide"
              key={slide.image.fallback}
              role="group"
              aria-roledescription={labels.slide}
              aria-label={fill(labels.slideOf, { index: index + 1, count: slides.length })}
              aria-hidden={index === selected ? undefined : true}
              inert={index !== selected}
            >
              <picture>
                <source type="image/avif" srcSet={slide.image.avif} sizes={SIZES} />
                <source type="image/webp" srcSet={slide.image.webp} sizes={SIZES} />
                <img
                  className="slider__image"
                  src={slide.image.fallback}
                  srcSet={slide.image.fallbackSrcset}
                  sizes={SIZES}
                  width={slide.image.width}
                  height={slide.image.height}
                  alt={slide.alt}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : 'auto'}
                  decoding={index === 0 ? 'sync' : 'async'}
                />
              </picture>
              <div className="slider__text container">
                <h2 className="slider__title">{slide.title}</h2>
                <p className="slider__subtitle">{slide.subtitle}</p>
                <a
                  className="slider__link"
                  href={slide.href}
                  aria-label={`${labels.explore}: ${slide.title}`}
                >
                  {labels.explore}
                </a>
              </div>
            </div>
          ))}
        </div>
      </div>
      <div className="slider__chrome container">
        <h1 id="page-title" className="slider__heading">
          {heading}
        </h1>
        <div className="slider__controls">
          <StepButton direction="prev" label={labels.previous} onStep={go} />
          <p className="slider__count" aria-live="off">
            <span data-slide-number>{twoDigits(selected + 1)}</span>
            <span aria-hidden="true"> / </span>
            <span className="visually-hidden">{labels.of}</span>
            {twoDigits(slides.length)}
          </p>
          <StepButton direction="next" label={labels.next} onStep={go} />
          <button
            type="button"
            className="slider__button"
            onClick={togglePlay}
            aria-label={playing ? labels.pause : labels.play}
            data-pause-label={labels.pause}
            data-slider-play
          >
            <SolidIcon shapes={playing ? ICON_SHAPES.pause : ICON_SHAPES.play} />
          </button>
        </div>
      </div>
    </section>
  );
}

type Direction = 'prev' | 'next';

/** Arrows pointing back and on along the text: mirrored right to left (`flip-rtl`). */
const ARROWS = {
  prev: 'm15 18-6-6 6-6',
  next: 'm9 18 6-6-6-6',
} as const satisfies Record<Direction, string>;

/** The previous or next slide button, an arrow pointing that way. */
function StepButton({
  direction,
  label,
  onStep,
}: {
  direction: Direction;
  label: string;
  onStep: (to: Direction) => void;
}) {
  const arrow = ARROWS[direction];
  return (
    <button
      type="button"
      className="slider__button"
      onClick={() => onStep(direction)}
      aria-label={label}
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        className="flip-rtl"
      >
        <path d={arrow} />
      </svg>
    </button>
  );
}

/** A solid 20-pixel icon of the play/pause button (slider-dom.ts draws the shapes). */
function SolidIcon({ shapes }: { shapes: readonly IconShape[] }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      {shapes.map(([name, attributes], index) =>
        createElement(name, { key: index, ...attributes }),
      )}
    </svg>
  );
}
