/**
 * The error model of one link direction: its kind and the kind's parameters (from the catalog).
 * Bit errors get a live packet-error-rate readout for a chosen packet size; a loss trace can load
 * its events from a file.
 */
import { useState } from 'react';
import { NumberField } from '../controls/NumberField';
import { SelectField } from '../controls/SelectField';
import { formatPercent } from '../lib/numberFormat';
import type { CatalogParam } from '../scenario/catalog';
import { GILBERT_ELLIOTT_MODES } from '../scenario/errorModes';
import { getPath } from '../scenario/paths';
import { plainHint } from '../scenario/plainText';
import type { ErrorsJson } from '../scenario/types';
import { packetErrorRate } from '../sim/pageCore';
import { problemsAt, useBuilder } from './BuilderContext';
import { ParamField } from './ParamField';
import { TraceFileField } from './TraceFileField';

export interface ErrorFieldsProps {
  /** Path of the `errors` object, e.g. `topology.bottleneck.errors`. */
  path: string;
  labelPrefix?: string;
  /** Label of the kind select. */
  kindLabel?: string;
  /** Packet size the PER readout starts with (a full data segment on the wire). */
  packetBytes: number;
}

/** The `errors` object for a newly chosen kind: its parameters' defaults and starting values. */
export function errorsForKind(kind: string, params: readonly CatalogParam[], old: ErrorsJson | undefined): ErrorsJson {
  const next: ErrorsJson = { kind };
  const mode = kind === 'gilbert_elliott' ? String(old?.mode ?? 'lim_jang') : undefined;
  if (mode) next.mode = mode;
  for (const p of params) {
    if (p.name === 'mode' || (p.mode && p.mode !== mode)) continue;
    if (old && old.kind === kind && old[p.name] !== undefined) next[p.name] = old[p.name];
    else if (p.default === null && p.initial !== undefined) next[p.name] = p.initial;
  }
  return next;
}

export function ErrorFields({ path, labelPrefix = '', kindLabel = 'Error model', packetBytes }: ErrorFieldsProps) {
  const b = useBuilder();
  const errors = (getPath(b.scenario, path) as ErrorsJson | undefined) ?? { kind: 'none' };
  const kind = String(errors.kind ?? 'none');
  const entry = b.catalog.errors.find((e) => e.id === kind);
  const mode = kind === 'gilbert_elliott' ? String(errors.mode ?? 'lim_jang') : undefined;
  const [bytes, setBytes] = useState<number>(packetBytes);

  const setKind = (k: string) => {
    const e = b.catalog.errors.find((x) => x.id === k);
    b.set(path, errorsForKind(k, e?.params ?? [], errors));
  };
  const setMode = (m: string) => {
    b.set(path, errorsForKind('gilbert_elliott', entry?.params ?? [], { ...errors, mode: m, kind: 'gilbert_elliott' }));
  };

  return (
    <div className="subfields">
      <SelectField
        label={kindLabel}
        labelPrefix={labelPrefix}
        value={kind}
        options={b.catalog.errors.map((e) => ({ value: e.id, label: e.title, title: plainHint(e.description) }))}
        onChange={setKind}
        problems={problemsAt(b.problems, `${path}.kind`)}
        path={`${path}.kind`}
        description={entry && plainHint(entry.description)}
      />
      {kind === 'loss_trace' && (
        <>
          {Array.isArray(errors.ms) && typeof errors.name === 'string' && (
            <p className="field-desc" data-testid="loss-events">
              {errors.ms.length.toLocaleString('en')} loss events from “{errors.name}”.
            </p>
          )}
          <TraceFileField
            what="loss"
            path={`${path}.file`}
            labelPrefix={labelPrefix}
            loaded={typeof errors.name === 'string' && errors.file === undefined}
            missing={typeof errors.file === 'string' ? errors.file : undefined}
            onLoad={(ms, name) => b.set(path, { ...errors, file: undefined, ms, name })}
          />
        </>
      )}
      {entry?.params
        .filter((p) => p.name !== 'kind')
        .map((p) => {
          if (p.name === 'mode') {
            return (
              <SelectField
                key={p.name}
                label="Gilbert–Elliott mode"
                labelPrefix={labelPrefix}
                value={mode ?? 'lim_jang'}
                options={Object.entries(GILBERT_ELLIOTT_MODES).map(([value, label]) => ({ value, label }))}
                onChange={setMode}
                problems={problemsAt(b.problems, `${path}.mode`)}
                path={`${path}.mode`}
              />
            );
          }
          if (p.mode && p.mode !== mode) return null;
          if (p.name === 'ber') {
            const ber = typeof errors.ber === 'number' ? errors.ber : Number.NaN;
            const per = packetErrorRate(ber, bytes);
            return (
              <ParamField key={p.name} param={p} base={path} labelPrefix={labelPrefix}>
                <div className="per-readout">
                  <output data-testid="per-readout" aria-live="polite">
                    PER = 1 − (1 − BER)<sup>8·{bytes}</sup> = {Number.isFinite(per) ? formatPercent(per) : '—'}
                  </output>
                  <NumberField
                    className="field-inline"
                    label="Packet size for PER"
                    labelPrefix={labelPrefix}
                    unit="bytes"
                    value={bytes}
                    onCommit={(v) => v !== undefined && v > 0 && setBytes(Math.round(v))}
                  />
                </div>
              </ParamField>
            );
          }
          return <ParamField key={p.name} param={p} base={path} labelPrefix={labelPrefix} />;
        })}
    </div>
  );
}
