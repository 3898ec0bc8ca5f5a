/**
 * The value read-out at the hovered time (shared by the linked charts): one row per line (with
 * many connections the band, the median and the shown connection), the highlighted group first,
 * in a box on the side of the plot away from the hover rule (where it stays while the pointer is
 * on it, and which Escape hides: `useChartPointer.ts`). The box is never taller than the plot: it
 * shows the rows that fit and says how many more, so every part of it is over the plot, where the
 * pointer can rest on it without the hover ending (WCAG 1.4.13).
 */
import { useLayoutEffect, useMemo, useRef, useState, type Ref } from 'react';
import { formatChart } from '../lib/numberFormat';
import { readoutValue } from '../lib/readout';
import { groupOf, lastAtOrBefore, type ChartLine } from './chartLine';
import { LineSwatch } from './LineSwatch';

const MAX_READOUT = 8;

export interface ReadoutRow {
  key: string;
  label: string;
  color: string;
  value: string;
  dashed?: boolean;
  group: string;
}

/**
 * The rows at `hoverT` (ms; null: none). `revision` stands for the lines' buffers, which are
 * mutated in place; `hasPick`: the chart draws connections on demand (only the picked or
 * highlighted one is read out).
 */
export function useReadoutRows(
  lines: readonly ChartLine[],
  hoverT: number | null,
  opts: { revision: number; yLabel: string; highlight: string | null; picked: string | null; hasPick: boolean },
): ReadoutRow[] {
  const { revision, yLabel, highlight, picked, hasPick } = opts;
  return useMemo(() => {
    if (hoverT === null) return [];
    const rows: ReadoutRow[] = [];
    for (const l of lines) {
      const d = l.data;
      if (!d || d.length === 0) continue;
      // Many connections: the band, the median and the shown connection, not every one.
      if (hasPick && (l.pick || l.secondary) && groupOf(l) !== highlight && groupOf(l) !== picked) continue;
      const i = lastAtOrBefore(d, hoverT);
      if (i < 0) continue;
      const v = d.v[i] * (l.scale ?? 1);
      let value = readoutValue(v, yLabel);
      if (l.areaTo) {
        const j = lastAtOrBefore(l.areaTo, hoverT);
        if (j >= 0) value = `${value} to ${readoutValue(l.areaTo.v[j] * (l.scale ?? 1), yLabel)}`;
      }
      rows.push({ key: l.key, label: l.label, color: l.color, value, dashed: l.dashed, group: groupOf(l) });
    }
    if (highlight) rows.sort((a, b) => Number(b.group === highlight) - Number(a.group === highlight));
    return rows;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revision stands for the lines' buffers, which are mutated in place
  }, [hoverT, lines, revision, highlight, picked, hasPick, yLabel]);
}

/** The read-out in one sentence, for a screen reader: "At 12.5 s: f0 42 kB, f1 38 kB." */
export function readoutSentence(hoverT: number, rows: readonly ReadoutRow[]): string {
  const shown = rows.slice(0, MAX_READOUT).map((r) => `${r.label} ${r.value}`);
  const more = rows.length > MAX_READOUT ? `, and ${rows.length - MAX_READOUT} more` : '';
  return `At ${formatChart(hoverT / 1000)} s: ${shown.length ? shown.join(', ') : 'no value yet'}${more}.`;
}

/**
 * Rows that fit in `maxHeight` px, given the box's height now (`boxPx`) with `shown` rows of
 * `rowPx` each and a "more" line of `morePx` (0: none): the box less its rows is the time line and
 * padding; a line for "+N more" is kept whenever not all `total` rows fit. At least one, at most
 * `MAX_READOUT`.
 */
export function rowsThatFit(
  maxHeight: number,
  box: { boxPx: number; rowPx: number; shown: number; morePx: number },
  total: number,
): number {
  const { boxPx, rowPx, shown, morePx } = box;
  if (rowPx <= 0) return MAX_READOUT;
  const room = maxHeight - (boxPx - shown * rowPx - morePx);
  let n = Math.floor(room / rowPx);
  if (n < Math.min(total, MAX_READOUT) || total > MAX_READOUT) n = Math.floor((room - rowPx) / rowPx);
  return Math.min(MAX_READOUT, Math.max(1, n));
}

/**
 * The read-out box: the time, then as many rows as fit in `maxHeight` (up to eight) and how many
 * more (spoken as `readoutSentence`).
 */
export function ChartReadout({
  rows,
  hoverT,
  style,
  maxHeight,
  ref,
}: {
  rows: readonly ReadoutRow[];
  hoverT: number;
  style: React.CSSProperties;
  /** The plot's height below the box's top, px: the box stays within it. */
  maxHeight: number;
  ref?: Ref<HTMLDivElement>;
}) {
  const own = useRef<HTMLDivElement | null>(null);
  const [fit, setFit] = useState(MAX_READOUT);
  const shown = Math.min(rows.length, fit);
  // Measured after layout, before paint: the rows' height follows the text size and spacing the
  // reader chose, so it is read from the box, not assumed.
  useLayoutEffect(() => {
    const el = own.current;
    const row = el?.querySelector<HTMLElement>('.readout-row');
    if (!el || !row) return;
    const more = el.querySelector<HTMLElement>('.readout-more');
    const n = rowsThatFit(
      maxHeight,
      { boxPx: el.offsetHeight, rowPx: row.offsetHeight, shown, morePx: more?.offsetHeight ?? 0 },
      rows.length,
    );
    if (n !== fit) setFit(n);
  }, [maxHeight, shown, rows, fit]);
  const setRef = (el: HTMLDivElement | null) => {
    own.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };
  return (
    <div ref={setRef} className="readout" style={style} data-testid="readout" aria-hidden="true">
      <div className="readout-time">t = {formatChart(hoverT / 1000)} s</div>
      {rows.slice(0, shown).map((r) => (
        <div key={r.key} className="readout-row">
          <LineSwatch compact color={r.color} width={2.5} dash={r.dashed ? '3 2' : undefined} />
          <span className="readout-label">{r.label}</span>
          <span className="readout-value">{r.value}</span>
        </div>
      ))}
      {rows.length > shown && <div className="readout-more">+{rows.length - shown} more</div>}
    </div>
  );
}
