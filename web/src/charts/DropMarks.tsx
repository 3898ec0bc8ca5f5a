/**
 * A chart's event marks (drops, timeouts) on the rail above the plot, one per pixel column, cause
 * and flow, and their legend. Each mark's element is kept as the same object while its shape is,
 * so a frame that adds drops creates only the new marks' elements (issue 15).
 */
import type { ScaleLinear } from 'd3-scale';
import { useMemo, useRef, type ReactElement } from 'react';
import type { ChartMarker } from './chartLine';

interface Shape {
  x: number;
  m: ChartMarker;
  key: string;
}

/** The marks inside the time `domain` (ms) as `<path>` elements, at most one per column, cause and flow. */
export function useDropMarks(
  markers: readonly ChartMarker[] | undefined,
  xScale: ScaleLinear<number, number>,
  domain: readonly [number, number],
): ReactElement[] {
  const shapes = useMemo(() => {
    if (!markers || markers.length === 0) return [];
    // One marker per pixel column and cause is enough to see where drops cluster.
    const seen = new Set<string>();
    // Keyed by what they show (column, cause, flow, link), so a marker that appears earlier in the
    // list does not make React rewrite every marker after it on each frame.
    const out: Shape[] = [];
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
  return useMarkerPaths(shapes);
}

/**
 * The marks' elements, each kept as the same object while its shape is (its key says where it is
 * and what it shows): React skips the kept ones.
 */
function useMarkerPaths(shapes: readonly Shape[]): ReactElement[] {
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

/** The marks' legend: one small triangle per cause. */
export function MarkerLegend({
  title,
  items,
}: {
  title: string;
  items: readonly { cause: string; label: string; color: string }[];
}) {
  return (
    <ul className="legend legend-static" aria-label={`${title} markers`}>
      {items.map((m) => (
        <li key={m.cause}>
          <svg width="12" height="10" aria-hidden="true">
            <path d="M1,1 L11,1 L6,9 Z" fill={m.color} />
          </svg>
          {m.label}
        </li>
      ))}
    </ul>
  );
}
