/**
 * What the simulator offers, for generating controls: variants, classifiers, queue disciplines,
 * error models, stack profiles and cross-traffic kinds, each with its parameters.
 *
 * The wasm `catalog()` is the source of truth once the core exports it (the worker posts it on
 * start); until then — and for UI hints the core does not carry (choices, which Gilbert–Elliott
 * mode a parameter belongs to, a starting value for a required parameter) — this built-in copy,
 * written from sim-core's parser, fills in. {@link mergeCatalog} combines the two.
 */

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

/** A parameter as the core's `catalog()` describes it. */
interface CoreParam {
  name: string;
  unit?: string;
  kind?: string;
  min?: number | null;
  max?: number | null;
  default?: unknown;
  description?: string;
  options?: string[];
  required?: boolean;
}

interface CoreEntry {
  id: string;
  mode?: string;
  title?: string;
  description?: string;
  reference?: string;
  params?: CoreParam[];
  defaults?: Record<string, unknown>;
}

const e = (id: string, title: string, description: string, reference = '', params: CatalogParam[] = []): CatalogEntry => ({
  id,
  title,
  description,
  reference,
  params,
});

const num = (
  name: string,
  unit: string,
  min: number | null,
  max: number | null,
  def: number | null,
  description: string,
  extra: Partial<CatalogParam> = {},
): CatalogParam => ({ name, unit, min, max, default: def, description, kind: 'number', ...extra });

const bool = (name: string, def: boolean, description: string): CatalogParam => ({
  name,
  unit: '',
  min: null,
  max: null,
  default: def,
  description,
  kind: 'boolean',
});

export const BUILTIN_CATALOG: Catalog = {
  variants: [
    e('tahoe', 'Tahoe', 'Slow start, congestion avoidance and fast retransmit; every loss restarts from one segment.', 'Jacobson 1988'),
    e('reno', 'Reno', 'Adds fast recovery: three duplicate ACKs halve the window instead of restarting.', 'RFC 5681'),
    e('new_reno', 'NewReno', 'Reno whose recovery survives several losses in one window (partial ACKs).', 'RFC 6582'),
    e('westwood', 'Westwood', 'Sets ssthresh from an end-to-end bandwidth estimate after a loss instead of halving.', 'Mascolo et al. 2001'),
    e('westwood_plus', 'Westwood+', 'Westwood with the bandwidth sampled once per RTT (robust to ACK compression).', 'Grieco & Mascolo 2004'),
    e('jersey', 'Jersey', 'Rate-based window from the available-bandwidth estimate, reacting to router congestion warnings.', 'Xu, Tian & Ansari 2004'),
    e('new_jersey', 'New Jersey', 'Jersey with timestamp-based bandwidth estimation at the sender.', 'Xu, Tian & Ansari 2005'),
    e('nj_plus', 'NJ+', 'New Jersey with loss differentiation from queue-delay and congestion-warning evidence.', 'Kim et al.'),
    e('veno', 'Veno', 'Uses the Vegas backlog estimate: a loss with a short queue is taken as random and cuts the window by 1/5.', 'Fu & Liew 2003'),
    e('cubic', 'CUBIC', 'Window grows as a cubic function of the time since the last reduction.', 'RFC 9438'),
    e('bbr', 'BBR', 'Model-based: paces at the estimated bottleneck bandwidth, ignores isolated losses.', 'Cardwell et al. 2016'),
  ],
  classifiers: [
    e('always_congestion', 'Standard TCP', 'Every loss is congestion (what unmodified TCP assumes).'),
    e('oracle', 'Oracle', 'Ground truth: knows the real cause of every loss (a teaching upper bound).'),
    e('checksum', 'Checksum', 'Receiver-based: a segment that arrives with a bad checksum is reported as a wireless loss.', 'Garcia & Brunstrom'),
    e('vegas_predictor', 'Vegas predictor', 'Loss with a low Vegas backlog estimate is wireless.', 'Biaz & Vaidya 1998'),
    e('spike', 'Spike', 'Loss during a relative one-way-delay spike is congestion.', 'Tobe et al. 2000'),
    e('ncpld', 'NCPLD', 'Non-congestion packet loss detection from delay trends.', 'Samaraweera 1999'),
    e('jitter_ratio', 'Jitter ratio', 'Inter-arrival jitter ratio at the receiver separates wireless from congestion loss.', 'Tobe et al.'),
    e('adaptive_threshold', 'Adaptive threshold', 'RTT threshold that adapts to the path (Lim & Jang).', 'Lim & Jang 2008'),
    e('biaz', 'Biaz', 'Receiver inter-arrival times around a hole: wireless if the gap fits the missing packets.', 'Biaz & Vaidya 1999'),
    e('mbiaz', 'mBiaz', 'Biaz with a corrected upper bound on the inter-arrival gap.', 'Cen, Cosman & Voelker 2003'),
    e('zigzag', 'ZigZag', 'Number of losses and relative one-way time decide the class.', 'Cen, Cosman & Voelker 2003'),
    e('zbs', 'ZBS', 'Hybrid that picks ZigZag, Biaz or Spike by the network condition.', 'Cen, Cosman & Voelker 2003'),
    e('congestion_warning', 'Congestion warning', 'Router marks: a loss without a recent congestion warning is wireless.', 'Xu, Tian & Ansari'),
  ],
  queues: [
    e('drop_tail', 'Drop-tail', 'FIFO that drops arrivals when the buffer is full.', '', [
      bool('counts_in_service', false, 'The packet in service counts against the limit.'),
    ]),
    e('red', 'RED', 'Random Early Detection: drops early with a probability rising with the average queue.', 'Floyd & Jacobson 1993', [
      num('min_th_pkts', 'packets', 0, 100000, null, 'Lower threshold of the average queue (default: a quarter of the buffer).', { optional: true }),
      num('max_th_pkts', 'packets', 0, 100000, null, 'Upper threshold of the average queue (default: three quarters of the buffer).', { optional: true }),
      num('max_p', '', 0, 1, 0.1, 'Drop probability reached at the upper threshold.'),
      num('w_q', '', 1e-6, 1, 0.002, 'EWMA weight of the average queue.'),
      bool('gentle', false, 'Gentle RED: probability rises from max_p to 1 between max_th and 2·max_th.'),
      bool('counts_in_service', false, 'The packet in service counts against the limit.'),
    ]),
    e('dual_threshold', 'Dual threshold', 'One early drop when the queue reaches a soft limit (Gurtov).', 'Gurtov 2002', [
      num('soft_pkts', 'packets', 1, 100000, null, 'Soft limit: the first arrival that finds this many waiting is dropped (default: a third of the buffer).', { optional: true }),
      num('rearm_pkts', 'packets', 1, 100000, null, 'Accepted arrivals above the soft limit before another early drop (default: 2 × soft).', { optional: true }),
      bool('counts_in_service', false, 'The packet in service counts against the limit.'),
    ]),
  ],
  errors: [
    e('none', 'None', 'Error-free.'),
    e('bit_error', 'Bit errors', 'Independent bit errors along the link’s bit stream; same seed, same error positions.', 'Garcia & Brunstrom', [
      num('ber', 'per bit', 0, 0.5, null, 'Bit error rate, e.g. 1e-6.', { initial: 1e-6 }),
      num('header_bytes', 'bytes', 0, 1500, 24, 'Leading bytes whose corruption makes a packet unattributable.'),
    ]),
    e('packet_error', 'Packet errors', 'Each packet is lost with a fixed probability.', '', [
      num('per', '', 0, 1, null, 'Loss probability per packet.', { initial: 0.01 }),
    ]),
    e('gilbert_elliott', 'Gilbert–Elliott', 'Two-state bursty channel.', 'Lim & Jang 2008', [
      { name: 'mode', unit: '', min: null, max: null, default: 'lim_jang', description: 'lim_jang: timed Good/Bad sojourns; markov: by mean loss and mean burst length.', kind: 'choice', choices: ['lim_jang', 'markov'] },
      num('good_s', 's', 1e-4, null, 1, 'Length of a Good sojourn.', { mode: 'lim_jang' }),
      num('bad_s', 's', 1e-4, null, null, 'Length of a Bad sojourn.', { mode: 'lim_jang', initial: 0.1 }),
      num('p_next_bad', '', 0, 1, 0.5, 'Probability that the next sojourn is Bad.', { mode: 'lim_jang' }),
      num('loss_good', '', 0, 1, 0.001, 'Loss probability in Good.', { mode: 'lim_jang' }),
      num('loss_bad', '', 0, 1, 0.1, 'Loss probability in Bad.', { mode: 'lim_jang' }),
      num('mean_loss', '', 0, 1, null, 'Stationary loss probability.', { mode: 'markov', initial: 0.01 }),
      num('mean_burst_pkts', 'packets', 1, 1e9, null, 'Mean length of a loss burst.', { mode: 'markov', initial: 3 }),
    ]),
    e('drop_list', 'Drop list', 'Lose exactly these packet numbers (0-based) of the direction.', '', [
      { name: 'packets', unit: '', min: 0, max: null, default: null, description: 'Comma-separated packet numbers, e.g. 5, 6, 40.', kind: 'list', initial: [10] },
    ]),
    e('burst', 'Burst', 'One error burst: packets departing inside the window are lost with a probability.', 'Gurtov 2002', [
      num('start_s', 's', 0, null, null, 'Burst start.', { initial: 5 }),
      num('duration_s', 's', 0, null, null, 'Burst length.', { initial: 1 }),
      num('loss', '', 0, 1, 1, 'Loss probability inside the burst.'),
    ]),
  ],
  profiles: [
    e('rfc', 'RFC', 'RFC defaults: MSS 1460, byte counting, timestamps, delayed ACK 200 ms, min RTO 1 s.'),
    e('freebsd45', 'FreeBSD 4.5', 'The Garcia & Brunstrom testbed: MSS 1448 + timestamps (1500-byte packets), IW 2, delayed ACK 100 ms.'),
    e('linux24', 'Linux 2.4', 'MSS 1460, IW 2, min RTO 200 ms, no timestamps.'),
    e('ns2', 'ns-2', 'ns-2 defaults: 1000-byte segments, an ACK per segment, min RTO 1 s.'),
    e('ns2_2006', 'ns-2 (2006)', 'ns-2 as used in 2006 papers: 762-byte segments, min RTO 200 ms.'),
  ],
  cross_traffic: [
    e('cbr', 'CBR', 'Constant bit rate UDP.'),
    e('poisson', 'Poisson', 'Poisson arrivals at a mean rate.'),
    e('on_off', 'On/off', 'Exponential on and off periods; CBR while on.', '', [
      num('on_s', 's', 1e-6, null, 1, 'Mean on period.'),
      num('off_s', 's', 1e-6, null, 1, 'Mean off period.'),
    ]),
  ],
};

/** TCP options of the "Advanced" disclosure (values left empty come from the stack profile). */
export const TCP_OPTIONS: CatalogParam[] = [
  num('mss_bytes', 'bytes', 64, 65000, null, 'Maximum segment size.'),
  num('rwnd_bytes', 'bytes', 1, 2 ** 30, null, 'Receive window.'),
  num('initial_window_pkts', 'segments', 1, 1000, null, 'Initial congestion window.'),
  { ...bool('sack', false, 'Selective acknowledgements (RFC 6675 recovery).'), default: null },
  { ...bool('timestamps', false, 'TCP timestamps option (12 header bytes).'), default: null },
  num('delayed_ack_ms', 'ms', 0, 500, null, 'Delayed-ACK timer; 0 acknowledges every segment.'),
  num('min_rto_ms', 'ms', 1, 600000, null, 'Lower bound of the retransmission timeout.'),
  num('initial_rto_ms', 'ms', 1, 600000, null, 'RTO before the first RTT sample.'),
  num('max_rto_ms', 'ms', 1, 1e9, null, 'Upper bound of the retransmission timeout.'),
  num('dupack_threshold', 'ACKs', 1, 100, null, 'Duplicate ACKs that trigger fast retransmit.'),
  { name: 'cwnd_growth', unit: '', min: null, max: null, default: null, description: 'Congestion avoidance per ACKed packet or per ACKed byte.', kind: 'choice', choices: ['packet', 'byte'] },
  { ...bool('handshake', false, 'Simulate the SYN / SYN-ACK handshake.'), default: null },
];

/** Profile defaults (sim-core `tcp/profile.rs`), shown as placeholders of the advanced options. */
export const PROFILE_DEFAULTS: Record<string, Record<string, number | boolean | string>> = {
  rfc: { mss_bytes: 1460, rwnd_bytes: 65535, initial_window_pkts: 3, sack: false, timestamps: true, delayed_ack_ms: 200, min_rto_ms: 1000, initial_rto_ms: 1000, max_rto_ms: 60000, dupack_threshold: 3, cwnd_growth: 'byte', handshake: true },
  freebsd45: { mss_bytes: 1448, rwnd_bytes: 65535, initial_window_pkts: 2, sack: false, timestamps: true, delayed_ack_ms: 100, min_rto_ms: 1000, initial_rto_ms: 3000, max_rto_ms: 64000, dupack_threshold: 3, cwnd_growth: 'packet', handshake: true },
  linux24: { mss_bytes: 1460, rwnd_bytes: 32696, initial_window_pkts: 2, sack: false, timestamps: false, delayed_ack_ms: 200, min_rto_ms: 200, initial_rto_ms: 3000, max_rto_ms: 120000, dupack_threshold: 3, cwnd_growth: 'packet', handshake: true },
  ns2: { mss_bytes: 1000, rwnd_bytes: 100000, initial_window_pkts: 2, sack: false, timestamps: true, delayed_ack_ms: 0, min_rto_ms: 1000, initial_rto_ms: 6000, max_rto_ms: 100000000, dupack_threshold: 3, cwnd_growth: 'packet', handshake: true },
  ns2_2006: { mss_bytes: 762, rwnd_bytes: 15240, initial_window_pkts: 2, sack: false, timestamps: true, delayed_ack_ms: 0, min_rto_ms: 200, initial_rto_ms: 3000, max_rto_ms: 60000, dupack_threshold: 3, cwnd_growth: 'packet', handshake: true },
};

/** Bytes on the wire of a full data segment (MSS + 40 IP/TCP + 12 with timestamps). */
export function dataPacketBytes(tcp: Record<string, unknown> | undefined): number {
  const profile = String(tcp?.profile ?? 'rfc');
  const d = PROFILE_DEFAULTS[profile] ?? PROFILE_DEFAULTS.rfc;
  const mss = typeof tcp?.mss_bytes === 'number' ? tcp.mss_bytes : Number(d.mss_bytes);
  const ts = typeof tcp?.timestamps === 'boolean' ? tcp.timestamps : Boolean(d.timestamps);
  return mss + 40 + (ts ? 12 : 0);
}

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
};

export function paramLabel(name: string): string {
  return PARAM_LABELS[name] ?? name.replace(/_(s|ms|pkts|bytes|bps)$/, '').replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** A core parameter in the UI's terms (kinds, choices, required → starting value), keeping built-in hints. */
export function normalizeParam(p: CoreParam, hint?: CatalogParam, mode?: string): CatalogParam {
  const kind: CatalogParam['kind'] =
    p.kind === 'bool' || p.kind === 'boolean' || typeof p.default === 'boolean'
      ? 'boolean'
      : p.kind === 'choice' || p.options
        ? 'choice'
        : p.kind === 'integer_list' || p.kind === 'list'
          ? 'list'
          : 'number';
  const required = p.required === true;
  const def = p.default === undefined ? null : (p.default as CatalogParam['default']);
  return {
    name: p.name,
    unit: p.unit ?? '',
    min: p.min ?? null,
    max: p.max ?? null,
    description: p.description ?? hint?.description ?? '',
    kind,
    choices: p.options ?? hint?.choices,
    mode: mode ?? hint?.mode,
    // A required parameter has no default to fall back on: the builder fills in a starting value.
    default: required ? null : def,
    initial: required ? ((def as CatalogParam['initial']) ?? hint?.initial) : hint?.initial,
    // No default and not required: the parser derives it (e.g. RED thresholds from the buffer).
    optional: !required && def === null,
  };
}

/**
 * The built-in catalog overlaid with the core's: the core decides which ids exist and their
 * texts, parameters and ranges; built-in UI hints (choices, initial values) fill gaps. Entries
 * the core lists once per mode (Gilbert–Elliott `lim_jang` / `markov`) become one entry with a
 * `mode` choice and each parameter tagged with its mode.
 */
export function mergeCatalog(core: unknown): Catalog {
  if (!core || typeof core !== 'object') return BUILTIN_CATALOG;
  const c = core as Record<string, unknown>;
  const out: Catalog = { ...BUILTIN_CATALOG };
  for (const section of ['variants', 'classifiers', 'queues', 'errors', 'profiles', 'cross_traffic'] as CatalogSection[]) {
    const entries = c[section];
    if (!Array.isArray(entries) || entries.length === 0) continue;
    const merged: CatalogEntry[] = [];
    for (const raw of entries as CoreEntry[]) {
      if (!raw || typeof raw.id !== 'string') continue;
      const builtin = BUILTIN_CATALOG[section].find((b) => b.id === raw.id);
      const hintOf = (name: string) => builtin?.params.find((b) => b.name === name);
      const params = Array.isArray(raw.params) ? raw.params.map((p) => normalizeParam(p, hintOf(p.name), raw.mode)) : (builtin?.params ?? []);
      const existing = merged.find((m) => m.id === raw.id);
      if (existing && raw.mode) {
        existing.params.push(...params);
        const modeParam = existing.params.find((p) => p.name === 'mode');
        if (modeParam && !modeParam.choices?.includes(raw.mode)) modeParam.choices = [...(modeParam.choices ?? []), raw.mode];
        continue;
      }
      const entry: CatalogEntry = {
        id: raw.id,
        title: raw.mode ? (builtin?.title ?? raw.id) : raw.title || builtin?.title || raw.id,
        description: raw.mode ? (builtin?.description ?? raw.description ?? '') : raw.description || builtin?.description || '',
        reference: raw.reference || builtin?.reference || '',
        params: raw.mode
          ? [{ name: 'mode', unit: '', min: null, max: null, default: raw.mode, description: 'Which form of the model', kind: 'choice', choices: [raw.mode] }, ...params]
          : params,
      };
      if (raw.defaults) entry.defaults = raw.defaults;
      merged.push(entry);
    }
    out[section] = merged;
  }
  if (Array.isArray(c.queue_options)) {
    out.queue_options = (c.queue_options as CoreEntry[]).map((q) => ({
      id: q.id,
      title: q.title ?? q.id,
      description: q.description ?? '',
      reference: q.reference ?? '',
      params: (q.params ?? []).map((p) => normalizeParam(p)),
    }));
  }
  if (Array.isArray(c.tcp)) out.tcp = (c.tcp as CoreParam[]).map((p) => normalizeParam(p, TCP_OPTIONS.find((o) => o.name === p.name)));
  return out;
}

/** The advanced TCP options to offer (the core's list when it has one), without the row's own fields. */
export function tcpOptions(catalog: Catalog): CatalogParam[] {
  const own = new Set(['cc', 'classifier', 'profile', 'cc_params', 'classifier_params']);
  return (catalog.tcp ?? TCP_OPTIONS).filter((o) => !own.has(o.name));
}

/** The TCP option values of a profile (the core's when it lists them). */
export function profileDefaults(catalog: Catalog, profile: string): Record<string, unknown> {
  return catalog.profiles.find((p) => p.id === profile)?.defaults ?? PROFILE_DEFAULTS[profile] ?? PROFILE_DEFAULTS.rfc;
}

/** The title of an id in a section (the id itself when unknown). */
export function titleOf(catalog: Catalog, section: CatalogSection, id: string): string {
  return catalog[section].find((x) => x.id === id)?.title ?? id;
}
