/**
 * The plot frame shared by the time-series, time-sequence and sweep charts: the inner box left
 * inside the margins (inner width = container width − left − right margin, at least 10 px; inner
 * height = chart height − top − bottom margin), and {@link PlotSvg}, which draws the frame every
 * such chart has — the `<svg>` with its accessible name, the plot translated by the margins, the
 * value axis on the left with gridlines across the plot, the bottom axis, and the two axis titles
 * — around the chart's own marks. A chart keeps only its scales and its marks. A y title longer
 * than the chart is high wraps onto more lines where the chart makes room for them (`onYLines`).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode, type Ref, type SVGProps } from 'react';
import type { ScaleLinear } from 'd3-scale';
import { Axis } from './Axis';
import { wrapToWidth } from './wrapWords';
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
  /** Distance of the y title's baseline left of the plot (px); its last line's, when it wraps. */
  yLeft: number;
  /**
   * Told how many lines the y title (a string) takes: a chart that passes it widens its left
   * margin by {@link Y_TITLE_LINE} for each line after the first, and the title wraps. Without it
   * the title stays on one line.
   */
  onYLines?: (lines: number) => void;
}

/** Distance between the lines of a wrapped y title (its text is 12 px), px. */
export const Y_TITLE_LINE = 15;

/** The x title centred under the plot and the y title turned upright left of it. */
export function AxisTitles({
  innerW,
  innerH,
  x,
  y,
  xBelow,
  yLeft,
  onYLines,
  yRoom,
}: AxisTitlesProps & { yRoom: number }) {
  return (
    <>
      <text className="axis-label" x={innerW / 2} y={innerH + xBelow} textAnchor="middle">
        {x}
      </text>
      {typeof y === 'string' && onYLines ? (
        <WrappedYTitle text={y} left={yLeft} middle={innerH / 2} room={yRoom} onLines={onYLines} />
      ) : (
        <text className="axis-label" transform={`translate(${-yLeft},${innerH / 2}) rotate(-90)`} textAnchor="middle">
          {y}
        </text>
      )}
    </>
  );
}

/**
 * A y title in as many lines as it needs to fit `room` px (the plot's height and the margins above
 * and below it): an SVG cuts off what reaches past its edge, and a long title did, the more so
 * with a reader's own letter and word spacing (WCAG 1.4.12). The lines are measured as drawn, and
 * again whenever the text's size changes (a style sheet of the reader's own, a font loading). The
 * last line keeps the one-line title's place; the others stand further out.
 */
function WrappedYTitle({
  text,
  left,
  middle,
  room,
  onLines,
}: {
  text: string;
  left: number;
  middle: number;
  room: number;
  onLines: (lines: number) => void;
}) {
  const words = text.replace(/\s+/g, ' ').trim();
  const ref = useRef<SVGTextElement>(null);
  const [lines, setLines] = useState<string[]>([words]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const fit = () => {
      let next: string[];
      try {
        if (el.getNumberOfChars() !== words.length) return;
        next = wrapToWidth(words, (from, count) => el.getSubStringLength(from, count), room);
      } catch {
        return; // not laid out (a hidden chart): measured when it is
      }
      setLines((old) => (old.join('\n') === next.join('\n') ? old : next));
    };
    fit();
    const watch = new ResizeObserver(fit);
    watch.observe(el);
    return () => watch.disconnect();
  }, [words, room]);
  useEffect(() => onLines(lines.length), [lines.length, onLines]);
  const n = lines.length;
  return (
    <text ref={ref} className="axis-label" transform={`translate(${-left},${middle}) rotate(-90)`} textAnchor="middle">
      {n === 1
        ? lines[0]
        : lines.map((line, i) => (
            // The space between two lines stays a character, so the text measures the same wrapped.
            <tspan key={i} x={0} y={(i - n + 1) * Y_TITLE_LINE}>
              {i < n - 1 ? `${line} ` : line}
            </tspan>
          ))}
    </text>
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
        <AxisTitles
          innerW={innerW}
          innerH={innerH}
          yRoom={innerH + 2 * Math.min(margin.top, margin.bottom) - 4}
          {...titles}
        />
      </g>
    </svg>
  );
}
