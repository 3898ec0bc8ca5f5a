/**
 * Global keys: `?` opens the list of keys, from anywhere but a text field. The play keys
 * themselves (Space, →, R, Esc) live with the run in run/presentation.ts (`usePlayKeys`), which the
 * lab and compare pages use; the list shown here is its `PLAY_KEYS`, not a second copy.
 */
import { useEffect } from 'react';
import { typingIn } from '../run/presentation';

/** Calls `open` when the reader presses `?` outside a text field. */
export function useHelpKey(open: () => void): void {
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      if (e.key !== '?' || e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      if (typingIn(e.target)) return;
      e.preventDefault();
      open();
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, [open]);
}
