/**
 * The shared time window of linked charts, with a reset, and how to zoom; while zoomed, whether
 * the charts draw the window's every sample (re-simulated) or are still loading it. Its buttons
 * zoom and pan with clicks, for a pointer that cannot drag (WCAG 2.5.1): Zoom in halves the shown
 * window around its middle (once the charts have something drawn), Zoom out doubles it, Earlier and
 * Later move it by half its width. `compact` (a lesson figure, an embed: little room) leaves out the
 * line on dragging and shows nothing before the charts have something drawn.
 */
import { formatChart } from '../lib/numberFormat';
import { panDomain, useChartSync, zoomDomain } from './ChartSync';
import './charts.css';

const f = formatChart;

export function ZoomBar({ maxS, drawn = true, compact = false }: { maxS: number; drawn?: boolean; compact?: boolean }) {
  const sync = useChartSync();
  const maxMs = maxS * 1000;
  const shown: [number, number] = sync.domain ?? [0, maxMs];
  const half = (shown[1] - shown[0]) / 2;
  const middle = shown[0] + half;
  const notes = Object.values(sync.details);
  // Loading wins (something is still coarse), then trouble, then full detail.
  const detail =
    notes.find((n) => n.status === 'loading') ??
    notes.find((n) => n.status === 'error' || n.status === 'too-wide') ??
    notes.find((n) => n.status === 'full');
  if (compact && !drawn && !sync.domain) return null;
  return (
    <div
      className={compact ? 'zoombar zoombar-compact' : 'zoombar'}
      data-detail={sync.domain ? (detail?.status ?? 'held') : 'all'}
    >
      {/* Only the shown window is live: the line on dragging, born with the bar, is not news. */}
      <span className="muted">
        <span aria-live="polite">
          {sync.domain && (
            <>
              Showing {f(sync.domain[0] / 1000)}–{f(sync.domain[1] / 1000)} s of {f(maxS)} s
              {detail?.text && (
                <>
                  {' · '}
                  <span className="zoom-detail" data-detail={detail.status}>
                    {detail.text}
                  </span>
                </>
              )}
            </>
          )}
        </span>
        {!sync.domain &&
          !compact &&
          'Drag across a chart to zoom into a time range (all charts follow); Shift-drag pans; double-click shows it all.'}
      </span>
      {(drawn || sync.domain) && (
        <button
          type="button"
          className="small zoom-in"
          onClick={() => sync.setDomain(zoomDomain(shown, 0.5, middle, maxMs))}
        >
          Zoom in
        </button>
      )}
      {sync.domain && (
        <>
          <button type="button" className="small" onClick={() => sync.setDomain(zoomDomain(shown, 2, middle, maxMs))}>
            Zoom out
          </button>
          <button type="button" className="small" onClick={() => sync.setDomain(panDomain(shown, -half, maxMs))}>
            Earlier
          </button>
          <button type="button" className="small" onClick={() => sync.setDomain(panDomain(shown, half, maxMs))}>
            Later
          </button>
          <button type="button" className="small" onClick={() => sync.setDomain(null)}>
            Reset zoom
          </button>
        </>
      )}
      {sync.highlight && (
        <button type="button" className="small" onClick={() => sync.setHighlight(null)}>
          Clear highlight ({sync.highlight})
        </button>
      )}
    </div>
  );
}
