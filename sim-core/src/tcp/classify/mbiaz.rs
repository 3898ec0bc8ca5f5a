//! mBiaz: Cen, Cosman & Voelker's modified Biaz with a narrower wireless interval (docs/design.md §6).
//!
//! ```text
//! at the arrival of packet i+n+1 after packet i with n packets missing:
//!   wireless ⇔ (n+1)·T_min ≤ T_i < (n+1.25)·T_min,   else congestion
//! ```
//! Same receiver-side machinery as [`Biaz`](super::Biaz) (arrival stream rebuilt from ACKs,
//! verdict remembered per lost range, congestion when none); only the upper bound differs. The
//! tighter bound cuts Biaz's false "wireless" verdicts on congestion losses. Assumes an ACK per
//! segment; degrades with delayed ACKs.

use super::biaz::InterArrival;
use super::receiver_view::CEN;
use super::LossClassifier;
use crate::param::{set_f64, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{AckEvent, LossCtx, Truth, Verdict};
use serde_json::Value;

/// Settings of mBiaz.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Upper bound of the wireless interval beyond n: T_i < (n + upper)·T_min.
    pub upper: f64,
}

impl Default for Params {
    /// Cen et al.: upper = 1.25.
    fn default() -> Self {
        Params { upper: 1.25 }
    }
}

/// Catalog text of `mbiaz`.
pub(super) const INFO: Info = Info {
    id: "mbiaz",
    title: "mBiaz",
    description: "Biaz with the narrower interval (n+1) to (n+1.25) packet times.",
    reference: CEN,
};

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        vec![ParamSpec::number(
            "upper",
            "",
            1.0,
            10.0,
            Self::default().upper,
            "Wireless when (n+1)·T_min ≤ gap < (n + upper)·T_min (mBiaz: 1.25).",
        )]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "upper" => set_f64(&mut self.upper, v),
            _ => unknown(name),
        }
    }
}

/// mBiaz classifier.
#[derive(Clone, Debug, Default)]
pub struct MBiaz {
    params: Params,
    core: InterArrival,
}

impl MBiaz {
    /// A classifier with the given settings.
    pub fn with_params(params: Params) -> Self {
        MBiaz {
            params,
            core: InterArrival::default(),
        }
    }
}

impl LossClassifier for MBiaz {
    fn id(&self) -> &'static str {
        "mbiaz"
    }
    fn on_ack(&mut self, ack: &AckEvent) {
        self.core.on_ack(ack, self.params.upper);
    }
    fn classify(&mut self, ctx: &LossCtx, _truth: &Truth) -> Verdict {
        self.core.verdict(ctx.seq)
    }
}

#[cfg(test)]
mod tests {
    use super::super::biaz::interval_is_wireless;
    use super::super::test_support::{data_ack, loss_ctx};
    use super::*;
    use crate::packet::Cause;

    #[test]
    fn interval_boundaries() {
        // T_min = 10 ms, n = 1: wireless ⇔ 20 ms ≤ T_i < 22.5 ms
        assert!(interval_is_wireless(0.020, 0.010, 1, 1.25));
        assert!(interval_is_wireless(0.0224, 0.010, 1, 1.25));
        assert!(!interval_is_wireless(0.0225, 0.010, 1, 1.25));
        assert!(!interval_is_wireless(0.0199, 0.010, 1, 1.25));
        // n = 2: 30 ms ≤ T_i < 32.5 ms
        assert!(interval_is_wireless(0.031, 0.010, 2, 1.25));
        assert!(!interval_is_wireless(0.033, 0.010, 2, 1.25));
    }

    /// T_min = 10 ms; segments 2 and 3 are lost (n = 2); segment 4 arrives `t_i_ms` after 1.
    fn run(t_i_ms: f64) -> Verdict {
        let mut m = MBiaz::default();
        m.on_ack(&data_ack(0, 0.0, 50.0, 1000));
        m.on_ack(&data_ack(1000, 10.0, 60.0, 2000));
        m.on_ack(&data_ack(4000, 40.0, 60.0 + t_i_ms, 2000));
        m.classify(
            &loss_ctx(2000, 10.0),
            &Truth::new(Some(Cause::WirelessLoss)),
        )
    }

    #[test]
    fn two_lost_segments() {
        // n = 2: wireless ⇔ 30 ≤ T_i < 32.5 ms (Biaz would accept up to 40 ms)
        assert_eq!(run(30.0), Verdict::Wireless);
        assert_eq!(run(32.0), Verdict::Wireless);
        assert_eq!(run(35.0), Verdict::Congestion);
        assert_eq!(run(25.0), Verdict::Congestion);
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        crate::param::testing::check_tunable::<Params>();
    }
}
