/**
 * Tells a screen reader which view it is on after moving within the app: a link to another view
 * changes only the hash, the focus stays on the link, and without this the reader hears nothing
 * of the new page (heard with Orca; docs/accessibility.md, "Screen reader"). It watches the
 * document's title, which each view sets (session/pageTitle.ts), and says the new one through a
 * hidden polite region once the view has filled ({@link SETTLE_MS}) — Orca drops text changes
 * while a new view floods it with events — and never the title the page opened with.
 */
import { useEffect, useRef, useState } from 'react';
import { Announce } from '../controls/Announce';

/** How long after the title changes it is said, ms: a view such as Compare takes about 1 s to reach Orca. */
export const SETTLE_MS = 1500;

export function RouteAnnouncer() {
  // Read first after the opening view has set its title (its effects run before this one's).
  const [title, setTitle] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  useEffect(() => {
    const read = () => setTitle(document.title);
    // The <title> element's text is replaced when document.title is set.
    const watch = new MutationObserver(read);
    watch.observe(document.head, { subtree: true, childList: true, characterData: true });
    read();
    return () => watch.disconnect();
  }, []);
  const opened = useRef(false);
  useEffect(() => {
    if (title === null) return;
    if (!opened.current) {
      // The opening title is handed on at once, as the words the region is born with (not said).
      opened.current = true;
      setSaid(title);
      return;
    }
    const t = setTimeout(() => setSaid(title), SETTLE_MS);
    return () => clearTimeout(t);
  }, [title]);
  return <div data-testid="route-announcer">{said !== null && <Announce text={said} />}</div>;
}
