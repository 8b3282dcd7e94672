import { useEffect, useRef, useState } from 'react';

/**
 * Focuses `element` and brings it into view below the sticky site header: focus() alone may
 * leave it under the header, as it ignores the page's scroll-padding, which scrollIntoView keeps.
 */
export function focusInView(element: HTMLElement | null): void {
  element?.focus({ preventScroll: true });
  element?.scrollIntoView({ block: 'nearest' });
}

/**
 * An element (a part's heading) to take focus once a change has removed the control that had
 * it. `focusSoon` focuses it after the next render's effects, so a dialog that closes in them
 * hands focus back first and this comes last.
 */
export function useFocusTarget<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) focusInView(ref.current);
  }, [asked]);
  return { ref, focusSoon: () => setAsked((count) => count + 1) };
}
