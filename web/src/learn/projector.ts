/**
 * Projector mode's keys: what a presentation clicker sends. PageDown, → and Space go to the next
 * screen, PageUp and ← to the previous one, Esc leaves. A key the focused control uses stays with
 * it: arrows and Space in a field, a list, a radio group or a chart (which reads its points with
 * the arrows); Space on a button presses the button; PageUp/PageDown only in a text area or a
 * list. So a clicker keeps working after the teacher clicked a choice or a button on the slide.
 */
import { useEffect } from 'react';

export type SlideKey = 'next' | 'previous' | 'leave';

/** A key's meaning in projector mode (the pure part, unit-tested). */
export function slideKeyAction(key: string): SlideKey | null {
  if (key === 'ArrowRight' || key === 'ArrowDown' || key === 'PageDown' || key === ' ') return 'next';
  if (key === 'ArrowLeft' || key === 'ArrowUp' || key === 'PageUp') return 'previous';
  if (key === 'Escape') return 'leave';
  return null;
}

/** What the focused element is, as far as the slide keys care. */
export type FocusKind = 'text' | 'list' | 'choice' | 'chart' | 'button' | 'other';

export function focusKind(target: EventTarget | null): FocusKind {
  if (!(target instanceof HTMLElement)) return 'other';
  if (target.isContentEditable || target.tagName === 'TEXTAREA') return 'text';
  if (target.tagName === 'SELECT') return 'list';
  if (target instanceof HTMLInputElement)
    return target.type === 'radio' || target.type === 'checkbox' ? 'choice' : 'text';
  if (target.closest('.sweep-plot, [role="group"][tabindex]')) return 'chart';
  if (['BUTTON', 'A', 'SUMMARY'].includes(target.tagName)) return 'button';
  return 'other';
}

/** Whether the focused element keeps `key` for itself (the pure part, unit-tested). */
export function focusOwnsKey(kind: FocusKind, key: string): boolean {
  if (key === 'Escape') return false;
  if (key === 'PageDown' || key === 'PageUp') return kind === 'text' || kind === 'list';
  if (key === ' ') return kind !== 'other';
  return kind !== 'other' && kind !== 'button';
}

/** While `enabled`, the slide keys call `act`. */
export function useSlideKeys(enabled: boolean, act: (k: SlideKey) => void): void {
  useEffect(() => {
    if (!enabled) return;
    const on = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const k = slideKeyAction(e.key);
      if (!k || focusOwnsKey(focusKind(e.target), e.key)) return;
      e.preventDefault();
      act(k);
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, [enabled, act]);
}
