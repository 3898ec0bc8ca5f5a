// Generated from the simulator's Rust types (sim-core `boundary.rs`): do not edit.
// Regenerate with `cargo run -p sim-core --example write_schemas`.

/**
 * Results of a run.
 */
export type Summary = { 
/**
 * Scenario id.
 */
scenario_id: string, 
/**
 * Seed.
 */
seed: number, 
/**
 * Simulated time at the end of the run, s.
 */
end_s: number, 
/**
 * Events processed.
 */
events: number, 
/**
 * One entry per flow.
 */
flows: Array<FlowSummary>, 
/**
 * What the flows delivered together: Σ bytes_delivered · 8 / (last completion − first
 * start) / 1000, a bulk or unfinished flow completing at the run's end. Not the sum of the
 * flows' own throughputs, which divides each flow's bytes by its own duration and can exceed
 * the link's capacity when the flows finish at different times.
 */
aggregate_throughput_kbps: number, 
/**
 * Σ bytes_delivered · 8 / (run end − first start) / 1000.
 */
aggregate_goodput_kbps: number, 
/**
 * Jain's fairness index of the flows' whole-run throughputs, (Σx)² / (n·Σx²) over
 * `throughput_kbps` (the sweep's `jain_index`); None with no flows or none delivering.
 * Not the series' `jain_index`, which is taken per throughput window over the active flows.
 */
jain_index: number | null, 
/**
 * What a reader of these numbers should know ([`crate::notices`]); empty when nothing.
 */
notices: Array<Notice>, };

/**
 * Results of one flow: the docs/design.md §D6 summary row (+ shadow classifier tallies in JSON).
 */
export type FlowSummary = { 
/**
 * Flow id.
 */
flow_id: string, 
/**
 * Variant.
 */
cc: string, 
/**
 * Classifier.
 */
classifier: string, 
/**
 * In-order application bytes delivered.
 */
bytes_delivered: number, 
/**
 * Start time, s.
 */
start_s: number, 
/**
 * When the last byte reached the application (None for bulk or unfinished flows).
 */
completion_s: number | null, 
/**
 * bytes_delivered · 8 / (completion − start) / 1000; run end for bulk or unfinished flows.
 */
throughput_kbps: number, 
/**
 * bytes_delivered · 8 / (run end − start) / 1000.
 */
goodput_kbps: number, 
/**
 * Data segments sent (with retransmissions).
 */
segments_sent: number, 
/**
 * Retransmitted segments.
 */
retransmissions: number, 
/**
 * Fast retransmit episodes.
 */
fast_retransmits: number, 
/**
 * Retransmission timeouts.
 */
timeouts: number, 
/**
 * Data packets lost in queues.
 */
losses_queue: number, 
/**
 * Data packets lost to transmission errors.
 */
losses_corruption: number, 
/**
 * Other packets of the flow lost (ACKs, SYNs).
 */
losses_other: number, 
/**
 * Loss verdicts "congestion" of the flow's classifier.
 */
verdicts_congestion: number, 
/**
 * Loss verdicts "wireless".
 */
verdicts_wireless: number, 
/**
 * A_c of the flow's classifier.
 */
accuracy_congestion: number | null, 
/**
 * A_w of the flow's classifier.
 */
accuracy_wireless: number | null, 
/**
 * Retransmissions of a segment whose previous transmission was not lost (delivered or still
 * in flight), by ground truth; includes go-back-N resends after an RTO (see `tcp::retx_truth`).
 */
spurious_retransmissions: number, 
/**
 * Every shadow classifier's verdicts on this flow's losses.
 */
shadows: Array<ShadowSummary>, };

/**
 * A shadow classifier's tally on one flow.
 */
export type ShadowSummary = { 
/**
 * Classifier id.
 */
classifier: string, 
/**
 * Parameters that differ from the classifier's defaults (None, and left out of JSON, when
 * there are none).
 */
params?: { [key in string]?: JsonValue }, 
/**
 * Verdicts against truth.
 */
confusion: Confusion, 
/**
 * A_c.
 */
accuracy_congestion: number | null, 
/**
 * A_w.
 */
accuracy_wireless: number | null, };

/**
 * Verdicts paired with ground truth (docs/design.md §5.8).
 */
export type Confusion = { 
/**
 * Congestion loss judged congestion.
 */
congestion_as_congestion: number, 
/**
 * Congestion loss judged wireless.
 */
congestion_as_wireless: number, 
/**
 * Wireless loss judged congestion.
 */
wireless_as_congestion: number, 
/**
 * Wireless loss judged wireless.
 */
wireless_as_wireless: number, 
/**
 * Loss of unknown cause (e.g. a spurious retransmission) judged congestion.
 */
unknown_as_congestion: number, 
/**
 * Loss of unknown cause judged wireless.
 */
unknown_as_wireless: number, };

/**
 * One notice about a run.
 */
export type Notice = { 
/**
 * Stable id: `phase_locked`.
 */
id: string, 
/**
 * The flows it concerns.
 */
flows: Array<string>, 
/**
 * What it means, in plain language.
 */
message: string, };

/**
 * One plotted quantity, as the page receives it (`Simulation::series_names`, one per series id
 * of the sampled points): `entity` is a flow id (`f0`), a link id (`bottleneck`) or `all`;
 * `metric` is a series column of docs/csv.md (`cwnd_bytes`, `throughput_kbps`, `queue_pkts`, …);
 * a value is NaN while undefined (an RTT before the first sample).
 */
export type SeriesName = { 
/**
 * A flow id, a link id or `all`.
 */
entity: string, 
/**
 * The quantity.
 */
metric: string, };

/**
 * One trace event. Sequence numbers are bytes; they cross to JavaScript as numbers (< 2^53).
 */
export type TraceEvent = { 
/**
 * Time, ms.
 */
t_ms: number, 
/**
 * Flow index.
 */
flow: number, 
/**
 * Event kind.
 */
kind: TraceKind, 
/**
 * Segment start or ACK number.
 */
seq: number, 
/**
 * True cause (drops, verdicts).
 */
cause: Cause | null, 
/**
 * Verdict (verdict events).
 */
verdict: Verdict | null, };

/**
 * What happened.
 */
export type TraceKind = "send" | "retransmit" | "ack" | "drop" | "timeout" | "verdict";

/**
 * True cause of a lost or discarded packet. Never read by a sender; metrics pair it with verdicts.
 */
export type Cause = "queue_overflow" | "aqm_drop" | "header_corruption" | "payload_corruption" | "wireless_loss";

/**
 * A classifier's decision about one loss.
 */
export type Verdict = "congestion" | "wireless";

/**
 * Everything a scenario can choose.
 */
export type Catalog = { 
/**
 * Core version ([`crate::VERSION`]).
 */
version: string, 
/**
 * Congestion-control variants (`tcp.cc`).
 */
variants: Array<Entry>, 
/**
 * Loss classifiers (`tcp.classifier`, `observe.shadow_classifiers`).
 */
classifiers: Array<Entry>, 
/**
 * Queue disciplines (`queue.kind`).
 */
queues: Array<Entry>, 
/**
 * Options any queue may carry, each an object under its id (`queue.congestion_warning`).
 */
queue_options: Array<Entry>, 
/**
 * Error models (`errors.kind`, with `errors.mode` where an entry has one).
 */
errors: Array<Entry>, 
/**
 * Stack profiles (`tcp.profile`).
 */
profiles: Array<ProfileEntry>, 
/**
 * Cross-traffic sources (`cross_traffic[].kind`).
 */
cross_traffic: Array<Entry>, 
/**
 * Per-flow TCP options (`flows[].tcp`), defaults of the `rfc` profile.
 */
tcp: Array<ParamSpec>, };

/**
 * One choosable thing and its knobs.
 */
export type Entry = { 
/**
 * docs/design.md §D3 id (the `kind` / `cc` / `classifier` value).
 */
id: string, 
/**
 * Value of the entry's `mode` key, for kinds with several forms (`gilbert_elliott`).
 */
mode?: string, 
/**
 * Short human name.
 */
title: string, 
/**
 * One line on what it does.
 */
description: string, 
/**
 * Paper, RFC or docs/design.md section.
 */
reference: string, 
/**
 * Its knobs.
 */
params: Array<ParamSpec>, };

/**
 * A stack profile and the TCP settings it resolves to.
 */
export type ProfileEntry = { 
/**
 * Profile id.
 */
id: string, 
/**
 * Short human name.
 */
title: string, 
/**
 * One line on where it comes from.
 */
description: string, 
/**
 * Paper or docs/design.md section.
 */
reference: string, 
/**
 * Every `tcp` option's value under this profile (as [`tcp_json`] writes it).
 */
defaults: { [key in string]?: JsonValue }, };

/**
 * One knob: its JSON name, unit, accepted values, default and meaning.
 */
export type ParamSpec = { 
/**
 * JSON key (snake_case, unit suffix where it has one).
 */
name: string, 
/**
 * Unit for display (`s`, `ms`, `segments`, `packets`, `bytes`, `bit/s`; empty = none).
 */
unit: string, 
/**
 * Value used when the key is absent (`null` = "derived", see the description). For a
 * `required` knob: a sensible starting value for a UI.
 */
default: JsonValue, 
/**
 * One line on what it does, for tooltips.
 */
description: string, 
/**
 * The validator rejects a document without it.
 */
required?: boolean, } & ({ "kind": "number", 
/**
 * Smallest accepted value.
 */
min?: number, 
/**
 * Largest accepted value.
 */
max?: number, } | { "kind": "integer", 
/**
 * Smallest accepted value.
 */
min: number, 
/**
 * Largest accepted value.
 */
max: number, } | { "kind": "bool" } | { "kind": "choice", 
/**
 * The accepted ids.
 */
options: Array<string>, } | { "kind": "integer_list", 
/**
 * Smallest accepted element.
 */
min: number, 
/**
 * Largest accepted element.
 */
max: number, });

/**
 * What values a knob takes.
 */
export type ParamKind = { "kind": "number", 
/**
 * Smallest accepted value.
 */
min?: number, 
/**
 * Largest accepted value.
 */
max?: number, } | { "kind": "integer", 
/**
 * Smallest accepted value.
 */
min: number, 
/**
 * Largest accepted value.
 */
max: number, } | { "kind": "bool" } | { "kind": "choice", 
/**
 * The accepted ids.
 */
options: Array<string>, } | { "kind": "integer_list", 
/**
 * Smallest accepted element.
 */
min: number, 
/**
 * Largest accepted element.
 */
max: number, };

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]?: JsonValue } | null;

/**
 * One ACK as the sender sees it when it arrives.
 */
export type AckView = { 
/**
 * Arrival time at the sender, s.
 */
now_s: number, 
/**
 * The cumulative acknowledgement: every byte below it has arrived.
 */
ack: number, 
/**
 * Bytes this ACK newly acknowledges (0 for a duplicate).
 */
acked_bytes: number, 
/**
 * True when the ACK repeats the previous cumulative acknowledgement.
 */
duplicate: boolean, 
/**
 * Duplicate ACKs in a row, this one included (0 for a new ACK).
 */
dupacks: number, 
/**
 * True while the sender is in fast recovery.
 */
in_recovery: boolean, 
/**
 * The round-trip time measured from this ACK, s (`null` when it gives none).
 */
rtt_s: number | null, 
/**
 * Congestion window before this ACK, bytes.
 */
cwnd_bytes: number, 
/**
 * Segment size, bytes.
 */
mss_bytes: number, 
/**
 * First byte of the data segment that made the receiver send this ACK.
 */
data_seq: number, 
/**
 * When that segment was sent, s.
 */
data_sent_s: number, 
/**
 * When that segment reached the receiver, s (what receiver-side rules such as Biaz read).
 */
data_arrival_s: number, 
/**
 * When the receiver sent this ACK, s.
 */
ack_sent_s: number, 
/**
 * A router on the path marked the data as meeting congestion (when the path's queues warn).
 */
congestion_warning: boolean, };

/**
 * A loss the sender detected, with the round-trip statistics it keeps.
 */
export type LossView = { 
/**
 * When the loss was detected, s.
 */
now_s: number, 
/**
 * First byte of the lost segment.
 */
seq: number, 
/**
 * How it was detected.
 */
detected_by: Detection, 
/**
 * Bytes in flight when it was detected.
 */
flight_bytes: number, 
/**
 * Congestion window, bytes.
 */
cwnd_bytes: number, 
/**
 * Slow-start threshold, bytes.
 */
ssthresh_bytes: number, 
/**
 * Segment size, bytes.
 */
mss_bytes: number, 
/**
 * Smoothed round-trip time (RFC 6298), s.
 */
srtt_s: number, 
/**
 * The latest round-trip sample, s.
 */
last_rtt_s: number, 
/**
 * The smallest round-trip sample so far, s (0 before the first).
 */
min_rtt_s: number, 
/**
 * The largest round-trip sample so far, s.
 */
max_rtt_s: number, 
/**
 * The receiver said this segment arrived corrupted (when the flow's receiver notifies).
 */
corruption_notified: boolean, 
/**
 * A timeout that follows another without new data acknowledged in between.
 */
repeated_timeout: boolean, };

/**
 * How the sender found a loss.
 */
export type Detection = "duplicate_acks" | "timeout";

/**
 * The window a congestion control may change on a new ACK.
 */
export type WindowView = { 
/**
 * Congestion window, bytes.
 */
cwnd_bytes: number, 
/**
 * Slow-start threshold, bytes.
 */
ssthresh_bytes: number, 
/**
 * Segment size, bytes.
 */
mss_bytes: number, 
/**
 * The receiver's window, bytes: the congestion window grows no further once it is reached.
 */
rwnd_bytes: number, };

/**
 * A congestion control's answer: the new values; a missing one stays as it is.
 */
export type WindowChange = { 
/**
 * The new congestion window, bytes.
 */
cwnd_bytes?: number, 
/**
 * The new slow-start threshold, bytes.
 */
ssthresh_bytes?: number, };

/**
 * A finished scoreboard: its columns and its lines in rank order.
 */
export type Board = { 
/**
 * The `by` path.
 */
by: string, 
/**
 * The columns' row names.
 */
columns: Array<string>, 
/**
 * Lines, best first.
 */
lines: Array<BoardLine>, };

/**
 * One line of a scoreboard.
 */
export type BoardLine = { 
/**
 * The `by` value (a classifier id).
 */
value: JsonValue, 
/**
 * Mean of the score columns (`None` if one is undefined).
 */
score: number | null, 
/**
 * One cell per column.
 */
cells: Array<number | null>, };
