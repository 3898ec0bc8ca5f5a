//! Loss classifiers: was this loss caused by congestion or by the wireless link? (SPEC §5–7)
//!
//! A classifier judges each fast-retransmit loss of a flow from what the sender can observe. The
//! flow's own classifier drives its reaction (a `Wireless` verdict keeps the window); shadow
//! classifiers (`observe.shadow_classifiers`) judge the same losses without influencing them.
//! Ground truth is handed over as an opaque [`Truth`] that only [`Oracle`] can open.
//!
//! - [`AlwaysCongestion`] (`always_congestion`): standard TCP — every loss is congestion.
//! - [`Oracle`] (`oracle`): reads the ground truth; the teaching upper bound.

mod always_congestion;
mod oracle;

pub use always_congestion::AlwaysCongestion;
pub use oracle::{Oracle, Truth};

use super::cc::{AckEvent, LossCtx};
use serde::Serialize;

/// Every classifier id of DESIGN §3.
pub const ALL: &[&str] = &[
    "always_congestion", "oracle", "checksum", "vegas_predictor", "spike", "ncpld", "jitter_ratio",
    "adaptive_threshold", "biaz", "mbiaz", "zigzag", "zbs", "congestion_warning",
];
/// Classifiers this build implements.
pub const AVAILABLE: &[&str] = &["always_congestion", "oracle"];

/// A classifier's decision about one loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Queue overflow: reduce the window.
    Congestion,
    /// Transmission error: retransmit without reducing.
    Wireless,
}

/// A loss classifier owning its own estimators.
pub trait LossClassifier: std::fmt::Debug {
    /// The DESIGN §3 id.
    fn id(&self) -> &'static str;
    /// A valid RTT sample arrived (seconds).
    fn on_rtt_sample(&mut self, _rtt_s: f64) {}
    /// Every ACK (new or duplicate), before the sender acts on it.
    fn on_ack(&mut self, _ack: &AckEvent) {}
    /// Judge the loss of the segment at `ctx.seq`.
    fn classify(&mut self, ctx: &LossCtx, truth: &Truth) -> Verdict;
}

/// Build classifier `id` (one of [`AVAILABLE`]).
pub fn build(id: &str) -> Box<dyn LossClassifier> {
    match id {
        "oracle" => Box::new(Oracle),
        _ => Box::new(AlwaysCongestion),
    }
}

/// Verdicts paired with ground truth (SPEC §5.8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Confusion {
    /// Congestion loss judged congestion.
    pub congestion_as_congestion: u64,
    /// Congestion loss judged wireless.
    pub congestion_as_wireless: u64,
    /// Wireless loss judged congestion.
    pub wireless_as_congestion: u64,
    /// Wireless loss judged wireless.
    pub wireless_as_wireless: u64,
    /// Loss of unknown cause (e.g. a spurious retransmission) judged congestion.
    pub unknown_as_congestion: u64,
    /// Loss of unknown cause judged wireless.
    pub unknown_as_wireless: u64,
}

impl Confusion {
    /// Record one verdict against its truth (`None` = unknown cause).
    pub fn record(&mut self, truth_congestion: Option<bool>, v: Verdict) {
        match (truth_congestion, v) {
            (Some(true), Verdict::Congestion) => self.congestion_as_congestion += 1,
            (Some(true), Verdict::Wireless) => self.congestion_as_wireless += 1,
            (Some(false), Verdict::Congestion) => self.wireless_as_congestion += 1,
            (Some(false), Verdict::Wireless) => self.wireless_as_wireless += 1,
            (None, Verdict::Congestion) => self.unknown_as_congestion += 1,
            (None, Verdict::Wireless) => self.unknown_as_wireless += 1,
        }
    }
    /// A_c = correct congestion verdicts / congestion losses (None when there were none).
    pub fn accuracy_congestion(&self) -> Option<f64> {
        let n = self.congestion_as_congestion + self.congestion_as_wireless;
        (n > 0).then(|| self.congestion_as_congestion as f64 / n as f64)
    }
    /// A_w = correct wireless verdicts / wireless losses (None when there were none).
    pub fn accuracy_wireless(&self) -> Option<f64> {
        let n = self.wireless_as_congestion + self.wireless_as_wireless;
        (n > 0).then(|| self.wireless_as_wireless as f64 / n as f64)
    }
    /// All verdicts of each kind: (congestion, wireless).
    pub fn verdicts(&self) -> (u64, u64) {
        (
            self.congestion_as_congestion + self.wireless_as_congestion + self.unknown_as_congestion,
            self.congestion_as_wireless + self.wireless_as_wireless + self.unknown_as_wireless,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accuracies_by_hand() {
        let mut c = Confusion::default();
        for _ in 0..3 {
            c.record(Some(true), Verdict::Congestion);
        }
        c.record(Some(true), Verdict::Wireless);
        c.record(Some(false), Verdict::Wireless);
        // A_c = 3/4; A_w = 1/1
        assert_eq!(c.accuracy_congestion(), Some(0.75));
        assert_eq!(c.accuracy_wireless(), Some(1.0));
        assert_eq!(Confusion::default().accuracy_wireless(), None);
    }
}
