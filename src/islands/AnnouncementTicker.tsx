import { useEffect, useRef, useState } from 'react';
import type { PublicAnnouncement } from '../lib/announcements/public';
import { FRESH_EVENT, freshAnnouncements } from '../lib/announcements/fresh';

type Item = PublicAnnouncement;

function List({ items, copy = false }: { items: Item[]; copy?: boolean }) {
  return (
    <ul className="ticker__list" aria-hidden={copy ? true : undefined}>
      {items.map((item) => (
        // English shown on a Malayalam or Arabic page reads as English, left to right.
        <li
          key={item._id}
          className="ticker__item"
          lang={item.lang}
          dir={item.lang ? 'ltr' : undefined}
        >
          <a href={item.link || '#'} tabIndex={copy ? -1 : undefined}>
            {item.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Announcements strip: the list the site was built with, rendered into the page's HTML, so it is
 * in the first paint; hidden while empty. A seamless loop made of the list and an aria-hidden copy
 * (a CSS animation of transform, so the compositor runs it, with or without this script), paused
 * on hover and keyboard focus by the stylesheet, and off screen once hydrated; a static list under
 * reduced motion. It hydrates when first needed (AnnouncementStrip.astro), and then shows the
 * newer list the page's freshness check found, now and whenever it finds one.
 */
export default function AnnouncementTicker({
  heading,
  items: built,
}: {
  heading: string;
  items: Item[];
}) {
  const [items, setItems] = useState<Item[]>(built);
  const [hydrated, setHydrated] = useState(false);
  const strip = useRef<HTMLElement>(null);

  useEffect(() => {
    setHydrated(true);
    const follow = () => {
      const fresh = freshAnnouncements();
      if (fresh) setItems(fresh);
    };
    follow();
    document.addEventListener(FRESH_EVENT, follow);
    return () => document.removeEventListener(FRESH_EVENT, follow);
  }, []);

  const shown = items.length > 0;
  useEffect(() => {
    const node = strip.current;
    if (!shown || !node) return;
    // An attribute the stylesheet pauses on, set in place: no render for a scroll past.
    const observer = new IntersectionObserver(([entry]) =>
      node.toggleAttribute('data-off-screen', !entry?.isIntersecting),
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [shown]);

  // An empty fragment, not null: Astro tells a React component by the element it returns, and
  // a component returning null was then called outside React ("Invalid hook call" under dev).
  if (!shown) return <></>;
  // About 6 s per announcement keeps the reading speed steady whatever the count.
  const duration = `${Math.max(20, items.length * 6)}s`;
  return (
    <section
      ref={strip}
      className="ticker"
      aria-labelledby="ticker-heading"
      data-ticker
      data-hydrated={hydrated ? '' : undefined}
    >
      <h2 id="ticker-heading" className="ticker__label">
        {heading}
      </h2>
      <div className="ticker__window">
        <div className="ticker__track" style={{ animationDuration: duration }}>
          <List items={items} />
          <List items={items} copy />
        </div>
      </div>
    </section>
  );
}
