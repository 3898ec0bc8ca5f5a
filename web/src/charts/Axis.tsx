/**
 * A d3-axis rendered into a `<g>`: the one place in the charts that lets D3 touch the DOM
 * (through a ref, after React has rendered), as d3's "D3 in React" guidance suggests.
 */
import { axisBottom, axisLeft } from 'd3-axis';
import type { ScaleLinear } from 'd3-scale';
import { select } from 'd3-selection';
import { useEffect, useRef } from 'react';
import './charts.css';

export interface AxisProps {
  scale: ScaleLinear<number, number>;
  orient: 'bottom' | 'left';
  /** Pixel offset of the axis line. */
  x?: number;
  y?: number;
  /** Approximate tick count. */
  ticks?: number;
  /** Length of grid lines across the plot (0 for plain ticks). */
  gridSize?: number;
  format?: (n: number) => string;
}

export function Axis({ scale, orient, x = 0, y = 0, ticks = 6, gridSize = 0, format }: AxisProps) {
  const ref = useRef<SVGGElement>(null);
  const drawn = useRef('');
  useEffect(() => {
    if (!ref.current) return;
    // Live charts re-render many times a second with mostly the same axes: redraw only on change.
    const [d0, d1] = scale.domain();
    const [r0, r1] = scale.range();
    const key = `${orient}|${d0}|${d1}|${r0}|${r1}|${ticks}|${gridSize}|${format ? format(d1) : ''}`;
    if (key === drawn.current && ref.current.childNodes.length > 0) return;
    drawn.current = key;
    const axis = (orient === 'bottom' ? axisBottom(scale) : axisLeft(scale)).ticks(ticks).tickPadding(6);
    if (format) axis.tickFormat((d) => format(Number(d)));
    if (gridSize > 0) axis.tickSizeInner(-gridSize).tickSizeOuter(0);
    select(ref.current).call(axis);
    // A bottom axis's label at the plot's right end ends at its tick instead of centring on it: the
    // margin there is narrow, and a centred "1,800" lost its last digit past the SVG's edge (more
    // so with a reader's own letter spacing).
    if (orient === 'bottom')
      select(ref.current)
        .selectAll<SVGGElement, number>('.tick')
        .select('text')
        .attr('text-anchor', (d) => (Math.abs(scale(d) - r1) < 0.5 ? 'end' : null));
  });
  return <g ref={ref} className={`axis axis-${orient}`} transform={`translate(${x},${y})`} />;
}
