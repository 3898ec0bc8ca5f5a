/**
 * The shared time window of linked charts, with a reset, and how to zoom; while zoomed, whether
 * the charts draw the window's every sample (re-simulated) or are still loading it.
 */
import { formatChart } from '../lib/numberFormat';
import { useChartSync } from './ChartSync';
import './charts.css';

const f = formatChart;

export function ZoomBar({ maxS }: { maxS: number }) {
  const sync = useChartSync();
  const notes = Object.values(sync.details);
  // Loading wins (something is still coarse), then trouble, then full detail.
  const detail =
    notes.find((n) => n.status === 'loading') ??
    notes.find((n) => n.status === 'error' || n.status === 'too-wide') ??
    notes.find((n) => n.status === 'full');
  return (
    <div className="zoombar" data-detail={sync.domain ? (detail?.status ?? 'held') : 'all'}>
      <span className="muted" aria-live="polite">
        {sync.domain ? (
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
        ) : (
          <>
            Drag across a chart to zoom into a time range (all charts follow); Shift-drag pans; double-click shows it
            all.
          </>
        )}
      </span>
      {sync.domain && (
        <button type="button" className="small" onClick={() => sync.setDomain(null)}>
          Reset zoom
        </button>
      )}
      {sync.highlight && (
        <button type="button" className="small" onClick={() => sync.setHighlight(null)}>
          Clear highlight ({sync.highlight})
        </button>
      )}
    </div>
  );
}
