/**
 * A live time-series chart: d3-scale and d3-shape do the maths, React renders the SVG.
 * Every line is decimated to the plot's pixel width before its path is built.
 */
import { scaleLinear } from 'd3-scale';
import { line } from 'd3-shape';
import { useEffect, useId, useMemo, useRef, useState, type HTMLAttributes } from 'react';
import { keepAll, type Reducer, type SeriesView } from '../lib/seriesView';
import { Axis } from './Axis';

export interface ChartLine {
  /** Stable React key. */
  key: string;
  /** `data-series` of the path, e.g. `cwnd`. */
  series: string;
  /** `data-flow` of the path (flow id). */
  flow: string;
  /** Legend text. */
  label: string;
  color: string;
  dashed?: boolean;
  data: SeriesView | undefined;
  /** Multiplier from sample value to plotted value (e.g. 1/1000 for bytes → kB). */
  scale?: number;
  /** Whether this line sets the y range (false: clipped to the others' range). Default true. */
  fitY?: boolean;
}

export interface TimeSeriesChartProps {
  /** Accessible name of the chart. */
  title: string;
  yLabel: string;
  xLabel?: string;
  /** Right end of the time axis, in seconds. */
  xMaxS: number;
  lines: ChartLine[];
  /** Changes whenever line data grew (the buffers are mutated in place). */
  revision: number;
  height?: number;
  /** Reduces each line to the plot's pixel width before drawing (e.g. min/max decimation). */
  reduce?: Reducer;
  /** Extra attributes on the figure (e.g. data-run-id). */
  figureProps?: HTMLAttributes<HTMLElement> & Record<`data-${string}`, string | number | undefined>;
}

const MARGIN = { top: 12, right: 20, bottom: 44, left: 72 };

export function TimeSeriesChart({
  title,
  yLabel,
  xLabel = 'time (s)',
  xMaxS,
  lines,
  revision,
  height = 260,
  reduce = keepAll,
  figureProps,
}: TimeSeriesChartProps) {
  const width = useContainerWidth();
  const clipId = useId().replace(/:/g, '');
  const innerW = Math.max(10, width.value - MARGIN.left - MARGIN.right);
  const innerH = height - MARGIN.top - MARGIN.bottom;

  const plotted = useMemo(() => {
    const x = scaleLinear()
      .domain([0, xMaxS > 0 ? xMaxS : 1])
      .range([0, innerW]);
    const decimated = lines.map((l) => ({
      line: l,
      view: l.data ? reduce(l.data, 0, (xMaxS > 0 ? xMaxS : 1) * 1000, innerW) : undefined,
    }));
    let yMax = 0;
    for (const { line: l, view } of decimated) {
      if (!view || l.fitY === false) continue;
      const k = l.scale ?? 1;
      for (let i = 0; i < view.length; i++) {
        const v = view.v[i] * k;
        if (Number.isFinite(v) && v > yMax) yMax = v;
      }
    }
    const y = scaleLinear()
      .domain([0, yMax > 0 ? yMax * 1.05 : 1])
      .range([innerH, 0])
      .nice();
    const paths = decimated.map(({ line: l, view }) => {
      const k = l.scale ?? 1;
      let d = '';
      if (view && view.length > 0) {
        const idx = Array.from({ length: view.length }, (_, i) => i);
        d =
          line<number>()
            .defined((i) => Number.isFinite(view.v[i]))
            .x((i) => x(view.t[i] / 1000))
            .y((i) => y(view.v[i] * k))(idx) ?? '';
      }
      return { l, d, samples: l.data?.length ?? 0 };
    });
    return { x, y, paths };
    // `revision` stands for the buffers' contents, which are mutated in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lines, xMaxS, innerW, innerH, revision, reduce]);

  return (
    <figure className="chart" {...figureProps}>
      <div ref={width.ref} className="chart-frame">
        <svg
          role="img"
          aria-label={title}
          width={width.value}
          height={height}
          viewBox={`0 0 ${width.value} ${height}`}
        >
          <defs>
            <clipPath id={clipId}>
              <rect x={0} y={0} width={innerW} height={innerH} />
            </clipPath>
          </defs>
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            <Axis scale={plotted.y} orient="left" ticks={5} gridSize={innerW} />
            <Axis scale={plotted.x} orient="bottom" y={innerH} ticks={Math.max(2, Math.floor(innerW / 80))} />
            <g clipPath={`url(#${clipId})`}>
              {plotted.paths.map(({ l, d, samples }) => (
                <path
                  key={l.key}
                  className="line"
                  d={d}
                  data-series={l.series}
                  data-flow={l.flow}
                  data-points={samples}
                  stroke={l.color}
                  strokeDasharray={l.dashed ? '5 4' : undefined}
                />
              ))}
            </g>
            <text className="axis-label" x={innerW / 2} y={innerH + 36} textAnchor="middle">
              {xLabel}
            </text>
            <text
              className="axis-label"
              transform={`translate(${-58},${innerH / 2}) rotate(-90)`}
              textAnchor="middle"
            >
              {yLabel}
            </text>
          </g>
        </svg>
      </div>
      <figcaption className="chart-caption">
        <span className="chart-title">{title}</span>
        <ul className="legend">
          {lines.map((l) => (
            <li key={l.key}>
              <svg width="22" height="10" aria-hidden="true">
                <line x1="1" y1="5" x2="21" y2="5" stroke={l.color} strokeWidth="2.5" strokeDasharray={l.dashed ? '5 3' : undefined} />
              </svg>
              {l.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** Tracks the width of a container element (ResizeObserver), with a sensible first guess. */
function useContainerWidth(initial = 640) {
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
