/**
 * The plot area shared by the line and sweep charts: the inner box left inside the margins
 * (inner width = container width − left − right margin, at least 10 px; inner height = chart
 * height − top − bottom margin) and the two axis titles placed beside it.
 */
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
