/**
 * Global keys: `?` opens the list of keys, from anywhere but a text field, while the single-key
 * shortcuts are on (session/singleKeys.ts); the "Keyboard keys" button at the foot of every page
 * opens it too (`openKeysHelp`), so the shortcuts can be turned on again. The play keys
 * themselves (Space, →, R, Esc) live with the run in run/presentation.ts (`usePlayKeys`), which the
 * lab and compare pages use; the list shown here is its `PLAY_KEYS`, not a second copy.
 */
import { useEffect } from 'react';
import { typingIn } from '../run/presentation';
import { singleKeysOn } from '../session/singleKeys';

const OPEN_EVENT = 'losslab:keys-help';

/** Opens the list of keys (what the foot of the page's button does). */
export function openKeysHelp(): void {
  window.dispatchEvent(new Event(OPEN_EVENT));
}

/** Calls `open` when the reader presses `?` outside a text field, or when `openKeysHelp` is called. */
export function useHelpKey(open: () => void): void {
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      if (typingIn(e.target) || !singleKeysOn()) return;
      e.preventDefault();
      open();
    };
    window.addEventListener('keydown', on);
    window.addEventListener(OPEN_EVENT, open);
    return () => {
      window.removeEventListener('keydown', on);
      window.removeEventListener(OPEN_EVENT, open);
    };
  }, [open]);
}
