/**
 * Classifier accuracy: for each flow, its own classifier and every shadow classifier, the two
 * accuracies as bars (A_c = congestion losses judged congestion, A_w = wireless losses judged
 * wireless) and, where the summary carries it, the confusion matrix (true cause × verdict).
 * Updates live from the summaries the worker posts while the run goes on.
 */
import { format } from 'd3-format';
import { useMemo, useRef, type ReactNode } from 'react';
import { ChartFrame } from './ChartFrame';
import { ChartDataTable, type DataTable } from './ChartDataTable';
import { useChartSync } from './ChartSync';
import { Legend } from './Legend';
import { useContainerWidth } from './useContainerWidth';
import { wrapWords } from './wrapWords';
import { flowEntryLabel } from './flowNames';
import './charts.css';

export interface ConfusionCounts {
  congestion_as_congestion: number;
  congestion_as_wireless: number;
  wireless_as_congestion: number;
  wireless_as_wireless: number;
  unknown_as_congestion: number;
  unknown_as_wireless: number;
}

export interface ClassifierJudgement {
  classifier: string;
  /** Whether this is the flow's own classifier (the one that steers it). */
  own: boolean;
  accuracyCongestion: number | null;
  accuracyWireless: number | null;
  confusion?: ConfusionCounts;
  verdicts?: { congestion: number; wireless: number };
}

/** A flow of the panel (its legend entry); its judgements are asked for only while it is shown. */
export interface ClassifierFlow {
  flow: string;
  color: string;
  /** e.g. "NewReno". */
  variant: string;
  /** Id of the flow's own classifier. */
  classifier: string;
  /** Where the flow is in its summary (for the page's `judge`). */
  row: number;
}

export interface ClassifierChartProps {
  /** Every flow (the legend lists them all); the same array while they stay the same. */
  flows: readonly ClassifierFlow[];
  /** A shown flow's judgements: own classifier first, then the shadows (new when they change). */
  judge(flow: ClassifierFlow): ClassifierJudgement[];
  /** Display name of a classifier id. */
  classifierTitle(id: string): string;
  /** Most flows drawn at once (the highlighted flow is always among them). */
  maxFlows?: number;
  figureProps?: Record<`data-${string}`, string | number | undefined>;
  emptyText?: ReactNode;
  /** Accessible name and heading (default "Classifier accuracy"). */
  title?: string;
  /** One line saying what the chart shows (ChartFrame). */
  caption?: ReactNode;
}

const pct = format('.0%');
const CELL_W = 176;
const CELL_H = 150;
const HEAD_H = 24;
const BAR_H = 60;
/** Characters per line and line height of a card's title. */
const NAME_CHARS = 21;
const NAME_LINE = 13;

export function ClassifierChart({
  flows,
  judge,
  classifierTitle,
  maxFlows = 4,
  figureProps,
  emptyText,
  title = 'Classifier accuracy',
  caption,
}: ClassifierChartProps) {
  const sync = useChartSync();
  const width = useContainerWidth();
  const svgRef = useRef<SVGSVGElement>(null);
  const W = width.value;
  const cols = Math.max(1, Math.floor((W - 16) / CELL_W));

  const shown = useMemo(() => {
    if (flows.length <= maxFlows) return flows;
    const hl = flows.find((f) => f.flow === sync.highlight);
    const first = flows.slice(0, maxFlows);
    return hl && !first.includes(hl) ? [...first.slice(0, maxFlows - 1), hl] : first;
  }, [flows, maxFlows, sync.highlight]);

  const layout = useMemo(() => {
    let y = 4;
    return shown.map((f) => {
      const judgements = judge(f);
      const rows = Math.max(1, Math.ceil(judgements.length / cols));
      const block = { f, judgements, y, height: HEAD_H + rows * CELL_H };
      y += block.height + 8;
      return block;
    });
  }, [shown, cols, judge]);
  const height = Math.max(60, (layout.at(-1)?.y ?? 0) + (layout.at(-1)?.height ?? 0) + 4);
  const hl = sync.highlight;
  const anyHl = hl !== null && shown.some((f) => f.flow === hl);
  // The legend's entries change with the flows only (not with each summary's judgements).
  const legendItems = useMemo(
    () =>
      flows.map((f) => ({
        id: f.flow,
        label: flowEntryLabel(f.flow, f.variant, ownClassifier(f, classifierTitle)),
        color: f.color,
      })),
    [flows, classifierTitle],
  );

  return (
    <ChartFrame
      title={title}
      svgRef={svgRef}
      figureProps={figureProps}
      caption={caption}
      note={
        <>
          A<sub>c</sub>: congestion losses judged congestion; A<sub>w</sub>: wireless losses judged wireless. Matrices
          count losses by true cause (rows) and verdict (columns C, W).
          {flows.length > shown.length &&
            ` Showing ${shown.length} of ${flows.length} flows; pick one in a legend to show it here.`}
        </>
      }
      legend={
        <Legend
          items={legendItems}
          highlight={anyHl ? hl : null}
          onToggle={(id) => sync.setHighlight(hl === id ? null : id)}
          label={`${title} legend`}
        />
      }
    >
      <div ref={width.ref} className="chart-frame">
        {flows.length === 0 && (
          <p className="chart-empty">
            {emptyText ?? 'Run the simulation to see how each classifier judges the losses.'}
          </p>
        )}
        <svg
          ref={svgRef}
          role="img"
          aria-label={title}
          width={W}
          height={flows.length === 0 ? 1 : height}
          viewBox={`0 0 ${W} ${flows.length === 0 ? 1 : height}`}
        >
          {layout.map(({ f, judgements, y }) => (
            <g
              key={f.flow}
              transform={`translate(8,${y})`}
              className={anyHl && f.flow !== hl ? 'dim' : undefined}
              data-flow-block={f.flow}
            >
              <rect x={0} y={4} width={12} height={12} fill={f.color} rx={2} />
              <text className="cls-flow" x={18} y={15}>
                {f.flow} · {f.variant}
              </text>
              {judgements.map((j, i) => (
                <g
                  key={j.classifier + (j.own ? '*' : '')}
                  transform={`translate(${(i % cols) * CELL_W},${HEAD_H + Math.floor(i / cols) * CELL_H})`}
                >
                  <Cell j={j} flow={f.flow} color={f.color} title={classifierTitle(j.classifier)} />
                </g>
              ))}
            </g>
          ))}
        </svg>
      </div>
      <ChartDataTable build={() => classifierTable(title, layout, classifierTitle)} revision={layout} />
    </ChartFrame>
  );
}

/** The chart as a table: a row per flow and classifier, its accuracies and verdicts. */
export function classifierTable(
  title: string,
  layout: readonly { f: ClassifierFlow; judgements: readonly ClassifierJudgement[] }[],
  classifierTitle: (id: string) => string,
): DataTable | null {
  const share = (v: number | null) => (v === null ? 'no such losses' : pct(v));
  const rows = layout.flatMap(({ f, judgements }) =>
    judgements.map((j) => ({
      head: `${f.flow} · ${classifierTitle(j.classifier)}${j.own ? ' (steers the flow)' : ''}`,
      cells: [
        share(j.accuracyCongestion),
        share(j.accuracyWireless),
        j.verdicts ? String(j.verdicts.congestion) : '—',
        j.verdicts ? String(j.verdicts.wireless) : '—',
      ],
    })),
  );
  return rows.length === 0
    ? null
    : {
        caption: `${title}: the share of each kind of loss judged right`,
        columns: [
          'flow · classifier',
          'congestion losses judged congestion',
          'wireless losses judged wireless',
          'congestion verdicts',
          'wireless verdicts',
        ],
        rows,
      };
}

/** The title of a flow's own classifier; none for the default (every loss is congestion). */
function ownClassifier(f: ClassifierFlow, title: (id: string) => string): string {
  const id = f.classifier;
  return id && id !== 'always_congestion' ? title(id) : '';
}

function Cell({ j, flow, color, title }: { j: ClassifierJudgement; flow: string; color: string; title: string }) {
  const barW = 26;
  const bars: {
    key: 'accuracy_congestion' | 'accuracy_wireless';
    label: string;
    v: number | null;
    x: number;
    solid: boolean;
  }[] = [
    { key: 'accuracy_congestion', label: 'Ac', v: j.accuracyCongestion, x: 16, solid: true },
    { key: 'accuracy_wireless', label: 'Aw', v: j.accuracyWireless, x: 16 + barW + 14, solid: false },
  ];
  // The card's title wraps inside the card (about 7 px per character at this size).
  const name = `${title}${j.own ? ' (own)' : ''}`;
  const lines = wrapWords(name, NAME_CHARS);
  const top = 32 + NAME_LINE * (lines.length - 1);
  return (
    <g data-classifier={j.classifier}>
      <rect className="cls-cell" x={0} y={0} width={CELL_W - 8} height={CELL_H - 8} rx={6} />
      <text className="cls-name" x={8} y={15}>
        <title>{name}</title>
        {lines.map((line, i) => (
          <tspan key={i} x={8} dy={i === 0 ? 0 : NAME_LINE}>
            {line}
          </tspan>
        ))}
      </text>
      <line className="cls-base" x1={10} x2={16 + 2 * barW + 20} y1={top + BAR_H} y2={top + BAR_H} />
      {bars.map((b) => {
        const h = b.v === null ? 0 : Math.max(0, Math.min(1, b.v)) * BAR_H;
        const y0 = top + BAR_H - h;
        return (
          <g key={b.key}>
            {b.v !== null && (
              <path
                className="cls-bar"
                d={`M${b.x},${top + BAR_H} V${y0} H${b.x + barW} V${top + BAR_H} Z`}
                fill={color}
                fillOpacity={b.solid ? 0.9 : 0.35}
                stroke={color}
                strokeWidth={1.5}
                data-flow={flow}
                data-metric={b.key}
                data-value={b.v}
              />
            )}
            <text
              className="cls-value"
              x={b.x + barW / 2}
              y={b.v === null ? top + BAR_H - 4 : y0 - 3}
              textAnchor="middle"
            >
              {b.v === null ? 'n/a' : pct(b.v)}
            </text>
            <text className="cls-axis" x={b.x + barW / 2} y={top + BAR_H + 12} textAnchor="middle">
              A
              <tspan baselineShift="sub" fontSize="8">
                {b.label === 'Ac' ? 'c' : 'w'}
              </tspan>
            </text>
          </g>
        );
      })}
      <g transform={`translate(${16 + 2 * barW + 24},${top})`}>
        {j.confusion ? <Matrix c={j.confusion} /> : j.verdicts ? <Verdicts v={j.verdicts} /> : null}
      </g>
    </g>
  );
}

function Matrix({ c }: { c: ConfusionCounts }) {
  const rows: [string, number, number][] = [
    ['cong', c.congestion_as_congestion, c.congestion_as_wireless],
    ['wl', c.wireless_as_congestion, c.wireless_as_wireless],
    ['unk', c.unknown_as_congestion, c.unknown_as_wireless],
  ];
  const cw = 18;
  const ch = 16;
  const max = Math.max(1, ...rows.flatMap((r) => [r[1], r[2]]));
  return (
    <g className="cls-matrix">
      <text className="cls-axis" x={22 + cw / 2} y={-2} textAnchor="middle">
        C
      </text>
      <text className="cls-axis" x={22 + cw * 1.5} y={-2} textAnchor="middle">
        W
      </text>
      {rows.map(([label, a, b], i) => (
        <g key={label} transform={`translate(0,${2 + i * ch})`}>
          <text className="cls-axis" x={20} y={ch - 4} textAnchor="end">
            {label}
          </text>
          {[a, b].map((n, k) => {
            const correct = (i === 0 && k === 0) || (i === 1 && k === 1);
            return (
              <g key={k}>
                <rect
                  x={22 + k * cw}
                  y={0}
                  width={cw - 1}
                  height={ch - 1}
                  className={correct ? 'cm-cell cm-correct' : 'cm-cell'}
                  fillOpacity={n === 0 ? 0.06 : 0.15 + (0.6 * n) / max}
                />
                <text className="cm-count" x={22 + k * cw + cw / 2 - 0.5} y={ch - 4.5} textAnchor="middle">
                  {n}
                </text>
              </g>
            );
          })}
        </g>
      ))}
    </g>
  );
}

function Verdicts({ v }: { v: { congestion: number; wireless: number } }) {
  return (
    <g className="cls-verdicts">
      <text className="cls-axis" x={0} y={10}>
        verdicts
      </text>
      <text className="cls-axis" x={0} y={26}>
        C {v.congestion}
      </text>
      <text className="cls-axis" x={0} y={40}>
        W {v.wireless}
      </text>
    </g>
  );
}
