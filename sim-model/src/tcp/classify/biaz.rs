//! Biaz & Vaidya's inter-arrival classifier (`biaz`) and Cen, Cosman & Voelker's modified Biaz
//! (`mbiaz`), receiver-side, as evaluated by Cen, Cosman & Voelker (docs/design.md §6). One type:
//! the two differ only in the upper bound of the wireless interval.
//!
//! ```text
//! at the arrival of packet i+n+1 after packet i with n packets missing:
//!   wireless ⇔ (n+1)·T_min ≤ T_i < (n+upper)·T_min,   else congestion
//!   upper = 2 (Biaz), 1.25 (mBiaz)
//! T_i   = inter-arrival time between packets i and i+n+1
//! T_min = minimum inter-arrival time of consecutive in-sequence packets
//! ```
//! Idea: packets lost on a wireless last hop still crossed the bottleneck, so the survivor arrives
//! about n+1 bottleneck spacings after its predecessor; arriving much earlier means packets were
//! dropped in a queue, much later means queues grew. mBiaz's tighter bound cuts Biaz's false
//! "wireless" verdicts on congestion losses. The receiver's arrival stream is rebuilt from ACKs
//! (see `receiver_view.rs`); the verdict is remembered for the lost range and handed over at the
//! 3rd duplicate ACK (congestion when there is none, or when T_min is not yet known). Assumes an
//! ACK per segment; degrades with delayed ACKs.

use super::receiver_view::{ArrivalTracker, VerdictLog, CEN};
use super::{Classifier, LossClassifier};
use crate::param::{set_f64, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{AckEvent, LossCtx, Truth, Verdict};
use serde_json::Value;

/// Settings of Biaz and mBiaz.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Upper bound of the wireless interval in units of T_min beyond n: T_i < (n + upper)·T_min.
    pub upper: f64,
}

impl Params {
    /// Biaz & Vaidya: upper = 2, i.e. T_i < (n+2)·T_min.
    pub const BIAZ: Params = Params { upper: 2.0 };
    /// Cen et al.'s mBiaz: upper = 1.25.
    pub const MBIAZ: Params = Params { upper: 1.25 };

    /// The knob table with defaults `d`.
    fn specs_from(d: Params) -> Vec<ParamSpec> {
        vec![ParamSpec::number(
            "upper",
            "",
            1.0,
            10.0,
            d.upper,
            "Wireless when (n+1)·T_min ≤ gap < (n + upper)·T_min (Biaz: 2, mBiaz: 1.25).",
        )]
    }

    /// `self` overridden by validated `(name, value)` pairs.
    fn with(mut self, params: &[(&'static str, Value)]) -> Self {
        for (name, v) in params {
            self.set(name, v);
        }
        self
    }
}

impl Default for Params {
    fn default() -> Self {
        Params::BIAZ
    }
}

/// `biaz`.
pub(super) const BIAZ: Classifier = Classifier {
    info: Info {
        id: "biaz",
        title: "Biaz",
        description: "Receiver side: a loss is wireless when the gap before the next arrival is (n+1) to (n+2) packet times.",
        reference: "Biaz & Vaidya 1999, as evaluated by Cen, Cosman & Voelker 2003",
    },
    specs: || Params::specs_from(Params::BIAZ),
    build: |p| Box::new(Biaz::new("biaz", Params::BIAZ.with(p))),
};

/// `mbiaz`.
pub(super) const MBIAZ: Classifier = Classifier {
    info: Info {
        id: "mbiaz",
        title: "mBiaz",
        description: "Biaz with the narrower interval (n+1) to (n+1.25) packet times.",
        reference: CEN,
    },
    specs: || Params::specs_from(Params::MBIAZ),
    build: |p| Box::new(Biaz::new("mbiaz", Params::MBIAZ.with(p))),
};

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        Self::specs_from(Self::default())
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "upper" => set_f64(&mut self.upper, v),
            _ => unknown(name),
        }
    }
}

/// The interval rule: wireless ⇔ (n+1)·T_min ≤ T_i < (n + upper)·T_min.
pub fn interval_is_wireless(t_i: f64, t_min: f64, n: u64, upper: f64) -> bool {
    let n = n as f64;
    (n + 1.0) * t_min <= t_i && t_i < (n + upper) * t_min
}

/// The receiver-side machinery: arrivals rebuilt from ACKs, verdicts per lost range.
#[derive(Clone, Debug, Default)]
struct InterArrival {
    tracker: ArrivalTracker,
    log: VerdictLog,
}

impl InterArrival {
    pub fn on_ack(&mut self, ack: &AckEvent, upper: f64) {
        let Some(arrival) = self.tracker.observe(ack) else {
            return;
        };
        let Some(new) = arrival.new else { return };
        let Some(lost) = new.lost else { return };
        let wireless = match (new.interval, self.tracker.t_min_s) {
            (Some((t_i, slots)), Some(t_min)) => interval_is_wireless(t_i, t_min, slots, upper),
            _ => false,
        };
        self.log.record(
            lost,
            if wireless {
                Verdict::Wireless
            } else {
                Verdict::Congestion
            },
        );
    }
    pub fn verdict(&self, seq: u64) -> Verdict {
        self.log.verdict(seq)
    }
}

/// Biaz or mBiaz (`id`), as its `upper` bound says.
#[derive(Clone, Debug)]
pub struct Biaz {
    id: &'static str,
    params: Params,
    core: InterArrival,
}

impl Biaz {
    /// The classifier `id` (`biaz` or `mbiaz`) with the given settings.
    pub fn new(id: &'static str, params: Params) -> Self {
        Biaz {
            id,
            params,
            core: InterArrival::default(),
        }
    }
}

impl Default for Biaz {
    fn default() -> Self {
        Biaz::new("biaz", Params::BIAZ)
    }
}

impl LossClassifier for Biaz {
    fn id(&self) -> &'static str {
        self.id
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
    use super::super::test_support::{data_ack, loss_ctx};
    use super::*;
    use crate::packet::Cause;

    #[test]
    fn interval_boundaries() {
        // T_min = 10 ms, n = 1: wireless ⇔ 20 ms ≤ T_i < 30 ms
        assert!(!interval_is_wireless(0.0199, 0.010, 1, 2.0));
        assert!(interval_is_wireless(0.020, 0.010, 1, 2.0)); // lower bound included
        assert!(interval_is_wireless(0.0299, 0.010, 1, 2.0));
        // upper bound excluded
        assert!(!interval_is_wireless(0.030, 0.010, 1, 2.0));
        // n = 3: 40 ms ≤ T_i < 50 ms
        assert!(interval_is_wireless(0.045, 0.010, 3, 2.0));
        assert!(!interval_is_wireless(0.035, 0.010, 3, 2.0));
    }

    /// Segments 0, 1 arrive 10 ms apart (T_min = 10 ms); segment 2 is lost and segment 3
    /// arrives `t_i_ms` after segment 1. Returns the verdict for the loss of segment 2.
    fn run(t_i_ms: f64) -> Verdict {
        let mut b = Biaz::default();
        b.on_ack(&data_ack(0, 0.0, 50.0, 1000));
        b.on_ack(&data_ack(1000, 10.0, 60.0, 2000));
        b.on_ack(&data_ack(3000, 30.0, 60.0 + t_i_ms, 2000));
        b.classify(
            &loss_ctx(2000, 10.0),
            &Truth::new(Some(Cause::WirelessLoss)),
        )
    }

    #[test]
    fn one_lost_segment_in_and_out_of_the_interval() {
        // n = 1: wireless ⇔ 20 ≤ T_i < 30 ms
        assert_eq!(run(20.0), Verdict::Wireless);
        assert_eq!(run(25.0), Verdict::Wireless);
        assert_eq!(run(10.0), Verdict::Congestion); // early: the lost packet left no gap
        assert_eq!(run(30.0), Verdict::Congestion); // late: queues grew
    }

    #[test]
    fn unknown_t_min_or_unrecorded_loss_is_congestion() {
        let mut b = Biaz::default();
        b.on_ack(&data_ack(0, 0.0, 50.0, 1000));
        b.on_ack(&data_ack(2000, 20.0, 70.0, 1000)); // gap before any T_min
        let t = Truth::new(Some(Cause::WirelessLoss));
        assert_eq!(b.classify(&loss_ctx(1000, 10.0), &t), Verdict::Congestion);
        assert_eq!(b.classify(&loss_ctx(5000, 10.0), &t), Verdict::Congestion);
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        crate::param::testing::check_tunable::<Params>();
    }

    #[test]
    fn mbiaz_interval_boundaries() {
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
    fn run_mbiaz(t_i_ms: f64) -> Verdict {
        let mut m = Biaz::new("mbiaz", Params::MBIAZ);
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
        assert_eq!(run_mbiaz(30.0), Verdict::Wireless);
        assert_eq!(run_mbiaz(32.0), Verdict::Wireless);
        assert_eq!(run_mbiaz(35.0), Verdict::Congestion);
        assert_eq!(run_mbiaz(25.0), Verdict::Congestion);
    }
}
