import { useEffect, useRef, useState } from 'react';

/** Tracks the width of a container element (ResizeObserver), with a sensible first guess. */
export function useContainerWidth(initial = 640) {
  const ref = useRef<HTMLDivElement>(null);
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.floor(el.clientWidth);
      if (w > 0) setValue(w);
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, value };
}
