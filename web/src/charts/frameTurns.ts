/**
 * Costly redraws take turns, one per animation frame. When a live run's time axis steps to its
 * next bound (10 s → 20 s → 50 s …), every point of every chart moves: each chart redraws all its
 * lines (thirty flows: three canvases rasterised whole), its axis and its drop marks. Taken in the
 * same frame that was one long task of 80–220 ms at 30 flows; taken in turns, each
 * frame carries one chart's redraw. The charts' axes reach the new bound a frame or so apart.
 */
import { useEffect, useState } from 'react';

type Turn = () => void;

const queue: Turn[] = [];
let scheduled = false;

/** Calls `turn` in an animation frame of its own, after the turns asked for before it. */
export function takeTurn(turn: Turn): () => void {
  queue.push(turn);
  if (!scheduled) {
    scheduled = true;
    requestAnimationFrame(grant);
  }
  return () => {
    const i = queue.indexOf(turn);
    if (i >= 0) queue.splice(i, 1);
  };
}

function grant() {
  const turn = queue.shift();
  turn?.();
  if (queue.length > 0) requestAnimationFrame(grant);
  else scheduled = false;
}

/**
 * `value` as of this component's last turn: a change waits for a frame of its own (`takeTurn`);
 * the first value is taken at once.
 */
export function useInTurn<T>(value: T): T {
  const [taken, setTaken] = useState(value);
  useEffect(() => {
    if (Object.is(value, taken)) return;
    return takeTurn(() => setTaken(value));
  }, [value, taken]);
  return taken;
}

/**
 * `value` as of this component's last turn, but cleared at once: a panel that appears with a
 * run's first summary (the lab's summary table) mounts in a frame of its own instead of in the
 * charts' first drawing, and a new run (no summary yet) never shows the last run's.
 */
export function useShownInTurn<T>(value: T | undefined): T | undefined {
  const taken = useInTurn(value);
  return value === undefined ? undefined : taken;
}
