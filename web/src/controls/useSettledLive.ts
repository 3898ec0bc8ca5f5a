/**
 * The `aria-live` of a status line whose first words are part of the page, not news: "off" while
 * the page fills, "polite" from {@link SETTLE_MS} after the line appears, so a screen reader reads
 * its later changes but not the words it was born with. With Orca, a lesson opened read every
 * figure's and prediction's status line at once as the page filled ("Choose your prediction, then
 * run figure 1.", "Waits for your prediction", …; docs/accessibility.md, "Screen reader").
 * An explicit `aria-live` overrides the one `role="status"` implies.
 */
import { useEffect, useState } from 'react';

/** How long after it appears a status line stays silent, ms: the page has filled by then. */
export const SETTLE_MS = 1500;

export function useSettledLive(): 'off' | 'polite' {
  const [live, setLive] = useState<'off' | 'polite'>('off');
  useEffect(() => {
    const t = setTimeout(() => setLive('polite'), SETTLE_MS);
    return () => clearTimeout(t);
  }, []);
  return live;
}
