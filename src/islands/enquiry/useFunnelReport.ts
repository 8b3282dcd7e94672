import { useEffect, useRef } from 'react';
import type { Locale } from '../../i18n/locales';
import { sendVisitEvent } from '../../scripts/visit-beacon';
import type { FunnelStep } from '../../lib/visits';

/**
 * Reports the enquiry's funnel through the visit beacon's endpoint, with no visitor key: each
 * step reached (1 to 4) once per enquiry, and `sent` once it is stored. Call `sent()` on
 * success; the next enquiry reports its steps afresh.
 */
export function useFunnelReport(step: number, hydrated: boolean, locale: Locale, done: boolean) {
  const reported = useRef(new Set<FunnelStep>());
  useEffect(() => {
    if (!hydrated || done) return;
    const reached = String(step + 1) as FunnelStep;
    if (reported.current.has(reached)) return;
    reported.current.add(reached);
    sendVisitEvent({ step: reached, lang: locale });
  }, [hydrated, step, locale, done]);
  return {
    sent() {
      reported.current.clear();
      sendVisitEvent({ step: 'sent', lang: locale });
    },
  };
}
