/** The per-flow summary of a finished run (DESIGN §6 columns, a readable subset). */
import type { RunSummary } from '../sim/wasmTypes';

const COLUMNS: { key: string; label: string; format?: (v: number) => string }[] = [
  { key: 'flow_id', label: 'Flow' },
  { key: 'cc', label: 'Variant' },
  { key: 'classifier', label: 'Classifier' },
  { key: 'bytes_delivered', label: 'Delivered (kB)', format: (v) => (v / 1000).toFixed(1) },
  { key: 'throughput_kbps', label: 'Throughput (kbit/s)', format: (v) => v.toFixed(1) },
  { key: 'segments_sent', label: 'Segments sent' },
  { key: 'retransmissions', label: 'Retransmissions' },
  { key: 'timeouts', label: 'Timeouts' },
];

const NUMERIC = new Set(['segments_sent', 'retransmissions', 'timeouts']);

export function SummaryTable({ summary }: { summary: RunSummary }) {
  return (
    <div className="summary" role="region" aria-label="Run summary" tabIndex={0}>
      <table>
        <caption>
          Summary of run <code>{summary.scenario_id}</code>, seed {summary.seed}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" className={c.format || NUMERIC.has(c.key) ? 'num' : undefined}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {summary.flows.map((f, i) => (
            <tr key={String(f.flow_id ?? i)} data-flow={String(f.flow_id ?? '')}>
              {COLUMNS.map((c) => {
                const v = f[c.key];
                const text = v === null || v === undefined ? '—' : typeof v === 'number' && c.format ? c.format(v) : String(v);
                return (
                  <td key={c.key} data-column={c.key} className={typeof v === 'number' ? 'num' : undefined}>
                    {text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
