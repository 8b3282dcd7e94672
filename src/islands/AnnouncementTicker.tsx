import { useEffect, useRef, useState } from 'react';
import type { Announcement } from '../lib/schemas/announcement';

type Item = Pick<Announcement, '_id' | 'text' | 'link'>;

function isItem(value: unknown): value is Item {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return typeof item['_id'] === 'string' && typeof item['text'] === 'string';
}

/** Loads the public announcements once; any failure leaves the list empty. */
async function loadAnnouncements(): Promise<Item[]> {
  try {
    const response = await fetch('/api/announcements', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body: unknown = await response.json();
    if (!Array.isArray(body)) throw new Error('not a list');
    return body.filter(isItem);
  } catch (error) {
    console.error('Could not load announcements', error);
    return [];
  }
}

function List({ items, copy = false }: { items: Item[]; copy?: boolean }) {
  return (
    <ul className="ticker__list" aria-hidden={copy ? true : undefined}>
      {items.map((item) => (
        <li key={item._id} className="ticker__item">
          <a href={item.link || '#'} tabIndex={copy ? -1 : undefined}>
            {item.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Announcements strip: hidden while empty; a seamless loop made of the list and an
 * aria-hidden copy (a CSS animation of transform, so the compositor runs it), paused on hover,
 * on keyboard focus and while off screen; a static list under reduced motion.
 */
export default function AnnouncementTicker({ heading }: { heading: string }) {
  const [items, setItems] = useState<Item[]>([]);
  const strip = useRef<HTMLElement>(null);

  useEffect(() => {
    let live = true;
    void loadAnnouncements().then((loaded) => {
      if (live) setItems(loaded);
    });
    return () => {
      live = false;
    };
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
    <section ref={strip} className="ticker" aria-labelledby="ticker-heading" data-ticker>
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
