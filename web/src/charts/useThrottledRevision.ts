/**
 * Keeps expensive charts from falling behind the data: passes a changing `revision` through at
 * most once per interval, where the interval adapts to what drawing actually costs (render + paint,
 * measured after the browser painted), between one animation frame and half a second. With a few
 * flows that is every frame; with thirty it drops to what the machine can draw while staying
 * responsive. `flush` (the run paused, stopped or finished) passes the latest revision at once.
 *
 * A new revision is passed as a React transition: rendering the charts is then interruptible
 * (React yields to input and to the browser between components) instead of one long task.
 */
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';

export function useThrottledRevision(revision: number, flush: unknown): number {
  const [shown, setShown] = useState(revision);
  const last = useRef({ at: 0, interval: 16, renderStart: 0 });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  last.current.renderStart = performance.now();

  useEffect(() => {
    if (revision === shown) return;
    const l = last.current;
    const wait = l.at + l.interval - performance.now();
    if (wait <= 0) {
      l.at = performance.now();
      startTransition(() => setShown(revision));
      return;
    }
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current.at = performance.now();
      startTransition(() => setShown(revision));
    }, wait);
    // The latest revision is read when the timer fires through the effect re-running; a newer
    // revision arriving meanwhile keeps the pending timer.
  }, [revision, shown]);

  useEffect(() => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    last.current.at = performance.now();
    setShown(revision);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when flush changes (a new run or status) to show the revision of that moment; later revisions go through the throttled effect above
  }, [flush]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  // Measure what drawing `shown` cost: from render start until after the next paint.
  useLayoutEffect(() => {
    const start = last.current.renderStart;
    const raf = requestAnimationFrame(() => {
      setTimeout(() => {
        const cost = performance.now() - start;
        last.current.interval = Math.min(500, Math.max(16, 2.5 * cost));
      }, 0);
    });
    return () => cancelAnimationFrame(raf);
  }, [shown]);

  return shown;
}
