//! ZBS: Cen, Cosman & Voelker's hybrid of ZigZag, mBiaz and Spike, chosen per loss from the
//! normalised inter-arrival time (docs/design.md §6, A21).
//!
//! ```text
//! every new arrival: T_avg ← ⅞·T_avg + ⅛·T_i/(n+1)   (n = 0 when nothing was lost; first sets)
//! T_narr = T_avg / T_min
//! at a loss, with the revealing packet's rott:
//!   rott < rott_min + 0.05·T_min  → Spike    (bottleneck under-used)
//!   T_narr < 0.875                → ZigZag
//!   T_narr < 1.5                  → mBiaz    (unshared wireless bottleneck: T_narr ≈ 1)
//!   T_narr < 2                    → ZigZag
//!   otherwise                     → Spike    (shared wired bottleneck: T_narr ≈ number of flows)
//! ```
//! Spike here is the ROTT form (state machine over every packet's ROTT, α = 1/2, β = 1/3,
//! congestion ⇔ Spike state); ZigZag and mBiaz are as in their own files. Before T_min is known,
//! ZigZag decides (the crate's "ambiguous topology" choice). Ambiguity A21: only one third-party
//! implementation has the `< 2 → ZigZag, else Spike` split; we adopt it. Receiver-side: the
//! arrival stream is rebuilt from ACKs; assumes an ACK per segment, degrades with delayed ACKs.

use super::biaz::interval_is_wireless;
use super::receiver_view::CEN;
use super::receiver_view::{ArrivalTracker, VerdictLog};
use super::spike::{self, SpikeState};
use super::zigzag::{self, RottStats};
use super::{Classifier, LossClassifier};
use crate::param::{set_choice, set_f64, tuned, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{AckEvent, LossCtx, Truth, Verdict};
use serde_json::Value;

/// Settings of ZBS.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Spike thresholds (on ROTT).
    pub spike: spike::Params,
    /// ZigZag gain and n > 3 rule.
    pub zigzag: zigzag::Params,
    /// mBiaz upper bound: T_i < (n + upper)·T_min.
    pub mbiaz_upper: f64,
    /// Gain of T_avg.
    pub t_avg_gain: f64,
    /// Spike when rott < rott_min + margin·T_min.
    pub spike_margin: f64,
    /// ZigZag below this T_narr.
    pub zigzag_below: f64,
    /// mBiaz below this T_narr (and at or above `zigzag_below`).
    pub mbiaz_below: f64,
    /// ZigZag again below this T_narr; Spike at or above it.
    pub spike_from: f64,
}

impl Default for Params {
    /// 0.05, 0.875, 1.5, 2.0; T_avg gain ⅛; component defaults.
    fn default() -> Self {
        Params {
            spike: spike::Params::default(),
            zigzag: zigzag::Params::default(),
            mbiaz_upper: 1.25,
            t_avg_gain: 0.125,
            spike_margin: 0.05,
            zigzag_below: 0.875,
            mbiaz_below: 1.5,
            spike_from: 2.0,
        }
    }
}

/// Catalog text of `zbs`.
pub(super) const INFO: Info = Info {
    id: "zbs",
    title: "ZBS",
    description:
        "Hybrid choosing ZigZag, mBiaz or Spike per loss from the normalised inter-arrival time.",
    reference: CEN,
};

/// The `zbs` entry of the classifier table.
pub(super) const CLASSIFIER: Classifier = Classifier {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(Zbs::with_params(tuned(p))),
};

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        let mut s = spike::knob_specs(true, d.spike);
        s.extend(zigzag::knob_specs(true, d.zigzag));
        s.extend([
            ParamSpec::number(
                "mbiaz_upper",
                "",
                1.0,
                10.0,
                d.mbiaz_upper,
                "mBiaz branch: wireless when the gap < (n + upper)·T_min (1.25).",
            ),
            ParamSpec::number(
                "t_avg_gain",
                "",
                0.001,
                1.0,
                d.t_avg_gain,
                "Gain of the EWMA of the normalised inter-arrival time (1/8).",
            ),
            ParamSpec::number(
                "spike_margin",
                "",
                0.0,
                10.0,
                d.spike_margin,
                "Spike branch when the delay < min + margin·T_min (0.05).",
            ),
            ParamSpec::number(
                "zigzag_below",
                "",
                0.0,
                100.0,
                d.zigzag_below,
                "ZigZag branch below this normalised inter-arrival time (0.875).",
            ),
            ParamSpec::number(
                "mbiaz_below",
                "",
                0.0,
                100.0,
                d.mbiaz_below,
                "mBiaz branch below this value (and at or above zigzag_below) (1.5).",
            ),
            ParamSpec::number(
                "spike_from",
                "",
                0.0,
                100.0,
                d.spike_from,
                "ZigZag again below this value, Spike at or above it (2).",
            ),
        ]);
        s
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "spike_alpha" => set_f64(&mut self.spike.alpha, v),
            "spike_beta" => set_f64(&mut self.spike.beta, v),
            "zigzag_alpha" => set_f64(&mut self.zigzag.alpha, v),
            "zigzag_n_gt3" => set_choice(&mut self.zigzag.n_gt3, v),
            "mbiaz_upper" => set_f64(&mut self.mbiaz_upper, v),
            "t_avg_gain" => set_f64(&mut self.t_avg_gain, v),
            "spike_margin" => set_f64(&mut self.spike_margin, v),
            "zigzag_below" => set_f64(&mut self.zigzag_below, v),
            "mbiaz_below" => set_f64(&mut self.mbiaz_below, v),
            "spike_from" => set_f64(&mut self.spike_from, v),
            _ => unknown(name),
        }
    }
}

/// The component ZBS hands a loss to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Branch {
    /// The ROTT Spike state.
    Spike,
    /// ZigZag's burst-length thresholds.
    ZigZag,
    /// mBiaz's inter-arrival interval.
    MBiaz,
}

/// Which component decides, from rott, rott_min, T_min and T_avg (seconds).
pub fn branch(
    p: &Params,
    rott: f64,
    rott_min: f64,
    t_min: Option<f64>,
    t_avg: Option<f64>,
) -> Branch {
    let (Some(t_min), Some(t_avg)) = (t_min, t_avg) else {
        return Branch::ZigZag;
    };
    let t_narr = t_avg / t_min;
    if rott < rott_min + p.spike_margin * t_min {
        Branch::Spike
    } else if t_narr < p.zigzag_below {
        Branch::ZigZag
    } else if t_narr < p.mbiaz_below {
        Branch::MBiaz
    } else if t_narr < p.spike_from {
        Branch::ZigZag
    } else {
        Branch::Spike
    }
}

/// ZBS classifier.
#[derive(Clone, Debug, Default)]
pub struct Zbs {
    params: Params,
    tracker: ArrivalTracker,
    spike: SpikeState,
    zigzag: RottStats,
    t_avg_s: Option<f64>,
    log: VerdictLog,
    last_branch: Option<Branch>,
}

impl Zbs {
    /// A classifier with the given settings.
    pub fn with_params(params: Params) -> Self {
        Zbs {
            params,
            ..Self::default()
        }
    }
    /// The component that judged the latest detected loss.
    pub fn last_branch(&self) -> Option<Branch> {
        self.last_branch
    }
}

impl LossClassifier for Zbs {
    fn id(&self) -> &'static str {
        "zbs"
    }
    fn on_ack(&mut self, ack: &AckEvent) {
        let p = self.params;
        let Some(a) = self.tracker.observe(ack) else {
            return;
        };
        self.spike
            .update(&p.spike, a.rott_s, a.rott_min_s, a.rott_max_s);
        self.zigzag.update(p.zigzag.alpha, a.rott_s);
        let Some(new) = a.new else { return };
        if let Some((t_i, slots)) = new.interval {
            let per_packet = t_i / (slots + 1) as f64;
            let g = p.t_avg_gain;
            self.t_avg_s = Some(
                self.t_avg_s
                    .map_or(per_packet, |t| (1.0 - g) * t + g * per_packet),
            );
        }
        let Some(lost) = new.lost else { return };
        let t_min = self.tracker.t_min_s;
        let b = branch(&p, a.rott_s, a.rott_min_s, t_min, self.t_avg_s);
        let v = match b {
            Branch::Spike if self.spike.spiking => Verdict::Congestion,
            Branch::Spike => Verdict::Wireless,
            Branch::ZigZag => self.zigzag.judge(a.rott_s, lost.n, p.zigzag.n_gt3),
            Branch::MBiaz => match (new.interval, t_min) {
                (Some((t_i, slots)), Some(t_min))
                    if interval_is_wireless(t_i, t_min, slots, p.mbiaz_upper) =>
                {
                    Verdict::Wireless
                }
                _ => Verdict::Congestion,
            },
        };
        self.last_branch = Some(b);
        self.log.record(lost, v);
    }
    fn classify(&mut self, ctx: &LossCtx, _truth: &Truth) -> Verdict {
        self.log.verdict(ctx.seq)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{data_ack, loss_ctx};
    use super::*;
    use crate::packet::Cause;

    #[test]
    fn branch_selection() {
        let p = Params::default();
        // T_min = 10 ms, rott_min = 50 ms: the Spike margin is 50 + 0.05·10 = 50.5 ms
        let b = |rott: f64, t_avg: f64| branch(&p, rott, 0.050, Some(0.010), Some(t_avg));
        assert_eq!(b(0.0504, 0.010), Branch::Spike); // rott < 50.5 ms
        assert_eq!(b(0.0505, 0.0080), Branch::ZigZag); // T_narr = 0.8 < 0.875
        assert_eq!(b(0.060, 0.00875), Branch::MBiaz); // T_narr = 0.875
        assert_eq!(b(0.060, 0.0149), Branch::MBiaz); // T_narr = 1.49
        assert_eq!(b(0.060, 0.0150), Branch::ZigZag); // T_narr = 1.5
        assert_eq!(b(0.060, 0.0199), Branch::ZigZag); // T_narr = 1.99
        assert_eq!(b(0.060, 0.0200), Branch::Spike); // T_narr = 2
        assert_eq!(b(0.060, 0.0500), Branch::Spike); // five competing flows
        assert_eq!(branch(&p, 0.060, 0.050, None, None), Branch::ZigZag); // nothing known yet
    }

    /// Segments 0..=3 sent 10 ms apart arrive `spacing_ms` apart with ROTT 50 ms + queueing;
    /// segment 4 is lost and segment 5 arrives `t_i_ms` after segment 3 with ROTT `rott_ms`.
    fn run(spacing_ms: f64, t_i_ms: f64, rott_ms: f64) -> Zbs {
        let mut z = Zbs::default();
        let mut arrival = 50.0;
        for j in 0..=3u64 {
            z.on_ack(&data_ack(
                j * 1000,
                10.0 * j as f64,
                arrival,
                (j + 1) * 1000,
            ));
            arrival += spacing_ms;
        }
        let last = arrival - spacing_ms;
        z.on_ack(&data_ack(
            5000,
            last + t_i_ms - rott_ms,
            last + t_i_ms,
            4000,
        ));
        z
    }

    #[test]
    fn unshared_wireless_bottleneck_uses_mbiaz() {
        // Arrivals 10 ms apart: T_min = 10 ms, T_avg = 10 ms, T_narr = 1; then T_i = 21 ms over
        // n = 1 slot: T_avg = ⅞·10 + ⅛·10.5 = 10.0625 ms → T_narr ≈ 1.006 → mBiaz.
        // ROTTs 50 ms (sent 0, 10, 20, 30; arrived 50, 60, 70, 80); segment 5's ROTT 60 ms is
        // above rott_min + 0.05·T_min = 50.5 ms. mBiaz, n = 1: 20 ≤ 21 < 22.5 ms → wireless.
        let mut z = run(10.0, 21.0, 60.0);
        assert_eq!(z.last_branch(), Some(Branch::MBiaz));
        let t = Truth::new(Some(Cause::QueueOverflow));
        assert_eq!(z.classify(&loss_ctx(4000, 10.0), &t), Verdict::Wireless);
        // T_i = 23 ms: T_avg = 8.75 + 1.4375 = 10.1875 ms (still mBiaz), 23 ≥ 22.5 → congestion.
        let mut z = run(10.0, 23.0, 60.0);
        assert_eq!(z.last_branch(), Some(Branch::MBiaz));
        assert_eq!(z.classify(&loss_ctx(4000, 10.0), &t), Verdict::Congestion);
    }

    #[test]
    fn low_rott_uses_spike_state() {
        // The revealing packet's ROTT 0 is the new minimum: 0 < 0 + 0.5 ms → Spike branch. Range
        // [0, 50] ms: B_start = 25 ms, 0 ≤ 25 → Normal state → wireless.
        let mut z = run(10.0, 21.0, 0.0);
        assert_eq!(z.last_branch(), Some(Branch::Spike));
        assert_eq!(
            z.classify(&loss_ctx(4000, 10.0), &Truth::new(None)),
            Verdict::Wireless
        );
    }

    #[test]
    fn narr_from_two_uses_spike_below_uses_zigzag() {
        // Arrivals 2 ms apart (ROTTs 50, 42, 34, 26 ms), then a 40 ms gap with ROTT 60 ms (above
        // 26 + 0.1 ms): T_min = 2 ms,
        // T_avg = 2 → ⅞·2 + ⅛·20 = 4.25 ms, T_narr = 2.125 ≥ 2 → Spike branch;
        let z = run(2.0, 40.0, 60.0);
        assert_eq!(z.last_branch(), Some(Branch::Spike));
        // while T_i = 24 ms gives T_avg = ⅞·2 + ⅛·12 = 3.25 ms, T_narr = 1.625 → ZigZag.
        let z = run(2.0, 24.0, 60.0);
        assert_eq!(z.last_branch(), Some(Branch::ZigZag));
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        crate::param::testing::check_tunable::<Params>();
    }
}
