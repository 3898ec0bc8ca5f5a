/**
 * The Sweep form's varied parameters: one row per axis of the sweep (a path picked by name or
 * typed, and its values; a zipped axis from a sweep file shows as one row with its label and each
 * of its paths' values), rows added and removed at will, and which one is the charts' x axis and
 * which one draws a series per value (the others are picked from above the charts).
 */
import type { Catalog } from '../scenario/catalog';
import { SelectField } from '../controls/SelectField';
import { TextField } from '../controls/TextField';
import {
  addAxis,
  axisLength,
  CUSTOM,
  isZip,
  removeAxis,
  SWEEP_PARAMS,
  withRoles,
  type AxisForm,
  type SweepForm,
} from './sweepForm';
import { paramText, paramWords } from './sweepWords';
import { ValuesField } from './ValuesField';

/** A path of an axis in words, with its unit: `Bottleneck rate (bit/s)`. */
const pathName = (path: string, catalog: Catalog) => paramText(paramWords(path.trim(), catalog));

/**
 * An axis by name, for the role pickers: `Bottleneck rate (bit/s)`, a zipped one by its label and
 * its paths' names (`loss — Bottleneck bit error rate + Bottleneck one-way delay (ms)`).
 */
export function axisName(a: AxisForm, catalog: Catalog): string {
  if (isZip(a)) return `${a.label} — ${zipParts(a, catalog)}`;
  return a.paths[0].path.trim() ? pathName(a.paths[0].path, catalog) : 'no path yet';
}

/** A zipped axis's paths by name: `Bottleneck bit error rate + Bottleneck buffer (packets)`. */
const zipParts = (a: AxisForm, catalog: Catalog) => a.paths.map((p) => pathName(p.path, catalog)).join(' + ');

/**
 * A role picker's option: the axis's number and its short name (a zipped axis by its label alone,
 * so the closed control fits a phone's width), with the whole name as the option's tooltip.
 */
const roleOption = (a: AxisForm, k: number, catalog: Catalog) => ({
  value: String(k),
  label: `${k + 1}: ${isZip(a) ? a.label : axisName(a, catalog)}`,
  title: axisName(a, catalog),
});

/** Under a role picker: what a chosen zipped axis varies together (its label alone says little). */
const roleDescription = (a: AxisForm | undefined, catalog: Catalog) =>
  a && isZip(a) ? `${a.label}: ${zipParts(a, catalog)}, varied together` : undefined;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

export function VaryRows({
  form,
  setForm,
  catalog,
}: {
  form: SweepForm;
  setForm(f: (old: SweepForm) => SweepForm): void;
  catalog: Catalog;
}) {
  const setAxis = (k: number, a: AxisForm) => setForm((f) => ({ ...f, axes: f.axes.map((x, i) => (i === k ? a : x)) }));
  return (
    <fieldset className="sweep-axes wide">
      <legend>Varied parameters</legend>
      {form.axes.map((a, k) => {
        const group = `Varied parameter ${k + 1}`;
        // The first row's fields are "Parameter" and "Values"; later rows' names say which row.
        const prefix = k === 0 ? undefined : group;
        const path = a.paths[0].path;
        const known = SWEEP_PARAMS.some((p) => p.path === path);
        return (
          <div className="sweep-axis" role="group" aria-label={group} key={k} data-axis={k + 1}>
            <p className="sweep-axis-head">
              <span className="sweep-axis-number">{k + 1}</span>
              {isZip(a) ? (
                <span>
                  Zipped: <strong>{a.label}</strong> — these parameters change together, first values with first values,
                  second with second, …
                </span>
              ) : null}
              <span className="muted">
                {plural(axisLength(a), 'value')}
                {form.x === k
                  ? ' · x axis'
                  : form.series === k
                    ? ' · series'
                    : form.axes.length > 2
                      ? ' · picked above the charts'
                      : ''}
              </span>
              {form.axes.length > 1 && (
                <button
                  type="button"
                  className="small"
                  aria-label={`Remove varied parameter ${k + 1}`}
                  onClick={() => setForm((f) => removeAxis(f, k))}
                >
                  Remove
                </button>
              )}
            </p>
            {isZip(a) ? (
              a.paths.map((p, j) => (
                <ValuesField
                  key={j}
                  label={pathName(p.path, catalog)}
                  path={p.path}
                  labelPrefix={prefix}
                  name={`${group} (${a.label}), ${paramWords(p.path, catalog).label}`}
                  value={p.values}
                  onChange={(v) =>
                    setAxis(k, { ...a, paths: a.paths.map((q, i) => (i === j ? { ...q, values: v } : q)) })
                  }
                  words={paramWords(p.path, catalog)}
                  catalog={catalog}
                  hint={j === 0 ? 'The lists have one length.' : ''}
                />
              ))
            ) : (
              <>
                <SelectField
                  label="Parameter"
                  className="sweep-param"
                  labelPrefix={prefix}
                  value={known ? path : CUSTOM}
                  options={[
                    ...SWEEP_PARAMS.map((p) => ({ value: p.path, label: paramText(paramWords(p.path, catalog)) })),
                    { value: CUSTOM, label: 'Another path…' },
                  ]}
                  onChange={(v) => {
                    const choice = SWEEP_PARAMS.find((p) => p.path === v);
                    setAxis(k, {
                      label: '',
                      paths: [choice ? { path: v, values: choice.values } : { ...a.paths[0], path: '' }],
                    });
                  }}
                  description={known ? <code>{path}</code> : undefined}
                />
                {!known && (
                  <TextField
                    label="Parameter path"
                    labelPrefix={prefix}
                    value={path}
                    onChange={(v) => setAxis(k, { label: '', paths: [{ ...a.paths[0], path: v }] })}
                    placeholder="flows[1].start_s"
                    hint="Dotted keys and [i] indices into the scenario JSON"
                  />
                )}
                <ValuesField
                  label="Values"
                  labelPrefix={prefix}
                  name={path.trim() ? `${group} (${paramWords(path.trim(), catalog).label})` : group}
                  value={a.paths[0].values}
                  onChange={(v) => setAxis(k, { label: '', paths: [{ ...a.paths[0], values: v }] })}
                  words={path.trim() ? paramWords(path.trim(), catalog) : undefined}
                  catalog={catalog}
                />
              </>
            )}
          </div>
        );
      })}
      <button type="button" className="sweep-add" onClick={() => setForm(addAxis)}>
        Add a varied parameter
      </button>
      <div className="sweep-roles">
        <SelectField
          label="Along the x axis"
          className="sweep-role"
          value={String(form.x)}
          options={form.axes.map((a, k) => roleOption(a, k, catalog))}
          description={roleDescription(form.axes[form.x], catalog)}
          onChange={(v) => setForm((f) => withRoles(f, Number(v), f.series === Number(v) ? f.x : f.series))}
        />
        {form.axes.length > 1 && (
          <SelectField
            label="One series per value of"
            className="sweep-role"
            value={form.series === null ? '' : String(form.series)}
            options={[
              { value: '', label: 'none' },
              ...form.axes.map((a, k) => roleOption(a, k, catalog)).filter((o) => o.value !== String(form.x)),
            ]}
            description={roleDescription(form.series === null ? undefined : form.axes[form.series], catalog)}
            onChange={(v) => setForm((f) => withRoles(f, f.x, v === '' ? null : Number(v)))}
          />
        )}
      </div>
    </fieldset>
  );
}
