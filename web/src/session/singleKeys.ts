/**
 * Whether the keys that act without Ctrl, Alt or ⌘ are on: Space, →, R (the run's keys, on the Lab
 * and Compare pages) and `?` (the list of keys). They are on unless the reader turns them off in
 * that list, so that a stray key — a speech-input word, a key pressed by mistake — does not start
 * or reset a run (WCAG 2.1.4, Character Key Shortcuts). The choice is kept on this device, as the
 * theme is, and read at each key press.
 */
import { SINGLE_KEYS_KEY } from './persist';

export function singleKeysOn(): boolean {
  try {
    return localStorage.getItem(SINGLE_KEYS_KEY) !== 'off';
  } catch {
    return true;
  }
}

export function setSingleKeys(on: boolean): void {
  try {
    if (on) localStorage.removeItem(SINGLE_KEYS_KEY);
    else localStorage.setItem(SINGLE_KEYS_KEY, 'off');
  } catch {
    /* ignore */
  }
}
