/**
 * The document's title names the view it shows ("Compare — LossLab", "<lesson> — Learn —
 * LossLab"), so a browser tab, its history and a screen reader name the page (WCAG 2.4.2, Page
 * Titled). Each view sets its own; the app shell announces a change (app/RouteAnnouncer.tsx).
 */
import { useEffect } from 'react';

/** The name every title ends with. */
const SITE = 'LossLab';

/** `parts` most specific first, empty ones left out: ['Fairness', 'Learn'] → "Fairness — Learn — LossLab". */
export function pageTitle(...parts: (string | null | undefined)[]): string {
  return [...parts.filter((p): p is string => !!p), SITE].join(' — ');
}

export function usePageTitle(...parts: (string | null | undefined)[]): void {
  const title = pageTitle(...parts);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
