/**
 * What a screen reader hears of a live chart: a polite live region with one sentence of the latest
 * values (`chartSummary`: "Congestion window at 12.5 s: f0 42 kB."), changed at most every
 * `ANNOUNCE_EVERY_MS` while the run grows and once more when it stops growing, so the reader is
 * told how the run goes without a stream of numbers (docs/accessibility.md).
 */
import { useEffect, useRef, useState } from 'react';
import type { ChartLine } from './chartLine';
import { chartSummary } from './chartTable';

/** Least wall time between two announcements of one chart, ms. */
export const ANNOUNCE_EVERY_MS = 15_000;
/** A run that has brought no sample for this long is taken as stopped: its last values are told. */
const SETTLE_MS = 1500;

export function ChartAnnouncer({
  title,
  lines,
  yLabel,
  revision,
}: {
  title: string;
  lines: readonly ChartLine[];
  yLabel: string;
  revision: number;
}) {
  const [text, setText] = useState('');
  const last = useRef(-Infinity);
  const latest = useRef({ title, lines, yLabel });
  latest.current = { title, lines, yLabel };
  useEffect(() => {
    const say = () => {
      const { title: t, lines: l, yLabel: y } = latest.current;
      const s = chartSummary(t, l, y);
      if (s === null) return;
      last.current = performance.now();
      setText(s);
    };
    if (performance.now() - last.current >= ANNOUNCE_EVERY_MS) say();
    const settle = setTimeout(say, SETTLE_MS);
    return () => clearTimeout(settle);
  }, [revision]);
  return (
    <p className="sr-only" aria-live="polite" data-testid="chart-announcer">
      {text}
    </p>
  );
}
