//! CUBIC (`cubic`), RFC 9438: a cubic function of the time since the last congestion event sets
//! the window in congestion avoidance; Reno's AIMD rate is kept as a floor.
//!
//! Windows in segments (W = cwnd/SMSS), t in seconds since the current avoidance stage began:
//! ```text
//!   W_cubic(t) = C·(t − K)³ + W_max                                  (RFC 9438 §4.2, Fig. 1)
//!   K = ∛((W_max − cwnd_epoch)/C)   (= ∛(W_max·(1 − β)/C) when the stage starts at β·W_max)
//!   C = 0.4,  β = 0.7
//!   per new ACK in avoidance (segs = segments acknowledged):
//!     W_est += α·segs/cwnd,  α = 3(1 − β)/(1 + β), 1 once W_est ≥ cwnd_prior        (§4.3)
//!     if W_cubic(t) < W_est:  cwnd = W_est                            (Reno-friendly region)
//!     else: target = clamp(W_cubic(t + RTT), cwnd, 1.5·cwnd);  cwnd += (target − cwnd)/cwnd·segs
//!   congestion event (3rd dupACK):                                                  (§4.6–4.7)
//!     W_max = cwnd·(1 + β)/2 if cwnd < W_max (fast convergence), else cwnd
//!     ssthresh = max(W·β, 2);  cwnd_base = ssthresh;  cwnd_prior = cwnd
//!       W = FlightSize (`reduce_from: flight`, RFC 9438 §4.6, default) or cwnd (`cwnd`: Linux
//!       `bictcp_recalc_ssthresh`, ns-3 `TcpCubic::GetSsThresh`)
//!   RTO: ssthresh as above (unchanged on a repeated timeout); cwnd = 1; the next avoidance stage
//!        starts with K = 0 and W_max = its initial cwnd                               (§4.8)
//! ```
//! Slow start is standard (§4.10). The epoch (t = 0) starts at the first new ACK in avoidance
//! after a loss; `cwnd_epoch` is the window then (after recovery, cwnd = ssthresh, so K =
//! ∛(W_max(1 − β)/C) in the usual case). RTT in the target is the smoothed RTT. Time comes from
//! `AckEvent::now`. `libm::cbrt`/`libm::pow` keep native and wasm results identical.

use super::{standard_growth, CcState, CongestionControl, Reaction, ReduceFrom, Variant};
use crate::param::{set_bool, set_choice, set_f64, tuned, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{AckEvent, LossCtx, Srtt};
use crate::tcp::CwndGrowth;
use crate::time::SimTime;
use serde_json::Value;

/// CUBIC knobs (RFC 9438 defaults).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// C, segments/s³ (0.4).
    pub c: f64,
    /// β_cubic, multiplicative decrease factor (0.7).
    pub beta: f64,
    /// Fast convergence (§4.7; on).
    pub fast_convergence: bool,
    /// Reno-friendly region (§4.3; on).
    pub reno_friendly: bool,
    /// What β multiplies at a congestion event: FlightSize (RFC 9438 §4.6) or cwnd (Linux, ns-3).
    pub reduce_from: ReduceFrom,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            c: 0.4,
            beta: 0.7,
            fast_convergence: true,
            reno_friendly: true,
            reduce_from: ReduceFrom::Flight,
        }
    }
}

/// Catalog text of `cubic`.
pub(super) const INFO: Info = Info {
    id: "cubic",
    title: "CUBIC",
    description: "Window a cubic function of the time since the last loss, with a Reno-friendly floor (modern baseline).",
    reference: "RFC 9438",
};

/// The `cubic` entry of the variant table.
pub(super) const VARIANT: Variant = Variant {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(Cubic::with_params(tuned(p))),
};

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::number(
                "c",
                "segments/s³",
                0.01,
                10.0,
                d.c,
                "C: aggressiveness of the cubic function (RFC 9438: 0.4).",
            ),
            ParamSpec::number(
                "beta",
                "",
                0.1,
                0.95,
                d.beta,
                "β_cubic: window kept after a congestion event (RFC 9438: 0.7).",
            ),
            ParamSpec::boolean(
                "fast_convergence",
                d.fast_convergence,
                "Lower W_max further when a loss comes before the previous W_max (RFC 9438 §4.7).",
            ),
            ParamSpec::boolean(
                "reno_friendly",
                d.reno_friendly,
                "Never grow slower than an AIMD flow with the same β (RFC 9438 §4.3).",
            ),
            ParamSpec::choice_of(
                "reduce_from",
                d.reduce_from,
                "Window β multiplies at a congestion event: the sender's FlightSize (RFC 9438 §4.6) or cwnd (Linux, ns-3).",
            ),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "c" => set_f64(&mut self.c, v),
            "beta" => set_f64(&mut self.beta, v),
            "fast_convergence" => set_bool(&mut self.fast_convergence, v),
            "reno_friendly" => set_bool(&mut self.reno_friendly, v),
            "reduce_from" => set_choice(&mut self.reduce_from, v),
            _ => unknown(name),
        }
    }
}

/// CUBIC state, windows in segments.
#[derive(Clone, Debug)]
pub struct Cubic {
    p: Params,
    now: SimTime,
    srtt: Srtt,
    /// W_max, segments (0 = none yet).
    w_max: f64,
    /// K, s.
    k: f64,
    /// Start of the current avoidance stage.
    t_epoch: Option<SimTime>,
    cwnd_epoch: f64,
    w_est: f64,
    cwnd_prior: f64,
}

impl Default for Cubic {
    fn default() -> Self {
        Self::with_params(Params::default())
    }
}

impl Cubic {
    /// CUBIC with explicit parameters.
    pub fn with_params(p: Params) -> Self {
        Cubic {
            p,
            now: SimTime::ZERO,
            srtt: Srtt::default(),
            w_max: 0.0,
            k: 0.0,
            t_epoch: None,
            cwnd_epoch: 0.0,
            w_est: 0.0,
            cwnd_prior: 0.0,
        }
    }

    /// W_cubic(t) = C·(t − K)³ + W_max, segments.
    pub fn w_cubic(&self, t: f64) -> f64 {
        self.p.c * libm::pow(t - self.k, 3.0) + self.w_max
    }
    /// W_max, segments.
    pub fn w_max(&self) -> f64 {
        self.w_max
    }
    /// K, seconds.
    pub fn k(&self) -> f64 {
        self.k
    }
    /// W_est, segments.
    pub fn w_est(&self) -> f64 {
        self.w_est
    }

    fn congestion(&mut self, ctx: &LossCtx) -> f64 {
        let cwnd = ctx.cwnd / ctx.mss;
        // §4.7 fast convergence.
        self.w_max = if self.p.fast_convergence && cwnd < self.w_max {
            cwnd * (1.0 + self.p.beta) / 2.0
        } else {
            cwnd
        };
        self.cwnd_prior = cwnd;
        self.t_epoch = None;
        // §4.6: ssthresh = flight_size·β_cubic, at least 2 segments.
        (self.p.reduce_from.window(ctx) * self.p.beta).max(2.0 * ctx.mss)
    }
}

impl CongestionControl for Cubic {
    fn id(&self) -> &'static str {
        "cubic"
    }

    fn on_rtt_sample(&mut self, r: f64, _now: SimTime) {
        self.srtt.sample(r);
    }

    fn on_ack(&mut self, ev: &AckEvent) {
        self.now = self.now.max(ev.now);
    }

    fn on_new_ack_open(&mut self, acked: u64, st: &mut CcState) {
        if st.cwnd < st.ssthresh {
            standard_growth(acked, st);
            return;
        }
        if st.cwnd >= st.rwnd {
            return;
        }
        let mss = st.mss;
        let cwnd = st.cwnd / mss;
        let segs = match st.growth {
            CwndGrowth::Packet | CwndGrowth::PacketInteger => 1.0,
            CwndGrowth::Byte => acked as f64 / mss,
        };
        let t_epoch = match self.t_epoch {
            Some(t) => t,
            None => {
                // §4.2: a new avoidance stage.
                self.t_epoch = Some(self.now);
                self.cwnd_epoch = cwnd;
                self.w_est = cwnd;
                if cwnd < self.w_max {
                    self.k = libm::cbrt((self.w_max - cwnd) / self.p.c);
                } else {
                    self.k = 0.0;
                    self.w_max = cwnd;
                }
                self.now
            }
        };
        let t = self.now.saturating_since(t_epoch).as_secs_f64();
        // §4.3 Reno-friendly estimate.
        let alpha = if self.w_est >= self.cwnd_prior {
            1.0
        } else {
            3.0 * (1.0 - self.p.beta) / (1.0 + self.p.beta)
        };
        self.w_est += alpha * segs / cwnd;
        let new = if self.p.reno_friendly && self.w_cubic(t) < self.w_est {
            self.w_est.max(cwnd)
        } else {
            let rtt = self.srtt.get().unwrap_or(0.0);
            let target = self.w_cubic(t + rtt).clamp(cwnd, 1.5 * cwnd);
            cwnd + (target - cwnd) / cwnd * segs
        };
        st.cwnd = (new * mss).min(st.rwnd);
    }

    fn on_fast_retransmit(&mut self, ctx: &LossCtx) -> Reaction {
        let ssthresh = self.congestion(ctx);
        Reaction {
            ssthresh,
            cwnd_base: ssthresh,
        }
    }

    fn on_rto(&mut self, ctx: &LossCtx) -> Reaction {
        // A repeated timeout keeps ssthresh (RFC 5681 §3.1) and so also cwnd_prior.
        let ssthresh = if ctx.repeated_timeout {
            self.t_epoch = None;
            ctx.ssthresh
        } else {
            self.congestion(ctx)
        };
        // §4.8: the first avoidance stage after a timeout uses K = 0, W_max = its initial cwnd.
        self.w_max = 0.0;
        Reaction {
            ssthresh,
            cwnd_base: ctx.mss,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_delta, loss, new_ack};
    use super::*;

    fn st(cwnd: f64, ssthresh: f64) -> CcState {
        CcState {
            cwnd,
            ssthresh,
            mss: 1000.0,
            rwnd: 1e9,
            growth: CwndGrowth::Packet,
            abc_bytes: 0.0,
        }
    }

    #[test]
    fn w_cubic_by_hand() {
        // Loss at cwnd = 100 segments, no previous W_max: W_max = 100.
        // After recovery cwnd = ssthresh = 0.7·100 = 70 → K = ∛((100 − 70)/0.4) = ∛75 = 4.217163…
        let mut c = Cubic::default();
        let r = c.on_fast_retransmit(&loss(10.0, 100_000.0, 100_000.0));
        assert_eq!(
            r,
            Reaction {
                ssthresh: 70_000.0,
                cwnd_base: 70_000.0
            }
        );
        assert_eq!(c.w_max(), 100.0);
        c.on_ack(&new_ack(10.0, 1000));
        let mut s = st(70_000.0, 70_000.0);
        c.on_new_ack_open(1000, &mut s); // starts the epoch at t = 10 s
        assert_delta!(c.k(), 4.217_163_326_508_746, 1e-12);
        // W_cubic(0) = 0.4·(−∛75)³ + 100 = 0.4·(−75) + 100 = 70
        assert_delta!(c.w_cubic(0.0), 70.0, 1e-9);
        // W_cubic(2) = 0.4·(2 − 4.217163)³ + 100 = 0.4·(−2.217163)³ + 100
        //            = 0.4·(−10.899161) + 100 = 95.640336
        assert_delta!(c.w_cubic(2.0), 95.640_336, 1e-5);
        // W_cubic(K) = W_max = 100 (plateau)
        assert_delta!(c.w_cubic(c.k()), 100.0, 1e-9);
        // W_cubic(6) = 0.4·(1.782837)³ + 100 = 0.4·5.666758 + 100 = 102.266703
        assert_delta!(c.w_cubic(6.0), 102.266_703, 1e-5);
    }

    #[test]
    fn concave_growth_toward_target() {
        let mut c = Cubic::default();
        c.on_fast_retransmit(&loss(10.0, 100_000.0, 100_000.0));
        c.on_rtt_sample(0.1, SimTime::ZERO); // SRTT 0.1
        c.on_ack(&new_ack(10.0, 1000));
        let mut s = st(70_000.0, 70_000.0);
        c.on_new_ack_open(1000, &mut s); // epoch at t = 10, first ACK: t = 0
                                         // W_est = 70 + 0.5294·1/70 (α = 3·0.3/1.7 = 0.529412); W_cubic(0) = 70 < W_est →
                                         // Reno-friendly region: cwnd = W_est = 70.007563 segments
        assert_delta!(s.cwnd, 70_000.0 + 1000.0 * (0.9 / 1.7) / 70.0, 1e-6);
        // Two seconds later: W_cubic(2) = 95.64 ≫ W_est; target = W_cubic(2.1) clamped to 1.5·cwnd.
        // W_cubic(2.1) = 0.4·(−2.117163)³ + 100 = 0.4·(−9.489932) + 100 = 96.204027;
        // cwnd += (96.204 − 70.0076)/70.0076 ≈ 0.374 segments
        c.on_ack(&new_ack(12.0, 1000));
        let before = s.cwnd / 1000.0;
        c.on_new_ack_open(1000, &mut s);
        let target = 0.4 * libm::pow(2.1 - c.k(), 3.0) + 100.0;
        assert_delta!(target, 96.204_027, 1e-5);
        assert_delta!(s.cwnd / 1000.0, before + (target - before) / before, 1e-9);
    }

    #[test]
    fn fast_convergence_and_flight_based_ssthresh() {
        let mut c = Cubic::default();
        c.on_fast_retransmit(&loss(1.0, 100_000.0, 100_000.0)); // W_max = 100
                                                                // Next loss at cwnd 80 < W_max 100: W_max = 80·(1 + 0.7)/2 = 68; ssthresh = 0.7·FlightSize 60 000
        let r = c.on_fast_retransmit(&loss(2.0, 80_000.0, 60_000.0));
        assert_delta!(c.w_max(), 68.0, 1e-12);
        assert_delta!(r.ssthresh, 42_000.0, 1e-9);
        // Without fast convergence W_max = cwnd = 80.
        let mut n = Cubic::with_params(Params {
            fast_convergence: false,
            ..Params::default()
        });
        n.on_fast_retransmit(&loss(1.0, 100_000.0, 100_000.0));
        n.on_fast_retransmit(&loss(2.0, 80_000.0, 80_000.0));
        assert_eq!(n.w_max(), 80.0);
        // 2-segment floor: 0.7·2 000 = 1 400 → 2 000
        assert_eq!(
            c.on_fast_retransmit(&loss(3.0, 2_000.0, 2_000.0)).ssthresh,
            2_000.0
        );
        // reduce_from cwnd (Linux, ns-3): 0.7·cwnd 80 000 = 56 000 whatever is in flight.
        let mut w = Cubic::with_params(Params {
            reduce_from: ReduceFrom::Cwnd,
            ..Params::default()
        });
        assert_delta!(
            w.on_fast_retransmit(&loss(1.0, 80_000.0, 60_000.0))
                .ssthresh,
            56_000.0,
            1e-9
        );
    }

    #[test]
    fn rto_resets_k_and_w_max_for_next_stage() {
        let mut c = Cubic::default();
        let r = c.on_rto(&loss(1.0, 100_000.0, 100_000.0));
        // ssthresh = 0.7·100 000 = 70 000; cwnd = 1 SMSS
        assert_eq!(
            r,
            Reaction {
                ssthresh: 70_000.0,
                cwnd_base: 1_000.0
            }
        );
        let repeated = LossCtx {
            repeated_timeout: true,
            ..loss(2.0, 1_000.0, 50_000.0)
        };
        assert_eq!(c.on_rto(&repeated).ssthresh, 64_000.0); // kept on a repeated timeout
        assert_eq!(c.cwnd_prior, 100.0); // … and so is cwnd_prior (W_est's α switch)
                                         // First avoidance ACK after the timeout: K = 0, W_max = cwnd = 70 (convex from t = 0)
        c.on_ack(&new_ack(5.0, 1000));
        c.on_new_ack_open(1000, &mut st(70_000.0, 70_000.0));
        assert_eq!((c.k(), c.w_max()), (0.0, 70.0));
        assert_eq!(c.on_recovery_exit(7_000.0), 7_000.0);
    }

    #[test]
    fn slow_start_is_standard() {
        let mut c = Cubic::default();
        let mut s = st(4_000.0, 70_000.0);
        c.on_new_ack_open(1000, &mut s);
        assert_eq!(s.cwnd, 5_000.0);
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        crate::param::testing::check_tunable::<Params>();
    }
}
