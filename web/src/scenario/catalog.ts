/**
 * What the simulator offers, for generating controls: variants, classifiers, queue disciplines,
 * error models, stack profiles (with the TCP values each resolves to), cross-traffic kinds and the
 * TCP options, each with its parameters — all from the simulator's own `catalog()` (sim-core
 * `catalog.rs`, loaded in the page by `sim/pageCore.ts`), so a profile, option or knob added there
 * appears here with no TypeScript edit. Only UI hints live here, keyed by catalog ids: labels
 * ({@link PARAM_LABELS}) and the shape the controls want ({@link normalizeCatalog}: Gilbert–Elliott's
 * per-mode entries folded into one entry with a `mode` choice, required knobs starting from the
 * core's suggested value). The core's shapes are the types generated from its Rust code
 * (`sim/worker/core.generated.ts`).
 */
import { coreCatalog } from '../sim/pageCore';
import type {
  CoreCatalog,
  CoreEntry as Entry,
  CoreParam as ParamSpec,
  CoreProfile as ProfileEntry,
} from '../sim/pageCore';

export interface CatalogParam {
  name: string;
  unit: string;
  min: number | null;
  max: number | null;
  /** Parser default; `null` = required (the UI then starts from `initial`). */
  default: number | boolean | string | null;
  description: string;
  /** UI hint: value to put in when the kind is chosen and the parameter has no default. */
  initial?: number | string | boolean | number[];
  /** UI hint: a string choice among these (e.g. Gilbert–Elliott `mode`). */
  choices?: string[];
  /** UI hint: only shown when the entry's `mode` parameter has this value. */
  mode?: string;
  /** UI hint: `list` = comma-separated numbers (drop list packets). */
  kind?: 'number' | 'boolean' | 'choice' | 'list';
  /** UI hint: leave the key out unless the user sets it (optional parameters). */
  optional?: boolean;
}

export interface CatalogEntry {
  id: string;
  title: string;
  description: string;
  reference: string;
  params: CatalogParam[];
  /** Profiles: the value of every TCP option under this profile. */
  defaults?: Record<string, unknown>;
}

export interface Catalog {
  variants: CatalogEntry[];
  classifiers: CatalogEntry[];
  queues: CatalogEntry[];
  errors: CatalogEntry[];
  profiles: CatalogEntry[];
  cross_traffic: CatalogEntry[];
  /** Options any queue may carry (congestion-warning marking). */
  queue_options?: CatalogEntry[];
  /** The TCP options of a flow (`flows[].tcp`), when the core lists them. */
  tcp?: CatalogParam[];
}

export type CatalogSection = 'variants' | 'classifiers' | 'queues' | 'errors' | 'profiles' | 'cross_traffic';

/** An entry of the core's catalog, as the simulator's Rust types declare it. */
type CoreEntry = Entry | ProfileEntry;

/** Visible labels of parameters, by name (the rest are humanized). */
export const PARAM_LABELS: Record<string, string> = {
  ber: 'Bit error rate',
  header_bytes: 'Header bytes',
  per: 'Packet error rate',
  mode: 'Gilbert–Elliott mode',
  good_s: 'Good sojourn',
  bad_s: 'Bad sojourn',
  p_next_bad: 'P(next is Bad)',
  loss_good: 'Loss in Good',
  loss_bad: 'Loss in Bad',
  mean_loss: 'Mean loss',
  mean_burst_pkts: 'Mean burst length',
  packets: 'Packets to drop',
  start_s: 'Burst start',
  duration_s: 'Burst duration',
  loss: 'Loss in burst',
  min_th_pkts: 'RED min threshold',
  max_th_pkts: 'RED max threshold',
  max_p: 'RED max drop probability',
  w_q: 'RED queue weight',
  gentle: 'Gentle RED',
  soft_pkts: 'Soft limit',
  rearm_pkts: 'Re-arm after',
  counts_in_service: 'Packet in service counts',
  on_s: 'Mean on time',
  off_s: 'Mean off time',
  mss_bytes: 'MSS',
  rwnd_bytes: 'Receive window',
  initial_window_pkts: 'Initial window',
  sack: 'SACK',
  timestamps: 'Timestamps',
  delayed_ack_ms: 'Delayed ACK',
  min_rto_ms: 'Min RTO',
  initial_rto_ms: 'Initial RTO',
  max_rto_ms: 'Max RTO',
  dupack_threshold: 'Dup-ACK threshold',
  cwnd_growth: 'Window growth',
  handshake: 'Handshake',
  classifier_handshake_rtt: 'Loss judging uses the handshake RTT',
};

/** Words of knob names that read as abbreviations in a label ("rtt_tick_ms" → "RTT tick"). */
const LABEL_WORDS: Record<string, string> = {
  rtt: 'RTT',
  rto: 'RTO',
  prr: 'PRR',
  ld: 'LD',
  bw: 'bandwidth',
  btx: 'BTX',
  cw: 'CW',
  ownd: 'OWND',
  mbiaz: 'mBiaz',
  newreno: 'NewReno',
  gt3: '> 3',
  dev: 'deviation',
  avg: 'average',
};

/** A knob's label: the UI's own words, else its name as words (unit suffix dropped, abbreviations spelled). */
export function paramLabel(name: string): string {
  const own = PARAM_LABELS[name];
  if (own) return own;
  const words = name
    .replace(/_(s|ms|pkts|bytes|bps)$/, '')
    .split('_')
    .map((w) => LABEL_WORDS[w] ?? w)
    .join(' ');
  // Capitalised, unless the first word is a name spelled with its own capitals (mBiaz).
  return /^[a-z]+[A-Z]/.test(words) ? words : words.replace(/^[a-z]/, (c) => c.toUpperCase());
}

/** A core parameter in the UI's terms (kinds, choices, required → starting value). */
export function normalizeParam(p: ParamSpec, mode?: string): CatalogParam {
  const kind: CatalogParam['kind'] =
    p.kind === 'bool' ? 'boolean' : p.kind === 'choice' ? 'choice' : p.kind === 'integer_list' ? 'list' : 'number';
  const ranged = p.kind === 'number' || p.kind === 'integer' || p.kind === 'integer_list';
  const required = p.required === true;
  const def = p.default as CatalogParam['default'];
  return {
    name: p.name,
    unit: p.unit,
    min: ranged ? (p.min ?? null) : null,
    max: ranged ? (p.max ?? null) : null,
    description: p.description,
    kind,
    choices: p.kind === 'choice' ? p.options : undefined,
    mode,
    // A required parameter has no default to fall back on: the builder fills in the core's suggestion.
    default: required ? null : def,
    initial: required ? ((def as CatalogParam['initial']) ?? undefined) : undefined,
    // No default and not required: the parser derives it (e.g. RED thresholds from the buffer).
    optional: !required && def === null,
  };
}

/** A catalog with nothing in it (what anything that is not a catalog normalizes to). */
export const EMPTY_CATALOG: Catalog = {
  variants: [],
  classifiers: [],
  queues: [],
  errors: [],
  profiles: [],
  cross_traffic: [],
  queue_options: [],
  tcp: [],
};

/** An entry's title without its mode (`Gilbert–Elliott (Markov)` → `Gilbert–Elliott`). */
const withoutMode = (title: string) => title.replace(/\s*\([^)]*\)\s*$/, '');

/**
 * The core's catalog in the UI's terms. Entries the core lists once per mode (Gilbert–Elliott
 * `lim_jang` / `markov`) become one entry with a `mode` choice and each parameter tagged with its
 * mode. Anything that is not a catalog gives an empty one.
 */
export function normalizeCatalog(core: unknown): Catalog {
  if (!core || typeof core !== 'object') return EMPTY_CATALOG;
  const c = core as Partial<CoreCatalog>;
  const out: Catalog = { ...EMPTY_CATALOG };
  for (const section of [
    'variants',
    'classifiers',
    'queues',
    'errors',
    'profiles',
    'cross_traffic',
  ] as CatalogSection[]) {
    const entries = c[section];
    if (!Array.isArray(entries)) continue;
    const merged: CatalogEntry[] = [];
    for (const raw of entries as CoreEntry[]) {
      if (!raw || typeof raw.id !== 'string') continue;
      const mode = 'mode' in raw ? raw.mode : undefined;
      const params = 'params' in raw ? raw.params.map((p) => normalizeParam(p, mode)) : [];
      const existing = merged.find((m) => m.id === raw.id);
      if (existing && mode) {
        existing.params.push(...params);
        const modeParam = existing.params.find((p) => p.name === 'mode');
        if (modeParam && !modeParam.choices?.includes(mode)) modeParam.choices = [...(modeParam.choices ?? []), mode];
        continue;
      }
      const entry: CatalogEntry = {
        id: raw.id,
        title: mode ? withoutMode(raw.title || raw.id) : raw.title || raw.id,
        description: raw.description ?? '',
        reference: raw.reference ?? '',
        params: mode
          ? [
              {
                name: 'mode',
                unit: '',
                min: null,
                max: null,
                default: mode,
                description: 'Which form of the model',
                kind: 'choice',
                choices: [mode],
              },
              ...params,
            ]
          : params,
      };
      if ('defaults' in raw) entry.defaults = raw.defaults;
      merged.push(entry);
    }
    out[section] = merged;
  }
  if (Array.isArray(c.queue_options)) {
    out.queue_options = c.queue_options.map((q) => ({
      id: q.id,
      title: q.title || q.id,
      description: q.description,
      reference: q.reference,
      params: q.params.map((p) => normalizeParam(p)),
    }));
  }
  if (Array.isArray(c.tcp)) out.tcp = c.tcp.map((p) => normalizeParam(p));
  return out;
}

let loaded: Catalog | null = null;

/** The simulator's catalog in the UI's terms (computed once; needs the page core loaded). */
export function pageCatalog(): Catalog {
  loaded ??= normalizeCatalog(coreCatalog());
  return loaded;
}

/** The advanced TCP options to offer, without the row's own fields. */
export function tcpOptions(catalog: Catalog): CatalogParam[] {
  const own = new Set(['cc', 'classifier', 'profile', 'cc_params', 'classifier_params']);
  return (catalog.tcp ?? []).filter((o) => !own.has(o.name));
}

/** The TCP option values of a profile, as the simulator resolves them (empty for an unknown id). */
export function profileDefaults(catalog: Catalog, profile: string): Record<string, unknown> {
  return catalog.profiles.find((p) => p.id === profile)?.defaults ?? {};
}

/** The title of an id in a section (the id itself when unknown). */
export function titleOf(catalog: Catalog, section: CatalogSection, id: string): string {
  return catalog[section].find((x) => x.id === id)?.title ?? id;
}
