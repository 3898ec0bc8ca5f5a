//! Plain-language notices about a run's results: things a reader of the numbers should know
//! before trusting them. Each has a stable id (for tests and the UI) and a message for people.
//!
//! `phase_locked` — identical flows (same TCP settings, path, start and size) that got very
//! different throughputs while nearly all their losses were queue overflows. In a deterministic simulation such flows can lock into a fixed phase with
//! the drop-tail queue's departures, so that one flow's packets are the ones that find the
//! buffer full, every time (Floyd & Jacobson 1992). Rule:
//!
//! ```text
//! group = flows with equal (tcp, from, to, start_s, bytes), ≥ 2 flows
//! flag if  max throughput ≥ 1.5 · min throughput   (Jain's index of two such flows ≤ 0.96)
//!     and  Σ losses_queue > Σ losses_corruption     (random errors would scramble the phase)
//! ```

use crate::scenario::FlowSpec;
use serde::Serialize;
use ts_rs::TS;

/// One notice about a run.
#[derive(Clone, Debug, Serialize, PartialEq, TS)]
pub struct Notice {
    /// Stable id: `phase_locked`.
    pub id: &'static str,
    /// The flows it concerns.
    pub flows: Vec<String>,
    /// What it means, in plain language.
    pub message: String,
}

/// Throughput ratio between identical flows above which the run is reported as phase-locked.
pub const PHASE_LOCK_RATIO: f64 = 1.5;

fn identical(a: &FlowSpec, b: &FlowSpec) -> bool {
    a.tcp == b.tcp
        && a.from == b.from
        && a.to == b.to
        && a.start_s == b.start_s
        && a.bytes == b.bytes
}

/// What the rules read of one flow's results (its summary row): plain numbers, so this module
/// needs nothing of the metrics that hold its notices.
#[derive(Clone, Copy, Debug)]
pub struct FlowOutcome<'a> {
    /// Flow id.
    pub flow_id: &'a str,
    /// The flow's throughput, kbit/s.
    pub throughput_kbps: f64,
    /// Data packets lost in queues.
    pub losses_queue: u64,
    /// Data packets lost to transmission errors.
    pub losses_corruption: u64,
}

/// The `phase_locked` notices of a run (`specs[i]` is the flow of `flows[i]`).
pub fn phase_locked(specs: &[FlowSpec], flows: &[FlowOutcome]) -> Vec<Notice> {
    let mut out = Vec::new();
    let mut seen = vec![false; specs.len()];
    for i in 0..specs.len() {
        if seen[i] {
            continue;
        }
        let group: Vec<usize> = (i..specs.len())
            .filter(|&j| !seen[j] && identical(&specs[i], &specs[j]))
            .collect();
        for &j in &group {
            seen[j] = true;
        }
        if group.len() < 2 {
            continue;
        }
        let rate = |j: usize| flows[j].throughput_kbps;
        let hi = group
            .iter()
            .copied()
            .max_by(|&a, &b| rate(a).total_cmp(&rate(b)))
            .unwrap();
        let lo = group
            .iter()
            .copied()
            .min_by(|&a, &b| rate(a).total_cmp(&rate(b)))
            .unwrap();
        let queue: u64 = group.iter().map(|&j| flows[j].losses_queue).sum();
        let errors: u64 = group.iter().map(|&j| flows[j].losses_corruption).sum();
        if rate(hi) < PHASE_LOCK_RATIO * rate(lo) || queue <= errors {
            continue;
        }
        out.push(Notice {
            id: "phase_locked",
            flows: group.iter().map(|&j| flows[j].flow_id.to_string()).collect(),
            message: format!(
                "Flows {} have identical settings, yet {} got {:.0} kbit/s and {} only {:.0} kbit/s, \
                 and almost all their losses were queue overflows. This is probably a phase effect of \
                 the deterministic simulation: the flows keep a fixed timing against the queue, so the \
                 same flow's packets find the buffer full every time. Real hosts add small random delays \
                 that break this; {}",
                list(&group.iter().map(|&j| flows[j].flow_id).collect::<Vec<_>>()),
                flows[hi].flow_id,
                rate(hi),
                flows[lo].flow_id,
                rate(lo),
                match specs[i].tcp.send_overhead_ms {
                    o if o > 0.0 => format!(
                        "their Send overhead (a TCP option of each flow) is {o} ms; try about one packet's \
                         transmission time on the bottleneck, or more."
                    ),
                    _ => "to model them, set Send overhead (a TCP option of each flow) to about one packet's \
                          transmission time on the bottleneck."
                        .to_string(),
                },
            ),
        });
    }
    out
}

fn list(ids: &[&str]) -> String {
    match ids {
        [a, b] => format!("{a} and {b}"),
        [rest @ .., last] if ids.len() > 2 => format!("{}, and {last}", rest.join(", ")),
        _ => ids.join(""),
    }
}
