/**
 * A live time-series chart: d3-scale and d3-shape do the maths, React renders the SVG.
 *
 * Every line is cut to the visible time window and decimated to the plot's pixel width before its
 * path is built (`usePlotted.ts`); a few lines are SVG paths, many go on a canvas (`LineCanvas`).
 * Linked through {@link useChartSync}: a vertical rule and a value read-out at the hovered time
 * (`ChartReadout.tsx`), a shared time window (`useChartPointer.ts`: drag to zoom into a range,
 * Shift-drag to pan, Ctrl/⌘-wheel to zoom, double-click to reset; with the chart focused: ←/→ pan,
 * +/− zoom, 0 resets), and the highlighted flow drawn on top while the others fade. With many
 * connections a chart draws a band (min to max across them, a shaded area) and their median;
 * hovering the plot draws the connection whose line passes nearest the pointer, and the legend or
 * a highlight shows any one of them. Drops and timeouts are marks above the plot, painted on a thin
 * canvas over the SVG (`DropMarks.tsx`). For readers who do not see it: a data table under the
 * chart (`ChartDataTable`), a calm spoken summary of the latest values (`ChartAnnouncer`), and the
 * read-out spoken when moved with the keys (docs/accessibility.md).
 */
import { formatChart } from '../lib/numberFormat';
import { useId, useMemo, useRef, useState, type HTMLAttributes, type ReactNode } from 'react';
import { keepAll, type Reducer } from '../lib/seriesView';
import { LineCanvas, type CanvasLine } from './LineCanvas';
import { ChartFrame } from './ChartFrame';
import { useChartSync } from './ChartSync';
import { ChartReadout, readoutSentence, useReadoutRows } from './ChartReadout';
import { ChartAnnouncer } from './ChartAnnouncer';
import { ChartDataTable } from './ChartDataTable';
import { timeSeriesTable } from './chartTable';
import { groupOf, MANY_LINES, type ChartLine, type ChartMarker } from './chartLine';
import { DropMarkCanvas, MarkerLegend } from './DropMarks';
import { addMarkPaths, markShapes } from './markDraw';
import { addLinePaths } from './exportLines';
import { useInTurn } from './frameTurns';
import { Legend, type LegendItem } from './Legend';
import { useChartPointer } from './useChartPointer';
import { useContainerWidth } from './useContainerWidth';
import { innerBox, PlotSvg } from './PlotArea';
import { MARGIN, usePlotted, useStableScale, useStaggered, type PlottedLine } from './usePlotted';
import './charts.css';

export type { ChartLine, ChartMarker } from './chartLine';
export { nearestPick } from './chartLine';

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

const fmt = formatChart;

/** Width of a flow's line when the lines go on a canvas (many flows), CSS px. */
export const FLOW_HAIRLINE = 1;

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
  const { innerW, innerH } = innerBox(width.value, height, MARGIN);
  // A new bound of the time axis moves every point: charts take it in turns, a frame each.
  const xEndS = useInTurn(xMaxS);
  const maxMs = (xEndS > 0 ? xEndS : 1) * 1000;
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
  const plotted = usePlotted(drawnLines, domain, innerW, innerH, drawn, reduce, yDomain);
  // The scales as objects that change only when their domain or range does: new samples that keep
  // the axes where they were re-render neither the axes nor the drop marks.
  const xScale = useStableScale(plotted.x);
  const yScale = useStableScale(plotted.y);
  const marks = useMemo(() => markShapes(markers, xScale, domain), [markers, xScale, domain]);

  const hasPick = useMemo(() => lines.some((l) => l.pick), [lines]);
  const pointer = useChartPointer({
    plotRef,
    sync,
    domain,
    maxMs,
    innerW,
    x: plotted.x,
    y: plotted.y,
    lines,
    hasPick,
    picked,
    setPicked,
  });

  // Read-out at the shared hovered time.
  const hoverT = sync.hoverT !== null && sync.hoverT >= domain[0] && sync.hoverT <= domain[1] ? sync.hoverT : null;
  const readout = useReadoutRows(lines, hoverT, { revision, yLabel, highlight: sync.highlight, picked, hasPick });

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
  // The same objects while their inputs are, so the frame keeps its axes on a frame that only
  // brought samples.
  const yAxis = useMemo(() => ({ scale: yScale, format: fmt }), [yScale]);
  const xAxis = useMemo(() => ({ scale: xScale }), [xScale]);
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
  const hoverX = hoverT === null ? null : plotted.x(hoverT / 1000);
  const isDim = (l: ChartLine) => highlighted && groupOf(l) !== hl;
  const isHl = (l: ChartLine) => highlighted && groupOf(l) === hl;
  // Many flows on a canvas: each flow's line is a 1 px hairline (thirty overlapping lines stay
  // apart, and a hairline rasterises about ten times faster than a 1.8 px stroke, which made every
  // full redraw of a canvas a long task); the highlighted flow and the lines that stand
  // for all flows (aggregate, median, Jain index) keep their width.
  const strokeWidth = (l: ChartLine) =>
    isHl(l) ? 2.8 : plotted.onCanvas && l.flow !== undefined ? FLOW_HAIRLINE : (l.width ?? 1.8);

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

  // A saved SVG always holds the lines and the drop marks as paths, though the page painted the
  // marks (and many lines) on canvases.
  const prepareExport = (clone: SVGSVGElement) => {
    const css = getComputedStyle(svgRef.current ?? document.documentElement);
    if (plotted.onCanvas)
      addLinePaths(clone, ordered, (p: PlottedLine) => ({ width: strokeWidth(p.l), dim: isDim(p.l) }), css);
    addMarkPaths(clone, marks, css);
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
          {markerLegend && markerLegend.length > 0 && <MarkerLegend title={title} items={markerLegend} />}
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
        onKeyDown={pointer.onKeyDown}
      >
        <span id={hintId} className="sr-only">
          Drag across the plot to zoom into a time range, Shift-drag to pan, double-click to show the whole run; with
          this chart focused, plus and minus zoom, the arrow keys pan and 0 resets; Shift with the arrow keys reads the
          values at a time, Escape stops. The data table under the chart lists the values.
        </span>
        <p className="sr-only" aria-live="polite" data-testid="readout-spoken">
          {pointer.keyCursor && hoverT !== null ? readoutSentence(hoverT, readout) : ''}
        </p>
        <ChartAnnouncer title={title} lines={lines} yLabel={yLabel} revision={revision} />
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
        <PlotSvg
          svgRef={svgRef}
          label={title}
          width={width.value}
          height={height}
          margin={MARGIN}
          innerW={innerW}
          innerH={innerH}
          y={yAxis}
          x={xAxis}
          titles={{ x: xLabel, y: yLabel, xBelow: 34, yLeft: 50 }}
          defs={
            <clipPath id={clipId}>
              <rect x={0} y={-8} width={innerW} height={innerH + 8} />
            </clipPath>
          }
          data={{ 'x-max-s': domain[1] / 1000, revision: drawn }}
        >
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
          </g>
          {hoverX !== null && <line className="hover-rule" x1={hoverX} x2={hoverX} y1={0} y2={innerH} />}
          {pointer.brush && (
            <rect
              className="brush"
              x={pointer.brush[0]}
              y={0}
              width={pointer.brush[1] - pointer.brush[0]}
              height={innerH}
            />
          )}
          <rect
            ref={plotRef}
            className="plot-overlay"
            x={0}
            y={0}
            width={innerW}
            height={innerH}
            {...pointer.overlay}
          />
        </PlotSvg>
        {markers && <DropMarkCanvas shapes={marks} left={MARGIN.left} top={MARGIN.top} width={innerW} />}
        {readout.length > 0 && hoverX !== null && (
          <ChartReadout
            ref={pointer.readoutRef}
            rows={readout}
            hoverT={hoverT!}
            // Inside the plot, so a pointer on the box is still on the plot: 4 px below its top,
            // and at least 4 px above its foot.
            maxHeight={innerH - 8}
            style={{
              top: MARGIN.top + 4,
              ...((pointer.readoutSide ?? (hoverX > innerW / 2 ? 'left' : 'right')) === 'left'
                ? { left: MARGIN.left + 8 }
                : { right: MARGIN.right + 8 }),
            }}
          />
        )}
      </div>
      <ChartDataTable
        build={(page) =>
          timeSeriesTable(title, lines, yLabel, markers && { markers, causes: markerLegend ?? [] }, page)
        }
        revision={`${revision} ${lines.length} ${markers?.length ?? 0}`}
      />
    </ChartFrame>
  );
}
