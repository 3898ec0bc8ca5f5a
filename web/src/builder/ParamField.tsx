/**
 * One catalog parameter as a control: numbers as text fields (empty = the parser's default when
 * there is one), booleans as checkboxes, choices as selects, lists as comma-separated text.
 */
import { useEffect, useState } from 'react';
import { CheckField } from '../controls/CheckField';
import { NumberField } from '../controls/NumberField';
import { SelectField } from '../controls/SelectField';
import { TextField } from '../controls/TextField';
import { formatEng } from '../lib/numberFormat';
import { paramLabel, type CatalogParam } from '../scenario/catalog';
import { getPath } from '../scenario/paths';
import { plainHint } from '../scenario/plainText';
import { problemsAt, useBuilder } from './BuilderContext';

export interface ParamFieldProps {
  param: CatalogParam;
  /** JSON path of the object holding the parameter. */
  base: string;
  labelPrefix?: string;
  /** Label override (default: the catalog's, humanized). */
  label?: string;
  children?: React.ReactNode;
}

function rangeHint(p: CatalogParam): string {
  const parts = [plainHint(p.description)];
  if (p.min !== null && p.max !== null) parts.push(`Range ${p.min} to ${p.max}.`);
  else if (p.min !== null) parts.push(`At least ${p.min}.`);
  if (p.default !== null && p.default !== undefined) parts.push(`Default ${String(p.default)}.`);
  return parts.filter(Boolean).join(' ');
}

export function ParamField({ param, base, labelPrefix, label, children }: ParamFieldProps) {
  const b = useBuilder();
  const path = `${base}.${param.name}`;
  const value = getPath(b.scenario, path);
  const problems = problemsAt(b.problems, path);
  const text = label ?? paramLabel(param.name);

  if (param.kind === 'boolean') {
    return (
      <CheckField
        label={text}
        labelPrefix={labelPrefix}
        checked={typeof value === 'boolean' ? value : Boolean(param.default)}
        onChange={(c) => b.set(path, c)}
        problems={problems}
        path={path}
        hint={rangeHint(param)}
      />
    );
  }
  if (param.kind === 'choice') {
    const inherit = param.optional && param.default !== null;
    return (
      <SelectField
        label={text}
        labelPrefix={labelPrefix}
        value={typeof value === 'string' ? value : inherit ? '' : String(param.default ?? param.choices?.[0] ?? '')}
        options={[
          ...(inherit ? [{ value: '', label: `default (${String(param.default)})` }] : []),
          ...(param.choices ?? []).map((c) => ({ value: c, label: c })),
        ]}
        onChange={(v) => b.set(path, v === '' ? undefined : v)}
        problems={problems}
        path={path}
        description={plainHint(param.description)}
      />
    );
  }
  if (param.kind === 'list')
    return <ListField path={path} label={text} labelPrefix={labelPrefix} hint={plainHint(param.description)} />;
  const hasDefault = typeof param.default === 'number';
  return (
    <NumberField
      label={text}
      labelPrefix={labelPrefix}
      unit={param.unit || undefined}
      value={typeof value === 'number' ? value : undefined}
      onCommit={(v) => b.set(path, v)}
      optional={hasDefault || param.optional}
      placeholder={hasDefault ? String(param.default) : param.optional ? 'default' : undefined}
      problems={problems}
      path={path}
      onParseError={(m) => b.parseError(path, m)}
      hint={rangeHint(param)}
      format={formatEng}
    >
      {children}
    </NumberField>
  );
}

/** Comma-separated whole numbers ↔ a JSON array (drop lists). */
function ListField({
  path,
  label,
  labelPrefix,
  hint,
}: {
  path: string;
  label: string;
  labelPrefix?: string;
  hint: string;
}) {
  const b = useBuilder();
  const value = getPath(b.scenario, path);
  const shown = Array.isArray(value) ? value.join(', ') : '';
  const [text, setText] = useState(shown);
  const [bad, setBad] = useState<string | null>(null);
  useEffect(() => {
    const current = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .join(', ');
    if (current !== shown) setText(shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- resync only when the value changes from outside; text also changes with the user's own typing
  }, [shown]);
  const onChange = (t: string) => {
    setText(t);
    const parts = t
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const nums = parts.map(Number);
    if (nums.every((n) => Number.isFinite(n))) {
      setBad(null);
      b.parseError(path, null);
      b.set(path, nums);
    } else {
      const m = `${path}: enter numbers separated by commas`;
      setBad(m);
      b.parseError(path, m);
    }
  };
  return (
    <TextField
      label={label}
      labelPrefix={labelPrefix}
      value={text}
      onChange={onChange}
      problems={bad ? [bad] : problemsAt(b.problems, path)}
      path={path}
      hint={hint}
    />
  );
}
