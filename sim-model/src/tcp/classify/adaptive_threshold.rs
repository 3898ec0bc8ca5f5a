//! Lim & Jang's adaptive-threshold classifier (their §3.2, eq. 5–7; docs/design.md §5.6).
//!
//! ```text
//! every RTT sample T:   T_dev ← ¾·T_dev + ¼·|T − T̄|        (deviation first, with the old T̄)
//!                       T̄     ← ⅞·T̄ + ⅛·T
//!                       first sample: T̄ = T, T_dev = T/2;   Tp = min T
//! at the 3rd dupACK, T = latest sample:
//!   congestion ⇔ T > T̄ + T_dev·(2·(Tp/T)^k − 1),   k = 3                        (eq. 6)
//! ```
//! The threshold falls from about T̄ + T_dev on a lightly loaded path (T ≈ Tp: more losses called
//! wireless) towards T̄ − T_dev on a heavily loaded one (T ≫ Tp: more called congestion). The
//! boundary T0 where both sides are equal moves down towards T̄ − T_dev as k grows; for k = 1 it
//! equals T̄ exactly when Tp = T̄/2. The equivalent eq. 7 divides by T_dev and is not used.
//! Ambiguity A9: the paper lists the mean update first; the RFC 6298 order is the default.

use super::{Classifier, LossClassifier};
use crate::param::{set_bool, set_f64, tuned, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{LossCtx, Truth, Verdict};
use serde_json::Value;

/// Settings of the adaptive threshold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// k: exponent of the adaptation term (Tp/T)^k.
    pub k: f64,
    /// T_dev at the first sample as a fraction of T (docs/design.md A9: ½).
    pub initial_dev_fraction: f64,
    /// Update T_dev before T̄ (RFC 6298 order, docs/design.md A9); false = the paper's listing order.
    pub deviation_first: bool,
}

impl Default for Params {
    /// k = 3, T_dev = T/2 at the first sample, deviation first.
    fn default() -> Self {
        Params {
            k: 3.0,
            initial_dev_fraction: 0.5,
            deviation_first: true,
        }
    }
}

/// Catalog text of `adaptive_threshold`.
pub(super) const INFO: Info = Info {
    id: "adaptive_threshold",
    title: "Adaptive threshold",
    description: "A loss is congestion when the RTT exceeds a threshold adapting to the RTT mean, deviation and minimum.",
    reference: "Lim & Jang, \"An adaptive end-to-end loss differentiation scheme for TCP over wired/wireless networks\" §3.2, eq. 5–7",
};

/// The `adaptive_threshold` entry of the classifier table.
pub(super) const CLASSIFIER: Classifier = Classifier {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(AdaptiveThreshold::with_params(tuned(p))),
};

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::number("k", "", 0.0, 20.0, d.k, "Exponent of the adaptation term (Tp/T)^k (Lim & Jang: 3)."),
            ParamSpec::number("initial_dev_fraction", "", 0.0, 10.0, d.initial_dev_fraction, "RTT deviation at the first sample as a fraction of the sample (1/2)."),
            ParamSpec::boolean("deviation_first", d.deviation_first, "Update the deviation before the mean (RFC 6298 order); off = the paper's listing order."),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "k" => set_f64(&mut self.k, v),
            "initial_dev_fraction" => set_f64(&mut self.initial_dev_fraction, v),
            "deviation_first" => set_bool(&mut self.deviation_first, v),
            _ => unknown(name),
        }
    }
}

/// The RTT statistics of eq. 6.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RttStats {
    /// T̄: EWMA of the RTT, seconds.
    pub mean_s: f64,
    /// T_dev: EWMA of the deviation, seconds.
    pub dev_s: f64,
    /// Tp: minimum RTT, seconds.
    pub tp_s: f64,
    /// T: latest sample, seconds.
    pub last_s: f64,
}

/// The right-hand side of eq. 6: T̄ + T_dev·(2·(Tp/T)^k − 1), seconds.
pub fn threshold_s(t: f64, mean: f64, dev: f64, tp: f64, k: f64) -> f64 {
    mean + dev * (2.0 * libm::pow(tp / t, k) - 1.0)
}

/// The boundary T0 of eq. 6: the T with T = T̄ + T_dev·(2·(Tp/T)^k − 1), seconds. Bisection on
/// [0, max(T̄ + T_dev, Tp)]: T − threshold(T) grows with T (the threshold falls as T grows), is
/// negative near 0 and not negative at the upper end, where (Tp/T)^k ≤ 1.
pub fn boundary_s(mean: f64, dev: f64, tp: f64, k: f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, (mean + dev).max(tp));
    if hi <= 0.0 {
        return 0.0;
    }
    for _ in 0..80 {
        let mid = 0.5 * (lo + hi);
        if mid > threshold_s(mid, mean, dev, tp, k) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    0.5 * (lo + hi)
}

/// Eq. 6: a loss after sample `t` is congestion.
pub fn is_congestion(t: f64, mean: f64, dev: f64, tp: f64, k: f64) -> bool {
    t > threshold_s(t, mean, dev, tp, k)
}

/// Adaptive-threshold classifier.
#[derive(Clone, Debug, Default)]
pub struct AdaptiveThreshold {
    params: Params,
    stats: Option<RttStats>,
}

impl AdaptiveThreshold {
    /// A classifier with the given settings.
    pub fn with_params(params: Params) -> Self {
        AdaptiveThreshold {
            params,
            stats: None,
        }
    }
    /// The statistics so far (`None` before the first sample).
    pub fn stats(&self) -> Option<RttStats> {
        self.stats
    }
}

impl LossClassifier for AdaptiveThreshold {
    fn id(&self) -> &'static str {
        "adaptive_threshold"
    }
    fn on_rtt_sample(&mut self, t: f64) {
        let p = self.params;
        self.stats = Some(match self.stats {
            None => RttStats {
                mean_s: t,
                dev_s: p.initial_dev_fraction * t,
                tp_s: t,
                last_s: t,
            },
            Some(s) => {
                let (mean_s, dev_s) = if p.deviation_first {
                    (
                        0.875 * s.mean_s + 0.125 * t,
                        0.75 * s.dev_s + 0.25 * (t - s.mean_s).abs(),
                    )
                } else {
                    let mean = 0.875 * s.mean_s + 0.125 * t;
                    (mean, 0.75 * s.dev_s + 0.25 * (t - mean).abs())
                };
                RttStats {
                    mean_s,
                    dev_s,
                    tp_s: s.tp_s.min(t),
                    last_s: t,
                }
            }
        });
    }
    fn classify(&mut self, _ctx: &LossCtx, _truth: &Truth) -> Verdict {
        match self.stats {
            Some(s)
                if s.last_s > 0.0
                    && !is_congestion(s.last_s, s.mean_s, s.dev_s, s.tp_s, self.params.k) =>
            {
                Verdict::Wireless
            }
            _ => Verdict::Congestion,
        }
    }
    fn threshold_state(&self) -> Option<(RttStats, f64)> {
        self.stats.map(|s| (s, self.params.k))
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{assert_close, loss_ctx};
    use super::*;
    use crate::packet::Cause;

    /// T0 ([`boundary_s`]).
    fn boundary(mean: f64, dev: f64, tp: f64, k: f64) -> f64 {
        boundary_s(mean, dev, tp, k)
    }

    #[test]
    fn spec_12_4_direct_checks() {
        // T = 0.17: (0.1/0.17)³ = 0.2035; threshold = 0.2 + 0.07·(2·0.2035 − 1) = 0.1585 < 0.17
        assert_close(threshold_s(0.17, 0.2, 0.07, 0.1, 3.0), 0.1585, 5e-5);
        assert!(is_congestion(0.17, 0.2, 0.07, 0.1, 3.0));
        // T = 0.15: (0.1/0.15)³ = 0.2963; threshold = 0.2 + 0.07·(2·0.2963 − 1) = 0.1715 > 0.15
        assert_close(threshold_s(0.15, 0.2, 0.07, 0.1, 3.0), 0.1715, 5e-5);
        assert!(!is_congestion(0.15, 0.2, 0.07, 0.1, 3.0));
    }

    #[test]
    fn spec_12_4_boundary_k3_fig3a() {
        // Tp 0.1, T̄ 0.2, T_dev 0.07, k = 3 → T0 = 0.1626 s
        let t0 = boundary(0.2, 0.07, 0.1, 3.0);
        assert_close(t0, 0.1626, 5e-5);
        assert!(is_congestion(t0 + 1e-4, 0.2, 0.07, 0.1, 3.0));
        assert!(!is_congestion(t0 - 1e-4, 0.2, 0.07, 0.1, 3.0));
    }

    #[test]
    fn spec_12_4_k1_boundary_is_mean_when_tp_is_half_mean() {
        // k = 1, Tp = T̄/2: at T = T̄ the term is 2·½ − 1 = 0, so threshold(T̄) = T̄ exactly.
        assert_eq!(threshold_s(0.2, 0.2, 0.07, 0.1, 1.0), 0.2);
        assert_close(boundary(0.2, 0.07, 0.1, 1.0), 0.2, 1e-9);
        assert_close(boundary(0.3, 0.05, 0.15, 1.0), 0.3, 1e-9);
    }

    /// The §12.4 tables give T0 to four decimals; exact bisection differs by up to 0.6e-4
    /// (e.g. 0.1803 is 0.180246 exactly).
    const TABLE_TOL: f64 = 1e-4;

    #[test]
    fn spec_12_4_boundary_falls_with_k() {
        for (k, t0) in [(2.0, 0.1755), (4.0, 0.1545), (5.0, 0.1490), (8.0, 0.1397)] {
            assert_close(boundary(0.2, 0.07, 0.1, k), t0, TABLE_TOL);
        }
        // k → ∞: T0 → T̄ − T_dev = 0.13
        assert_close(boundary(0.2, 0.07, 0.1, 400.0), 0.13, 1e-4);
    }

    #[test]
    fn spec_12_4_boundary_vs_mean_and_dev() {
        // k = 3, T_dev = 0.03, Tp = 0.1 (Fig. 3b)
        for (mean, t0) in [
            (0.12, 0.1226),
            (0.15, 0.1413),
            (0.20, 0.1803),
            (0.30, 0.2730),
        ] {
            assert_close(boundary(mean, 0.03, 0.1, 3.0), t0, TABLE_TOL);
        }
        // k = 3, T̄ = 0.2, Tp = 0.1 (Fig. 3c)
        for (dev, t0) in [
            (0.01, 0.1928),
            (0.03, 0.1803),
            (0.07, 0.1626),
            (0.10, 0.1544),
        ] {
            assert_close(boundary(0.2, dev, 0.1, 3.0), t0, TABLE_TOL);
        }
    }

    #[test]
    fn statistics_follow_rfc6298_order() {
        let mut a = AdaptiveThreshold::default();
        a.on_rtt_sample(0.2);
        // first: T̄ = 0.2, T_dev = 0.1, Tp = 0.2
        assert_eq!(
            a.stats().unwrap(),
            RttStats {
                mean_s: 0.2,
                dev_s: 0.1,
                tp_s: 0.2,
                last_s: 0.2
            }
        );
        a.on_rtt_sample(0.1);
        // T_dev = ¾·0.1 + ¼·|0.1 − 0.2| = 0.1; T̄ = ⅞·0.2 + ⅛·0.1 = 0.1875; Tp = 0.1
        let s = a.stats().unwrap();
        assert_close(s.dev_s, 0.1, 1e-15);
        assert_close(s.mean_s, 0.1875, 1e-15);
        assert_eq!(s.tp_s, 0.1);
        // Paper order: T̄ = 0.1875 first, then T_dev = ¾·0.1 + ¼·|0.1 − 0.1875| = 0.096875
        let mut b = AdaptiveThreshold::with_params(Params {
            deviation_first: false,
            ..Params::default()
        });
        b.on_rtt_sample(0.2);
        b.on_rtt_sample(0.1);
        assert_close(b.stats().unwrap().dev_s, 0.096875, 1e-15);
    }

    #[test]
    fn classifies_with_latest_sample() {
        let truth = Truth::new(Some(Cause::QueueOverflow));
        let mut a = AdaptiveThreshold::default();
        assert_eq!(a.classify(&loss_ctx(0, 10.0), &truth), Verdict::Congestion); // no sample yet
        a.on_rtt_sample(0.1);
        // T = T̄ = Tp = 0.1, T_dev = 0.05: threshold = 0.1 + 0.05·(2 − 1) = 0.15 > 0.1 → wireless
        assert_eq!(a.classify(&loss_ctx(0, 10.0), &truth), Verdict::Wireless);
        a.on_rtt_sample(0.3);
        // T_dev = ¾·0.05 + ¼·0.2 = 0.0875; T̄ = 0.0875 + 0.0375 = 0.125;
        // threshold = 0.125 + 0.0875·(2·(1/3)³ − 1) = 0.125 − 0.0810 = 0.0440 < 0.3 → congestion
        assert_eq!(a.classify(&loss_ctx(0, 10.0), &truth), Verdict::Congestion);
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        crate::param::testing::check_tunable::<Params>();
    }
}
