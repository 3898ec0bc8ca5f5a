//! Loss classifiers: was this loss caused by congestion or by the wireless link? (docs/design.md §5–7)
//!
//! A classifier judges each fast-retransmit loss of a flow from what the sender can observe. The
//! flow's own classifier drives its reaction (a `Wireless` verdict keeps the window); shadow
//! classifiers (`observe.shadow_classifiers`) judge the same losses without influencing them.
//! Ground truth is handed over as an opaque [`Truth`] that only [`Oracle`] opens. The ACK event,
//! loss context, verdict and truth live in [`crate::tcp::signal`], below this module and `cc`.
//!
//! - [`AlwaysCongestion`] (`always_congestion`): standard TCP — every loss is congestion.
//! - [`Oracle`] (`oracle`): reads the ground truth; the teaching upper bound.
//! - [`Checksum`] (`checksum`): the receiver's corruption notification, Garcia & Brunstrom (§7).
//! - [`VegasPredictor`] (`vegas_predictor`): Vegas backlog N ≥ β (§5.2).
//! - [`Spike`] (`spike`): RTT spike state machine, sender-side form (§5.3).
//! - [`Ncpld`] (`ncpld`): RTT beyond the delay-vs-load knee (§5.4).
//! - [`JitterRatio`] (`jitter_ratio`): JTCP's jitter ratio, Lim & Jang eq. 4 (§5.5).
//! - [`AdaptiveThreshold`] (`adaptive_threshold`): Lim & Jang's moving RTT threshold (§5.6).
//! - [`Biaz`] (`biaz`, `mbiaz`: one type, two interval bounds), [`ZigZag`] (`zigzag`), [`Zbs`]
//!   (`zbs`): Cen, Cosman & Voelker's receiver-side classifiers (§6), run on the arrival stream
//!   rebuilt from ACKs.
//! - [`CongestionWarning`] (`congestion_warning`): router congestion-warning marks (§3.3–3.4).
//!
//! Each classifier has a `Params` struct whose `Default` is the docs/design.md's recommended
//! setting, and in its own file the knob table (`impl Tunable for Params`) and its [`Classifier`]
//! entry (catalog text, knobs, constructor). [`CLASSIFIERS`] lists the entries — the one place a
//! classifier is registered — and [`ALL`], [`info`], [`specs`] and [`build`] (a classifier from
//! its id and parameters) are read off it:
//!
//! ```
//! use serde_json::json;
//! use sim_model::tcp::classify::{build, AVAILABLE};
//! for id in AVAILABLE {
//!     assert_eq!(build(id, &[]).id(), *id);
//! }
//! let tuned = build("spike", &[("alpha", json!(0.7))]);
//! assert_eq!(tuned.id(), "spike");
//! ```

pub mod adaptive_threshold;
mod always_congestion;
pub mod biaz;
pub mod checksum;
pub mod congestion_warning;
pub mod jitter_ratio;
pub mod ncpld;
mod oracle;
mod receiver_view;
pub mod spike;
pub mod vegas_predictor;
pub mod zbs;
pub mod zigzag;

#[cfg(test)]
mod registry_tests;
#[cfg(test)]
pub(crate) mod test_support;

pub use adaptive_threshold::AdaptiveThreshold;
pub use always_congestion::AlwaysCongestion;
pub use biaz::Biaz;
pub use checksum::Checksum;
pub use congestion_warning::CongestionWarning;
pub use jitter_ratio::JitterRatio;
pub use ncpld::Ncpld;
pub use oracle::Oracle;
pub use spike::Spike;
pub use vegas_predictor::VegasPredictor;
pub use zbs::Zbs;
pub use zigzag::ZigZag;

use crate::param::{Info, ParamSpec};
use crate::tcp::registry::{and_custom, find, ids, Entry};
use crate::tcp::signal::{AckEvent, LossCtx, Truth, Verdict};
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

/// A classifier's entry: catalog text, knobs, constructor.
pub type Classifier = Entry<dyn LossClassifier>;

/// Every classifier of docs/design.md §D3, in catalog order: the one list of classifiers.
pub const CLASSIFIERS: &[Classifier] = &[
    always_congestion::CLASSIFIER,
    oracle::CLASSIFIER,
    checksum::CLASSIFIER,
    vegas_predictor::CLASSIFIER,
    spike::CLASSIFIER,
    ncpld::CLASSIFIER,
    jitter_ratio::CLASSIFIER,
    adaptive_threshold::CLASSIFIER,
    biaz::BIAZ,
    biaz::MBIAZ,
    zigzag::CLASSIFIER,
    zbs::CLASSIFIER,
    congestion_warning::CLASSIFIER,
];

/// Every classifier id, in [`CLASSIFIERS`] order.
pub const ALL: &[&str] = &ids::<_, { CLASSIFIERS.len() }>(CLASSIFIERS);
/// Classifiers this build implements.
pub const AVAILABLE: &[&str] = ALL;
/// The ids a scenario may name as a classifier: [`AVAILABLE`] and code of one's own
/// ([`crate::tcp::custom`]).
pub const CHOICES: &[&str] = &and_custom::<{ ALL.len() + 1 }>(ALL);

/// The catalog text of classifier `id`.
pub fn info(id: &str) -> Option<&'static Info> {
    find(CLASSIFIERS, id).map(|c| &c.info)
}

/// The knobs of classifier `id` (empty for those without any and for unknown ids).
pub fn specs(id: &str) -> Vec<ParamSpec> {
    find(CLASSIFIERS, id).map_or_else(Vec::new, |c| (c.specs)())
}

/// Build classifier `id` (one of [`AVAILABLE`]) with its default parameters overridden by
/// `params` (pairs accepted by [`crate::param::validate_params`] against [`specs`]`(id)`); an
/// unknown id gives [`AlwaysCongestion`], and [`crate::tcp::custom::ID`] a stand-in that waits for
/// the code ([`crate::tcp::custom::Waiting`]).
pub fn build(id: &str, params: &[(&'static str, Value)]) -> Box<dyn LossClassifier> {
    match find(CLASSIFIERS, id) {
        Some(c) => (c.build)(params),
        None if id == crate::tcp::custom::ID => Box::new(crate::tcp::custom::Waiting),
        None => Box::new(AlwaysCongestion),
    }
}

/// A loss classifier owning its own estimators.
pub trait LossClassifier: std::fmt::Debug {
    /// The docs/design.md §D3 id.
    fn id(&self) -> &'static str;
    /// A valid RTT sample arrived (seconds).
    fn on_rtt_sample(&mut self, _rtt_s: f64) {}
    /// Every ACK (new or duplicate), before the sender acts on it.
    fn on_ack(&mut self, _ack: &AckEvent) {}
    /// Judge the loss of the segment at `ctx.seq`.
    fn classify(&mut self, ctx: &LossCtx, truth: &Truth) -> Verdict;
    /// The adaptive threshold's statistics and exponent k (metrics only,
    /// [`crate::metrics::threshold`]); `None` for every other classifier or before a sample.
    fn threshold_state(&self) -> Option<(adaptive_threshold::RttStats, f64)> {
        None
    }
}

/// A classifier chosen in a scenario: its id and the parameters that override its defaults
/// (`observe.shadow_classifiers` entries).
#[derive(Clone, Debug, PartialEq)]
pub struct ClassifierSpec {
    /// One of [`AVAILABLE`].
    pub id: &'static str,
    /// Validated `(name, value)` pairs, applied in order.
    pub params: Vec<(&'static str, Value)>,
}

impl ClassifierSpec {
    /// Build the classifier.
    pub fn build(&self) -> Box<dyn LossClassifier> {
        build(self.id, &self.params)
    }
}

/// Verdicts paired with ground truth (docs/design.md §5.8).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, TS)]
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
            self.congestion_as_congestion
                + self.wireless_as_congestion
                + self.unknown_as_congestion,
            self.congestion_as_wireless + self.wireless_as_wireless + self.unknown_as_wireless,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::test_support::{data_ack, loss_ctx};
    use super::*;
    use crate::packet::Cause;

    #[test]
    fn every_id_is_available_and_builds_itself() {
        assert_eq!(AVAILABLE, ALL);
        for id in AVAILABLE {
            assert_eq!(build(id, &[]).id(), *id);
        }
    }

    /// A small deterministic generator for the scripted traces.
    struct Lcg(u64);
    impl Lcg {
        fn next(&mut self) -> f64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (self.0 >> 11) as f64 / (1u64 << 53) as f64
        }
    }

    /// Feed a trace to `c` as the sender would: segments of 1000 B sent 10 ms apart, queueing
    /// delay drawn from `seed`, segment `lost` dropped and all others ACKed on arrival, RTT
    /// samples from new ACKs, CW echoes on some ACKs. Returns the loss context of `lost`.
    fn script(c: &mut dyn LossClassifier, seed: u64, lost: u64, notified: bool) -> LossCtx {
        let mut rng = Lcg(seed);
        let mut cum = 0;
        for j in 0..lost + 4 {
            if j == lost {
                continue;
            }
            let sent = 10.0 * j as f64;
            let arrival = sent + 40.0 + 60.0 * rng.next();
            if j < lost {
                cum = (j + 1) * 1000;
            }
            let mut a = data_ack(j * 1000, sent, arrival, cum);
            a.duplicate = j > lost;
            a.acked_bytes = if j < lost { 1000 } else { 0 };
            a.cw_echo = rng.next() < 0.3;
            a.cwnd = (2.0 + j as f64) * 1000.0;
            if !a.duplicate {
                let rtt = (a.now.0 - a.echo_ts.0) as f64 * 1e-9;
                a.rtt_s = Some(rtt);
                c.on_rtt_sample(rtt);
            }
            c.on_ack(&a);
        }
        LossCtx {
            corruption_notified: notified,
            ..loss_ctx(lost * 1000, 2.0 + lost as f64)
        }
    }

    #[test]
    fn no_classifier_but_oracle_reads_ground_truth() {
        let congestion = Truth::new(Some(Cause::QueueOverflow));
        let wireless = Truth::new(Some(Cause::PayloadCorruption));
        let mut verdicts = std::collections::BTreeSet::new();
        for id in AVAILABLE.iter().filter(|id| **id != "oracle") {
            for seed in 1..=20 {
                for notified in [false, true] {
                    let lost = 8 + seed % 7;
                    let (mut a, mut b) = (build(id, &[]), build(id, &[]));
                    let ctx_a = script(a.as_mut(), seed, lost, notified);
                    let ctx_b = script(b.as_mut(), seed, lost, notified);
                    let (va, vb) = (
                        a.classify(&ctx_a, &congestion),
                        b.classify(&ctx_b, &wireless),
                    );
                    assert_eq!(
                        va, vb,
                        "{id} changed its verdict with the truth (seed {seed})"
                    );
                    verdicts.insert((*id, va == Verdict::Wireless));
                }
            }
        }
        // The traces are not trivial: most classifiers reach both verdicts on them.
        let both = ALL
            .iter()
            .filter(|id| verdicts.contains(&(**id, true)) && verdicts.contains(&(**id, false)));
        assert!(both.count() >= 6, "{verdicts:?}");
        let mut o = build("oracle", &[]);
        let ctx = script(o.as_mut(), 1, 8, false);
        assert_eq!(o.classify(&ctx, &congestion), Verdict::Congestion);
        assert_eq!(o.classify(&ctx, &wireless), Verdict::Wireless);
        assert_eq!(
            o.classify(&ctx, &Truth::new(Some(Cause::AqmDrop))),
            Verdict::Congestion
        );
        assert_eq!(
            o.classify(&ctx, &Truth::new(Some(Cause::WirelessLoss))),
            Verdict::Wireless
        );
    }

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
