/**
 * A sweep result: the mean of a metric at each value of the varied parameter, with 95 %
 * confidence intervals as error bars, one series per flow (or group) and second-parameter value —
 * like the papers' figures. Numeric parameters get a linear axis, anything else one tick per value.
 */
import { formatChart } from '../lib/numberFormat';
import { scaleLinear, scalePoint } from 'd3-scale';
import { useMemo, useRef } from 'react';
import { formatEng } from '../lib/numberFormat';
import { Axis } from './Axis';
import { ChartFrame } from './ChartFrame';
import { useContainerWidth } from './useContainerWidth';
import './charts.css';

export interface SweepPoint {
  x: unknown;
  mean: number;
  low: number;
  high: number;
  n: number;
}

export interface SweepSeries {
  key: string;
  label: string;
  color: string;
  dashed?: boolean;
  points: SweepPoint[];
}

export interface SweepChartProps {
  title: string;
  xLabel: string;
  yLabel: string;
  /** The varied values in order (sets the x axis even before results arrive). */
  xValues: readonly unknown[];
  series: readonly SweepSeries[];
  height?: number;
  fileName?: string;
  /**
   * `linear` places numeric values by value; `even` spaces the values evenly (like the papers'
   * BER axes); `auto` (default) picks `even` when non-zero values span more than two decades.
   */
  xSpacing?: 'auto' | 'linear' | 'even';
}

const MARGIN = { top: 14, right: 20, bottom: 44, left: 70 };
const fmt = formatChart;
const show = (v: unknown) => (typeof v === 'number' ? (Math.abs(v) < 1e-3 ? formatEng(v) : fmt(v)) : String(v));

export function SweepChart({
  title,
  xLabel,
  yLabel,
  xValues,
  series,
  height = 280,
  fileName,
  xSpacing = 'auto',
}: SweepChartProps) {
  const width = useContainerWidth();
  const svgRef = useRef<SVGSVGElement>(null);
  const innerW = Math.max(10, width.value - MARGIN.left - MARGIN.right);
  const innerH = height - MARGIN.top - MARGIN.bottom;
  const allNumbers = xValues.length > 0 && xValues.every((v) => typeof v === 'number' && Number.isFinite(v));
  const nonZero = allNumbers ? (xValues as number[]).filter((v) => v !== 0).map(Math.abs) : [];
  const wide = nonZero.length > 1 && Math.max(...nonZero) / Math.min(...nonZero) > 100;
  const numeric = allNumbers && (xSpacing === 'linear' || (xSpacing === 'auto' && !wide));

  const scales = useMemo(() => {
    let yMax = 0;
    let yMin = 0;
    for (const s of series)
      for (const p of s.points) {
        if (Number.isFinite(p.high)) yMax = Math.max(yMax, p.high);
        if (Number.isFinite(p.low)) yMin = Math.min(yMin, p.low);
      }
    const y = scaleLinear()
      .domain([yMin, yMax > yMin ? yMax * 1.05 : yMin + 1])
      .range([innerH, 0])
      .nice();
    if (numeric) {
      const xs = xValues as number[];
      let lo = Math.min(...xs);
      let hi = Math.max(...xs);
      if (lo === hi) {
        lo -= 1;
        hi += 1;
      }
      const pad = (hi - lo) * 0.04;
      const x = scaleLinear()
        .domain([lo - pad, hi + pad])
        .range([0, innerW]);
      return { y, xPos: (v: unknown) => x(v as number), xAxis: x, ticks: xs };
    }
    const x = scalePoint<string>().domain(xValues.map(show)).range([0, innerW]).padding(0.5);
    return { y, xPos: (v: unknown) => x(show(v)) ?? 0, xAxis: null, ticks: [] as number[] };
  }, [series, xValues, numeric, innerW, innerH]);

  // Series side by side around each x so their error bars do not overlap.
  const offset = (i: number) =>
    series.length <= 1 ? 0 : (i - (series.length - 1) / 2) * Math.min(8, 40 / series.length);

  return (
    <ChartFrame
      title={title}
      svgRef={svgRef}
      fileName={fileName}
      legend={
        <ul className="legend legend-static" aria-label={`${title} legend`}>
          {series.map((s) => (
            <li key={s.key}>
              <svg width="22" height="10" aria-hidden="true">
                <line
                  x1="1"
                  y1="5"
                  x2="21"
                  y2="5"
                  style={{ stroke: s.color }}
                  strokeWidth="2.5"
                  strokeDasharray={s.dashed ? '5 3' : undefined}
                />
              </svg>
              {s.label}
            </li>
          ))}
          <li className="legend-note">bars: 95 % confidence interval (Student t)</li>
        </ul>
      }
    >
      <div ref={width.ref} className="chart-frame">
        <svg
          ref={svgRef}
          role="img"
          aria-label={title}
          width={width.value}
          height={height}
          viewBox={`0 0 ${width.value} ${height}`}
        >
          <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
            <Axis scale={scales.y} orient="left" ticks={5} gridSize={innerW} format={(n) => fmt(n)} />
            {scales.xAxis ? (
              <Axis
                scale={scales.xAxis}
                orient="bottom"
                y={innerH}
                ticks={Math.min(8, Math.max(2, Math.floor(innerW / 90)))}
                format={(n) => show(n)}
              />
            ) : (
              <g className="axis axis-bottom" transform={`translate(0,${innerH})`}>
                <line className="domain" x1={0} x2={innerW} y1={0} y2={0} style={{ stroke: 'var(--input-line)' }} />
                {xValues.map((v) => (
                  <text key={show(v)} x={scales.xPos(v)} y={18} textAnchor="middle">
                    {show(v)}
                  </text>
                ))}
              </g>
            )}
            {series.map((s, i) => {
              const dx = offset(i);
              const pts = s.points.filter((p) => Number.isFinite(p.mean));
              const line = pts
                .map((p, k) => `${k === 0 ? 'M' : 'L'}${scales.xPos(p.x) + dx},${scales.y(p.mean)}`)
                .join('');
              return (
                <g key={s.key} data-series={s.key}>
                  {line && (
                    <path
                      className="line"
                      d={line}
                      data-series={s.key}
                      style={{ stroke: s.color }}
                      strokeWidth={1.6}
                      strokeDasharray={s.dashed ? '5 4' : undefined}
                      fill="none"
                    />
                  )}
                  {pts.map((p) => {
                    const x = scales.xPos(p.x) + dx;
                    const yl = scales.y(p.low);
                    const yh = scales.y(p.high);
                    return (
                      <g key={show(p.x)}>
                        <path
                          className="ci-bar"
                          data-ci={`${show(p.x)}`}
                          data-n={p.n}
                          d={`M${x},${yl}V${yh}M${x - 4},${yl}H${x + 4}M${x - 4},${yh}H${x + 4}`}
                          style={{ stroke: s.color }}
                          fill="none"
                        />
                        <circle
                          className="mean-dot"
                          cx={x}
                          cy={scales.y(p.mean)}
                          r={3.5}
                          style={{ fill: s.color }}
                          data-mean={p.mean}
                        />
                      </g>
                    );
                  })}
                </g>
              );
            })}
            <text className="axis-label" x={innerW / 2} y={innerH + 38} textAnchor="middle">
              {xLabel}
            </text>
            <text className="axis-label" transform={`translate(${-54},${innerH / 2}) rotate(-90)`} textAnchor="middle">
              {yLabel}
            </text>
          </g>
        </svg>
      </div>
    </ChartFrame>
  );
}
