/**
 * A sweep result: the mean of a metric at each value of the varied parameter, with 95 %
 * confidence intervals as error bars, one series per flow (or group) and second-parameter value —
 * like the papers' figures. Numeric parameters get a linear or log axis (`sweepScale.ts`: a zero
 * gets its own "0" slot left of a break), anything else one tick per value. Bars are cut to the
 * metric's physical range with a note saying so; hovering or the arrow keys read a point's values
 * out, and "Show as table" lists them all (`SweepTable.tsx`). An optional reference overlay (a
 * paper's own numbers) draws hollow squares with their uncertainty bars (`ReferenceMarks.tsx`), and
 * optional theory lines (a lesson's Mathis or Padhye curve) thin dashed lines (`TheoryLines.tsx`).
 */
import { scaleLinear, scalePoint } from 'd3-scale';
import { innerBox, PlotSvg, Y_TITLE_LINE } from './PlotArea';
import { useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { formatChart } from '../lib/numberFormat';
import { ChartFrame } from './ChartFrame';
import { allNumeric, clipInterval, clipNote, sweepXScale, type MetricRange, type XScaleKind } from './sweepScale';
import { LineSwatch } from './LineSwatch';
import { ReferenceMarks, referenceExtent, type ReferenceSeries } from './ReferenceMarks';
import { SweepTable, type SweepRow } from './SweepTable';
import { TheoryLines, theoryExtent, type TheoryLine } from './TheoryLines';
import { useContainerWidth } from './useContainerWidth';
import { wrapWords } from './wrapWords';
import './charts.css';
import './sweepChart.css';

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
  /** The varied parameter in words, with its unit (`Bottleneck rate (bit/s)`). */
  xLabel: string;
  /** Its unit alone, for read-outs (`bit/s`; '' for none). */
  xUnit: string;
  /** A varied value in words (`1e-6`, `TCP NewReno`). */
  xText(v: unknown): string;
  /** The metric in words with its unit (`Throughput (kbit/s)`). */
  yLabel: string;
  /** The metric's unit as shown (`kbit/s`, `%`; '' for counts). */
  yUnit: string;
  /** Shown value = the simulator's value × this (100 for shares shown in %). */
  yFactor?: number;
  /** The metric's physical range in the simulator's units: bars are cut to it. */
  yRange?: MetricRange;
  /** The varied values in order (sets the x axis even before results arrive). */
  xValues: readonly unknown[];
  series: readonly SweepSeries[];
  /** Numeric x values: `log` or `linear` (ignored for names). */
  xScale: XScaleKind;
  /** One line under the chart saying what a point and a bar are. */
  caption: ReactNode;
  height?: number;
  fileName?: string;
  /** Numbers to draw over the series (a paper's points), numeric x only, in shown units. */
  reference?: readonly ReferenceSeries[];
  /** Analytic curves to draw over the series, numeric x only, in shown units. */
  theory?: readonly TheoryLine[];
}

const MARGIN = { top: 14, right: 20, bottom: 58, left: 70 };
const NO_RANGE: MetricRange = { min: null, max: null };
const NO_REFERENCE: readonly ReferenceSeries[] = [];
const NO_THEORY: readonly TheoryLine[] = [];

/** `12.5 kbit/s`, `3`, `80 %`. */
const withUnit = (v: number, unit: string) => `${formatChart(v)}${unit ? (unit === '%' ? ' %' : ` ${unit}`) : ''}`;

export function SweepChart({
  title,
  xLabel,
  xUnit,
  xText,
  yLabel,
  yUnit,
  yFactor = 1,
  yRange = NO_RANGE,
  xValues,
  series,
  xScale,
  caption,
  height = 300,
  fileName,
  reference = NO_REFERENCE,
  theory = NO_THEORY,
}: SweepChartProps) {
  const width = useContainerWidth();
  const svgRef = useRef<SVGSVGElement>(null);
  // The point read out, for the x values it was picked among: the chart stays mounted from one
  // sweep to the next, and a pick among other values (another sweep's) reads out nothing.
  const valuesKey = useMemo(() => JSON.stringify(xValues.map(xText)), [xValues, xText]);
  const [pointer, setPointer] = useState<{ at: number; among: string } | null>(null);
  const active = pointer !== null && pointer.among === valuesKey ? pointer.at : null;
  const setActive = (at: number | null) => setPointer(at === null ? null : { at, among: valuesKey });
  const [table, setTable] = useState(false);
  // A y title too long for the chart's height wraps (PlotArea): the left margin makes room for its lines.
  const [yLines, setYLines] = useState(1);
  const margin = useMemo(() => ({ ...MARGIN, left: MARGIN.left + (yLines - 1) * Y_TITLE_LINE }), [yLines]);
  const { innerW, innerH } = innerBox(width.value, height, margin);
  const numeric = allNumeric(xValues);

  // Every point as drawn: shown units, bars cut to the metric's range.
  const shown = useMemo(
    () =>
      series.map((s) => ({
        ...s,
        points: s.points
          .filter((p) => Number.isFinite(p.mean))
          .map((p) => {
            const c = clipInterval(p.low, p.high, yRange);
            return { ...p, c, mean: p.mean * yFactor, low: c.low * yFactor, high: c.high * yFactor, raw: p.mean };
          }),
      })),
    [series, yRange, yFactor],
  );

  const scales = useMemo(() => {
    let yMax = 0;
    let yMin = 0;
    for (const s of shown)
      for (const p of s.points) {
        if (Number.isFinite(p.high)) yMax = Math.max(yMax, p.high);
        if (Number.isFinite(p.low)) yMin = Math.min(yMin, p.low);
      }
    for (const r of [referenceExtent(reference), theoryExtent(theory)])
      if (r) {
        yMax = Math.max(yMax, r.max);
        yMin = Math.min(yMin, r.min);
      }
    let top = yMax > yMin ? yMax * 1.05 : yMin + 1;
    if (yRange.max !== null && yMax <= yRange.max * yFactor) top = Math.min(top, yRange.max * yFactor);
    const y = scaleLinear().domain([yMin, top]).range([innerH, 0]).nice();
    if (numeric) {
      const x = sweepXScale(xValues as number[], innerW, xScale);
      return { y, x, xPos: (v: unknown) => x.pos(v as number) };
    }
    const p = scalePoint<string>().domain(xValues.map(xText)).range([0, innerW]).padding(0.5);
    return { y, x: null, xPos: (v: unknown) => p(xText(v)) ?? 0 };
  }, [shown, reference, theory, xValues, numeric, innerW, innerH, xScale, xText, yRange, yFactor]);

  // Series side by side around each x so their error bars do not overlap.
  const offset = (i: number) =>
    series.length <= 1 ? 0 : (i - (series.length - 1) / 2) * Math.min(8, 40 / series.length);

  let cutLow = 0;
  let cutHigh = 0;
  for (const s of shown)
    for (const p of s.points) {
      if (p.c.clippedLow) cutLow += 1;
      if (p.c.clippedHigh) cutHigh += 1;
    }
  const bound = (b: number | null) => (b === null ? '' : b === 0 ? '0' : withUnit(b * yFactor, yUnit));
  const note = clipNote(cutLow, cutHigh, bound(yRange.min), bound(yRange.max));

  const rows: SweepRow[] = [];
  xValues.forEach((v) => {
    for (const s of shown) {
      const p = s.points.find((q) => Object.is(q.x, v) || xText(q.x) === xText(v));
      if (p)
        rows.push({
          x: xText(v),
          series: s.label,
          mean: p.mean,
          low: p.low,
          high: p.high,
          clipped: p.c.clippedLow || p.c.clippedHigh,
          n: p.n,
        });
    }
  });

  const count = xValues.length;
  const pick = (i: number | null) => setActive(i === null || count === 0 ? null : Math.max(0, Math.min(count - 1, i)));
  const onKey = (e: KeyboardEvent) => {
    const keys: Record<string, number | null> = {
      ArrowRight: (active ?? -1) + 1,
      ArrowUp: (active ?? -1) + 1,
      ArrowLeft: (active ?? count) - 1,
      ArrowDown: (active ?? count) - 1,
      Home: 0,
      End: count - 1,
    };
    if (e.key in keys) {
      e.preventDefault();
      pick(keys[e.key]);
    } else if (e.key === 'Escape') setActive(null);
  };
  const onMove = (e: MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const px = e.clientX - box.left - margin.left;
    let best = -1;
    let dist = Infinity;
    xValues.forEach((v, i) => {
      const d = Math.abs(scales.xPos(v) - px);
      if (d < dist) {
        dist = d;
        best = i;
      }
    });
    pick(best >= 0 ? best : null);
  };

  const activeX = active !== null ? xValues[active] : undefined;
  const readout =
    active === null ? null : (
      <>
        <span className="readout-value">
          {xLabel.replace(/ \([^)]*\)$/, '')}: {xText(activeX)}
          {xUnit && typeof activeX === 'number' ? ` ${xUnit}` : ''}
        </span>
        {shown.map((s) => {
          const p = s.points.find((q) => xText(q.x) === xText(activeX));
          return (
            <span key={s.key} className="sweep-readout-series">
              <span className="swatch" style={{ background: s.color }} aria-hidden="true" />
              {s.label}:{' '}
              {p
                ? `${withUnit(p.mean, yUnit)} (95 % CI ${formatChart(p.low)} to ${formatChart(p.high)}${p.c.clippedLow || p.c.clippedHigh ? ', clipped' : ''}), n = ${p.n}`
                : 'no value yet'}
            </span>
          );
        })}
      </>
    );

  const xTickText = (v: unknown) => xText(v);
  const guideX = activeX !== undefined ? scales.xPos(activeX) : null;
  // The x axis: the varied values by name, or a numeric (linear or log) axis with a break before 0.
  const xAxis = (
    <g
      className="axis axis-bottom sweep-x-axis"
      transform={`translate(0,${innerH})`}
      data-scale={scales.x?.kind ?? 'names'}
    >
      {scales.x?.breakAt != null ? (
        <>
          <line className="domain" x1={0} x2={scales.x.breakAt - 4} y1={0} y2={0} />
          <line className="domain" x1={scales.x.breakAt + 4} x2={innerW} y1={0} y2={0} />
          <path
            className="axis-break"
            d={`M${scales.x.breakAt - 7},5L${scales.x.breakAt - 1},-5M${scales.x.breakAt + 1},5L${scales.x.breakAt + 7},-5`}
          />
        </>
      ) : (
        <line className="domain" x1={0} x2={innerW} y1={0} y2={0} />
      )}
      {scales.x
        ? scales.x.ticks.map((t) => (
            <g key={t} className="tick" transform={`translate(${scales.x!.pos(t)},0)`}>
              <line y2={6} />
              <text y={20} textAnchor="middle">
                {xTickText(t)}
              </text>
            </g>
          ))
        : xValues.map((v) => (
            <g key={xText(v)} className="tick" transform={`translate(${scales.xPos(v)},0)`}>
              <line y2={6} />
              <text y={20} textAnchor="middle">
                {wrapWords(xText(v), Math.max(6, Math.floor(innerW / Math.max(1, count) / 7))).map((l, k) => (
                  <tspan key={k} x={0} dy={k === 0 ? 0 : 13}>
                    {l}
                  </tspan>
                ))}
              </text>
            </g>
          ))}
    </g>
  );

  return (
    <ChartFrame
      title={title}
      svgRef={svgRef}
      fileName={fileName}
      tools={
        <button type="button" className="small" aria-pressed={table} onClick={() => setTable((t) => !t)}>
          {table ? 'Hide table' : 'Show as table'}
        </button>
      }
    >
      <div
        ref={width.ref}
        className="chart-frame sweep-plot"
        tabIndex={0}
        role="group"
        aria-label={`${title}: point at the chart, or use the arrow keys, to read each point’s values`}
        onKeyDown={onKey}
        onFocus={() => active === null && pick(0)}
      >
        <PlotSvg
          svgRef={svgRef}
          label={title}
          width={width.value}
          height={height}
          margin={margin}
          innerW={innerW}
          innerH={innerH}
          y={{ scale: scales.y, format: formatChart }}
          x={{ custom: xAxis }}
          titles={{
            x: (
              <>
                {xLabel}
                {scales.x?.kind === 'log' ? ' · log scale' : ''}
              </>
            ),
            y: yLabel,
            xBelow: 50,
            yLeft: 54,
            onYLines: setYLines,
          }}
          svgProps={{ onMouseMove: onMove }}
        >
          {guideX !== null && (
            <line className="sweep-guide" x1={guideX} x2={guideX} y1={0} y2={innerH} aria-hidden="true" />
          )}
          {shown.map((s, i) => {
            const dx = offset(i);
            const line = s.points
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
                {s.points.map((p) => {
                  const x = scales.xPos(p.x) + dx;
                  const yl = scales.y(p.low);
                  const yh = scales.y(p.high);
                  const on = activeX !== undefined && xText(p.x) === xText(activeX);
                  return (
                    <g key={xText(p.x)}>
                      <path
                        className="ci-bar"
                        data-ci={xText(p.x)}
                        data-n={p.n}
                        data-clipped={p.c.clippedLow || p.c.clippedHigh ? 'true' : undefined}
                        d={`M${x},${yl}V${yh}${p.c.clippedLow ? '' : `M${x - 4},${yl}H${x + 4}`}${p.c.clippedHigh ? '' : `M${x - 4},${yh}H${x + 4}`}`}
                        style={{ stroke: s.color }}
                        fill="none"
                      />
                      <circle
                        className="mean-dot"
                        cx={x}
                        cy={scales.y(p.mean)}
                        r={on ? 5 : 3.5}
                        style={{ fill: s.color }}
                        data-mean={p.raw}
                      />
                    </g>
                  );
                })}
              </g>
            );
          })}
          {numeric && theory.length > 0 && (
            <TheoryLines lines={theory} x={(v) => scales.xPos(v)} y={(v) => scales.y(v)} />
          )}
          {numeric && reference.length > 0 && (
            <ReferenceMarks series={reference} x={(v) => scales.xPos(v)} y={(v) => scales.y(v)} />
          )}
        </PlotSvg>
      </div>
      {/* Only the values are live: the help the line is born with is not news as a page fills. */}
      <p className="sweep-readout" data-testid="sweep-readout">
        <span aria-live="polite">{readout}</span>
        {readout ? null : 'Point at the chart, or focus it and use the arrow keys, to read the values.'}
      </p>
      <div className="sweep-foot">
        <ul className="legend legend-static" aria-label={`${title} legend`}>
          {series.map((s) => (
            <li key={s.key}>
              <LineSwatch color={s.color} width={2.5} dash={s.dashed ? '5 3' : undefined} />
              {s.label}
            </li>
          ))}
          {theory.map((l) => (
            <li key={`theory-${l.key}`}>
              <LineSwatch color={l.color} width={2} dash={l.dash} />
              {l.label}
            </li>
          ))}
          {reference.map((r) => (
            <li key={`ref-${r.key}`}>
              <svg width="22" height="10" aria-hidden="true">
                <rect x="6" y="0.5" width="9" height="9" fill="none" style={{ stroke: r.color }} strokeWidth="1.5" />
              </svg>
              {r.label}
            </li>
          ))}
        </ul>
        <p className="sweep-caption">{caption}</p>
        {note && (
          <p className="sweep-clip-note" data-testid="clip-note">
            {note}
          </p>
        )}
      </div>
      {table && <SweepTable title={title} xLabel={xLabel} yUnit={yUnit} rows={rows} showSeries={series.length > 1} />}
    </ChartFrame>
  );
}
