/**
 * The fields of one link at any JSON path (a dumbbell's `topology.bottleneck`/`topology.access`
 * or a graph's `topology.links[i]`): rate (or a capacity trace loaded from a file), one-way delay, queue (discipline, size in packets or
 * as a multiple of the bandwidth-delay product, discipline parameters, congestion-warning marks),
 * the error model of the data direction, and overrides for the reverse (ACK) direction.
 */
import { useState } from 'react';
import { CheckField } from '../controls/CheckField';
import { NumberField } from '../controls/NumberField';
import { SelectField } from '../controls/SelectField';
import { getPath } from '../scenario/paths';
import { plainHint } from '../scenario/plainText';
import type { LinkJson, QueueJson } from '../scenario/types';
import { formatBitRate } from '../lib/numberFormat';
import { scenarioDefaults, tryResolve } from '../sim/pageCore';
import { problemsAt, useBuilder } from './BuilderContext';
import { ErrorFields } from './ErrorFields';
import { ParamField } from './ParamField';
import { TraceFileField } from './TraceFileField';

/** Parser defaults of a link; no rate or delay means the fields are required (graph links). */
export interface LinkDefaults {
  rate_bps?: number;
  delay_ms?: number;
  limit_pkts: number;
}

export interface LinkPanelProps {
  /** JSON path of the link: `topology.bottleneck`, `topology.access`, `topology.links[2]`, … */
  base: string;
  /** Visually hidden prefix of every label ("" keeps the labels exact: "Bandwidth", …). */
  labelPrefix: string;
  /** Defaults the parser applies (default: the dumbbell's, by `base`). */
  defaults?: LinkDefaults;
  /** Round-trip propagation delay of the path, ms (for the BDP). */
  rttMs: number;
  /** Bytes of a full data packet on the wire (for the BDP and the PER readout). */
  packetBytes: number;
}

/** The parser's defaults of a dumbbell link (from the simulator). */
function dumbbellDefaults(which: 'access' | 'bottleneck'): LinkDefaults {
  const l = scenarioDefaults().topology[which]!;
  return { rate_bps: l.rate_bps, delay_ms: l.delay_ms, limit_pkts: l.queue.limit_pkts };
}

const mbps = (bps: number) => Number((bps / 1e6).toPrecision(12));

export function LinkPanel({ base, labelPrefix, defaults: given, rttMs, packetBytes }: LinkPanelProps) {
  const b = useBuilder();
  const link = (getPath(b.scenario, base) as LinkJson | undefined) ?? {};
  const defaults: LinkDefaults = given ?? dumbbellDefaults(base === 'topology.access' ? 'access' : 'bottleneck');
  const trace = link.rate_trace ?? undefined;
  // A trace's mean rate, as the simulator computes it (the resolved scenario's rate_bps).
  const traceMean =
    trace && trace.file === undefined
      ? (getPath(tryResolve(JSON.stringify(b.scenario)), base) as LinkJson | undefined)?.rate_bps
      : undefined;
  const rate = traceMean ?? link.rate_bps ?? defaults.rate_bps ?? Number.NaN;
  const queue: QueueJson = link.queue ?? { kind: 'drop_tail' };
  const qkind = String(queue.kind ?? 'drop_tail');
  const limit = queue.limit_pkts ?? defaults.limit_pkts;
  const bdpPkts = (rate * rttMs) / 1000 / (8 * packetBytes);
  const [bufferUnit, setBufferUnit] = useState<'pkts' | 'bdp'>('pkts');
  const [mult, setMult] = useState<number | null>(null);
  const qEntry = b.catalog.queues.find((q) => q.id === qkind);
  const cw = queue.congestion_warning;
  const p = (rest: string) => `${base}.${rest}`;
  const num = (rest: string) => ({
    problems: problemsAt(b.problems, p(rest)),
    path: p(rest),
    onParseError: (m: string | null) => b.parseError(p(rest), m),
  });

  const multShown =
    mult !== null && Math.max(1, Math.round(mult * bdpPkts)) === limit
      ? mult
      : Number((limit / bdpPkts).toPrecision(3));

  const traceEntries = trace?.format === 'steps' ? (trace.time_s?.length ?? 0) : (trace?.ms?.length ?? 0);

  return (
    <div className="fields">
      {trace ? (
        trace.file === undefined && (
          <div className="field trace-summary" data-testid="rate-trace">
            <p>
              {labelPrefix && <span className="sr-only">{labelPrefix.trim()} </span>}
              <strong>Bandwidth</strong> follows the capacity trace{trace.name ? ` “${trace.name}”` : ''}:{' '}
              {traceEntries.toLocaleString('en')} {trace.format === 'steps' ? 'rate steps' : 'delivery opportunities'},
              mean {traceMean === undefined ? '—' : formatBitRate(traceMean)}, repeating when it ends.
            </p>
            <button
              type="button"
              className="small"
              onClick={() => {
                const constant = traceMean ?? defaults.rate_bps;
                b.set(base, {
                  ...link,
                  rate_trace: undefined,
                  rate_bps: constant === undefined ? undefined : Math.round(constant),
                });
              }}
            >
              Use a constant rate
            </button>
          </div>
        )
      ) : (
        <NumberField
          label="Bandwidth"
          labelPrefix={labelPrefix}
          unit="Mbit/s"
          value={link.rate_bps === undefined ? undefined : mbps(link.rate_bps)}
          placeholder={defaults.rate_bps === undefined ? undefined : String(mbps(defaults.rate_bps))}
          optional={defaults.rate_bps !== undefined}
          onCommit={(v) => b.set(p('rate_bps'), v === undefined ? undefined : Math.round(v * 1e6))}
          hint="Link rate in the data direction"
          toShown={mbps}
          {...num('rate_bps')}
        />
      )}
      <TraceFileField
        what="rate"
        path={p('rate_trace')}
        labelPrefix={labelPrefix}
        loaded={trace !== undefined && trace.file === undefined}
        missing={trace?.file}
        onLoad={(t) => b.set(base, { ...link, rate_bps: undefined, rate_trace: t })}
      />
      <NumberField
        label="One-way delay"
        labelPrefix={labelPrefix}
        unit="ms"
        value={link.delay_ms}
        placeholder={defaults.delay_ms === undefined ? undefined : String(defaults.delay_ms)}
        optional={defaults.delay_ms !== undefined}
        onCommit={(v) => b.set(p('delay_ms'), v)}
        hint="Propagation delay of the link"
        {...num('delay_ms')}
      />
      <SelectField
        label="Queue discipline"
        labelPrefix={labelPrefix}
        value={qkind}
        options={b.catalog.queues.map((q) => ({ value: q.id, label: q.title, title: plainHint(q.description) }))}
        onChange={(k) => {
          const next: QueueJson = { kind: k, limit_pkts: limit };
          if (queue.counts_in_service !== undefined) next.counts_in_service = queue.counts_in_service;
          if (cw) next.congestion_warning = cw;
          b.set(p('queue'), next);
        }}
        problems={problemsAt(b.problems, p('queue.kind'))}
        path={p('queue.kind')}
        description={qEntry && plainHint(qEntry.description)}
      />
      <NumberField
        label="Buffer"
        labelPrefix={labelPrefix}
        value={bufferUnit === 'pkts' ? limit : multShown}
        onCommit={(v) => {
          if (v === undefined) return;
          if (bufferUnit === 'pkts') b.set(p('queue.limit_pkts'), v);
          else {
            setMult(v);
            b.set(p('queue.limit_pkts'), Math.max(1, Math.round(v * bdpPkts)));
          }
        }}
        hint={
          bufferUnit === 'pkts' ? 'Queue limit in packets' : 'Queue limit as a multiple of the bandwidth-delay product'
        }
        after={
          <select
            aria-label={`${labelPrefix}Buffer unit`}
            className="unit-select"
            value={bufferUnit}
            onChange={(e) => {
              setMult(null);
              setBufferUnit(e.target.value as 'pkts' | 'bdp');
            }}
          >
            <option value="pkts">packets</option>
            <option value="bdp">× BDP</option>
          </select>
        }
        {...num('queue.limit_pkts')}
      >
        <p className="field-desc">
          BDP = {Number.isFinite(bdpPkts) ? bdpPkts.toPrecision(3) : '—'} packets ({rttMs.toPrecision(3)}
          {' ms RTT, '}
          {packetBytes}-byte packets)
          {bufferUnit === 'bdp' && <> → {limit} packets</>}
        </p>
      </NumberField>
      {qEntry?.params
        .filter((x) => x.name !== 'limit_pkts' && x.name !== 'kind' && x.name !== 'congestion_warning')
        .map((x) => (
          <ParamField key={x.name} param={x} base={p('queue')} labelPrefix={labelPrefix} />
        ))}
      <CheckField
        label="Congestion-warning marks"
        labelPrefix={labelPrefix}
        checked={!!cw}
        onChange={(on) => b.set(p('queue.congestion_warning'), on ? { w_q: 0.002, threshold_pkts: 5 } : undefined)}
        hint="Mark packets while the average queue is long (TCP Jersey / NJ+ routers, the Congestion warning classifier)"
        problems={problemsAt(b.problems, p('queue.congestion_warning'))}
        path={p('queue.congestion_warning')}
      />
      {cw && (
        <div className="subfields">
          <NumberField
            label="Warning threshold"
            labelPrefix={labelPrefix}
            unit="packets"
            value={cw.threshold_pkts}
            optional
            placeholder="5"
            onCommit={(v) => b.set(p('queue.congestion_warning.threshold_pkts'), v)}
            {...num('queue.congestion_warning.threshold_pkts')}
          />
          <NumberField
            label="Warning queue weight"
            labelPrefix={labelPrefix}
            value={cw.w_q}
            optional
            placeholder="0.002"
            onCommit={(v) => b.set(p('queue.congestion_warning.w_q'), v)}
            {...num('queue.congestion_warning.w_q')}
          />
          {b.catalog.queue_options
            ?.find((o) => o.id === 'congestion_warning')
            ?.params.filter((x) => x.name !== 'w_q' && x.name !== 'threshold_pkts')
            .map((x) => (
              <ParamField
                key={x.name}
                param={x}
                base={p('queue.congestion_warning')}
                labelPrefix={labelPrefix}
                label={`Warning: ${x.name.replace(/_/g, ' ')}`}
              />
            ))}
        </div>
      )}
      <ErrorFields path={p('errors')} labelPrefix={labelPrefix} packetBytes={packetBytes} />
      <details className="subsection">
        <summary>Reverse direction (ACK path)</summary>
        <div className="fields">
          <NumberField
            label="Reverse bandwidth"
            labelPrefix={labelPrefix}
            unit="Mbit/s"
            value={link.reverse?.rate_bps === undefined ? undefined : mbps(link.reverse.rate_bps)}
            optional
            placeholder="same as forward"
            onCommit={(v) => b.set(p('reverse.rate_bps'), v === undefined ? undefined : Math.round(v * 1e6))}
            toShown={mbps}
            {...num('reverse.rate_bps')}
          />
          <ErrorFields
            path={p('reverse.errors')}
            labelPrefix={`${labelPrefix}Reverse `}
            kindLabel="Reverse error model"
            packetBytes={52}
          />
        </div>
      </details>
    </div>
  );
}
