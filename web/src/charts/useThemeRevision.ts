/**
 * A number that changes whenever the page's theme may have changed (its `data-theme` or the
 * system's dark preference): what a canvas redraws on, since it resolves its colours from CSS
 * variables once per theme (`LineCanvas`, `DropMarks`).
 */
import { useEffect, useState } from 'react';

/** Changes whenever the page's theme may have changed (data-theme or the system preference). */
export function useThemeRevision(): number {
  const [rev, setRev] = useState(0);
  useEffect(() => {
    const bump = () => setRev((r) => r + 1);
    const obs = new MutationObserver(bump);
    obs.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    mq?.addEventListener?.('change', bump);
    return () => {
      obs.disconnect();
      mq?.removeEventListener?.('change', bump);
    };
  }, []);
  return rev;
}
