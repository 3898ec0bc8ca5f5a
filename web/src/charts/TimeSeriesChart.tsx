/**
 * A live time-series chart: d3-scale and d3-shape do the maths, React renders the SVG.
 *
 * Every line is cut to the visible time window and decimated to the plot's pixel width before its
 * path is built. Linked through {@link useChartSync}: a vertical rule and a value read-out at the
 * hovered time, a shared time window (drag to zoom into a range, Shift-drag to pan, Ctrl/⌘-wheel
 * to zoom, double-click to reset; with the chart focused: ←/→ pan, +/− zoom, 0 resets), and the
 * highlighted flow drawn on top while the others fade. With many connections a chart draws a band
 * (min to max across them, a shaded area) and their median; hovering the plot draws the connection
 * whose line passes nearest the pointer, and the legend or a highlight shows any one of them.
 */
import { formatChart } from '../lib/numberFormat';
import { readoutValue } from '../lib/readout';
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import {
  startTransition,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type HTMLAttributes,
  type ReactElement,
  type ReactNode,
} from 'react';
import { keepAll, type Reducer, type SeriesView } from '../lib/seriesView';
import { Axis } from './Axis';
import { CANVAS_ABOVE_LINES, LineCanvas, resolveColor, type CanvasLine } from './LineCanvas';
import { areaPath, pathData, projectLine } from './lineGeometry';
import { ChartFrame } from './ChartFrame';
import { panDomain, useChartSync, zoomDomain } from './ChartSync';
import { Legend, type LegendItem } from './Legend';
import { useContainerWidth } from './useContainerWidth';
import './charts.css';

export interface ChartLine {
  /** Stable React key. */
  key: string;
  /** `data-series` of the path, e.g. `cwnd`. */
  series: string;
  /** `data-flow` of the path (flow id), when the line belongs to a flow. */
  flow?: string;
  /** `data-entity` of the path (link id, `all`, …), when it belongs to something else. */
  entity?: string;
  /** Highlight group (flow or entity id); defaults to flow ?? entity ?? key. */
  group?: string;
  /** Legend and read-out text. */
  label: string;
  color: string;
  dashed?: boolean;
  /** Stroke width (default 1.8). */
  width?: number;
  data: SeriesView | undefined;
  /** Multiplier from sample value to plotted value (e.g. 1/1000 for bytes → kB). */
  scale?: number;
  /** Whether this line sets the y range (false: clipped to the others' range). Default true. */
  fitY?: boolean;
  /** Whether the line gets a legend entry (lines of one group share one). Default true. */
  legend?: boolean;
  /** A secondary line (ssthresh): with many lines only the highlighted group's is drawn. */
  secondary?: boolean;
  /** Drawn as the shaded area between `data` and this series (a band: min to max across flows). */
  areaTo?: SeriesView;
  /** A hidden secondary line the pointer can reveal: hovering the plot draws the nearest one. */
  pick?: boolean;
}

/** A discrete event drawn on the top rail (a drop, a timeout, …). */
export interface ChartMarker {
  tMs: number;
  color: string;
  /** `data-cause` (true cause of a drop). */
  cause: string;
  flow?: string;
  entity?: string;
}

export interface TimeSeriesChartProps {
  /** Accessible name of the chart (exact). */
  title: string;
  yLabel: string;
  xLabel?: string;
  /** Right end of the time axis, in seconds. */
  xMaxS: number;
  lines: ChartLine[];
  /** Changes whenever line data grew (the buffers are mutated in place). */
  revision: number;
  height?: number;
  /** Reduces each line to the plot's pixel width before drawing (windowing + decimation). */
  reduce?: Reducer;
  /** Fixed y range (default: 0 to the visible maximum). */
  yDomain?: [number, number];
  markers?: readonly ChartMarker[];
  /** Legend entries for the markers (cause → colour). */
  markerLegend?: readonly { cause: string; label: string; color: string }[];
  figureProps?: HTMLAttributes<HTMLElement> & Record<`data-${string}`, string | number | undefined>;
  /** One line saying what the chart shows (ChartFrame). */
  caption?: ReactNode;
  note?: ReactNode;
  /** Extra legend content (e.g. line styles). */
  legendExtra?: ReactNode;
  fileName?: string;
  /** Delay before redrawing after new data, ms (RunCharts staggers its charts). */
  staggerMs?: number;
}

const MARGIN = { top: 14, right: 16, bottom: 40, left: 64 };
const fmt = formatChart;
const MAX_READOUT = 8;

/** Above this many lines, secondary lines are drawn only for the highlighted group. */
const MANY_LINES = 24;

export function TimeSeriesChart({
  title,
  yLabel,
  xLabel = 'time (s)',
  xMaxS,
  lines,
  revision,
  height = 240,
  reduce = keepAll,
  yDomain,
  markers,
  markerLegend,
  figureProps,
  caption,
  note,
  legendExtra,
  fileName,
  staggerMs = 0,
}: TimeSeriesChartProps) {
  const sync = useChartSync();
  const width = useContainerWidth();
  const svgRef = useRef<SVGSVGElement>(null);
  const plotRef = useRef<SVGRectElement>(null);
  const uid = useId().replace(/:/g, '');
  const clipId = `clip-${uid}`;
  const hintId = `hint-${uid}`;
  const innerW = Math.max(10, width.value - MARGIN.left - MARGIN.right);
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const maxMs = (xMaxS > 0 ? xMaxS : 1) * 1000;
  const domain = useMemo<[number, number]>(() => sync.domain ?? [0, maxMs], [sync.domain, maxMs]);

  const hlGroup = sync.highlight;
  // The connection revealed by hovering (pickable lines only; see `nearestPick`).
  const [picked, setPicked] = useState<string | null>(null);
  const drawnLines = useMemo(
    () =>
      lines.length > MANY_LINES
        ? lines.filter((l) => !l.secondary || groupOf(l) === hlGroup || (l.pick && groupOf(l) === picked))
        : lines,
    [lines, hlGroup, picked],
  );
  // Charts redraw one after another (a few ms apart), so many flows never block input for long.
  const drawn = useStaggered(revision, staggerMs);

  const plotted = useMemo(() => {
    const x = scaleLinear()
      .domain([domain[0] / 1000, domain[1] / 1000])
      .range([0, innerW]);
    // Two samples per pixel column for a few lines; one column per two pixels when there are many.
    const columns = drawnLines.length > 12 ? innerW / 2 : innerW;
    const views = drawnLines.map((l) => ({
      line: l,
      view: l.data ? reduce(l.data, domain[0], domain[1], columns) : undefined,
    }));
    let y0 = 0;
    let y1 = 0;
    if (yDomain) [y0, y1] = yDomain;
    else {
      // A band's upper edge counts for the y range too.
      const fit = [...views];
      for (const l of drawnLines)
        if (l.areaTo) fit.push({ line: l, view: reduce(l.areaTo, domain[0], domain[1], columns) });
      for (const { line: l, view } of fit) {
        if (!view || l.fitY === false) continue;
        const k = l.scale ?? 1;
        for (let i = 0; i < view.length; i++) {
          const t = view.t[i];
          if (t < domain[0] || t > domain[1]) continue;
          const v = view.v[i] * k;
          if (Number.isFinite(v) && v > y1) y1 = v;
        }
      }
      y1 = y1 > 0 ? y1 * 1.05 : 1;
    }
    const y = scaleLinear().domain([y0, y1]).range([innerH, 0]);
    if (!yDomain) y.nice();
    // Linear maps written out (px = t·ax + bx, py = v·ay + by), see lineGeometry.ts.
    const ax = (x(1) - x(0)) / 1000;
    const bx = x(0);
    const onCanvas = views.length > CANVAS_ABOVE_LINES;
    const paths = views.map(({ line: l, view }) => {
      const ay = (y(1) - y(0)) * (l.scale ?? 1);
      const xy = view ? projectLine(view, { ax, bx, ay, by: y(0) }) : new Float32Array(0);
      let d = onCanvas ? '' : pathData(xy);
      if (l.areaTo && !onCanvas && xy.length > 0) {
        const upper = projectLine(reduce(l.areaTo, domain[0], domain[1], columns), { ax, bx, ay, by: y(0) });
        d = areaPath(xy, upper);
      }
      return { l, xy, d, samples: l.data?.length ?? 0 };
    });
    return { x, y, paths, onCanvas };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the domains' bounds stand for the arrays; drawn stands for the buffers' contents, which are mutated in place
  }, [drawnLines, domain[0], domain[1], innerW, innerH, drawn, reduce, yDomain?.[0], yDomain?.[1]]);
  // The scales as objects that change only when their domain or range does: new samples that keep
  // the axes where they were re-render neither the axes nor the drop marks (issue 15).
  const xScale = useStableScale(plotted.x);
  const yScale = useStableScale(plotted.y);

  const markerShapes = useMemo(() => {
    if (!markers || markers.length === 0) return [];
    // One marker per pixel column and cause is enough to see where drops cluster.
    const seen = new Set<string>();
    // Keyed by what they show (column, cause, flow, link), so a marker that appears earlier in the
    // list does not make React rewrite every marker after it on each frame.
    const out: { x: number; m: ChartMarker; key: string }[] = [];
    for (const m of markers) {
      if (m.tMs < domain[0] || m.tMs > domain[1]) continue;
      const px = Math.round(xScale(m.tMs / 1000));
      const k = `${px}|${m.cause}|${m.flow ?? ''}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push({ x: px, m, key: `${k}|${m.entity ?? ''}` });
      if (out.length > 3000) break;
    }
    return out;
  }, [markers, xScale, domain]);

  // Interaction: brush (drag), pan (Shift-drag), hover.
  const [brush, setBrush] = useState<[number, number] | null>(null);
  const drag = useRef<{ x0: number; pan: boolean; domain: [number, number] } | null>(null);
  const localX = (clientX: number) => {
    const r = plotRef.current?.getBoundingClientRect();
    return r ? Math.min(Math.max(0, clientX - r.left), innerW) : 0;
  };
  const tAt = (px: number) => plotted.x.invert(px) * 1000;

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.button !== 0) return;
    (e.target as Element).setPointerCapture?.(e.pointerId);
    drag.current = { x0: localX(e.clientX), pan: e.shiftKey, domain };
  };
  const hasPick = useMemo(() => lines.some((l) => l.pick), [lines]);
  const onPointerMove = (e: React.PointerEvent) => {
    const px = localX(e.clientX);
    sync.setHoverT(tAt(px));
    if (hasPick) {
      const r = plotRef.current?.getBoundingClientRect();
      const py = r ? e.clientY - r.top : 0;
      const g = nearestPick(lines, tAt(px), plotted.y.invert(py));
      if (g !== picked) startTransition(() => setPicked(g));
    }
    const d = drag.current;
    if (!d) return;
    if (d.pan) {
      const delta = -((px - d.x0) / innerW) * (d.domain[1] - d.domain[0]);
      if (sync.domain || Math.abs(delta) > 0) sync.setDomain(panDomain(d.domain, delta, maxMs));
    } else setBrush([Math.min(d.x0, px), Math.max(d.x0, px)]);
  };
  const onPointerUp = (e: React.PointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.pan) return;
    const px = localX(e.clientX);
    setBrush(null);
    if (Math.abs(px - d.x0) > 4) {
      const a = tAt(Math.min(px, d.x0));
      const b = tAt(Math.max(px, d.x0));
      if (b - a > 1) sync.setDomain([a, b]);
    }
  };

  // Ctrl/⌘ + wheel zooms around the pointer (a native listener: React's wheel listener is passive).
  const wheel = useRef({ domain, maxMs, x: plotted.x, setDomain: sync.setDomain });
  wheel.current = { domain, maxMs, x: plotted.x, setDomain: sync.setDomain };
  useEffect(() => {
    const el = plotRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const w = wheel.current;
      const r = el.getBoundingClientRect();
      const t = w.x.invert(e.clientX - r.left) * 1000;
      w.setDomain(zoomDomain(w.domain, e.deltaY < 0 ? 0.8 : 1.25, t, w.maxMs));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, []);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const span = domain[1] - domain[0];
    const mid = (domain[0] + domain[1]) / 2;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      if (!sync.domain) return;
      sync.setDomain(panDomain(domain, (e.key === 'ArrowLeft' ? -0.1 : 0.1) * span, maxMs));
    } else if (e.key === '+' || e.key === '=') sync.setDomain(zoomDomain(domain, 0.7, mid, maxMs));
    else if (e.key === '-' || e.key === '_') sync.setDomain(zoomDomain(domain, 1 / 0.7, mid, maxMs));
    else if (e.key === '0' || e.key === 'Home') sync.setDomain(null);
    else return;
    e.preventDefault();
  };

  // Read-out at the shared hovered time.
  const hoverT = sync.hoverT !== null && sync.hoverT >= domain[0] && sync.hoverT <= domain[1] ? sync.hoverT : null;
  const readout = useMemo(() => {
    if (hoverT === null) return [];
    const rows: { key: string; label: string; color: string; value: string; dashed?: boolean; group: string }[] = [];
    for (const l of lines) {
      const d = l.data;
      if (!d || d.length === 0) continue;
      // Many connections: the band, the median and the shown connection, not every one.
      if (hasPick && (l.pick || l.secondary) && groupOf(l) !== sync.highlight && groupOf(l) !== picked) continue;
      const i = lastAtOrBefore(d, hoverT);
      if (i < 0) continue;
      const v = d.v[i] * (l.scale ?? 1);
      let value = readoutValue(v, yLabel);
      if (l.areaTo) {
        const j = lastAtOrBefore(l.areaTo, hoverT);
        if (j >= 0) value = `${value} to ${readoutValue(l.areaTo.v[j] * (l.scale ?? 1), yLabel)}`;
      }
      rows.push({
        key: l.key,
        label: l.label,
        color: l.color,
        value,
        dashed: l.dashed,
        group: groupOf(l),
      });
    }
    if (sync.highlight) rows.sort((a, b) => Number(b.group === sync.highlight) - Number(a.group === sync.highlight));
    return rows;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- revision stands for the lines' buffers, which are mutated in place
  }, [hoverT, lines, revision, sync.highlight, picked, hasPick]);

  const legendItems: LegendItem[] = useMemo(() => {
    const seen = new Set<string>();
    const out: LegendItem[] = [];
    for (const l of lines) {
      if (l.legend === false) continue;
      const g = groupOf(l);
      if (seen.has(g)) continue;
      seen.add(g);
      out.push({ id: g, label: l.label, color: l.color, dashed: l.dashed });
    }
    return out;
  }, [lines]);

  const hl = sync.highlight;
  const highlighted = hl !== null && lines.some((l) => groupOf(l) === hl);
  const ordered = highlighted
    ? [...plotted.paths].sort((a, b) => Number(groupOf(a.l) === hl) - Number(groupOf(b.l) === hl))
    : plotted.paths;
  const xTicks = Math.max(2, Math.floor(innerW / 80));
  // Elements that stay the same object while their inputs do, so React skips them on a frame that
  // only brought samples (a memoised element is not rendered again).
  const axes = useMemo(
    () => (
      <>
        <Axis scale={yScale} orient="left" ticks={5} gridSize={innerW} format={fmt} />
        <Axis scale={xScale} orient="bottom" y={innerH} ticks={xTicks} />
      </>
    ),
    [xScale, yScale, innerW, innerH, xTicks],
  );
  const { setHighlight } = sync;
  const legendHl = highlighted ? hl : null;
  const legend = useMemo(
    () => (
      <Legend
        items={legendItems}
        highlight={legendHl}
        onToggle={(id) => setHighlight(legendHl === id ? null : id)}
        label={`${title} legend`}
      />
    ),
    [legendItems, legendHl, setHighlight, title],
  );
  const markerPaths = useMarkerPaths(markerShapes);
  const hoverX = hoverT === null ? null : plotted.x(hoverT / 1000);
  const isDim = (l: ChartLine) => highlighted && groupOf(l) !== hl;
  const isHl = (l: ChartLine) => highlighted && groupOf(l) === hl;
  const strokeWidth = (l: ChartLine) => (isHl(l) ? 2.8 : (l.width ?? 1.8));

  const canvasLines: CanvasLine[] = useMemo(
    () =>
      plotted.onCanvas
        ? ordered.map(({ l, xy }) => ({
            xy,
            color: l.color,
            width: strokeWidth(l),
            dashed: l.dashed,
            dim: isDim(l),
            flow: l.flow,
            series: l.series,
          }))
        : [],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- ordered, isDim and strokeWidth are rebuilt each render from plotted, hl and highlighted, which are listed
    [plotted, hl, highlighted],
  );

  // A saved SVG always holds the lines as paths, whichever way the page drew them.
  const prepareExport = (clone: SVGSVGElement) => {
    if (!plotted.onCanvas) return;
    const layer = clone.querySelector('[data-lines-layer]');
    if (!layer) return;
    const css = getComputedStyle(svgRef.current ?? document.documentElement);
    const NS = 'http://www.w3.org/2000/svg';
    for (const { l, xy } of [...ordered].reverse()) {
      const path = document.createElementNS(NS, 'path');
      path.setAttribute('d', pathData(xy));
      path.setAttribute('data-series', l.series);
      if (l.flow) path.setAttribute('data-flow', l.flow);
      if (l.entity) path.setAttribute('data-entity', l.entity);
      const style = [
        `fill:none`,
        `stroke:${resolveColor(l.color, css)}`,
        `stroke-width:${strokeWidth(l)}`,
        'stroke-linejoin:round',
        'stroke-linecap:round',
      ];
      if (l.dashed) style.push('stroke-dasharray:5 4');
      if (isDim(l)) style.push('opacity:0.18');
      path.setAttribute('style', style.join(';'));
      layer.insertBefore(path, layer.firstChild);
    }
  };

  return (
    <ChartFrame
      title={title}
      fileName={fileName}
      svgRef={svgRef}
      prepareExport={prepareExport}
      figureProps={figureProps}
      caption={caption}
      note={note}
      legend={
        <>
          {legend}
          {markerLegend && markerLegend.length > 0 && (
            <ul className="legend legend-static" aria-label={`${title} markers`}>
              {markerLegend.map((m) => (
                <li key={m.cause}>
                  <svg width="12" height="10" aria-hidden="true">
                    <path d="M1,1 L11,1 L6,9 Z" fill={m.color} />
                  </svg>
                  {m.label}
                </li>
              ))}
            </ul>
          )}
          {legendExtra}
        </>
      }
    >
      <div
        ref={width.ref}
        className="chart-frame"
        tabIndex={0}
        role="group"
        aria-label={`${title} chart controls`}
        aria-describedby={hintId}
        onKeyDown={onKeyDown}
      >
        <span id={hintId} className="sr-only">
          Drag across the plot to zoom into a time range, Shift-drag to pan, double-click to show the whole run; with
          this chart focused, plus and minus zoom, the arrow keys pan and 0 resets.
        </span>
        {plotted.onCanvas && (
          <LineCanvas
            lines={canvasLines}
            left={MARGIN.left}
            top={MARGIN.top}
            width={innerW}
            height={innerH}
            overshoot={8}
          />
        )}
        <svg
          ref={svgRef}
          role="img"
          aria-label={title}
          width={width.value}
          height={height}
          viewBox={`0 0 ${width.value} ${height}`}
          data-x-max-s={domain[1] / 1000}
          data-revision={drawn}
        >
          <defs>
            <clipPath id={clipId}>
              <rect x={0} y={-8} width={innerW} height={innerH + 8} />
            </clipPath>
          </defs>
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            {axes}
            <g clipPath={`url(#${clipId})`} data-lines-layer="">
              {!plotted.onCanvas &&
                ordered.map(({ l, d, samples }) => (
                  <path
                    key={l.key}
                    className={`${l.areaTo ? 'band' : 'line'}${isDim(l) ? ' dim' : ''}${isHl(l) ? ' hl' : ''}${groupOf(l) === picked && !isHl(l) ? ' picked' : ''}`}
                    d={d}
                    data-series={l.series}
                    data-flow={l.flow}
                    data-entity={l.entity}
                    data-points={samples}
                    style={l.areaTo ? { fill: l.color } : { stroke: l.color }}
                    strokeWidth={l.areaTo ? undefined : (l.width ?? 1.8)}
                    strokeDasharray={l.dashed ? '5 4' : undefined}
                  />
                ))}
              {markerPaths}
            </g>
            {hoverX !== null && <line className="hover-rule" x1={hoverX} x2={hoverX} y1={0} y2={innerH} />}
            {brush && <rect className="brush" x={brush[0]} y={0} width={brush[1] - brush[0]} height={innerH} />}
            <rect
              ref={plotRef}
              className="plot-overlay"
              x={0}
              y={0}
              width={innerW}
              height={innerH}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={onPointerUp}
              onPointerLeave={() => {
                if (!drag.current) sync.setHoverT(null);
                setPicked(null);
              }}
              onDoubleClick={() => sync.setDomain(null)}
            />
            <text className="axis-label" x={innerW / 2} y={innerH + 34} textAnchor="middle">
              {xLabel}
            </text>
            <text className="axis-label" transform={`translate(${-50},${innerH / 2}) rotate(-90)`} textAnchor="middle">
              {yLabel}
            </text>
          </g>
        </svg>
        {readout.length > 0 && hoverX !== null && (
          <div
            className="readout"
            style={hoverX > innerW / 2 ? { left: MARGIN.left + 8 } : { right: MARGIN.right + 8 }}
            data-testid="readout"
            aria-hidden="true"
          >
            <div className="readout-time">t = {fmt(hoverT! / 1000)} s</div>
            {readout.slice(0, MAX_READOUT).map((r) => (
              <div key={r.key} className="readout-row">
                <svg width="14" height="8">
                  <line
                    x1="0"
                    y1="4"
                    x2="14"
                    y2="4"
                    style={{ stroke: r.color }}
                    strokeWidth="2.5"
                    strokeDasharray={r.dashed ? '3 2' : undefined}
                  />
                </svg>
                <span className="readout-label">{r.label}</span>
                <span className="readout-value">{r.value}</span>
              </div>
            ))}
            {readout.length > MAX_READOUT && <div className="readout-more">+{readout.length - MAX_READOUT} more</div>}
          </div>
        )}
      </div>
    </ChartFrame>
  );
}

/** `value`, passed on `delayMs` after it changes (immediately when 0). */
function useStaggered(value: number, delayMs: number): number {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (delayMs <= 0 || value === shown) return;
    // A transition, like the revision itself (useThrottledRevision): the redraw may be interrupted.
    const t = setTimeout(() => startTransition(() => setShown(value)), delayMs);
    return () => clearTimeout(t);
  }, [value, shown, delayMs]);
  return delayMs <= 0 ? value : shown;
}

/**
 * The group of the pickable line whose value at time `tMs` is nearest `value` (in plotted units),
 * or null when there is none.
 */
export function nearestPick(lines: readonly ChartLine[], tMs: number, value: number): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const l of lines) {
    if (!l.pick || !l.data || l.data.length === 0) continue;
    const i = lastAtOrBefore(l.data, tMs);
    if (i < 0) continue;
    const d = Math.abs(l.data.v[i] * (l.scale ?? 1) - value);
    if (d < bestD) {
      bestD = d;
      best = groupOf(l);
    }
  }
  return best;
}

function groupOf(l: ChartLine): string {
  return l.group ?? l.flow ?? l.entity ?? l.key;
}

/** Index of the last sample at or before `t`, or −1. */
function lastAtOrBefore(d: SeriesView, t: number): number {
  let lo = 0;
  let hi = d.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (d.t[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** A scale object that stays the same while its domain and range do. */
function useStableScale(scale: ScaleLinear<number, number>): ScaleLinear<number, number> {
  const kept = useRef(scale);
  const [a0, a1] = kept.current.domain();
  const [b0, b1] = scale.domain();
  const [r0, r1] = kept.current.range();
  const [s0, s1] = scale.range();
  if (a0 !== b0 || a1 !== b1 || r0 !== s0 || r1 !== s1) kept.current = scale;
  return kept.current;
}

/**
 * The drop marks' elements, each kept as the same object while its shape is (its key says where
 * it is and what it shows): a frame that adds drops creates only the new marks' elements, and React
 * skips the others.
 */
function useMarkerPaths(shapes: readonly { x: number; m: ChartMarker; key: string }[]): ReactElement[] {
  type Mark = ReactElement<{ fill: string }>;
  const cache = useRef(new Map<string, Mark>());
  return useMemo(() => {
    const next = new Map<string, Mark>();
    const out = shapes.map(({ x, m, key }) => {
      let el = cache.current.get(key);
      if (!el || el.props.fill !== m.color) {
        el = (
          <path
            key={key}
            className="marker"
            d={`M${x - 4},-6 L${x + 4},-6 L${x},2 Z`}
            fill={m.color}
            data-cause={m.cause}
            data-flow={m.flow}
            data-entity={m.entity}
          />
        ) as Mark;
      }
      next.set(key, el);
      return el;
    });
    cache.current = next;
    return out;
  }, [shapes]);
}
