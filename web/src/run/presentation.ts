/**
 * Presentation mode, the view a teacher projects: the page's header and the scenario builder step
 * aside, type grows, charts take the full width and grow with the window. The keyboard drives the
 * run on the lab and compare pages whether presenting or not (Space run/pause, → step, R reset; Esc
 * leaves presentation; `?` lists them, app/keys.ts), unless the reader turned the single-key
 * shortcuts off (session/singleKeys.ts; Esc stays). The mode marks the document root
 * (`<html data-present>`) so the shell's header and every room's styles can follow it from CSS
 * (`present.css`); pages keep it in their link as `present=1`.
 */
import { useCallback, useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { singleKeysOn } from '../session/singleKeys';
import './present.css';

/** Whether the page presents, and a setter; the root attribute follows it and is cleared on unmount. */
export function usePresentation(initial: boolean): [boolean, (on: boolean) => void] {
  const [presenting, setPresenting] = useState(initial);
  useEffect(() => {
    const root = document.documentElement;
    if (presenting) root.setAttribute('data-present', '');
    else root.removeAttribute('data-present');
    return () => root.removeAttribute('data-present');
  }, [presenting]);
  return [presenting, setPresenting];
}

/** What the presentation keys do. Absent handlers leave their key alone. */
export interface PlayKeys {
  /** Space: run when stopped, pause when running. */
  toggle?(): void;
  /** → (or "."): one step. */
  step?(): void;
  /** R: reset. */
  reset?(): void;
  /** Esc: leave presentation mode. */
  leave?(): void;
}

/** The keys and what they do, in reading order: the on-screen hint and the `?` help list. */
export const PLAY_KEYS: readonly { key: string; does: string; presentingOnly?: boolean }[] = [
  { key: 'Space', does: 'run / pause' },
  { key: '→', does: 'step' },
  { key: 'R', does: 'reset' },
  { key: 'Esc', does: 'leave', presentingOnly: true },
];

/**
 * The keys and what they do, for the on-screen hint: only Esc while the single-key shortcuts are
 * turned off (session/singleKeys.ts), so the hint never lists keys that do nothing.
 */
export function playKeyHint(): string {
  const on = singleKeysOn();
  return PLAY_KEYS.filter((k) => on || k.presentingOnly)
    .map((k) => `${k.key} ${k.does}`)
    .join(' · ');
}

/** True when the focused element takes typed text (a field, a list box, editable text). */
export function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName);
}

/** True when a key press belongs to the element that has focus (typing, choosing, pressing a control). */
function ownsKeys(target: EventTarget | null): boolean {
  if (typingIn(target)) return true;
  return target instanceof HTMLElement && ['BUTTON', 'A', 'SUMMARY'].includes(target.tagName);
}

/** Maps a key to its action: the pure part of `usePlayKeys`, kept apart so it can be unit-tested. */
export function playKeyAction(key: string): keyof PlayKeys | null {
  switch (key) {
    case ' ':
    case 'Spacebar':
      return 'toggle';
    case 'ArrowRight':
    case '.':
      return 'step';
    case 'r':
    case 'R':
      return 'reset';
    case 'Escape':
      return 'leave';
    default:
      return null;
  }
}

/**
 * While `enabled`, the presentation keys act on the page. Keys pressed in a field or on a control
 * stay with it (Space presses a focused button once, not twice); Esc always leaves, the others only
 * while the single-key shortcuts are on.
 */
export function usePlayKeys(enabled: boolean, keys: PlayKeys): void {
  useEffect(() => {
    if (!enabled) return;
    const on = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const action = playKeyAction(e.key);
      if (!action) return;
      if (action !== 'leave' && (ownsKeys(e.target) || !singleKeysOn())) return;
      const f = keys[action];
      if (!f) return;
      e.preventDefault();
      f();
    };
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, [enabled, keys]);
}

/** Room left under the first plot while presenting, px. */
const BELOW_PLOT_PX = 8;

/**
 * Plot height while presenting: what is left of the window below where the first plot starts
 * (under its panel's title and caption), within 180–420 px — so the first chart sits wholly above
 * the fold.
 */
export function presentChartHeight(windowHeight: number, plotTop: number): number {
  return Math.round(Math.min(420, Math.max(180, windowHeight - plotTop - BELOW_PLOT_PX)));
}

/**
 * `presentChartHeight` for the first plot inside `chartsRef`, following window resizes (and browser
 * zoom) and whatever above the charts changes height; `normal` when not presenting.
 */
export function usePresentChartHeight(
  presenting: boolean,
  normal: number,
  chartsRef: RefObject<HTMLElement | null>,
): number {
  const [h, setH] = useState(normal);
  const measure = useCallback(() => {
    // The first plot's top does not depend on the plot's height: measuring it cannot oscillate.
    const el = chartsRef.current?.querySelector('svg[role="img"]') ?? chartsRef.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top + window.scrollY;
    const next = presentChartHeight(window.innerHeight, top);
    setH((old) => (Math.abs(old - next) > 2 ? next : old));
  }, [chartsRef]);
  // After every render: the run bar or a notice above the charts may have changed height.
  useLayoutEffect(() => {
    if (presenting) measure();
  });
  useEffect(() => {
    if (!presenting) return;
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [presenting, measure]);
  return presenting ? h : normal;
}
