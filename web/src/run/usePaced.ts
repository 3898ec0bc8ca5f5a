/**
 * A value passed on at most once per `intervalMs` while `paced` (a live run's summary, which
 * arrives every ~250 ms, every ~1 s above 40 flows: a table of numbers rewritten four times a
 * second cannot be read and costs a React commit, a layout and a paint each time); at once when
 * not paced (paused, finished), and the last value is never lost: a change inside the interval
 * is shown when it ends.
 */
import { useEffect, useRef, useState } from 'react';

export function usePaced<T>(value: T, intervalMs: number, paced: boolean): T {
  const [shown, setShown] = useState(value);
  const lastAt = useRef(0);
  useEffect(() => {
    if (Object.is(value, shown)) return;
    const wait = paced ? lastAt.current + intervalMs - performance.now() : 0;
    if (wait <= 0) {
      lastAt.current = performance.now();
      setShown(value);
      return;
    }
    const t = setTimeout(() => {
      lastAt.current = performance.now();
      setShown(value);
    }, wait);
    return () => clearTimeout(t);
  }, [value, shown, intervalMs, paced]);
  return paced ? shown : value;
}
