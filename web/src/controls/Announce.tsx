/**
 * What a screen reader hears of a status line that is part of the page: its changes, never the
 * words it was born with. A visually hidden polite live region, empty while the page fills, takes
 * the line's new words each time they change and lets them go after {@link CLEAR_MS}, so a reader
 * who later reads the page line by line meets them once, on the visible line.
 *
 * Why not the visible line itself: a lesson fills its figures and predictions after the document
 * has loaded, so live lines born with words are all read at once as it opens; and a line born with
 * `aria-live="off"` and turned polite later stayed silent under Orca 43, which keeps the attributes
 * it first read (docs/accessibility.md, "Screen reader").
 */
import { useEffect, useRef, useState } from 'react';

/** How long an announcement stays in the hidden region, ms (longer than a polite queue waits). */
export const CLEAR_MS = 10_000;

export function Announce({ text }: { text: string }) {
  const [said, setSaid] = useState('');
  // The words the line was born with, until they first change (a ref, so StrictMode's second
  // effect run does not take them for a change).
  const born = useRef<string | null>(text);
  useEffect(() => {
    if (born.current !== null && text === born.current) return;
    born.current = null;
    setSaid(text);
    const t = setTimeout(() => setSaid(''), CLEAR_MS);
    return () => clearTimeout(t);
  }, [text]);
  return (
    <span className="sr-only" aria-live="polite" data-testid="announce">
      {said}
    </span>
  );
}
