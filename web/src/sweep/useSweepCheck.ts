/**
 * Whether the simulator takes the sweep the form describes, asked again a moment after each edit:
 * `new SweepModel` validates every point and checks the whole sweep against the browser's budget
 * (sim-core `sweep/parse.rs` caps, `budget.rs` work and memory, through wasm), so the form shows
 * the refusal in the simulator's words as the sweep grows, before Run sweep is pressed. The model
 * is kept for Run sweep, which takes it when the file has not changed since (`take`).
 */
import { useCallback, useEffect, useMemo, useRef, useState, type DependencyList } from 'react';
import { SweepModel } from '../sim/pageCore';

/** Wait after the last edit before asking (ms). */
export const CHECK_DELAY_MS = 300;

/**
 * Most points checked as the form changes: the check expands every point on the page's thread
 * (about 0.2 ms a point on a loaded 2-core machine, 2 s for 10,000), so a larger sweep is checked
 * when Run sweep is pressed, as before.
 */
export const LIVE_CHECK_MAX_POINTS = 2000;

export type SweepCheck = { ok: true; points: number } | { ok: false; problems: string[] };

/** What the form's check holds: its verdict, and the checked sweep until Run sweep takes it. */
export interface SweepCheckState {
  check: SweepCheck | null;
  /**
   * The model the check built for exactly this sweep file, handed over once (the caller owns it
   * then), or null: Run sweep then needs no second expansion of the file it was just shown.
   */
  take(json: string): SweepModel | null;
}

/**
 * `doc` builds the sweep file to check (null: do not check now, e.g. while a sweep runs). The same
 * file gets the same verdict, so it is not asked twice in a row: when a sweep ends the check comes
 * back on for a file it has already judged, and expanding it again would cost the page's thread
 * (and V8's compiler, still optimising the wasm early in a page's life) for nothing. The model a
 * check builds is kept for Run sweep (`take`), so the click does not expand the file again.
 */
export function useSweepCheck(doc: (() => string) | null, deps: DependencyList): SweepCheckState {
  const [check, setCheck] = useState<SweepCheck | null>(null);
  const last = useRef<{ json: string; check: SweepCheck; model: SweepModel | null } | null>(null);
  useEffect(() => {
    if (!doc) return;
    const t = setTimeout(() => {
      const json = doc();
      if (last.current?.json !== json) {
        last.current?.model?.free();
        last.current = { json, ...planSweep(json) };
      }
      setCheck(last.current.check);
    }, CHECK_DELAY_MS);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `doc` is rebuilt every render; `deps` say when it changes
  }, deps);
  useEffect(
    () => () => {
      last.current?.model?.free();
      last.current = null;
    },
    [],
  );
  const take = useCallback((json: string) => {
    const held = last.current;
    if (held?.json !== json || !held.model) return null;
    const model = held.model;
    held.model = null;
    return model;
  }, []);
  return useMemo(() => ({ check, take }), [check, take]);
}

/** The simulator's verdict on a sweep file and, when it takes the file, the model it built. */
function planSweep(json: string): { check: SweepCheck; model: SweepModel | null } {
  try {
    const model = new SweepModel(json);
    return { check: { ok: true, points: model.plan.points.length }, model };
  } catch (e) {
    return { check: { ok: false, problems: (e instanceof Error ? e.message : String(e)).split('\n') }, model: null };
  }
}

/** The simulator's verdict on a sweep file: its point count, or its problems (one per line). */
export function checkSweep(json: string): SweepCheck {
  const { check, model } = planSweep(json);
  model?.free();
  return check;
}
