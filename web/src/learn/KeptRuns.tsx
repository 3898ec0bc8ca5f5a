/**
 * The runs kept on a lesson figure (`keptRuns.ts`) drawn on the same axes — throughput and the
 * congestion window, one colour per run, older runs dashed and thinner — with the list of runs,
 * each removable, and "Clear runs".
 */
import { useMemo } from 'react';
import { TimeSeriesChart } from '../charts/TimeSeriesChart';
import { decimateWindow } from '../sim/series';
import { flowColor } from '../lib/colors';
import { keptLines, MAX_KEPT, type KeptRun } from './keptRuns';

export function KeptRuns({
  figureId,
  kept,
  stopS,
  height,
  flowNames,
  onRemove,
  onClear,
}: {
  figureId: string;
  kept: readonly KeptRun[];
  stopS: number;
  height: number;
  flowNames?: Readonly<Record<string, string>>;
  onRemove(serial: number): void;
  onClear(): void;
}) {
  const throughput = useMemo(() => keptLines(kept, 'throughput', flowNames), [kept, flowNames]);
  const cwnd = useMemo(() => keptLines(kept, 'cwnd', flowNames), [kept, flowNames]);
  const revision = kept.reduce((s, k) => s + k.serial, 0);
  return (
    <section className="kept-runs" aria-label="Your runs on this figure" data-testid="kept-runs">
      <div className="kept-head">
        <h4>Your runs on the same axes</h4>
        <ul className="kept-list">
          {kept.map((k, i) => (
            <li key={k.serial} data-kept-run={k.name}>
              <span className="kept-swatch" style={{ background: flowColor(k.serial) }} aria-hidden="true" />
              {k.name}
              {i === kept.length - 1 ? ' (latest)' : ''}
              <button
                type="button"
                className="kept-remove"
                aria-label={`Remove the run ${k.name}`}
                onClick={() => onRemove(k.serial)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <button type="button" onClick={onClear}>
          Clear runs
        </button>
      </div>
      {kept.length > 1 && (
        <div className="charts">
          <TimeSeriesChart
            title="Throughput of your runs"
            yLabel="throughput (kbit/s)"
            lines={throughput}
            xMaxS={stopS}
            revision={revision}
            reduce={decimateWindow}
            height={height}
            caption={`Each run in its own colour; the latest solid, earlier ones dashed (up to ${MAX_KEPT} kept).`}
            fileName={`losslab-${figureId}-runs-throughput`}
            figureProps={{ 'data-view': 'kept-runs' }}
          />
          <TimeSeriesChart
            title="Congestion window of your runs"
            yLabel="cwnd (kB)"
            lines={cwnd}
            xMaxS={stopS}
            revision={revision}
            reduce={decimateWindow}
            height={height}
            caption="Each run in its own colour; the latest solid, earlier ones dashed."
            fileName={`losslab-${figureId}-runs-cwnd`}
            figureProps={{ 'data-view': 'kept-runs' }}
          />
        </div>
      )}
    </section>
  );
}
