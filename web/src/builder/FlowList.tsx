/**
 * The flow mix: one row per `flows[]` entry (connections, From/To nodes on a graph topology,
 * variant, classifier, transfer size or bulk, start time, stack profile, advanced TCP options),
 * "Add flow" and per-row remove.
 */
import { NumberField } from '../controls/NumberField';
import { plainHint } from '../scenario/plainText';
import { SelectField } from '../controls/SelectField';
import { TextField } from '../controls/TextField';
import { paramLabel, profileDefaults, tcpOptions } from '../scenario/catalog';
import { ParamField } from './ParamField';
import { setPath } from '../scenario/paths';
import type { FlowJson, ScenarioJson } from '../scenario/types';
import { problemsAt, useBuilder } from './BuilderContext';
import { defaultEndpoints, isGraph, nodesOf } from './graphModel';
import { NodeField } from './NodeField';
import { WindowedList } from './WindowedList';

/** Flow rows shown at first and added per "Show more" (1000 rows of fields froze the page). */
export const FLOW_ROWS = 50;

/** A fresh flow id not used by any row (`f1`, `f2`, …). */
export function nextFlowId(s: ScenarioJson): string {
  const used = new Set(s.flows.map((f, i) => f.id ?? `f${i}`));
  for (let i = s.flows.length; ; i++) if (!used.has(`f${i}`)) return `f${i}`;
}

/**
 * The row "Add flow" appends: a copy of the last row's TCP settings, one connection, bulk, t = 0;
 * on a graph topology between the last flow's nodes (or the first and the last node).
 */
export function newFlow(s: ScenarioJson): FlowJson {
  const last = s.flows.at(-1);
  return {
    id: nextFlowId(s),
    count: 1,
    start_s: 0,
    bytes: null,
    ...(isGraph(s) ? defaultEndpoints(s) : {}),
    tcp: { cc: 'new_reno', classifier: 'always_congestion', profile: 'freebsd45', ...(last?.tcp ?? {}) },
  };
}

export function FlowList() {
  const b = useBuilder();
  const flows = b.scenario.flows;
  return (
    <div className="rows">
      <WindowedList
        className="row-list"
        label="Flows"
        noun="flows"
        items={flows}
        step={FLOW_ROWS}
        pinned={(i) => problemsAt(b.problems, `flows[${i}]`).length > 0}
        render={(f, i) => <FlowRow index={i} flow={f} canRemove={flows.length > 1} />}
      />
      <button type="button" onClick={() => b.update((s) => ({ ...s, flows: [...s.flows, newFlow(s)] }))}>
        Add flow
      </button>
    </div>
  );
}

function FlowRow({ index, flow, canRemove }: { index: number; flow: FlowJson; canRemove: boolean }) {
  const b = useBuilder();
  const base = `flows[${index}]`;
  const id = flow.id ?? `f${index}`;
  const tcp = flow.tcp ?? {};
  const profile = String(tcp.profile ?? 'rfc');
  const defaults = profileDefaults(b.catalog, profile);
  const num = (rest: string) => ({
    problems: problemsAt(b.problems, `${base}.${rest}`),
    path: `${base}.${rest}`,
    onParseError: (m: string | null) => b.parseError(`${base}.${rest}`, m),
  });
  const sel = (rest: string) => ({ problems: problemsAt(b.problems, `${base}.${rest}`), path: `${base}.${rest}` });
  const variant = b.catalog.variants.find((v) => v.id === (tcp.cc ?? 'new_reno'));
  const classifier = b.catalog.classifiers.find((c) => c.id === (tcp.classifier ?? 'always_congestion'));
  const bulk = flow.bytes === null || flow.bytes === undefined;
  const nodes = isGraph(b.scenario) ? nodesOf(b.scenario) : null;

  return (
    <fieldset className="row" data-flow-row={id}>
      <legend>
        <span className="flow-swatch" data-flow-index={index} aria-hidden="true" />
        Flow {id}
      </legend>
      <div className="row-grid">
        <TextField
          label="Flow id"
          value={flow.id ?? ''}
          placeholder={`f${index}`}
          onChange={(v) => b.set(`${base}.id`, v === '' ? undefined : v)}
          {...sel('id')}
        />
        <NumberField
          label="Connections"
          value={flow.count ?? 1}
          onCommit={(v) => b.set(`${base}.count`, v)}
          hint="Parallel connections with these settings (ids id.0, id.1, …)"
          {...num('count')}
        />
        {nodes && (
          <>
            <NodeField
              label="From node"
              value={flow.from}
              nodes={nodes}
              onChange={(v) => b.set(`${base}.from`, v === '' ? undefined : v)}
              title="The sender's node"
              {...sel('from')}
            />
            <NodeField
              label="To node"
              value={flow.to}
              nodes={nodes}
              onChange={(v) => b.set(`${base}.to`, v === '' ? undefined : v)}
              title="The receiver's node"
              {...sel('to')}
            />
          </>
        )}
        <SelectField
          label="Variant"
          value={String(tcp.cc ?? 'new_reno')}
          options={b.catalog.variants.map((v) => ({ value: v.id, label: v.title, title: plainHint(v.description) }))}
          onChange={(v) =>
            b.update((sc) => setPath(setPath(sc, `${base}.tcp.cc`, v), `${base}.tcp.cc_params`, undefined))
          }
          title={variant && plainHint(variant.description)}
          {...sel('tcp.cc')}
        />
        <SelectField
          label="Classifier"
          value={String(tcp.classifier ?? 'always_congestion')}
          options={b.catalog.classifiers.map((c) => ({ value: c.id, label: c.title, title: plainHint(c.description) }))}
          onChange={(v) =>
            b.update((sc) =>
              setPath(setPath(sc, `${base}.tcp.classifier`, v), `${base}.tcp.classifier_params`, undefined),
            )
          }
          title={classifier && plainHint(classifier.description)}
          {...sel('tcp.classifier')}
        />
        <SelectField
          label="Transfer"
          value={bulk ? 'bulk' : 'bytes'}
          options={[
            { value: 'bulk', label: 'Bulk (never ends)' },
            { value: 'bytes', label: 'Fixed size' },
          ]}
          onChange={(v) => b.set(`${base}.bytes`, v === 'bulk' ? null : 1_048_576)}
          {...sel('bytes')}
        />
        {!bulk && (
          <NumberField
            label="Bytes"
            unit="bytes"
            value={flow.bytes ?? undefined}
            onCommit={(v) => b.set(`${base}.bytes`, v)}
            {...num('bytes')}
          />
        )}
        <NumberField
          label="Start"
          unit="s"
          value={flow.start_s}
          optional
          placeholder="0"
          onCommit={(v) => b.set(`${base}.start_s`, v)}
          {...num('start_s')}
        />
        <SelectField
          label="Stack profile"
          value={profile}
          options={b.catalog.profiles.map((p) => ({ value: p.id, label: p.title, title: plainHint(p.description) }))}
          onChange={(v) => b.set(`${base}.tcp.profile`, v)}
          {...sel('tcp.profile')}
        />
      </div>
      <details className="subsection">
        <summary>Advanced TCP options</summary>
        <p className="field-desc">Empty fields take the {profile} profile’s value (shown greyed).</p>
        <div className="row-grid">
          {tcpOptions(b.catalog).map((o) => {
            const path = `${base}.tcp.${o.name}`;
            const v = tcp[o.name];
            const def = defaults[o.name];
            if (o.kind === 'boolean' || o.kind === 'choice') {
              const opts = o.kind === 'boolean' ? ['true', 'false'] : (o.choices ?? []);
              return (
                <SelectField
                  key={o.name}
                  label={paramLabel(o.name)}
                  value={v === undefined ? '' : String(v)}
                  options={[
                    { value: '', label: `Profile (${o.kind === 'boolean' ? (def ? 'on' : 'off') : String(def)})` },
                    ...opts.map((x) => ({ value: x, label: o.kind === 'boolean' ? (x === 'true' ? 'On' : 'Off') : x })),
                  ]}
                  onChange={(x) => b.set(path, x === '' ? undefined : o.kind === 'boolean' ? x === 'true' : x)}
                  problems={problemsAt(b.problems, path)}
                  path={path}
                />
              );
            }
            return (
              <NumberField
                key={o.name}
                label={paramLabel(o.name)}
                unit={o.unit}
                value={typeof v === 'number' ? v : undefined}
                optional
                placeholder={def === undefined ? undefined : String(def)}
                hint={plainHint(o.description)}
                onCommit={(x) => b.set(path, x)}
                problems={problemsAt(b.problems, path)}
                path={path}
                onParseError={(m) => b.parseError(path, m)}
              />
            );
          })}
        </div>
        {(variant?.params.length ?? 0) > 0 && (
          <fieldset className="checks">
            <legend>{variant!.title} parameters</legend>
            <div className="row-grid">
              {variant!.params.map((p) => (
                <ParamField
                  key={p.name}
                  param={{ ...p, optional: true, default: p.default }}
                  base={`${base}.tcp.cc_params`}
                />
              ))}
            </div>
          </fieldset>
        )}
        {(classifier?.params.length ?? 0) > 0 && (
          <fieldset className="checks">
            <legend>{classifier!.title} parameters</legend>
            <div className="row-grid">
              {classifier!.params.map((p) => (
                <ParamField key={p.name} param={{ ...p, optional: true }} base={`${base}.tcp.classifier_params`} />
              ))}
            </div>
          </fieldset>
        )}
      </details>
      {canRemove && (
        <button
          type="button"
          className="remove"
          aria-label={`Remove flow ${id}`}
          onClick={() => b.update((s) => ({ ...s, flows: s.flows.filter((_, i) => i !== index) }))}
        >
          Remove
        </button>
      )}
    </fieldset>
  );
}
