//! Metrics: periodic series samples and the per-flow summary (docs/design.md §D6).
//!
//! Series (one point per `observe.sample_ms`): per flow `cwnd_bytes`, `ssthresh_bytes`, `srtt_ms`,
//! `throughput_kbps` = bytes delivered in the trailing `observe.throughput_window_ms` · 8 / window
//! (a 10 ms sample of a 1 Mbit/s link holds 0 or 1 packet, so a bare per-sample rate is a comb of
//! spikes); per link direction `queue_pkts` and the cumulative loss counts by true cause
//! `drops_queue_pkts_total`, `drops_aqm_pkts_total`, `corrupted_pkts_total`, `lost_pkts_total`
//! (counters carry their unit and `_total`, gauges only their unit); over active flows
//! `jain_index` = (Σx)² / (n·Σx²) of their throughputs.
//! A value that does not exist yet is NaN (an empty CSV cell, a gap in a chart): `srtt_ms` before
//! the flow's first RTT sample, `throughput_kbps` at the first sample (no interval has elapsed).
//! Sampling is one periodic event per run, never work on the per-packet path.

pub mod bursts;
pub mod startup;
pub mod threshold;

use crate::net::Network;
use crate::notices::{FlowOutcome, Notice};
use crate::tcp::classify::Confusion;
use crate::tcp::Flow;
use crate::time::{SimDuration, SimTime};
use serde::Serialize;
use std::collections::VecDeque;
use ts_rs::TS;

/// Series registry and point buffer.
#[derive(Debug)]
pub struct Metrics {
    names: Vec<(String, &'static str)>,
    n_flows: usize,
    points: Vec<f64>,
    /// Per flow: (time, bytes delivered) of the samples inside the throughput window.
    history: Vec<VecDeque<(SimTime, u64)>>,
    window: SimDuration,
    last_t: SimTime,
    scratch: Vec<f64>,
}

/// Per-flow metrics, in series order.
pub const FLOW_METRICS: [&str; 4] = ["cwnd_bytes", "ssthresh_bytes", "srtt_ms", "throughput_kbps"];
/// Per-link metrics, in series order.
pub const LINK_METRICS: [&str; 5] = [
    "queue_pkts",
    "drops_queue_pkts_total",
    "drops_aqm_pkts_total",
    "corrupted_pkts_total",
    "lost_pkts_total",
];

impl Metrics {
    /// Registry for these flows and links.
    pub fn new(flows: &[Flow], net: &Network, throughput_window_ms: f64) -> Self {
        let mut names = Vec::new();
        for f in flows {
            for m in FLOW_METRICS {
                names.push((f.id.clone(), m));
            }
        }
        for c in &net.channels {
            for m in LINK_METRICS {
                names.push((c.name.clone(), m));
            }
        }
        names.push(("all".to_string(), "jain_index"));
        Metrics {
            names,
            n_flows: flows.len(),
            points: Vec::with_capacity(4096),
            history: vec![VecDeque::new(); flows.len()],
            window: SimDuration::from_millis_f64(throughput_window_ms),
            last_t: SimTime::ZERO,
            scratch: Vec::with_capacity(flows.len()),
        }
    }

    /// An empty registry for runs that record no series ([`crate::engine::RunMode::SummaryOnly`]).
    pub fn none() -> Self {
        Metrics {
            names: Vec::new(),
            n_flows: 0,
            points: Vec::new(),
            history: Vec::new(),
            window: SimDuration::ZERO,
            last_t: SimTime::ZERO,
            scratch: Vec::new(),
        }
    }

    /// (entity, metric) per series id.
    pub fn names(&self) -> &[(String, &'static str)] {
        &self.names
    }

    fn push(&mut self, id: usize, t_ms: f64, v: f64) {
        // Series ids are small: the u32 → f64 conversion is exact and cheaper than usize → f64.
        debug_assert!(id <= u32::MAX as usize);
        self.points.extend_from_slice(&[id as u32 as f64, t_ms, v]);
    }

    /// Record one sample of every series at `now` (`last` marks the final, possibly short, interval).
    pub fn sample(&mut self, now: SimTime, flows: &[Flow], net: &mut Network, last: bool) {
        let dt = now.saturating_since(self.last_t).as_secs_f64();
        if last && dt == 0.0 && !self.points.is_empty() {
            return;
        }
        let t = now.as_millis_f64();
        self.scratch.clear();
        self.points.reserve(3 * self.names.len());
        for (i, f) in flows.iter().enumerate() {
            let base = i * FLOW_METRICS.len();
            let s = &f.sender;
            self.push(base, t, s.cwnd);
            self.push(base + 1, t, s.ssthresh);
            // Undefined before the first RTT sample: NaN, never 0.
            let srtt = if s.rtt.has_sample() {
                s.rtt.srtt_s() * 1000.0
            } else {
                f64::NAN
            };
            self.push(base + 2, t, srtt);
            let delivered = f.receiver.delivered();
            let h = &mut self.history[i];
            while h.len() > 1 && now.saturating_since(h[1].0) >= self.window {
                h.pop_front();
            }
            let kbps = match h.front() {
                Some(&(t0, d0)) if now > t0 => {
                    (delivered - d0) as f64 * 8.0 / (now - t0).as_secs_f64() / 1000.0
                }
                // No interval has elapsed yet (the run's first sample): undefined, not 0.
                _ => f64::NAN,
            };
            h.push_back((now, delivered));
            self.push(base + 3, t, kbps);
            let active = now > f.start && f.receiver.completed_at.is_none_or(|c| c > self.last_t);
            if active && kbps.is_finite() {
                self.scratch.push(kbps);
            }
        }
        let base = self.n_flows * FLOW_METRICS.len();
        for (j, c) in net.channels.iter_mut().enumerate() {
            let q = c.occupancy(now).waiting as f64;
            let s = c.stats;
            let b = base + j * LINK_METRICS.len();
            for (k, v) in [
                q,
                s.drops_queue as f64,
                s.drops_aqm as f64,
                s.corrupted as f64,
                s.lost as f64,
            ]
            .into_iter()
            .enumerate()
            {
                self.push(b + k, t, v);
            }
        }
        if let Some(j) = jain(&self.scratch) {
            self.push(self.names.len() - 1, t, j);
        }
        self.last_t = now;
    }

    /// Drain the points recorded since the last call.
    pub fn take_points(&mut self) -> Vec<f64> {
        std::mem::take(&mut self.points)
    }
}

/// Jain's fairness index (Σx)² / (n·Σx²); None for no flows or all-zero rates.
pub fn jain(x: &[f64]) -> Option<f64> {
    let sum: f64 = x.iter().sum();
    let sq: f64 = x.iter().map(|v| v * v).sum();
    (!x.is_empty() && sq > 0.0).then(|| sum * sum / (x.len() as f64 * sq))
}

/// One plotted quantity, as the page receives it (`Simulation::series_names`, one per series id
/// of the sampled points): `entity` is a flow id (`f0`), a link id (`bottleneck`) or `all`;
/// `metric` is a series column of docs/csv.md (`cwnd_bytes`, `throughput_kbps`, `queue_pkts`, …);
/// a value is NaN while undefined (an RTT before the first sample).
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct SeriesName<'a> {
    /// A flow id, a link id or `all`.
    pub entity: &'a str,
    /// The quantity.
    pub metric: &'a str,
}

/// Results of one flow: the docs/design.md §D6 summary row (+ shadow classifier tallies in JSON).
#[derive(Clone, Debug, Serialize, PartialEq, TS)]
pub struct FlowSummary {
    /// Flow id.
    pub flow_id: String,
    /// Variant.
    pub cc: &'static str,
    /// Classifier.
    pub classifier: &'static str,
    /// In-order application bytes delivered.
    pub bytes_delivered: u64,
    /// Start time, s.
    pub start_s: f64,
    /// When the last byte reached the application (None for bulk or unfinished flows).
    pub completion_s: Option<f64>,
    /// bytes_delivered · 8 / (completion − start) / 1000; run end for bulk or unfinished flows.
    pub throughput_kbps: f64,
    /// bytes_delivered · 8 / (run end − start) / 1000.
    pub goodput_kbps: f64,
    /// Data segments sent (with retransmissions).
    pub segments_sent: u64,
    /// Retransmitted segments.
    pub retransmissions: u64,
    /// Fast retransmit episodes.
    pub fast_retransmits: u64,
    /// Retransmission timeouts.
    pub timeouts: u64,
    /// Data packets lost in queues.
    pub losses_queue: u64,
    /// Data packets lost to transmission errors.
    pub losses_corruption: u64,
    /// Other packets of the flow lost (ACKs, SYNs).
    pub losses_other: u64,
    /// Loss verdicts "congestion" of the flow's classifier.
    pub verdicts_congestion: u64,
    /// Loss verdicts "wireless".
    pub verdicts_wireless: u64,
    /// A_c of the flow's classifier.
    pub accuracy_congestion: Option<f64>,
    /// A_w of the flow's classifier.
    pub accuracy_wireless: Option<f64>,
    /// Retransmissions of a segment whose previous transmission was not lost (delivered or still
    /// in flight), by ground truth; includes go-back-N resends after an RTO (see `tcp::retx_truth`).
    pub spurious_retransmissions: u64,
    /// Every shadow classifier's verdicts on this flow's losses.
    pub shadows: Vec<ShadowSummary>,
    /// Seconds from the flow's start until its first 15 KB were delivered in order
    /// ([`crate::tcp::receiver::FIRST_BYTES`]; None if never). A sweep metric only: left out of the
    /// run summary's JSON.
    #[serde(skip)]
    pub time_to_15kb_s: Option<f64>,
    /// Start-up overflow and retransmission-delay measures ([`startup`]). Sweep metrics
    /// only.
    #[serde(skip)]
    pub startup: startup::StartupMeasures,
    /// Seconds from the end of the scenario's error burst to the next in-order delivery
    /// ([`bursts`], M6; None without a burst). A sweep metric only.
    #[serde(skip)]
    pub idle_after_burst_s: Option<f64>,
    /// The adaptive threshold's Tp estimate and boundary T0 at the flow's losses ([`threshold`],
    /// M11). Sweep metrics only.
    #[serde(skip)]
    pub threshold: threshold::ThresholdTally,
}

/// A shadow classifier's tally on one flow.
#[derive(Clone, Debug, Serialize, PartialEq, TS)]
pub struct ShadowSummary {
    /// Classifier id.
    pub classifier: &'static str,
    /// Parameters that differ from the classifier's defaults (None, and left out of JSON, when
    /// there are none).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub params: Option<serde_json::Map<String, serde_json::Value>>,
    /// Verdicts against truth.
    pub confusion: Confusion,
    /// A_c.
    pub accuracy_congestion: Option<f64>,
    /// A_w.
    pub accuracy_wireless: Option<f64>,
}

fn kbps(bytes: u64, from: SimTime, to: SimTime) -> f64 {
    let dt = to.saturating_since(from).as_secs_f64();
    if dt > 0.0 {
        bytes as f64 * 8.0 / dt / 1000.0
    } else {
        0.0
    }
}

impl FlowSummary {
    /// Summarise `f` for a run that ended (or is paused) at `end`.
    pub fn of(f: &Flow, end: SimTime) -> Self {
        let s = &f.sender;
        let bytes = f.receiver.delivered();
        let done = f.receiver.completed_at;
        let (vc, vw) = s.confusion.verdicts();
        FlowSummary {
            flow_id: f.id.clone(),
            cc: s.cc_id(),
            classifier: s.classifier_id(),
            bytes_delivered: bytes,
            start_s: f.start.as_secs_f64(),
            completion_s: done.map(SimTime::as_secs_f64),
            throughput_kbps: kbps(bytes, f.start, done.unwrap_or(end)),
            goodput_kbps: kbps(bytes, f.start, end),
            segments_sent: s.stats.segments_sent,
            retransmissions: s.stats.retransmissions,
            fast_retransmits: s.stats.fast_retransmits,
            timeouts: s.stats.timeouts,
            losses_queue: f.losses_queue,
            losses_corruption: f.losses_corruption,
            losses_other: f.losses_other,
            verdicts_congestion: vc,
            verdicts_wireless: vw,
            accuracy_congestion: s.confusion.accuracy_congestion(),
            accuracy_wireless: s.confusion.accuracy_wireless(),
            spurious_retransmissions: s.stats.spurious_retransmissions,
            time_to_15kb_s: f
                .receiver
                .first_bytes_at
                .map(|t| t.saturating_since(f.start).as_secs_f64()),
            startup: s.timeline.measures(f.start, s.mss()),
            idle_after_burst_s: bursts::idle_after(
                f.receiver.watch_from,
                f.receiver.delivered_after_watch,
            ),
            threshold: s.threshold.tally,
            shadows: s
                .shadows
                .iter()
                .map(|sh| ShadowSummary {
                    classifier: sh.classifier.id(),
                    params: (!sh.params.is_empty()).then(|| {
                        sh.params
                            .iter()
                            .map(|(k, v)| (k.to_string(), v.clone()))
                            .collect()
                    }),
                    confusion: sh.confusion,
                    accuracy_congestion: sh.confusion.accuracy_congestion(),
                    accuracy_wireless: sh.confusion.accuracy_wireless(),
                })
                .collect(),
        }
    }

    /// What the notices read of this row ([`crate::notices`]).
    pub fn outcome(&self) -> FlowOutcome<'_> {
        FlowOutcome {
            flow_id: &self.flow_id,
            throughput_kbps: self.throughput_kbps,
            losses_queue: self.losses_queue,
            losses_corruption: self.losses_corruption,
        }
    }
}

/// Results of a run.
#[derive(Clone, Debug, Serialize, PartialEq, TS)]
pub struct Summary {
    /// Scenario id.
    pub scenario_id: String,
    /// Seed.
    pub seed: u64,
    /// Simulated time at the end of the run, s.
    pub end_s: f64,
    /// Events processed.
    pub events: u64,
    /// One entry per flow.
    pub flows: Vec<FlowSummary>,
    /// What the flows delivered together: Σ bytes_delivered · 8 / (last completion − first
    /// start) / 1000, a bulk or unfinished flow completing at the run's end. Not the sum of the
    /// flows' own throughputs, which divides each flow's bytes by its own duration and can exceed
    /// the link's capacity when the flows finish at different times.
    pub aggregate_throughput_kbps: f64,
    /// Σ bytes_delivered · 8 / (run end − first start) / 1000.
    pub aggregate_goodput_kbps: f64,
    /// Jain's fairness index of the flows' whole-run throughputs, (Σx)² / (n·Σx²) over
    /// `throughput_kbps` (the sweep's `jain_index`); None with no flows or none delivering.
    /// Not the series' `jain_index`, which is taken per throughput window over the active flows.
    pub jain_index: Option<f64>,
    /// What a reader of these numbers should know ([`crate::notices`]); empty when nothing.
    pub notices: Vec<Notice>,
}

impl Summary {
    /// The run's summary from its flows' rows; the aggregate rates are computed here.
    pub fn new(
        scenario_id: String,
        seed: u64,
        end: SimTime,
        events: u64,
        flows: Vec<FlowSummary>,
    ) -> Self {
        let end_s = end.as_secs_f64();
        let bytes: u64 = flows.iter().map(|f| f.bytes_delivered).sum();
        let first_start = flows
            .iter()
            .map(|f| f.start_s)
            .fold(f64::INFINITY, f64::min);
        let last_done = flows
            .iter()
            .map(|f| f.completion_s.unwrap_or(end_s))
            .fold(f64::NEG_INFINITY, f64::max);
        let rate = |to: f64| {
            let dt = to - first_start;
            if dt > 0.0 && dt.is_finite() {
                bytes as f64 * 8.0 / dt / 1000.0
            } else {
                0.0
            }
        };
        Summary {
            scenario_id,
            seed,
            end_s,
            events,
            aggregate_throughput_kbps: rate(last_done),
            aggregate_goodput_kbps: rate(end_s),
            jain_index: jain(&flows.iter().map(|f| f.throughput_kbps).collect::<Vec<_>>()),
            notices: Vec::new(),
            flows,
        }
    }
}

impl FlowSummary {
    /// Tests' starting point, in this crate and the ones built on it: a flow `id` (NewReno, no
    /// classifier) with every count zero and every optional measure absent; a test sets the
    /// fields it is about (`..FlowSummary::blank("f")`).
    pub fn blank(id: &str) -> Self {
        FlowSummary {
            flow_id: id.into(),
            cc: "new_reno",
            classifier: "always_congestion",
            bytes_delivered: 0,
            start_s: 0.0,
            completion_s: None,
            throughput_kbps: 0.0,
            goodput_kbps: 0.0,
            segments_sent: 0,
            retransmissions: 0,
            fast_retransmits: 0,
            timeouts: 0,
            losses_queue: 0,
            losses_corruption: 0,
            losses_other: 0,
            verdicts_congestion: 0,
            verdicts_wireless: 0,
            accuracy_congestion: None,
            accuracy_wireless: None,
            spurious_retransmissions: 0,
            shadows: Vec::new(),
            time_to_15kb_s: None,
            startup: Default::default(),
            idle_after_burst_s: None,
            threshold: Default::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jain_index_by_hand() {
        // Equal shares → 1; (1, 3): (4)² / (2·10) = 0.8; one of n hogging → 1/n.
        assert_eq!(jain(&[5.0, 5.0, 5.0]), Some(1.0));
        assert_eq!(jain(&[1.0, 3.0]), Some(0.8));
        assert_eq!(jain(&[0.0, 0.0, 9.0, 0.0]), Some(0.25));
        assert_eq!(jain(&[]), None);
        assert_eq!(jain(&[0.0]), None);
    }

    fn row(id: &str, bytes: u64, start_s: f64, completion_s: Option<f64>) -> FlowSummary {
        FlowSummary {
            bytes_delivered: bytes,
            start_s,
            completion_s,
            ..FlowSummary::blank(id)
        }
    }

    #[test]
    fn aggregate_throughput_divides_all_bytes_by_the_span_of_the_transfers() {
        // Two 1 MB transfers: one from 0 to 10 s, one from 2 s to 4 s. Their own rates are
        // 800 and 4000 kbit/s (sum 4800); together they moved 2 MB in 10 s = 1600 kbit/s.
        let flows = vec![
            row("a", 1_000_000, 0.0, Some(10.0)),
            row("b", 1_000_000, 2.0, Some(4.0)),
        ];
        let s = Summary::new("x".into(), 1, SimTime::from_secs_f64(20.0), 0, flows);
        assert!((s.aggregate_throughput_kbps - 1600.0).abs() < 1e-9);
        // Goodput runs to the end of the run: 2 MB in 20 s.
        assert!((s.aggregate_goodput_kbps - 800.0).abs() < 1e-9);
        // An unfinished (bulk) flow completes at the run's end.
        let flows = vec![
            row("a", 500_000, 1.0, None),
            row("b", 1_000_000, 0.0, Some(4.0)),
        ];
        let s = Summary::new("x".into(), 1, SimTime::from_secs_f64(6.0), 0, flows);
        assert!((s.aggregate_throughput_kbps - 2000.0).abs() < 1e-9);
        // No flows, or nothing simulated: 0, never NaN.
        assert_eq!(
            Summary::new("x".into(), 1, SimTime::ZERO, 0, vec![]).aggregate_throughput_kbps,
            0.0
        );
    }

    #[test]
    fn summary_jain_index_is_taken_over_the_flows_whole_run_throughputs() {
        let flow = |id: &str, kbps: f64| FlowSummary {
            throughput_kbps: kbps,
            ..FlowSummary::blank(id)
        };
        // (1 + 3)² / (2 · (1 + 9)) = 0.8, by hand.
        let s = Summary::new(
            "x".into(),
            1,
            SimTime::from_secs_f64(1.0),
            0,
            vec![flow("a", 100.0), flow("b", 300.0)],
        );
        assert_eq!(s.jain_index, Some(0.8));
        let none = Summary::new("x".into(), 1, SimTime::ZERO, 0, vec![flow("a", 0.0)]);
        assert_eq!(none.jain_index, None);
    }
}
