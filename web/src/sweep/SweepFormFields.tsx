/**
 * The Sweep form's fields: the varied parameters (`VaryRows`), replications, duration, the settings
 * an opened file brings along, and the metrics. Memoised on its props (the form, its setter, the
 * scenario's seed and duration, the catalog), so what happens around it — pressing Run sweep, the
 * progress of a running sweep, the charts filling in — does not re-render the form; only a change
 * to the form (or to the scenario it is built on) does.
 */
import { memo, type Dispatch, type SetStateAction } from 'react';
import { NumberField } from '../controls/NumberField';
import type { Catalog } from '../scenario/catalog';
import type { SweepForm } from './sweepForm';
import { allMetrics } from './sweepModel';
import { metricText } from './sweepWords';
import { VaryRows } from './VaryRows';

export interface SweepFormFieldsProps {
  form: SweepForm;
  setForm: Dispatch<SetStateAction<SweepForm>>;
  /** The scenario's seed (replication r runs with seed + r). */
  seed: number;
  /** The scenario's own simulated time per run, in s (the duration field's placeholder). */
  baseDuration: number;
  catalog: Catalog;
}

export const SweepFormFields = memo(function SweepFormFields({
  form,
  setForm,
  seed,
  baseDuration,
  catalog,
}: SweepFormFieldsProps) {
  const set = <K extends keyof SweepForm>(k: K, v: SweepForm[K]) => setForm((f) => ({ ...f, [k]: v }));
  const extra = Object.entries(form.extra);
  return (
    <div className="sweep-form">
      <VaryRows form={form} setForm={setForm} catalog={catalog} />
      <NumberField
        label="Replications"
        value={form.replications}
        onCommit={(v) => v !== undefined && set('replications', v)}
        hint={`Runs per point, each with its own error pattern (seeds ${seed}, ${seed + 1}, …)`}
      />
      <NumberField
        label="Duration"
        unit="s"
        value={form.duration}
        optional
        placeholder={String(baseDuration)}
        onCommit={(v) => set('duration', v)}
        hint="Simulated time per run (empty: the scenario’s)"
      />
      {extra.length > 0 && (
        <p className="field-desc sweep-extra">
          Also from the file, used as they are:{' '}
          {extra.map(([k, v], i) => (
            <span key={k}>
              {i > 0 ? ', ' : ''}
              <code>
                {k}: {JSON.stringify(v)}
              </code>
            </span>
          ))}
        </p>
      )}
      <fieldset className="checks wide">
        <legend>Metrics</legend>
        <div className="check-grid">
          {allMetrics().map((m) => (
            <label key={m}>
              <input
                type="checkbox"
                checked={form.metrics.includes(m)}
                onChange={(e) =>
                  set(
                    'metrics',
                    e.target.checked
                      ? allMetrics().filter((x) => x === m || form.metrics.includes(x))
                      : form.metrics.filter((x) => x !== m),
                  )
                }
              />
              {metricText(m)}
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
});
