/** The shared time window of linked charts, with a reset, and how to zoom. */
import { formatChart } from '../lib/numberFormat';
import { useChartSync } from './ChartSync';
import './charts.css';

const f = formatChart;

export function ZoomBar({ maxS }: { maxS: number }) {
  const sync = useChartSync();
  return (
    <div className="zoombar">
      <span className="muted">
        {sync.domain ? (
          <>
            Showing {f(sync.domain[0] / 1000)}–{f(sync.domain[1] / 1000)} s of {f(maxS)} s
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
