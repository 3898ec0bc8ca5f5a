//! TCP Veno (`veno`): Reno whose congestion avoidance and loss reaction depend on the Vegas
//! backlog estimate N (docs/design.md §4; Fu & Liew, "TCP Veno: TCP enhancement for transmission over
//! wireless access networks", IEEE JSAC 21(2), 2003; Linux `net/ipv4/tcp_veno.c`; ns-3
//! `tcp-veno.cc`).
//!
//! ```text
//!   Expected = cwnd/BaseRTT,  Actual = cwnd/RTT
//!   N = (Expected − Actual)·BaseRTT = cwnd·(RTT − BaseRTT)/RTT        (segments, docs/design.md §4.1)
//!   BaseRTT = min RTT of the connection;  RTT = min sample since the last evaluation
//!             (`latest_min`, default) or SRTT (`srtt`);  β = 3 segments
//!   slow start:         standard
//!   avoidance, N < β:   standard (+1 SMSS per RTT)
//!   avoidance, N ≥ β:   +1 SMSS every other RTT (SMSS²/(2·cwnd) per ACK; byte counting: +SMSS
//!                       per 2·cwnd bytes acknowledged)                           (docs/design.md §4.2)
//!   3rd dupACK, N < β:  ssthresh = max(4/5·W, 2·SMSS)   (random loss)
//!   3rd dupACK, N ≥ β:  ssthresh = max(1/2·W, 2·SMSS)   (congestive loss)
//!                       cwnd_base = ssthresh                                    (docs/design.md §4.3)
//!                       W = cwnd (`reduce_from: cwnd`, Linux, default) or the sender's
//!                       FlightSize (`flight`, ns-3 `TcpVeno::GetSsThresh(bytesInFlight)`)
//!   RTO:                standard, ssthresh = max(FlightSize/2, 2·SMSS), cwnd = 1·SMSS
//! ```
//! N is evaluated on new ACKs in the Open state only (it stays frozen through recovery) and only
//! once 3 RTT samples exist; before that Veno is exactly Reno (Linux/ns-3 `cntRTT ≤ 2`), including
//! the 1/2 reduction. The "every other RTT" growth is the average of Linux's alternate
//! add-or-skip, spread over the ACKs as the packet-counting Reno increase is.

use super::{
    half_flight, standard_growth, CcState, CongestionControl, Reaction, ReduceFrom, Variant,
};
use crate::param::{set_choice, set_f64, set_uint, tuned, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{LossCtx, Srtt, Verdict};
use crate::tcp::CwndGrowth;
use crate::time::SimTime;
use serde_json::Value;

/// Which RTT enters N (docs/design.md §4.1, A22, `veno_rtt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RttChoice {
    /// Minimum sample since the last evaluation (Linux, ns-3; default for Veno as a CC).
    LatestMin,
    /// The smoothed RTT (Veno paper; the \[LJ\] Vegas predictor).
    Srtt,
}

/// Veno knobs with the docs/design.md defaults.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// RTT used in N.
    pub rtt: RttChoice,
    /// β, segments (3).
    pub beta_segments: f64,
    /// RTT samples needed before N is used (3).
    pub min_samples: u32,
    /// What the 4/5 and 1/2 reductions multiply: cwnd (Linux `tcp_veno_ssthresh`, docs/design.md
    /// default) or the sender's FlightSize (ns-3 `TcpVeno::GetSsThresh(bytesInFlight)`).
    pub reduce_from: ReduceFrom,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            rtt: RttChoice::LatestMin,
            beta_segments: 3.0,
            min_samples: 3,
            reduce_from: ReduceFrom::Cwnd,
        }
    }
}

/// Catalog text of `veno`.
pub(super) const INFO: Info = Info {
    id: "veno",
    title: "TCP Veno",
    description: "Reno that cuts the window by only 1/5 when the Vegas backlog says a loss was random, and grows slower near congestion.",
    reference: "Fu & Liew, \"TCP Veno: TCP enhancement for transmission over wireless access networks\", IEEE JSAC 21(2), 2003",
};

/// The `veno` entry of the variant table.
pub(super) const VARIANT: Variant = Variant {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(Veno::with_params(tuned(p))),
};

crate::choice_ids!(RttChoice { LatestMin => "latest_min", Srtt => "srtt" });

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::choice_of("rtt", d.rtt, "RTT in the backlog N: minimum sample since the last evaluation (Linux, ns-3) or the smoothed RTT (Veno paper)."),
            ParamSpec::number("beta_segments", "segments", 0.0, 1000.0, d.beta_segments, "β: a backlog N ≥ β means congestive loss (halve) and slower growth; below it a loss is random (cut by 1/5)."),
            ParamSpec::integer("min_samples", "samples", 0, 1000, d.min_samples as i64, "RTT samples needed before N is used; until then Veno is Reno."),
            ParamSpec::choice_of("reduce_from", d.reduce_from, "Window the 4/5 and 1/2 reductions multiply: cwnd (Linux) or the sender's FlightSize (ns-3)."),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "rtt" => set_choice(&mut self.rtt, v),
            "beta_segments" => set_f64(&mut self.beta_segments, v),
            "min_samples" => set_uint(&mut self.min_samples, v),
            "reduce_from" => set_choice(&mut self.reduce_from, v),
            _ => unknown(name),
        }
    }
}

/// TCP Veno.
#[derive(Clone, Debug)]
pub struct Veno {
    p: Params,
    base_rtt_s: f64,
    min_since_eval_s: f64,
    srtt: Srtt,
    samples: u32,
    n: Option<f64>,
    last_verdict: Option<Verdict>,
}

impl Default for Veno {
    fn default() -> Self {
        Self::with_params(Params::default())
    }
}

impl Veno {
    /// Veno with explicit parameters.
    pub fn with_params(p: Params) -> Self {
        Veno {
            p,
            base_rtt_s: f64::INFINITY,
            min_since_eval_s: f64::INFINITY,
            srtt: Srtt::default(),
            samples: 0,
            n: None,
            last_verdict: None,
        }
    }

    /// Last backlog estimate N in segments (None before 3 samples).
    pub fn backlog(&self) -> Option<f64> {
        self.n
    }

    fn congestive(&self) -> bool {
        self.n.is_some_and(|n| n >= self.p.beta_segments)
    }

    fn evaluate(&mut self, cwnd_bytes: f64, mss: f64) {
        if self.samples < self.p.min_samples {
            return;
        }
        let rtt = match self.p.rtt {
            RttChoice::LatestMin => self.min_since_eval_s,
            RttChoice::Srtt => self.srtt.get().unwrap_or(f64::INFINITY),
        };
        // No new sample since the last evaluation (e.g. one timed segment per RTT): keep N.
        if rtt.is_finite() && rtt > 0.0 && self.base_rtt_s.is_finite() {
            self.n = Some((cwnd_bytes / mss) * (rtt - self.base_rtt_s) / rtt);
            self.min_since_eval_s = f64::INFINITY;
        }
    }
}

impl CongestionControl for Veno {
    fn id(&self) -> &'static str {
        "veno"
    }

    fn on_rtt_sample(&mut self, r: f64, _now: SimTime) {
        self.base_rtt_s = self.base_rtt_s.min(r);
        self.min_since_eval_s = self.min_since_eval_s.min(r);
        self.srtt.sample(r);
        self.samples = self.samples.saturating_add(1);
    }

    fn on_new_ack_open(&mut self, acked: u64, st: &mut CcState) {
        self.evaluate(st.cwnd, st.mss);
        if st.cwnd < st.ssthresh || !self.congestive() {
            standard_growth(acked, st);
            return;
        }
        if st.cwnd >= st.rwnd {
            return;
        }
        match st.growth {
            CwndGrowth::Packet | CwndGrowth::PacketInteger => {
                st.cwnd += st.mss * st.mss / (2.0 * st.cwnd)
            }
            CwndGrowth::Byte => {
                st.abc_bytes += acked as f64;
                if st.abc_bytes >= 2.0 * st.cwnd {
                    st.abc_bytes -= 2.0 * st.cwnd;
                    st.cwnd += st.mss;
                }
            }
        }
    }

    fn on_fast_retransmit(&mut self, ctx: &LossCtx) -> Reaction {
        // N < β: the loss is judged random (wireless); otherwise congestive.
        self.last_verdict = self.n.map(|n| {
            if n < self.p.beta_segments {
                Verdict::Wireless
            } else {
                Verdict::Congestion
            }
        });
        let w = self.p.reduce_from.window(ctx);
        let ssthresh = match self.n {
            None => half_flight(ctx),
            Some(n) if n < self.p.beta_segments => (w * 4.0 / 5.0).max(2.0 * ctx.mss),
            Some(_) => (w / 2.0).max(2.0 * ctx.mss),
        };
        Reaction {
            ssthresh,
            cwnd_base: ssthresh,
        }
    }

    fn loss_verdict(&self) -> Option<Verdict> {
        self.last_verdict
    }

    fn on_rto(&mut self, ctx: &LossCtx) -> Reaction {
        self.last_verdict = None;
        let ssthresh = if ctx.repeated_timeout {
            ctx.ssthresh
        } else {
            half_flight(ctx)
        };
        Reaction {
            ssthresh,
            cwnd_base: ctx.mss,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_delta, loss};
    use super::*;

    fn st(cwnd: f64, ssthresh: f64, growth: CwndGrowth) -> CcState {
        CcState {
            cwnd,
            ssthresh,
            mss: 1000.0,
            rwnd: 1e9,
            growth,
            abc_bytes: 0.0,
        }
    }

    /// Veno after three 100 ms samples (BaseRTT = 0.1) and one evaluation, then one more sample
    /// `rtt` and a new ACK at cwnd = 20 segments (avoidance).
    fn veno_at(rtt: f64, p: Params) -> Veno {
        let mut v = Veno::with_params(p);
        for _ in 0..3 {
            v.on_rtt_sample(0.100, SimTime::ZERO);
        }
        v.on_new_ack_open(1000, &mut st(20_000.0, 10_000.0, CwndGrowth::Packet)); // N = 0
        assert_eq!(v.backlog(), Some(0.0));
        v.on_rtt_sample(rtt, SimTime::ZERO);
        v.on_new_ack_open(1000, &mut st(20_000.0, 10_000.0, CwndGrowth::Packet));
        v
    }

    // ===== docs/design.md §12.5 =====

    #[test]
    fn backlog_and_third_dup_ack_spec_12_5() {
        // RTT 110 ms: N = 20·(0.11 − 0.1)/0.11 = 1.818 < 3 → random: ssthresh = 4/5·20 000 = 16 000
        let mut v = veno_at(0.110, Params::default());
        assert_delta!(v.backlog().unwrap(), 20.0 * 0.01 / 0.11, 1e-9);
        assert_eq!(
            v.on_fast_retransmit(&loss(1.0, 20_000.0, 20_000.0)),
            Reaction {
                ssthresh: 16_000.0,
                cwnd_base: 16_000.0
            }
        );
        // RTT 120 ms: N = 20·0.02/0.12 = 3.33 ≥ 3 → congestive: ssthresh = 20 000/2 = 10 000
        let mut v = veno_at(0.120, Params::default());
        assert_delta!(v.backlog().unwrap(), 10.0 / 3.0, 1e-9);
        assert_eq!(
            v.on_fast_retransmit(&loss(1.0, 20_000.0, 20_000.0)),
            Reaction {
                ssthresh: 10_000.0,
                cwnd_base: 10_000.0
            }
        );
        // reduce_from flight (ns-3): random loss at cwnd 20 000 with 15 000 in flight (e.g. the
        // RFC 6675 pipe) → 4/5·15 000 = 12 000 instead of 16 000.
        let mut v = veno_at(
            0.110,
            Params {
                reduce_from: ReduceFrom::Flight,
                ..Params::default()
            },
        );
        assert_eq!(
            v.on_fast_retransmit(&loss(1.0, 20_000.0, 15_000.0))
                .ssthresh,
            12_000.0
        );
        // RTT 150 ms: N = 20·0.05/0.15 = 6.67 → 10 000
        let mut v = veno_at(0.150, Params::default());
        assert_delta!(v.backlog().unwrap(), 20.0 / 3.0, 1e-9);
        assert_eq!(
            v.on_fast_retransmit(&loss(1.0, 20_000.0, 20_000.0))
                .ssthresh,
            10_000.0
        );
    }

    #[test]
    fn srtt_option_uses_smoothed_rtt() {
        // SRTT after 0.1, 0.1, 0.1, 0.2 = 0.875·0.1 + 0.125·0.2 = 0.1125
        // N = 20·(0.1125 − 0.1)/0.1125 = 2.222 < 3
        let v = veno_at(
            0.200,
            Params {
                rtt: RttChoice::Srtt,
                ..Params::default()
            },
        );
        assert_delta!(v.backlog().unwrap(), 20.0 * 0.0125 / 0.1125, 1e-9);
    }

    #[test]
    fn behaves_like_reno_before_three_samples() {
        let mut v = Veno::default();
        v.on_rtt_sample(0.1, SimTime::ZERO);
        v.on_rtt_sample(0.3, SimTime::ZERO);
        let mut s = st(20_000.0, 10_000.0, CwndGrowth::Packet);
        v.on_new_ack_open(1000, &mut s);
        assert_eq!(v.backlog(), None);
        assert_eq!(s.cwnd, 20_050.0); // Reno avoidance: + 1000²/20 000 = 50
                                      // Reno reaction: max(FlightSize/2, 2·SMSS) = 18 000/2 = 9 000
        assert_eq!(
            v.on_fast_retransmit(&loss(1.0, 20_000.0, 18_000.0)),
            Reaction {
                ssthresh: 9_000.0,
                cwnd_base: 9_000.0
            }
        );
    }

    #[test]
    fn floors_at_two_segments() {
        let mut v = veno_at(0.110, Params::default());
        // random loss at cwnd 2 000: max(0.8·2000, 2000) = 2 000
        assert_eq!(
            v.on_fast_retransmit(&loss(1.0, 2_000.0, 2_000.0)).ssthresh,
            2_000.0
        );
    }

    // ===== Growth =====

    #[test]
    fn avoidance_halves_growth_when_congestive() {
        // N < β: standard, + 1000²/20 000 = 50 per ACK
        let mut v = veno_at(0.110, Params::default());
        let mut s = st(20_000.0, 10_000.0, CwndGrowth::Packet);
        v.on_rtt_sample(0.110, SimTime::ZERO);
        v.on_new_ack_open(1000, &mut s);
        assert_eq!(s.cwnd, 20_050.0);
        // N ≥ β: + 1000²/(2·20 000) = 25 per ACK (one SMSS per two RTTs)
        let mut v = veno_at(0.150, Params::default());
        let mut s = st(20_000.0, 10_000.0, CwndGrowth::Packet);
        v.on_rtt_sample(0.150, SimTime::ZERO);
        v.on_new_ack_open(1000, &mut s);
        assert_eq!(s.cwnd, 20_025.0);
        // Byte counting, congestive: +SMSS only after 2·cwnd = 40 000 B acknowledged.
        let mut b = st(20_000.0, 10_000.0, CwndGrowth::Byte);
        v.on_new_ack_open(20_000, &mut b);
        assert_eq!(b.cwnd, 20_000.0);
        v.on_new_ack_open(20_000, &mut b); // 40 000 ≥ 40 000 → +1000, carry 0
        assert_eq!((b.cwnd, b.abc_bytes), (21_000.0, 0.0));
        // Slow start is standard even when congestive: + 1 SMSS
        let mut ss = st(5_000.0, 10_000.0, CwndGrowth::Packet);
        v.on_new_ack_open(1000, &mut ss);
        assert_eq!(ss.cwnd, 6_000.0);
    }

    #[test]
    fn rto_is_standard() {
        let mut v = veno_at(0.110, Params::default());
        assert_eq!(
            v.on_rto(&loss(1.0, 20_000.0, 20_000.0)),
            Reaction {
                ssthresh: 10_000.0,
                cwnd_base: 1_000.0
            }
        );
        let repeated = LossCtx {
            repeated_timeout: true,
            ..loss(1.0, 20_000.0, 20_000.0)
        };
        assert_eq!(
            v.on_rto(&repeated),
            Reaction {
                ssthresh: 64_000.0,
                cwnd_base: 1_000.0
            }
        );
        assert_eq!(v.on_recovery_exit(7_000.0), 7_000.0);
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        use crate::param::testing::{check_tunable, round_trip};
        check_tunable::<Params>();
        round_trip::<RttChoice>();
    }
}
