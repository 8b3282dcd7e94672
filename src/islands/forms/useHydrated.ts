import { useEffect, useState } from 'react';

/**
 * False on the server and in the first client render, true once the island has hydrated.
 * Forms render their no-JavaScript version until then, so the HTML and hydration agree.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
