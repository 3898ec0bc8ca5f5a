/**
 * The lab's four bottleneck knobs: how each text field maps onto the scenario JSON, and how
 * validator problems are routed back to the field they concern.
 */
import { splitProblem } from '../sim/protocol';
import type { Scenario } from '../sim/defaultScenario';

export type FieldKey = 'bandwidth' | 'delay' | 'ber' | 'buffer';

export interface FieldSpec {
  key: FieldKey;
  /** Visible label and accessible name. */
  label: string;
  unit: string;
  /** JSON path of the scenario value (as the validator spells it). */
  path: string;
  hint: string;
  /** Field number → scenario value (unit conversion). */
  toScenario(n: number): number;
  /** Scenario value → field text. */
  fromScenario(v: number): string;
}

export const FIELDS: readonly FieldSpec[] = [
  {
    key: 'bandwidth',
    label: 'Bandwidth',
    unit: 'Mbit/s',
    path: 'topology.bottleneck.rate_bps',
    hint: 'Bottleneck link rate',
    toScenario: (mbps) => Math.round(mbps * 1e6),
    fromScenario: (bps) => String(bps / 1e6),
  },
  {
    key: 'delay',
    label: 'One-way delay',
    unit: 'ms',
    path: 'topology.bottleneck.delay_ms',
    hint: 'Propagation delay of the bottleneck',
    toScenario: (ms) => ms,
    fromScenario: (ms) => String(ms),
  },
  {
    key: 'ber',
    label: 'Bit error rate',
    unit: 'per bit',
    path: 'topology.bottleneck.errors.ber',
    hint: 'e.g. 1e-6; 0 for an error-free link',
    toScenario: (ber) => ber,
    fromScenario: (ber) => formatBer(ber),
  },
  {
    key: 'buffer',
    label: 'Buffer',
    unit: 'packets',
    path: 'topology.bottleneck.queue.limit_pkts',
    hint: 'Drop-tail queue limit',
    toScenario: (pkts) => pkts,
    fromScenario: (pkts) => String(pkts),
  },
];

export type FieldValues = Record<FieldKey, string>;

export function initialFieldValues(s: Scenario): FieldValues {
  const b = s.topology.bottleneck;
  const raw: Record<FieldKey, number> = {
    bandwidth: b.rate_bps,
    delay: b.delay_ms,
    ber: b.errors.ber,
    buffer: b.queue.limit_pkts,
  };
  const values = {} as FieldValues;
  for (const f of FIELDS) values[f.key] = f.fromScenario(raw[f.key]);
  return values;
}

/** Parses a field's text; `null` when it is not a finite number. */
export function parseNumber(text: string): number | null {
  const t = text.trim();
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : null;
}

export interface Applied {
  scenario: Scenario;
  /** Fields whose text is not a number (these are not validated further). */
  parseErrors: Partial<Record<FieldKey, string>>;
}

/** Applies the field texts to a copy of `base`. Unparseable fields keep the base value. */
export function applyFields(base: Scenario, values: FieldValues): Applied {
  const scenario = structuredClone(base);
  const parseErrors: Partial<Record<FieldKey, string>> = {};
  const b = scenario.topology.bottleneck;
  for (const f of FIELDS) {
    const n = parseNumber(values[f.key]);
    if (n === null) {
      parseErrors[f.key] = `${f.path}: enter a number`;
      continue;
    }
    const v = f.toScenario(n);
    switch (f.key) {
      case 'bandwidth':
        b.rate_bps = v;
        break;
      case 'delay':
        b.delay_ms = v;
        break;
      case 'ber':
        b.errors.ber = v;
        break;
      case 'buffer':
        b.queue.limit_pkts = v;
        break;
    }
  }
  return { scenario, parseErrors };
}

export interface RoutedProblems {
  byField: Partial<Record<FieldKey, string[]>>;
  /** Problems about paths no field edits. */
  other: string[];
}

/** Routes each validator problem to the field whose path it names (or a path inside it). */
export function routeProblems(problems: readonly string[]): RoutedProblems {
  const byField: Partial<Record<FieldKey, string[]>> = {};
  const other: string[] = [];
  for (const p of problems) {
    const { path } = splitProblem(p);
    const field = FIELDS.find(
      (f) => path === f.path || path.startsWith(`${f.path}.`) || path.startsWith(`${f.path}[`),
    );
    if (field) (byField[field.key] ??= []).push(p);
    else other.push(p);
  }
  return { byField, other };
}

/** `1e-6` rather than `0.000001`. */
export function formatBer(ber: number): string {
  if (ber === 0) return '0';
  if (Math.abs(ber) < 1e-3) {
    const [m, e] = ber.toExponential().split('e');
    return `${Number(m)}e${Number(e)}`;
  }
  return String(ber);
}
