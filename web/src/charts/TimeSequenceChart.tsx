/**
 * Time–sequence diagram of one flow (from the packet trace): segments sent (dots), cumulative
 * ACKs (grey steps), drops (×, coloured by true cause), retransmissions (rings), timeouts (ticks on
 * the time axis) and classifier verdicts (▲ congestion, ▼ wireless). Shares the time window with
 * the other charts; marks are thinned to a few per pixel column.
 */
import { format } from 'd3-format';
import { scaleLinear } from 'd3-scale';
import { innerBox, PlotSvg } from './PlotArea';
import { useMemo, useRef, type ReactNode } from 'react';
import { ChartFrame } from './ChartFrame';
import { ChartDataTable } from './ChartDataTable';
import { sequenceTable } from './chartTable';
import { useChartSync } from './ChartSync';
import { useContainerWidth } from './useContainerWidth';
import './charts.css';

export interface SeqEvent {
  tMs: number;
  kind: string;
  seq: number;
  cause?: string | null;
  verdict?: string | null;
}

export interface TimeSequenceChartProps {
  flows: readonly string[];
  flow: string;
  onFlow(flow: string): void;
  events: readonly SeqEvent[];
  color: string;
  xMaxS: number;
  /** Colour of a drop by its (normalised) cause. */
  causeColor(cause: string | null | undefined): string;
  revision: number;
  height?: number;
  /** One line saying what the chart shows (ChartFrame). */
  caption?: ReactNode;
}

const MARGIN = { top: 12, right: 16, bottom: 40, left: 70 };
const fmt = format('.4~s');

export function TimeSequenceChart({
  flows,
  flow,
  onFlow,
  events,
  color,
  xMaxS,
  causeColor,
  revision,
  height = 260,
  caption,
}: TimeSequenceChartProps) {
  const sync = useChartSync();
  const width = useContainerWidth();
  const svgRef = useRef<SVGSVGElement>(null);
  const { innerW, innerH } = innerBox(width.value, height, MARGIN);
  const maxMs = (xMaxS > 0 ? xMaxS : 1) * 1000;
  const domain = sync.domain ?? [0, maxMs];

  const marks = useMemo(() => {
    const x = scaleLinear()
      .domain([domain[0] / 1000, domain[1] / 1000])
      .range([0, innerW]);
    let yMax = 1;
    for (const e of events) if (e.tMs >= domain[0] && e.tMs <= domain[1] && e.seq > yMax) yMax = e.seq;
    const y = scaleLinear()
      .domain([0, yMax * 1.04])
      .range([innerH, 0])
      .nice();
    const seen = new Set<string>();
    const out: { kind: string; x: number; y: number; color?: string; label?: string }[] = [];
    let ackPath = '';
    let lastAck = -1;
    for (const e of events) {
      if (e.tMs < domain[0] || e.tMs > domain[1]) continue;
      const px = Math.round(x(e.tMs / 1000));
      const py = Math.round(y(e.seq));
      if (e.kind === 'ack') {
        if (e.seq !== lastAck) ackPath += `${ackPath ? 'L' : 'M'}${px},${py}`;
        lastAck = e.seq;
        continue;
      }
      const key = `${e.kind}|${px}|${py >> 1}|${e.verdict ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({
        kind: e.kind,
        x: px,
        y: py,
        color: e.kind === 'drop' ? causeColor(e.cause) : undefined,
        label: e.verdict ?? e.cause ?? undefined,
      });
      if (out.length > 20000) break;
    }
    return { x, y, out, ackPath };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- events is appended in place (its length and the revision stand for its contents); the domain counts by its two bounds
  }, [events, events.length, revision, domain[0], domain[1], innerW, innerH, causeColor]);

  return (
    <ChartFrame
      title="Time–sequence"
      svgRef={svgRef}
      fileName={`time-sequence-${flow}`}
      caption={caption}
      note="Dots: segments sent; grey: cumulative ACK; ×: drops by true cause; rings: retransmissions; ▲/▼: the flow’s classifier said congestion/wireless; ticks at the bottom: timeouts."
      tools={
        <label className="inline-select">
          <span>Flow</span>
          <select value={flow} onChange={(e) => onFlow(e.target.value)}>
            {flows.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </label>
      }
    >
      <div ref={width.ref} className="chart-frame">
        <PlotSvg
          svgRef={svgRef}
          label="Time–sequence"
          width={width.value}
          height={height}
          margin={MARGIN}
          innerW={innerW}
          innerH={innerH}
          y={{ scale: marks.y, format: fmt }}
          x={{ scale: marks.x }}
          titles={{ x: 'time (s)', y: 'sequence number (bytes)', xBelow: 34, yLeft: 56 }}
        >
          {marks.ackPath && (
            <path
              className="line"
              d={marks.ackPath}
              style={{ stroke: 'var(--muted)' }}
              strokeWidth={1.2}
              data-series="ack"
              data-flow={flow}
            />
          )}
          {marks.out.map((m, i) => {
            switch (m.kind) {
              case 'send':
                return <circle key={i} cx={m.x} cy={m.y} r={1.6} style={{ fill: color }} data-kind="send" />;
              case 'retransmit':
                return (
                  <circle
                    key={i}
                    cx={m.x}
                    cy={m.y}
                    r={4}
                    fill="none"
                    style={{ stroke: color }}
                    strokeWidth={1.5}
                    data-kind="retransmit"
                  />
                );
              case 'drop':
                return (
                  <path
                    key={i}
                    d={`M${m.x - 4},${m.y - 4}L${m.x + 4},${m.y + 4}M${m.x - 4},${m.y + 4}L${m.x + 4},${m.y - 4}`}
                    style={{ stroke: m.color }}
                    strokeWidth={2}
                    data-kind="drop"
                    data-cause={m.label}
                  />
                );
              case 'verdict':
                return (
                  <path
                    key={i}
                    d={
                      m.label === 'wireless'
                        ? `M${m.x - 4},${m.y - 12}H${m.x + 4}L${m.x},${m.y - 6}Z`
                        : `M${m.x - 4},${m.y - 6}H${m.x + 4}L${m.x},${m.y - 12}Z`
                    }
                    style={{ fill: m.label === 'wireless' ? '#009E73' : '#D55E00' }}
                    data-kind="verdict"
                    data-verdict={m.label}
                  />
                );
              case 'timeout':
                return (
                  <line
                    key={i}
                    x1={m.x}
                    x2={m.x}
                    y1={innerH - 10}
                    y2={innerH}
                    style={{ stroke: 'var(--danger)' }}
                    strokeWidth={2}
                    data-kind="timeout"
                  />
                );
              default:
                return null;
            }
          })}
        </PlotSvg>
      </div>
      <ChartDataTable
        build={() => sequenceTable(flow, events, domain)}
        revision={`${flow} ${events.length} ${revision} ${domain[0]} ${domain[1]}`}
      />
    </ChartFrame>
  );
}
