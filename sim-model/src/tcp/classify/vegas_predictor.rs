//! Vegas predictor (VP): the Vegas backlog estimate as a loss classifier — Lim & Jang eq. 1,
//! Fu & Liew's Veno test (docs/design.md §5.2, §4.1).
//!
//! ```text
//! N = (cwnd/BaseRTT − cwnd/RTT)·BaseRTT = cwnd·(RTT − BaseRTT)/RTT     (segments this flow queues)
//! RTT     = smoothed RTT: SRTT = R at the first sample, then SRTT ← ⅞·SRTT + ⅛·R   (RFC 6298)
//! BaseRTT = min R over the connection;  cwnd in segments (cwnd_bytes / SMSS) at the 3rd dupACK
//! congestion ⇔ N ≥ β,  β = 3
//! ```
//! Lim & Jang write "N exceeds β"; docs/design.md §5.2 treats N = β as congestion, the complement of
//! Veno's "N < β → random". Before any RTT sample every loss is congestion.

use super::{Classifier, LossClassifier};
use crate::param::{set_choice, set_f64, tuned, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{LossCtx, Srtt, Truth, Verdict};
use serde_json::Value;

/// Which RTT enters N (docs/design.md A22).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RttInput {
    /// Smoothed RTT, as in the Veno paper and Lim & Jang (default).
    Srtt,
    /// The latest sample, as Linux and ns-3 Veno use.
    Latest,
}

/// Settings of the Vegas predictor.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// β: backlog (segments) from which a loss is congestion.
    pub beta: f64,
    /// RTT used in N.
    pub rtt: RttInput,
}

impl Default for Params {
    /// β = 3 (Lim & Jang's ns-2 setting), smoothed RTT.
    fn default() -> Self {
        Params {
            beta: 3.0,
            rtt: RttInput::Srtt,
        }
    }
}

/// Catalog text of `vegas_predictor`.
pub(super) const INFO: Info = Info {
    id: "vegas_predictor",
    title: "Vegas predictor",
    description: "A loss is congestion when the Vegas backlog N = cwnd·(RTT − BaseRTT)/RTT reaches β segments.",
    reference: "Lim & Jang eq. 1; Fu & Liew, IEEE JSAC 21(2), 2003",
};

/// The `vegas_predictor` entry of the classifier table.
pub(super) const CLASSIFIER: Classifier = Classifier {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(VegasPredictor::with_params(tuned(p))),
};

crate::choice_ids!(RttInput { Srtt => "srtt", Latest => "latest" });

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::number(
                "beta",
                "segments",
                0.0,
                1000.0,
                d.beta,
                "β: a backlog N ≥ β segments means congestion (Lim & Jang: 3).",
            ),
            ParamSpec::choice_of(
                "rtt",
                d.rtt,
                "RTT in N: smoothed (Veno paper, Lim & Jang) or the latest sample (Linux, ns-3).",
            ),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "beta" => set_f64(&mut self.beta, v),
            "rtt" => set_choice(&mut self.rtt, v),
            _ => unknown(name),
        }
    }
}

/// Vegas-predictor classifier.
#[derive(Clone, Debug)]
pub struct VegasPredictor {
    params: Params,
    srtt: Srtt,
    base_rtt_s: f64,
    last_rtt_s: f64,
}

impl VegasPredictor {
    /// A predictor with the given settings.
    pub fn with_params(params: Params) -> Self {
        VegasPredictor {
            params,
            srtt: Srtt::default(),
            base_rtt_s: f64::INFINITY,
            last_rtt_s: 0.0,
        }
    }
}

impl Default for VegasPredictor {
    fn default() -> Self {
        Self::with_params(Params::default())
    }
}

/// N = cwnd·(RTT − BaseRTT)/RTT, segments.
pub fn backlog(cwnd_pkts: f64, base_rtt_s: f64, rtt_s: f64) -> f64 {
    cwnd_pkts * (rtt_s - base_rtt_s) / rtt_s
}

impl LossClassifier for VegasPredictor {
    fn id(&self) -> &'static str {
        "vegas_predictor"
    }
    fn on_rtt_sample(&mut self, r: f64) {
        self.srtt.sample(r);
        self.base_rtt_s = self.base_rtt_s.min(r);
        self.last_rtt_s = r;
    }
    fn classify(&mut self, ctx: &LossCtx, _truth: &Truth) -> Verdict {
        let Some(srtt) = self.srtt.get() else {
            return Verdict::Congestion;
        };
        let rtt = match self.params.rtt {
            RttInput::Srtt => srtt,
            RttInput::Latest => self.last_rtt_s,
        };
        if rtt <= 0.0 {
            return Verdict::Congestion;
        }
        let n = backlog(ctx.cwnd / ctx.mss, self.base_rtt_s, rtt);
        if n >= self.params.beta {
            Verdict::Congestion
        } else {
            Verdict::Wireless
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{assert_close, loss_ctx};
    use super::*;
    use crate::packet::Cause;

    fn truth() -> Truth {
        Truth::new(Some(Cause::QueueOverflow))
    }

    /// A predictor whose BaseRTT is 100 ms and whose SRTT is `srtt`.
    fn with_srtt(srtt: f64) -> VegasPredictor {
        let mut v = VegasPredictor::default();
        // SRTT = BaseRTT = 0.1
        v.on_rtt_sample(0.100);
        // ⅞·0.1 + ⅛·R = srtt  ⇒  R = (srtt − 0.0875)/0.125
        v.on_rtt_sample((srtt - 0.0875) / 0.125);
        assert_close(v.srtt.get().unwrap(), srtt, 1e-12);
        assert_close(v.base_rtt_s, 0.100, 0.0);
        v
    }

    #[test]
    fn spec_12_5_small_backlog_is_wireless() {
        // N = 20·(0.110 − 0.100)/0.110 = 1.82 < 3
        assert_close(backlog(20.0, 0.100, 0.110), 1.818, 1e-3);
        assert_eq!(
            with_srtt(0.110).classify(&loss_ctx(0, 20.0), &truth()),
            Verdict::Wireless
        );
    }

    #[test]
    fn spec_12_5_large_backlog_is_congestion() {
        // N = 20·(0.120 − 0.100)/0.120 = 3.33 ≥ 3;  RTT 150 ms: N = 20·0.05/0.15 = 6.67
        assert_close(backlog(20.0, 0.100, 0.120), 3.333, 1e-3);
        assert_close(backlog(20.0, 0.100, 0.150), 6.667, 1e-3);
        assert_eq!(
            with_srtt(0.120).classify(&loss_ctx(0, 20.0), &truth()),
            Verdict::Congestion
        );
    }

    #[test]
    fn backlog_equal_to_beta_is_congestion() {
        // cwnd 4, BaseRTT 0.25, SRTT 1: N = 4·0.75/1 = 3 exactly (binary-exact) = β
        assert_eq!(backlog(4.0, 0.25, 1.0), 3.0);
        let mut v = VegasPredictor::default();
        v.on_rtt_sample(0.25);
        v.on_rtt_sample(6.25); // SRTT = ⅞·0.25 + ⅛·6.25 = 0.21875 + 0.78125 = 1 (exact)
        assert_eq!(v.srtt.get(), Some(1.0));
        assert_eq!(v.classify(&loss_ctx(0, 4.0), &truth()), Verdict::Congestion);
    }

    #[test]
    fn latest_rtt_option_uses_last_sample() {
        let mut v = VegasPredictor::with_params(Params {
            rtt: RttInput::Latest,
            ..Params::default()
        });
        v.on_rtt_sample(0.100);
        v.on_rtt_sample(0.180); // SRTT = 0.11 (N = 1.82) but latest = 0.18: N = 20·0.08/0.18 = 8.9
        assert_eq!(
            v.classify(&loss_ctx(0, 20.0), &truth()),
            Verdict::Congestion
        );
    }

    #[test]
    fn no_sample_means_congestion() {
        assert_eq!(
            VegasPredictor::default().classify(&loss_ctx(0, 20.0), &truth()),
            Verdict::Congestion
        );
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        use crate::param::testing::{check_tunable, round_trip};
        check_tunable::<Params>();
        round_trip::<RttInput>();
    }
}
