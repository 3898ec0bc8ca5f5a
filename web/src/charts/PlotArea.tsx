/**
 * The plot frame shared by the time-series, time-sequence and sweep charts: the inner box left
 * inside the margins (inner width = container width − left − right margin, at least 10 px; inner
 * height = chart height − top − bottom margin), and {@link PlotSvg}, which draws the frame every
 * such chart has — the `<svg>` with its accessible name, the plot translated by the margins, the
 * value axis on the left with gridlines across the plot, the bottom axis, and the two axis titles
 * — around the chart's own marks. A chart keeps only its scales and its marks.
 */
import { useMemo, type ReactNode, type Ref, type SVGProps } from 'react';
import type { ScaleLinear } from 'd3-scale';
import { Axis } from './Axis';
import './charts.css';

export interface Margin {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface InnerBox {
  innerW: number;
  innerH: number;
}

/** The drawing box inside the margins of a chart `width` px wide and `height` px tall. */
export function innerBox(width: number, height: number, margin: Margin): InnerBox {
  return {
    innerW: Math.max(10, width - margin.left - margin.right),
    innerH: height - margin.top - margin.bottom,
  };
}

export interface AxisTitlesProps extends InnerBox {
  x: React.ReactNode;
  y: React.ReactNode;
  /** Distance of the x title's baseline below the plot (px). */
  xBelow: number;
  /** Distance of the y title's centre left of the plot (px). */
  yLeft: number;
}

/** The x title centred under the plot and the y title turned upright left of it. */
export function AxisTitles({ innerW, innerH, x, y, xBelow, yLeft }: AxisTitlesProps) {
  return (
    <>
      <text className="axis-label" x={innerW / 2} y={innerH + xBelow} textAnchor="middle">
        {x}
      </text>
      <text className="axis-label" transform={`translate(${-yLeft},${innerH / 2}) rotate(-90)`} textAnchor="middle">
        {y}
      </text>
    </>
  );
}

/** The bottom axis of a chart on a linear scale: a tick about every 80 px, at least two. */
export interface LinearXAxis {
  scale: ScaleLinear<number, number>;
}

export interface PlotSvgProps extends InnerBox {
  svgRef?: Ref<SVGSVGElement>;
  /** The chart's accessible name. */
  label: string;
  width: number;
  height: number;
  margin: Margin;
  /** The value axis: five ticks, gridlines across the plot, numbers written by `format`. */
  y: { scale: ScaleLinear<number, number>; format?: (n: number) => string };
  /** The bottom axis: a linear scale's, or one the chart draws itself (categories, a log axis). */
  x: LinearXAxis | { custom: ReactNode };
  /** The axis titles and how far from the plot they sit (px). */
  titles: Omit<AxisTitlesProps, keyof InnerBox>;
  /** Definitions the marks refer to (clip paths). */
  defs?: ReactNode;
  /** `data-*` attributes of the `<svg>`, without the prefix (`{ revision: 3 }` → `data-revision`). */
  data?: Record<string, string | number>;
  /** Pointer handlers of the `<svg>`. */
  svgProps?: Pick<SVGProps<SVGSVGElement>, 'onMouseMove' | 'onMouseLeave'>;
  children: ReactNode;
}

/** The frame of a chart: see the file's header. The axes are kept while their inputs are. */
export function PlotSvg({
  svgRef,
  label,
  width,
  height,
  margin,
  innerW,
  innerH,
  y,
  x,
  titles,
  defs,
  data,
  svgProps,
  children,
}: PlotSvgProps) {
  const dataAttrs = Object.fromEntries(Object.entries(data ?? {}).map(([k, v]) => [`data-${k}`, v]));
  const xScale = 'scale' in x ? x.scale : null;
  const xCustom = 'custom' in x ? x.custom : null;
  const xTicks = Math.max(2, Math.floor(innerW / 80));
  // The same element while scales and size are: a frame that only brought samples skips the axes.
  const axes = useMemo(
    () => (
      <>
        <Axis scale={y.scale} orient="left" ticks={5} gridSize={innerW} format={y.format} />
        {xScale ? <Axis scale={xScale} orient="bottom" y={innerH} ticks={xTicks} /> : xCustom}
      </>
    ),
    [y.scale, y.format, xScale, xCustom, innerW, innerH, xTicks],
  );
  return (
    <svg
      ref={svgRef}
      role="img"
      aria-label={label}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      {...dataAttrs}
      {...svgProps}
    >
      {defs && <defs>{defs}</defs>}
      <g transform={`translate(${margin.left},${margin.top})`}>
        {axes}
        {children}
        <AxisTitles innerW={innerW} innerH={innerH} {...titles} />
      </g>
    </svg>
  );
}
