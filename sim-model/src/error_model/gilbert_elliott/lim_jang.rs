//! Gilbert–Elliott channel, Lim & Jang form ([`GilbertElliott`], `errors.kind: "gilbert_elliott"`,
//! `mode: "lim_jang"`; docs/design.md §8.3, \[LJ\] §4.2): Good and Bad states with their own loss
//! probabilities, and sojourns of *deterministic* lengths — Good lasts `good_s` (1 s), Bad lasts
//! `bad_s` (d_B, 0.1–100 ms).
//! At the end of every sojourn the next state is Bad with probability `p_next_bad` (0.5) and Good
//! otherwise, independently of the current state (a state may repeat). The chain starts in Good.
//! The state is time-driven, independent of the traffic, and read at the packet's departure time;
//! a packet is lost with `loss_good` (0.001) or `loss_bad` (0.1). With q = p_next_bad:
//!
//!   fraction of time in Bad  π_B = q·d_B / (q·d_B + (1 − q)·d_G)          (= d_B/(1 + d_B) for
//!   mean loss rate           = loss_good·(1 − π_B) + loss_bad·π_B           q = ½, d_G = 1 s)
//!
//! e.g. d_B = 100 ms → π_B = 0.1/1.1 = 0.09091, loss = 0.001·0.90909 + 0.1·0.09091 = 1.000 %
//! (docs/design.md §12.3). The state process and the per-packet coin use two streams split from the
//! direction's seed, so the state pattern is the same whatever traffic crosses the link.
//! `lazy_transitions` reproduces ns-2's MultiState model: a sojourn's expiry is noticed only when
//! a packet crosses, and the next sojourn starts then.

use super::super::{ErrorModel, TxContext};
use crate::error_model::ErrorKind;
use crate::error_model::{ErrorSpec, GilbertSpec};
use crate::json_reader::{show, Problems};
use crate::limits::MAX_TIME_S;
use crate::packet::Hit;
use crate::param::{Component, Info, Knobs, ParamSpec};
use crate::rng::SimRng;
use crate::time::{SimDuration, SimTime};
use serde::Serialize;

// ===== Configuration (`errors.kind: "gilbert_elliott"`, `mode: "lim_jang"`) =====

/// Catalog entry and knobs of `gilbert_elliott` with `mode: "lim_jang"`.
pub(crate) const KIND: ErrorKind = Component {
    info: Info {
        id: "gilbert_elliott",
        title: "Gilbert–Elliott (Lim & Jang)",
        description: "Good and Bad states with fixed sojourn times, the next one Bad with p_next_bad, each with its own loss probability.",
        reference: "Lim & Jang §4.2",
    },
    mode: Some("lim_jang"),
    params: || {
        let t = MAX_TIME_S;
        vec![
            ParamSpec::number("good_s", "s", 1e-4, t, 1.0, "Length of a Good sojourn."),
            ParamSpec::number("bad_s", "s", 1e-4, t, 0.1, "Length of a Bad sojourn.").required(),
            ParamSpec::number("p_next_bad", "", 0.0, 1.0, 0.5, "Probability that the next sojourn is Bad, whatever the current state."),
            ParamSpec::number("loss_good", "", 0.0, 1.0, 0.001, "Loss probability in Good."),
            ParamSpec::number("loss_bad", "", 0.0, 1.0, 0.1, "Loss probability in Bad."),
            ParamSpec::boolean("lazy_transitions", false, "ns-2 MultiState behaviour: change state only when a packet crosses."),
        ]
    },
    read: |o, time_s, p| {
        ErrorSpec::GilbertElliott(GilbertSpec::LimJang(read(
            &mut Knobs::new(o, (KIND.params)()),
            time_s,
            p,
        )))
    },
};

/// Most Gilbert–Elliott sojourns one run may step through (bounds the per-packet catch-up work).
const MAX_SOJOURNS: f64 = 1e9;

/// The knobs of the Lim & Jang form (`GilbertSpec::LimJang`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Params {
    /// Length of a Good sojourn, seconds.
    pub good_s: f64,
    /// Length of a Bad sojourn, seconds.
    pub bad_s: f64,
    /// Probability that the next sojourn is Bad, whatever the current state.
    pub p_next_bad: f64,
    /// Loss probability in Good.
    pub loss_good: f64,
    /// Loss probability in Bad.
    pub loss_bad: f64,
    /// ns-2 MultiState behaviour: check for expiry only when a packet crosses (docs/design.md §8.3).
    pub lazy_transitions: bool,
}

/// The Lim & Jang fields of a `gilbert_elliott` object, in a run lasting `time_s`.
pub(crate) fn read(k: &mut Knobs, time_s: f64, p: &mut Problems) -> Params {
    // docs/design.md §8.3 (Lim & Jang §4.2): Good 1 s at 0.1 %, Bad d_B at 10 %, next state 50/50.
    let good_s = k.num("good_s", p);
    let bad_path = k.at("bad_s");
    let bad_s = k.num("bad_s", p);
    let p_next_bad = k.num("p_next_bad", p);
    let loss_good = k.num("loss_good", p);
    let loss_bad = k.num("loss_bad", p);
    let lazy_transitions = k.flag("lazy_transitions", p);
    let mean_sojourn = p_next_bad * bad_s + (1.0 - p_next_bad) * good_s;
    if time_s / mean_sojourn > MAX_SOJOURNS {
        p.push(
            &bad_path,
            format!(
                "sojourns this short need more than {} state changes in stop.time_s; lengthen good_s/bad_s",
                show(MAX_SOJOURNS)
            ),
        );
    }
    Params {
        good_s,
        bad_s,
        p_next_bad,
        loss_good,
        loss_bad,
        lazy_transitions,
    }
}

impl Params {
    /// The channel of these knobs, drawing from `rng`.
    pub fn build(&self, rng: SimRng) -> Box<dyn ErrorModel> {
        Box::new(GilbertElliott::new(
            self.good_s,
            self.bad_s,
            self.p_next_bad,
            [self.loss_good, self.loss_bad],
            self.lazy_transitions,
            rng,
        ))
    }
}

/// Lim & Jang's time-driven Gilbert–Elliott channel with deterministic sojourns.
#[derive(Debug)]
pub struct GilbertElliott {
    /// Sojourn lengths: [Good, Bad].
    sojourn: [SimDuration; 2],
    p_next_bad: f64,
    /// Loss probabilities: [Good, Bad].
    loss: [f64; 2],
    lazy: bool,
    bad: bool,
    /// End of the current sojourn.
    state_end: SimTime,
    state_rng: SimRng,
    loss_rng: SimRng,
}

impl GilbertElliott {
    /// A channel starting in Good at t = 0; `loss` = [loss_good, loss_bad].
    pub fn new(
        good_s: f64,
        bad_s: f64,
        p_next_bad: f64,
        loss: [f64; 2],
        lazy: bool,
        mut rng: SimRng,
    ) -> Self {
        // Split the direction's stream: sojourn draws never depend on how many packets crossed.
        let loss_rng = SimRng::from(rng.next_u64());
        let sojourn = [
            SimDuration::from_secs_f64(good_s),
            SimDuration::from_secs_f64(bad_s),
        ];
        debug_assert!(
            sojourn[0].0 > 0 && sojourn[1].0 > 0,
            "sojourns must be positive"
        );
        GilbertElliott {
            sojourn,
            p_next_bad,
            loss,
            lazy,
            bad: false,
            state_end: SimTime::ZERO + sojourn[0],
            state_rng: rng,
            loss_rng,
        }
    }

    /// Move the state forward to time `t` (departure times of one direction never decrease).
    fn advance(&mut self, t: SimTime) {
        while t >= self.state_end {
            self.bad = self.state_rng.chance(self.p_next_bad);
            let from = if self.lazy { t } else { self.state_end };
            self.state_end = from + self.sojourn[self.bad as usize];
        }
    }

    /// True while in the Bad state (after the last `judge`).
    pub fn is_bad(&self) -> bool {
        self.bad
    }
}

impl ErrorModel for GilbertElliott {
    fn judge(&mut self, tx: &TxContext) -> Hit {
        self.advance(tx.depart);
        if self.loss_rng.chance(self.loss[self.bad as usize]) {
            Hit::Lost
        } else {
            Hit::None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Loss fraction of packets departing every `gap_ns` over `span_s` seconds.
    fn lim_jang_loss(bad_s: f64, span_s: f64, gap_ns: u64, seed: u64) -> f64 {
        let mut m = GilbertElliott::new(
            1.0,
            bad_s,
            0.5,
            [0.001, 0.1],
            false,
            SimRng::stream(seed, "ge"),
        );
        let n = (span_s * 1e9) as u64 / gap_ns;
        let mut lost = 0u64;
        for i in 0..n {
            let tx = TxContext {
                bit_offset: 0,
                bits: 8,
                sensitive_bits: 0,
                index: i,
                depart: SimTime(i * gap_ns),
            };
            lost += (m.judge(&tx) == Hit::Lost) as u64;
        }
        lost as f64 / n as f64
    }

    #[test]
    fn lim_jang_long_run_loss_matches_closed_form_100ms() {
        // docs/design.md §12.3, d_B = 100 ms: π_B = 0.1/1.1 = 0.090909; loss = 0.001·(1 − π_B) + 0.1·π_B
        //   = 0.000909 + 0.009091 = 0.010000.
        // Departures every 3.7 ms (not commensurate with the sojourns) for 20 000 s = 5.4 M packets.
        // Spread: sojourns have mean 0.55 s → n ≈ 36 400; the ratio estimator of π_B has
        //   var ≈ (var Y − 2π cov(X,Y) + π² var X)/(n·E[X]²) = (0.0025 + 0.00409 + 0.00167)/(36 400·0.3025)
        //   → σ(π_B) = 8.7e-4, σ(loss) = 0.099·8.7e-4 = 8.6e-5; Bernoulli noise sqrt(0.01/5.4e6) = 4.3e-5.
        // Total σ ≈ 9.6e-5; tolerance 4e-4 ≈ 4 σ.
        let loss = lim_jang_loss(0.1, 20_000.0, 3_700_000, 1);
        assert!((loss - 0.01).abs() < 4e-4, "loss {loss}");
    }

    #[test]
    fn lim_jang_long_run_loss_matches_closed_form_10ms() {
        // docs/design.md §12.3, d_B = 10 ms: π_B = 0.01/1.01 = 0.0099010; loss = 0.001·0.990099 + 0.1·0.009901
        //   = 0.00099010 + 0.00099010 = 0.0019802.
        // n ≈ 20 000/0.505 = 39 600 sojourns: σ(π_B) ≈ sqrt(9.8e-5/(39 600·0.255)) = 9.9e-5,
        // σ(loss) = 9.8e-6; Bernoulli sqrt(0.00198/5.4e6) = 1.9e-5. Total σ ≈ 2.2e-5; tolerance 1e-4.
        let loss = lim_jang_loss(0.01, 20_000.0, 3_700_000, 2);
        assert!((loss - 0.0019802).abs() < 1e-4, "loss {loss}");
    }

    #[test]
    fn lim_jang_sojourns_are_deterministic_and_traffic_independent() {
        // Loss 1 in Bad and 0 in Good exposes the state. The first Good sojourn lasts exactly 1 s.
        let rng = || SimRng::stream(5, "ge");
        let mut m = GilbertElliott::new(1.0, 0.01, 0.5, [0.0, 1.0], false, rng());
        let at = |ns| TxContext {
            bit_offset: 0,
            bits: 8,
            sensitive_bits: 0,
            index: 0,
            depart: SimTime(ns),
        };
        assert_eq!(m.judge(&at(999_999_999)), Hit::None);
        // Sampling the state at 1 ms steps or only every 7 ms yields the same state sequence.
        let mut dense = GilbertElliott::new(1.0, 0.01, 0.5, [0.0, 1.0], false, rng());
        let mut sparse = GilbertElliott::new(1.0, 0.01, 0.5, [0.0, 1.0], false, rng());
        let mut bad_at = Vec::new();
        for ms in 0..200_000u64 {
            let d = dense.judge(&at(ms * 1_000_000)) == Hit::Lost;
            if ms % 7 == 0 {
                let s = sparse.judge(&at(ms * 1_000_000)) == Hit::Lost;
                assert_eq!(d, s, "state differs at {ms} ms");
            }
            if d {
                bad_at.push(ms);
            }
        }
        // Every Bad sojourn lasts exactly 10 ms, so Bad milliseconds come in runs of multiples of 10.
        assert!(!bad_at.is_empty());
        let mut run = 1;
        for w in bad_at.windows(2) {
            if w[1] == w[0] + 1 {
                run += 1;
            } else {
                assert_eq!(run % 10, 0, "Bad run of {run} ms ending at {} ms", w[0]);
                run = 1;
            }
        }
    }

    #[test]
    fn lazy_transitions_restart_the_sojourn_at_the_packet() {
        // p_next_bad = 1: after the first Good second every sojourn is Bad and lasts 10 ms.
        // Eager (time-driven): sojourns end at 1.01, 1.02, …, 1.51 s, so a packet at 1.505 s sees
        // a sojourn ending at 1.510 s. Lazy (ns-2): the expiry at 1 s is noticed by the packet at
        // 1.505 s and the new sojourn runs from there to 1.515 s.
        let at = |ms: u64| TxContext {
            bit_offset: 0,
            bits: 8,
            sensitive_bits: 0,
            index: 0,
            depart: SimTime(ms * 1_000_000),
        };
        let mut lazy =
            GilbertElliott::new(1.0, 0.01, 1.0, [0.0, 1.0], true, SimRng::stream(4, "ge"));
        assert_eq!(lazy.judge(&at(1505)), Hit::Lost);
        assert_eq!(lazy.state_end, SimTime(1_515_000_000));
        let mut eager =
            GilbertElliott::new(1.0, 0.01, 1.0, [0.0, 1.0], false, SimRng::stream(4, "ge"));
        assert_eq!(eager.judge(&at(1505)), Hit::Lost);
        assert_eq!(eager.state_end, SimTime(1_510_000_000));
    }
}
