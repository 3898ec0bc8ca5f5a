//! ZigZag: Cen, Cosman & Voelker's ROTT classifier with a threshold that depends on the number
//! of packets lost in a row (docs/design.md §6, A21).
//!
//! ```text
//! every received packet (ROTT = arrival − send time):
//!   mean ← (1 − α)·mean + α·rott;   dev ← (1 − 2α)·dev + 2α·|rott − mean|    α = 1/32
//!   (first packet: mean = rott, dev = 0; dev uses the mean just updated)
//! at the arrival of packet i+n+1 after n missing packets, with that packet's rott:
//!   wireless ⇔ rott < mean − dev      (n = 1)
//!              rott < mean − dev/2    (n = 2)
//!              rott < mean            (n = 3)
//!              rott < mean − dev/2    (n > 3; option: mean + dev/2)
//! ```
//! A burst of n losses on a wireless link lets the next packet arrive with a short ROTT (the queue
//! drained meanwhile); the more packets missing, the less early it must be. Ambiguity A21, n > 3:
//! Cen et al. as recalled and the IHMC code use mean − dev/2 (default); the
//! `packet_loss_classification` crate uses mean + dev/2 (`zigzag_n_gt3 = plus_half_dev`). The statistics take
//! the current packet in before the decision, as both implementations do. Receiver-side: the
//! arrival stream is rebuilt from ACKs (see `receiver_view.rs`); assumes an
//! ACK per segment and degrades with delayed ACKs.

use super::receiver_view::CEN;
use super::receiver_view::{ArrivalTracker, VerdictLog};
use super::{Classifier, LossClassifier};
use crate::param::{set_choice, set_f64, tuned, unknown, Choice, Info, ParamSpec, Tunable};
use crate::tcp::signal::{AckEvent, LossCtx, Truth, Verdict};
use serde_json::Value;

/// ZigZag's threshold for bursts of more than three losses (`zigzag_n_gt3`, docs/design.md A21).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZigZagNGt3 {
    /// rott < mean − dev/2 (Cen et al. as recalled, IHMC; default).
    MinusHalfDev,
    /// rott < mean + dev/2 (the `packet_loss_classification` crate).
    PlusHalfDev,
}

impl ZigZagNGt3 {
    /// The option id.
    pub fn id(self) -> &'static str {
        match self {
            ZigZagNGt3::MinusHalfDev => "minus_half_dev",
            ZigZagNGt3::PlusHalfDev => "plus_half_dev",
        }
    }
    /// Parse an option id.
    pub fn from_id(s: &str) -> Option<Self> {
        [ZigZagNGt3::MinusHalfDev, ZigZagNGt3::PlusHalfDev]
            .into_iter()
            .find(|o| o.id() == s)
    }
}

/// Settings of ZigZag.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// α_z: gain of the ROTT mean (the deviation uses 2α_z).
    pub alpha: f64,
    /// Threshold for n > 3.
    pub n_gt3: ZigZagNGt3,
}

impl Default for Params {
    /// α_z = 1/32, n > 3 → mean − dev/2.
    fn default() -> Self {
        Params {
            alpha: 1.0 / 32.0,
            n_gt3: ZigZagNGt3::MinusHalfDev,
        }
    }
}

/// Catalog text of `zigzag`.
pub(super) const INFO: Info = Info {
    id: "zigzag",
    title: "ZigZag",
    description: "Receiver side: a loss is wireless when the one-way delay is low, with a threshold depending on the losses in a row.",
    reference: CEN,
};

/// The `zigzag` entry of the classifier table.
pub(super) const CLASSIFIER: Classifier = Classifier {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(ZigZag::with_params(tuned(p))),
};

// ZigZagNGt3 already has inherent `id` / `from_id`; the trait uses the same ids.
impl Choice for ZigZagNGt3 {
    const OPTIONS: &'static [(Self, &'static str)] = &[
        (ZigZagNGt3::MinusHalfDev, "minus_half_dev"),
        (ZigZagNGt3::PlusHalfDev, "plus_half_dev"),
    ];
}

/// The zigzag knobs; with `prefix`, named as ZBS flattens them (`zigzag_alpha`, …).
pub(super) fn knob_specs(prefix: bool, d: Params) -> Vec<ParamSpec> {
    let (a, n) = if prefix {
        ("zigzag_alpha", "zigzag_n_gt3")
    } else {
        ("alpha", "n_gt3")
    };
    vec![
        ParamSpec::number(
            a,
            "",
            0.001,
            0.5,
            d.alpha,
            "α_z: gain of the one-way-delay mean (the deviation uses 2α_z) (1/32).",
        ),
        ParamSpec::choice_of(
            n,
            d.n_gt3,
            "Threshold for more than three losses in a row: mean − dev/2 or mean + dev/2.",
        ),
    ]
}

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        knob_specs(false, Self::default())
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "alpha" => set_f64(&mut self.alpha, v),
            "n_gt3" => set_choice(&mut self.n_gt3, v),
            _ => unknown(name),
        }
    }
}

/// ZigZag's ROTT mean and deviation.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RottStats {
    /// EWMA of ROTT, seconds (`None` before the first packet).
    pub mean_s: Option<f64>,
    /// EWMA of |rott − mean|, seconds.
    pub dev_s: f64,
}

impl RottStats {
    /// Take one packet's ROTT in.
    pub fn update(&mut self, alpha: f64, rott: f64) {
        let mean = self
            .mean_s
            .map_or(rott, |m| (1.0 - alpha) * m + alpha * rott);
        if self.mean_s.is_some() {
            self.dev_s = (1.0 - 2.0 * alpha) * self.dev_s + 2.0 * alpha * (rott - mean).abs();
        }
        self.mean_s = Some(mean);
    }

    /// The ROTT below which a burst of `n` losses is wireless.
    pub fn threshold(&self, n: u64, n_gt3: ZigZagNGt3) -> f64 {
        let (m, d) = (self.mean_s.unwrap_or(0.0), self.dev_s);
        match (n, n_gt3) {
            (0 | 1, _) => m - d,
            (2, _) => m - d / 2.0,
            (3, _) => m,
            (_, ZigZagNGt3::MinusHalfDev) => m - d / 2.0,
            (_, ZigZagNGt3::PlusHalfDev) => m + d / 2.0,
        }
    }

    /// The verdict on a burst of `n` losses revealed by a packet with ROTT `rott`.
    pub fn judge(&self, rott: f64, n: u64, n_gt3: ZigZagNGt3) -> Verdict {
        if rott < self.threshold(n, n_gt3) {
            Verdict::Wireless
        } else {
            Verdict::Congestion
        }
    }
}

/// ZigZag classifier.
#[derive(Clone, Debug, Default)]
pub struct ZigZag {
    params: Params,
    tracker: ArrivalTracker,
    stats: RottStats,
    log: VerdictLog,
}

impl ZigZag {
    /// A classifier with the given settings.
    pub fn with_params(params: Params) -> Self {
        ZigZag {
            params,
            ..Self::default()
        }
    }
    /// The ROTT statistics so far.
    pub fn stats(&self) -> RottStats {
        self.stats
    }
}

impl LossClassifier for ZigZag {
    fn id(&self) -> &'static str {
        "zigzag"
    }
    fn on_ack(&mut self, ack: &AckEvent) {
        let Some(a) = self.tracker.observe(ack) else {
            return;
        };
        self.stats.update(self.params.alpha, a.rott_s);
        if let Some(lost) = a.new.and_then(|n| n.lost) {
            self.log
                .record(lost, self.stats.judge(a.rott_s, lost.n, self.params.n_gt3));
        }
    }
    fn classify(&mut self, ctx: &LossCtx, _truth: &Truth) -> Verdict {
        self.log.verdict(ctx.seq)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{assert_close, data_ack, loss_ctx};
    use super::*;
    use crate::packet::Cause;

    /// mean = 0.1, dev = 0.02 exactly.
    fn stats() -> RottStats {
        RottStats {
            mean_s: Some(0.1),
            dev_s: 0.02,
        }
    }

    #[test]
    fn thresholds_per_burst_length() {
        let s = stats();
        let minus = ZigZagNGt3::MinusHalfDev;
        // n = 1: mean − dev = 0.08
        assert_close(s.threshold(1, minus), 0.08, 1e-15);
        assert_eq!(s.judge(0.079, 1, minus), Verdict::Wireless);
        assert_eq!(s.judge(0.081, 1, minus), Verdict::Congestion);
        // n = 2: mean − dev/2 = 0.09
        assert_close(s.threshold(2, minus), 0.09, 1e-15);
        assert_eq!(s.judge(0.085, 2, minus), Verdict::Wireless);
        assert_eq!(s.judge(0.085, 1, minus), Verdict::Congestion);
        // n = 3: mean = 0.1
        assert_eq!(s.threshold(3, minus), 0.1);
        assert_eq!(s.judge(0.095, 3, minus), Verdict::Wireless);
        assert_eq!(s.judge(0.095, 2, minus), Verdict::Congestion);
        // n = 5: mean − dev/2 = 0.09 (default) or mean + dev/2 = 0.11 (option)
        assert_close(s.threshold(5, minus), 0.09, 1e-15);
        assert_close(s.threshold(5, ZigZagNGt3::PlusHalfDev), 0.11, 1e-15);
        assert_eq!(s.judge(0.1, 5, minus), Verdict::Congestion);
        assert_eq!(s.judge(0.1, 5, ZigZagNGt3::PlusHalfDev), Verdict::Wireless);
    }

    #[test]
    fn statistics_by_hand() {
        let mut s = RottStats::default();
        s.update(0.25, 0.1); // first: mean = 0.1, dev = 0
        assert_eq!(
            s,
            RottStats {
                mean_s: Some(0.1),
                dev_s: 0.0
            }
        );
        s.update(0.25, 0.2);
        // mean = ¾·0.1 + ¼·0.2 = 0.125; dev = ½·0 + ½·|0.2 − 0.125| = 0.0375
        assert_close(s.mean_s.unwrap(), 0.125, 1e-15);
        assert_close(s.dev_s, 0.0375, 1e-15);
        assert_eq!(
            ZigZagNGt3::from_id("plus_half_dev"),
            Some(ZigZagNGt3::PlusHalfDev)
        );
        assert_eq!(ZigZagNGt3::from_id("plus"), None);
    }

    #[test]
    fn classifies_from_rebuilt_arrivals() {
        // α = ¼. ROTTs 100 ms, 200 ms (mean 0.125, dev 0.0375 as above), then segment 2 is lost
        // and segment 3 arrives with ROTT 50 ms: mean = ¾·0.125 + ¼·0.05 = 0.10625,
        // dev = ½·0.0375 + ½·|0.05 − 0.10625| = 0.046875; n = 1 threshold = 0.059375 > 0.05
        // → wireless.
        let mut z = ZigZag::with_params(Params {
            alpha: 0.25,
            ..Params::default()
        });
        z.on_ack(&data_ack(0, 0.0, 100.0, 1000));
        z.on_ack(&data_ack(1000, 10.0, 210.0, 2000));
        z.on_ack(&data_ack(3000, 30.0, 80.0, 2000));
        assert_close(z.stats().mean_s.unwrap(), 0.10625, 1e-12);
        assert_close(z.stats().dev_s, 0.046875, 1e-12);
        let t = Truth::new(Some(Cause::QueueOverflow));
        assert_eq!(z.classify(&loss_ctx(2000, 10.0), &t), Verdict::Wireless);
        // Segment 4 in sequence, ROTT 100 ms: mean = ¾·0.10625 + ¼·0.1 = 0.1046875,
        // dev = ½·0.046875 + ½·|0.1 − 0.1046875| = 0.02578125.
        z.on_ack(&data_ack(4000, 40.0, 140.0, 2000));
        // Segments 5, 6 lost; 7 arrives with ROTT 100 ms: mean = ¾·0.1046875 + ¼·0.1 = 0.103515625,
        // dev = ½·0.02578125 + ½·0.003515625 = 0.0146484375;
        // n = 2 threshold = 0.103515625 − 0.00732421875 = 0.09619140625 < 0.1 → congestion
        z.on_ack(&data_ack(7000, 70.0, 170.0, 2000));
        assert_close(z.stats().mean_s.unwrap(), 0.103515625, 1e-12);
        assert_close(z.stats().dev_s, 0.0146484375, 1e-12);
        assert_eq!(z.classify(&loss_ctx(5000, 10.0), &t), Verdict::Congestion);
        assert_eq!(z.classify(&loss_ctx(6000, 10.0), &t), Verdict::Congestion);
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        use crate::param::testing::{check_tunable, round_trip};
        check_tunable::<Params>();
        round_trip::<ZigZagNGt3>();
        for (v, id) in ZigZagNGt3::OPTIONS {
            assert_eq!(
                (v.id(), ZigZagNGt3::from_id(id)),
                (*id, Some(*v)),
                "inherent ids agree"
            );
        }
    }
}
