/**
 * Projector mode for a lesson: the presentation mode's mechanism (`run/presentation.ts`,
 * `<html data-present>`: no page header, large type) with one figure per screen, and the keys a
 * clicker sends — → or PageDown next figure, ← or PageUp previous, Esc leaves. Keys pressed in a
 * field or on a control stay with it; Esc always leaves.
 */
import { useEffect } from 'react';

export type SlideKey = 'next' | 'previous' | 'leave';

/** A key's meaning in projector mode (the pure part, unit-tested). */
export function slideKeyAction(key: string): SlideKey | null {
  if (key === 'ArrowRight' || key === 'PageDown') return 'next';
  if (key === 'ArrowLeft' || key === 'PageUp') return 'previous';
  if (key === 'Escape') return 'leave';
  return null;
}

function ownsKeys(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  // A focused chart reads its points with the arrow keys.
  if (target.closest('.sweep-plot, [role="group"][tabindex]')) return true;
  return ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

/** While `enabled`, the slide keys call `act`. */
export function useSlideKeys(enabled: boolean, act: (k: SlideKey) => void): void {
  useEffect(() => {
    if (!enabled) return;
    const on = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const k = slideKeyAction(e.key);
      if (!k || (k !== 'leave' && ownsKeys(e.target))) return;
      e.preventDefault();
      act(k);
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, [enabled, act]);
}
