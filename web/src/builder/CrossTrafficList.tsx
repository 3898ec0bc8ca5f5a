/**
 * UDP cross-traffic rows (`cross_traffic[]`): kind, rate, packet size, start/stop, and the path:
 * a direction on the dumbbell, From/To nodes on a graph topology.
 */
import { NumberField } from '../controls/NumberField';
import { plainHint } from '../scenario/plainText';
import { SelectField } from '../controls/SelectField';
import type { CrossJson } from '../scenario/types';
import { problemsAt, useBuilder } from './BuilderContext';
import { defaultEndpoints, isGraph, nodesOf } from './graphModel';
import { NodeField } from './NodeField';
import { WindowedList } from './WindowedList';
import { ParamField } from './ParamField';

/** Fields every row has (a catalog listing them again as kind parameters is not repeated). */
const SHOWN = new Set(['id', 'kind', 'rate_bps', 'packet_bytes', 'start_s', 'stop_s', 'direction', 'from', 'to']);

export function CrossTrafficList() {
  const b = useBuilder();
  const rows = b.scenario.cross_traffic ?? [];
  const add = () =>
    b.update((s) => {
      const list = s.cross_traffic ?? [];
      const used = new Set(list.map((c, i) => c.id ?? `x${i}`));
      let n = list.length;
      while (used.has(`x${n}`)) n++;
      const path: Partial<CrossJson> = isGraph(s) ? defaultEndpoints(s) : { direction: 'forward' };
      const row: CrossJson = { id: `x${n}`, kind: 'cbr', rate_bps: 200_000, packet_bytes: 1000, start_s: 0, ...path };
      return { ...s, cross_traffic: [...list, row] };
    });
  return (
    <div className="rows">
      {rows.length === 0 && <p className="field-desc">No cross traffic: the flows have the link to themselves.</p>}
      <WindowedList
        className="row-list"
        label="Cross traffic"
        noun="sources"
        items={rows}
        step={50}
        pinned={(i) => problemsAt(b.problems, `cross_traffic[${i}]`).length > 0}
        render={(c, i) => <CrossRow index={i} row={c} />}
      />
      <button type="button" onClick={add}>
        Add cross traffic
      </button>
    </div>
  );
}

function CrossRow({ index, row }: { index: number; row: CrossJson }) {
  const b = useBuilder();
  const base = `cross_traffic[${index}]`;
  const id = row.id ?? `x${index}`;
  const kind = String(row.kind ?? 'cbr');
  const entry = b.catalog.cross_traffic.find((k) => k.id === kind);
  const nodes = isGraph(b.scenario) ? nodesOf(b.scenario) : null;
  const sel = (key: string) => ({ problems: problemsAt(b.problems, `${base}.${key}`), path: `${base}.${key}` });
  const num = (rest: string) => ({
    problems: problemsAt(b.problems, `${base}.${rest}`),
    path: `${base}.${rest}`,
    onParseError: (m: string | null) => b.parseError(`${base}.${rest}`, m),
  });
  return (
    <fieldset className="row">
      <legend>Cross traffic {id}</legend>
      <div className="row-grid">
        <SelectField
          label="Kind"
          value={kind}
          options={b.catalog.cross_traffic.map((k) => ({
            value: k.id,
            label: k.title,
            title: plainHint(k.description),
          }))}
          onChange={(k) => {
            const next: CrossJson = { ...row, kind: k };
            delete next.on_s;
            delete next.off_s;
            b.set(base, next);
          }}
          problems={problemsAt(b.problems, `${base}.kind`)}
          path={`${base}.kind`}
        />
        <NumberField
          label="Rate"
          unit="Mbit/s"
          value={row.rate_bps === undefined ? undefined : Number((row.rate_bps / 1e6).toPrecision(12))}
          onCommit={(v) => b.set(`${base}.rate_bps`, v === undefined ? undefined : Math.round(v * 1e6))}
          toShown={(bps) => bps / 1e6}
          {...num('rate_bps')}
        />
        <NumberField
          label="Packet size"
          unit="bytes"
          value={row.packet_bytes}
          optional
          placeholder="1500"
          onCommit={(v) => b.set(`${base}.packet_bytes`, v)}
          {...num('packet_bytes')}
        />
        <NumberField
          label="Start"
          unit="s"
          value={row.start_s}
          optional
          placeholder="0"
          onCommit={(v) => b.set(`${base}.start_s`, v)}
          {...num('start_s')}
        />
        <NumberField
          label="Stop"
          unit="s"
          value={row.stop_s}
          optional
          placeholder="end of run"
          onCommit={(v) => b.set(`${base}.stop_s`, v)}
          {...num('stop_s')}
        />
        {nodes ? (
          <>
            <NodeField
              label="From node"
              value={row.from}
              nodes={nodes}
              onChange={(v) => b.set(`${base}.from`, v === '' ? undefined : v)}
              {...sel('from')}
            />
            <NodeField
              label="To node"
              value={row.to}
              nodes={nodes}
              onChange={(v) => b.set(`${base}.to`, v === '' ? undefined : v)}
              {...sel('to')}
            />
          </>
        ) : (
          <SelectField
            label="Direction"
            value={String(row.direction ?? 'forward')}
            options={[
              { value: 'forward', label: 'Forward (with the data)' },
              { value: 'reverse', label: 'Reverse (with the ACKs)' },
            ]}
            onChange={(v) => b.set(`${base}.direction`, v)}
            problems={problemsAt(b.problems, `${base}.direction`)}
            path={`${base}.direction`}
          />
        )}
        {entry?.params
          .filter((p) => !SHOWN.has(p.name))
          .map((p) => (
            <ParamField key={p.name} param={p} base={base} />
          ))}
      </div>
      <button
        type="button"
        className="remove"
        aria-label={`Remove cross traffic ${id}`}
        onClick={() =>
          b.update((s) => ({ ...s, cross_traffic: (s.cross_traffic ?? []).filter((_, i) => i !== index) }))
        }
      >
        Remove
      </button>
    </fieldset>
  );
}
