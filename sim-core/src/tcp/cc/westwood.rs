//! TCP Westwood+ (`westwood_plus`) and the original TCP Westwood (`westwood`): standard Reno
//! probing, and after a loss a window sized from an end-to-end bandwidth estimate (SPEC §2;
//! Mascolo et al., "Performance evaluation of Westwood+ TCP congestion control", Performance
//! Evaluation 2004; Casetti et al., MobiCom 2001; Linux `net/ipv4/tcp_westwood.c`; ns-3
//! `tcp-westwood-plus.cc`). There is no loss classifier: every loss gets the bandwidth reaction.
//!
//! Per ACK, credit delivered bytes d with the dupACK-aware rule of SPEC §2.2
//! ([`AckCredit`]) and add them to `bk`.
//!
//! Westwood+ (SPEC §2.3), one sample per RTT:
//! ```text
//!   when now − win_start ≥ max(last_rtt, 50 ms):  b = bk / (now − win_start); bk = 0; win_start = now
//!   paper:       bwe = 0.9·bwe + 0.1·b
//!   ns3_tustin:  bwe = 0.9·bwe + 0.1·(b + b_prev)/2
//!   linux:       x = (7·x + b)/8;  bwe = (7·bwe + x)/8
//! ```
//! Original Westwood (SPEC §2.5), one sample per ACK, Tustin low-pass with time constant τ:
//! ```text
//!   b_k = d_k / Δ_k,   a_k = (2τ − Δ_k)/(2τ + Δ_k),   bwe_k = a_k·bwe_{k−1} + (1 − a_k)·(b_k + b_{k−1})/2
//! ```
//! Reactions (SPEC §2.4), with `BW = max(2·SMSS, bwe·RTTmin)` in bytes (`whole_segments`:
//! `floor(bwe·RTTmin/SMSS)·SMSS`, Linux):
//! ```text
//!   3rd dupACK  paper_min: ssthresh = BW;             cwnd_base = min(cwnd, ssthresh)
//!               linux:     ssthresh = max(cwnd/2, 2·SMSS); cwnd_base = ssthresh;
//!                          at recovery exit cwnd = ssthresh = BW
//!               ns3:       ssthresh = BW;             cwnd_base = ssthresh
//!   RTO:        ssthresh = BW; cwnd = 1·SMSS; RTTmin is replaced by the next sample (reset_rtt_min)
//! ```
//! Across a timeout (`pause_at_rto`, default on): the sampling clock stops at the last ACK before
//! the timer fired and runs again from the first ACK after it:
//! ```text
//!   RTO:            paused = last_ack − win_start;  win_start = none      (bk is kept)
//!   next ACK (t):   win_start = t − paused
//!   original:       RTO ends the previous-ACK clock; the next ACK restarts it as the first ACK does
//! ```
//! Why: under heavy random loss (NJ+ simple topology, 10 % packet loss, ≈ 2.4 timeouts/s before the fix) the
//! window open when the timer fires otherwise closes at the first ACK after the retransmission,
//! so its few bytes are divided by the whole stall (RTO ≥ 0.2 s, doubled per backoff): one sample
//! near 0 per timeout, a fifth of all samples. That held bwe ≈ 23 % lower (mean at the timeouts
//! 62 kB/s against 80 kB/s with the pause), and with the floor below BW sat at the 2-segment
//! minimum in 96 % of timeouts (1 % with both changes). The stall is the timer's doing, not the
//! path's: nothing was sent to be delivered. ns-3 samples only in windows opened by an ACK and one
//! SRTT long, so a stall never enters a sample; Linux (`tcp_westwood.c`) lets the window span it.
//!
//! BW in bytes by default (`whole_segments` off): SPEC §0 keeps cwnd and ssthresh in bytes and
//! truncates to segments only where a paper's algorithm does; the Westwood+ papers give
//! ssthresh = BWE·RTTmin/seg_size in a window measured in (fractional, ns-2) segments, and the
//! floor is Linux's integer arithmetic, where Reno's halving is truncated too. Here NewReno's
//! FlightSize/2 is not truncated, and with bwe·RTTmin ≈ 2–3 segments (the 10 % loss regime) the
//! floor alone cut Westwood+'s post-loss window by up to a third.
//!
//! \[ASSUME\] (SPEC is silent) the first bandwidth sample initialises the `paper` and `ns3_tustin`
//! filters as it does the `linux` one (`seed_with_first_sample`), so an early loss does not
//! collapse the window to 2 segments; and the Tustin coefficient is clamped at 0 when an ACK gap
//! exceeds 2τ (otherwise a_k < 0 could drive the estimate negative).

use super::{standard_growth, CcState, CongestionControl, Reaction};
use crate::choice_ids;
use crate::param::{set_bool, set_choice, set_f64, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{AckCredit, AckEvent, LossCtx};
use crate::time::{SimDuration, SimTime};
use serde_json::Value;

/// Filter of the per-RTT samples (SPEC §2.3, `ww_filter`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// bwe = 0.9·bwe + 0.1·b (Westwood+ paper; default).
    Paper,
    /// bwe = 0.9·bwe + 0.1·(b + b_prev)/2 (ns-3).
    Ns3Tustin,
    /// Two cascaded 1/8 EWMAs (Linux).
    Linux,
}

/// When the window is set from the estimate after a fast retransmit (SPEC §2.4, `ww_exit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// At the 3rd dupACK: ssthresh = BW, cwnd_base = min(cwnd, BW) (default).
    PaperMin,
    /// Reno halving at the 3rd dupACK; cwnd = ssthresh = BW when recovery completes.
    Linux,
    /// ssthresh = cwnd_base = BW at the 3rd dupACK.
    Ns3,
}

/// Westwood / Westwood+ knobs; every SPEC \[ASSUME\] with its recommended default.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Per-RTT sample filter (Westwood+ only).
    pub filter: Filter,
    /// Loss reaction timing.
    pub exit: Exit,
    /// Replace RTTmin by the first sample after an RTO (Linux; default on).
    pub reset_rtt_min: bool,
    /// Shortest sampling window, s (Linux `TCP_WESTWOOD_RTT_MIN` = 50 ms).
    pub sample_floor_s: f64,
    /// Tustin time constant τ of the original Westwood, s (not given in the papers; 0.5 s).
    pub tau_s: f64,
    /// ssthresh in whole segments, floor(bwe·RTTmin/SMSS) (Linux, SPEC §2.4); false = bytes (ns-3;
    /// default, as NewReno's FlightSize/2 and SPEC §0).
    pub whole_segments: bool,
    /// The first sample initialises the filter instead of being averaged with 0.
    pub seed_with_first_sample: bool,
    /// Stop the sampling clock from the last ACK before a timeout to the first ACK after it, so
    /// the stall is not measured as bandwidth (default on); off = Linux, the open window spans it.
    pub pause_at_rto: bool,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            filter: Filter::Paper,
            exit: Exit::PaperMin,
            reset_rtt_min: true,
            sample_floor_s: 0.050,
            tau_s: 0.5,
            whole_segments: false,
            seed_with_first_sample: true,
            pause_at_rto: true,
        }
    }
}

/// Catalog text of `westwood`.
pub(super) const WESTWOOD_INFO: Info = Info {
    id: "westwood",
    title: "TCP Westwood",
    description: "After a loss sets the window to a per-ACK, Tustin-filtered bandwidth estimate times the minimum RTT.",
    reference: "Casetti et al., \"TCP Westwood: bandwidth estimation for enhanced transport over wireless links\", MobiCom 2001 (SPEC §2.5)",
};

/// Catalog text of `westwood_plus`.
pub(super) const WESTWOOD_PLUS_INFO: Info = Info {
    id: "westwood_plus",
    title: "TCP Westwood+",
    description: "After a loss sets the window to a once-per-RTT bandwidth estimate times the minimum RTT.",
    reference: "Mascolo et al., \"Performance evaluation of Westwood+ TCP congestion control\", Performance Evaluation 2004 (SPEC §2)",
};

choice_ids!(Filter { Paper => "paper", Ns3Tustin => "ns3_tustin", Linux => "linux" });
choice_ids!(Exit { PaperMin => "paper_min", Linux => "linux", Ns3 => "ns3" });

/// The knobs of `westwood` (`plus` false) or `westwood_plus`: each lists only those its estimator
/// reads (Westwood's Tustin filter has `tau_s`; Westwood+ has `filter` and `sample_floor_s`).
pub(super) fn knobs(plus: bool) -> Vec<ParamSpec> {
    let unused: &[&str] = if plus {
        &["tau_s"]
    } else {
        &["filter", "sample_floor_s"]
    };
    let mut s = Params::specs();
    s.retain(|p| !unused.contains(&p.name));
    s
}

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::choice_of("filter", d.filter, "Filter of the per-RTT bandwidth samples: paper 0.9/0.1 EWMA, ns-3 Tustin, or Linux's two cascaded 1/8 EWMAs (Westwood+)."),
            ParamSpec::choice_of("exit", d.exit, "When the window is set from the estimate after a fast retransmit: at the 3rd dupACK (paper_min, ns3) or at recovery exit (linux)."),
            ParamSpec::boolean("reset_rtt_min", d.reset_rtt_min, "Replace RTTmin by the first sample after a timeout (Linux)."),
            ParamSpec::number("sample_floor_s", "s", 0.001, 10.0, d.sample_floor_s, "Shortest bandwidth sampling window (Linux 50 ms; Westwood+)."),
            ParamSpec::number("tau_s", "s", 0.001, 100.0, d.tau_s, "Time constant of the Tustin low-pass filter (original Westwood)."),
            ParamSpec::boolean("whole_segments", d.whole_segments, "ssthresh in whole segments, floor(bwe·RTTmin/SMSS) (Linux); off = bytes (ns-3)."),
            ParamSpec::boolean("seed_with_first_sample", d.seed_with_first_sample, "The first bandwidth sample initialises the filter instead of being averaged with 0."),
            ParamSpec::boolean("pause_at_rto", d.pause_at_rto, "Stop the bandwidth sampling clock from the last ACK before a timeout to the first ACK after it, so the stall is not measured as zero bandwidth; off = Linux."),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "filter" => set_choice(&mut self.filter, v),
            "exit" => set_choice(&mut self.exit, v),
            "reset_rtt_min" => set_bool(&mut self.reset_rtt_min, v),
            "sample_floor_s" => set_f64(&mut self.sample_floor_s, v),
            "tau_s" => set_f64(&mut self.tau_s, v),
            "whole_segments" => set_bool(&mut self.whole_segments, v),
            "seed_with_first_sample" => set_bool(&mut self.seed_with_first_sample, v),
            "pause_at_rto" => set_bool(&mut self.pause_at_rto, v),
            _ => unknown(name),
        }
    }
}

/// Which estimator runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Estimator {
    /// Westwood+: one sample per RTT (`westwood_plus`).
    PerRtt,
    /// Original Westwood: per-ACK samples, Tustin filter (`westwood`).
    PerAckTustin,
}

/// Shared state of both Westwood flavours.
#[derive(Clone, Debug)]
pub struct WestwoodCore {
    est: Estimator,
    p: Params,
    credit: AckCredit,
    /// Bytes credited in the current window (Westwood+) or since the last sample (original).
    bk: f64,
    /// Start of the sampling window (Westwood+) or time of the previous sample (original);
    /// `None` before the first ACK and while the clock is paused by a timeout.
    win_start: Option<SimTime>,
    /// Time of the latest ACK.
    last_ack: SimTime,
    /// Westwood+: the part of the open window that had run at the last ACK before a timeout;
    /// the window resumes with it at the first ACK after the stall (`pause_at_rto`).
    paused_elapsed: SimDuration,
    last_rtt_s: f64,
    rtt_min_s: f64,
    reset_rtt_min_pending: bool,
    /// Filtered bandwidth estimate, bytes/s.
    bwe: f64,
    b_prev: f64,
    linux_x: f64,
    samples: u64,
    mss: f64,
    linux_exit_pending: bool,
    pending_ssthresh: Option<f64>,
}

impl WestwoodCore {
    /// A fresh estimator.
    pub fn new(est: Estimator, p: Params) -> Self {
        WestwoodCore {
            est,
            p,
            credit: AckCredit::default(),
            bk: 0.0,
            win_start: None,
            last_ack: SimTime::ZERO,
            paused_elapsed: SimDuration::ZERO,
            last_rtt_s: 0.0,
            rtt_min_s: f64::INFINITY,
            reset_rtt_min_pending: false,
            bwe: 0.0,
            b_prev: 0.0,
            linux_x: 0.0,
            samples: 0,
            mss: 0.0,
            linux_exit_pending: false,
            pending_ssthresh: None,
        }
    }

    /// Filtered bandwidth estimate, bytes/s.
    pub fn bwe(&self) -> f64 {
        self.bwe
    }
    /// RTTmin used by the reaction, s (∞ before any sample).
    pub fn rtt_min_s(&self) -> f64 {
        self.rtt_min_s
    }

    fn per_rtt_filter(&mut self, b: f64) {
        let first = self.samples == 0;
        self.samples += 1;
        if first && (self.p.seed_with_first_sample || self.p.filter == Filter::Linux) {
            self.bwe = b;
            self.linux_x = b;
            self.b_prev = b;
            return;
        }
        match self.p.filter {
            Filter::Paper => self.bwe = 0.9 * self.bwe + 0.1 * b,
            Filter::Ns3Tustin => {
                self.bwe = 0.9 * self.bwe + 0.1 * (b + self.b_prev) / 2.0;
                self.b_prev = b;
            }
            Filter::Linux => {
                self.linux_x = (7.0 * self.linux_x + b) / 8.0;
                self.bwe = (7.0 * self.bwe + self.linux_x) / 8.0;
            }
        }
    }

    fn per_ack_tustin(&mut self, now: SimTime, d: f64) {
        let Some(prev) = self.win_start else {
            // The first ACK only starts the clock.
            self.win_start = Some(now);
            return;
        };
        self.bk += d;
        let dt = now.saturating_since(prev).as_secs_f64();
        if dt <= 0.0 {
            return; // same instant: carry the bytes into the next sample
        }
        let b = self.bk / dt;
        self.bk = 0.0;
        self.win_start = Some(now);
        let first = self.samples == 0;
        self.samples += 1;
        if first && self.p.seed_with_first_sample {
            self.bwe = b;
        } else {
            let tau2 = 2.0 * self.p.tau_s;
            let a = ((tau2 - dt) / (tau2 + dt)).clamp(0.0, 1.0);
            self.bwe = a * self.bwe + (1.0 - a) * (b + self.b_prev) / 2.0;
        }
        self.b_prev = b;
    }

    /// A timeout: nothing was delivered since the last ACK and nothing will be until the
    /// retransmission is acknowledged, so stop the clock at the last ACK. Westwood+ keeps the
    /// bytes and the running time of the open window; the original estimator restarts its clock
    /// at the next ACK as at the first one. A repeated timeout finds the clock already stopped.
    fn pause_clock(&mut self) {
        if let Some(start) = self.win_start.take() {
            if self.est == Estimator::PerRtt {
                self.paused_elapsed = self.last_ack.saturating_since(start);
            } else {
                self.bk = 0.0;
            }
        }
    }

    /// BW = max(2·SMSS, bwe·RTTmin), in bytes, or whole segments if configured.
    fn bw_window(&self, mss: f64, fallback_rtt_min_s: f64) -> f64 {
        let rtt_min = if self.rtt_min_s.is_finite() {
            self.rtt_min_s
        } else {
            fallback_rtt_min_s
        };
        let mut w = self.bwe * rtt_min;
        if !w.is_finite() || w < 0.0 {
            w = 0.0;
        }
        if self.p.whole_segments {
            w = (w / mss).floor() * mss;
        }
        w.max(2.0 * mss)
    }
}

impl CongestionControl for WestwoodCore {
    fn id(&self) -> &'static str {
        match self.est {
            Estimator::PerRtt => "westwood_plus",
            Estimator::PerAckTustin => "westwood",
        }
    }

    fn on_rtt_sample(&mut self, r: f64, _now: SimTime) {
        self.last_rtt_s = r;
        if self.reset_rtt_min_pending {
            self.rtt_min_s = r;
            self.reset_rtt_min_pending = false;
        } else {
            self.rtt_min_s = self.rtt_min_s.min(r);
        }
    }

    fn on_ack(&mut self, ev: &AckEvent) {
        self.mss = ev.mss;
        let d = self.credit.credit(ev);
        match self.est {
            Estimator::PerRtt => {
                // Linux order: close the window (without this ACK), then credit this ACK.
                match self.win_start {
                    None => {
                        // First ACK, or the first after a timeout: (re)start the clock with the
                        // part of the window that ran before the stall.
                        let run = std::mem::take(&mut self.paused_elapsed);
                        self.win_start = Some(SimTime(ev.now.0.saturating_sub(run.0)));
                    }
                    Some(start) => {
                        let dt = ev.now.saturating_since(start).as_secs_f64();
                        if self.last_rtt_s > 0.0
                            && dt > 0.0
                            && dt >= self.last_rtt_s.max(self.p.sample_floor_s)
                        {
                            let b = self.bk / dt;
                            self.per_rtt_filter(b);
                            self.bk = 0.0;
                            self.win_start = Some(ev.now);
                        }
                    }
                }
                self.bk += d;
            }
            Estimator::PerAckTustin => self.per_ack_tustin(ev.now, d),
        }
        self.last_ack = ev.now;
    }

    fn on_new_ack_open(&mut self, acked: u64, st: &mut CcState) {
        if let Some(s) = self.pending_ssthresh.take() {
            st.ssthresh = s;
        }
        standard_growth(acked, st);
    }

    fn on_fast_retransmit(&mut self, ctx: &LossCtx) -> Reaction {
        self.mss = ctx.mss;
        let bw = self.bw_window(ctx.mss, ctx.min_rtt_s);
        match self.p.exit {
            Exit::PaperMin => Reaction {
                ssthresh: bw,
                cwnd_base: ctx.cwnd.min(bw),
            },
            Exit::Ns3 => Reaction {
                ssthresh: bw,
                cwnd_base: bw,
            },
            Exit::Linux => {
                let s = (ctx.cwnd / 2.0).max(2.0 * ctx.mss);
                self.linux_exit_pending = true;
                Reaction {
                    ssthresh: s,
                    cwnd_base: s,
                }
            }
        }
    }

    fn on_rto(&mut self, ctx: &LossCtx) -> Reaction {
        self.mss = ctx.mss;
        let bw = self.bw_window(ctx.mss, ctx.min_rtt_s);
        if self.p.reset_rtt_min {
            self.reset_rtt_min_pending = true;
        }
        if self.p.pause_at_rto {
            self.pause_clock();
        }
        self.linux_exit_pending = false;
        self.pending_ssthresh = None;
        Reaction {
            ssthresh: bw,
            cwnd_base: ctx.mss,
        }
    }

    fn on_recovery_exit(&mut self, cwnd_base: f64) -> f64 {
        if !std::mem::take(&mut self.linux_exit_pending) || self.mss <= 0.0 {
            return cwnd_base;
        }
        // Linux CA_EVENT_COMPLETE_CWR: cwnd = ssthresh = BW. The exit hook can only return the
        // window, so ssthresh follows on the next new ACK (see the module report).
        let bw = self.bw_window(self.mss, 0.0);
        self.pending_ssthresh = Some(bw);
        bw
    }
}

family_member! {
    /// Westwood+ (`westwood_plus`): one bandwidth sample per RTT (SPEC §2.1–2.4).
    WestwoodPlus(WestwoodCore, Params, Estimator::PerRtt)
}
family_member! {
    /// Original Westwood (`westwood`): per-ACK samples and a Tustin filter (SPEC §2.5).
    Westwood(WestwoodCore, Params, Estimator::PerAckTustin)
}

#[cfg(test)]
mod tests {
    use super::super::testing::{assert_delta, dup_ack, loss, new_ack};
    use super::super::CongestionControl;
    use super::*;
    use crate::tcp::CwndGrowth;

    /// Westwood+ with `p`, RTT samples of `rtt` s, fed ACKs of `bytes` every `gap` s from `t0` to
    /// `t1` inclusive. Returns the time after the last ACK.
    fn feed(c: &mut WestwoodPlus, t0: f64, t1: f64, gap: f64, bytes: u64) -> f64 {
        let mut t = t0;
        while t <= t1 + 1e-9 {
            c.on_ack(&new_ack(t, bytes));
            t += gap;
        }
        t
    }

    // ===== Estimator =====

    #[test]
    fn westwood_plus_samples_once_per_rtt_and_filters_paper() {
        let mut c = WestwoodPlus::default();
        c.on_rtt_sample(0.100, t0());
        // ACKs of 1000 B every 10 ms at t = 0.00 … 0.09: the window opened at t = 0 closes at the
        // ACK at t = 0.10 (Δ = 0.1 ≥ max(RTT 0.1, 0.05)); bk = 10·1000 → b = 10 000/0.1 = 100 000 B/s.
        feed(&mut c, 0.0, 0.09, 0.01, 1000);
        assert_eq!(c.core().bwe(), 0.0);
        // ACKs of 2000 B at t = 0.10 … 0.19: the ACK at 0.10 closes window 1 (seeds bwe = 100 000),
        // the ACK at 0.20 closes window 2: b = 10·2000/0.1 = 200 000;
        // bwe = 0.9·100 000 + 0.1·200 000 = 110 000.
        feed(&mut c, 0.10, 0.19, 0.01, 2000);
        assert_delta!(c.core().bwe(), 100_000.0, 1e-6);
        c.on_ack(&new_ack(0.20, 0));
        assert_delta!(c.core().bwe(), 110_000.0, 1e-6);
    }

    fn t0() -> SimTime {
        SimTime::ZERO
    }

    #[test]
    fn ns3_and_linux_filters_by_hand() {
        for (filter, want) in [
            // ns3_tustin: 0.9·100 000 + 0.1·(200 000 + 100 000)/2 = 105 000
            (Filter::Ns3Tustin, 105_000.0),
            // linux: x = (7·100 000 + 200 000)/8 = 112 500; bwe = (7·100 000 + 112 500)/8 = 101 562.5
            (Filter::Linux, 101_562.5),
        ] {
            let mut c = WestwoodPlus::with_params(Params {
                filter,
                ..Params::default()
            });
            c.on_rtt_sample(0.100, t0());
            feed(&mut c, 0.0, 0.09, 0.01, 1000);
            feed(&mut c, 0.10, 0.19, 0.01, 2000);
            c.on_ack(&new_ack(0.20, 0));
            assert_delta!(c.core().bwe(), want, 1e-6);
        }
    }

    #[test]
    fn sampling_window_has_a_50_ms_floor_and_credits_dup_acks() {
        let mut c = WestwoodPlus::default();
        c.on_rtt_sample(0.010, t0()); // RTT 10 ms < 50 ms floor
                                      // t = 0.00 new ACK 1000 B; t = 0.01 … 0.04 four dupACKs (1000 B credit each);
                                      // the ACK at t = 0.05 closes the window: b = (1000 + 4·1000)/0.05 = 100 000 B/s.
        c.on_ack(&new_ack(0.0, 1000));
        for i in 1..=4 {
            c.on_ack(&dup_ack(i as f64 * 0.01));
            assert_eq!(c.core().bwe(), 0.0, "no sample before 50 ms");
        }
        // Cumulative ACK of 5000 B after 4 dupACKs credits 5000 − 4000 = 1000 in the next window.
        c.on_ack(&new_ack(0.05, 5000));
        assert_delta!(c.core().bwe(), 100_000.0, 1e-6);
        // Next window: only that 1000 B over 0.05 s → b = 20 000; bwe = 0.9·100 000 + 0.1·20 000 = 92 000
        c.on_ack(&new_ack(0.10, 0));
        assert_delta!(c.core().bwe(), 92_000.0, 1e-6);
    }

    #[test]
    fn original_westwood_tustin_per_ack() {
        let mut c = Westwood::default(); // τ = 0.5 s
        c.on_ack(&new_ack(0.00, 1000)); // starts the clock
        c.on_ack(&new_ack(0.01, 1000)); // b1 = 1000/0.01 = 100 000 → seeds bwe = 100 000
        assert_delta!(c.core().bwe(), 100_000.0, 1e-6);
        // b2 = 2000/0.01 = 200 000; a = (1 − 0.01)/(1 + 0.01) = 0.99/1.01
        // bwe = (0.99·100 000 + 0.02·(200 000 + 100 000)/2)/1.01 = 102 000/1.01 = 100 990.099…
        c.on_ack(&new_ack(0.02, 2000));
        assert_delta!(c.core().bwe(), 102_000.0 / 1.01, 1e-6);
        // A 2 s gap > 2τ clamps a to 0: bwe = (b3 + b2)/2 with b3 = 1000/2 = 500 → 100 250
        c.on_ack(&new_ack(2.02, 1000));
        assert_delta!(c.core().bwe(), 100_250.0, 1e-6);
    }

    // ===== Across a timeout (pause_at_rto) =====

    /// Westwood+ with RTT 0.1 s: window 1 (ACKs of 1000 B every 10 ms, t = 0.00 … 0.09) closes at
    /// t = 0.10 and seeds bwe = 10·1000/0.1 = 100 000 B/s; window 2 opens at t = 0.10 and gets the
    /// ACKs at 0.10, 0.11, 0.12, 0.13 and 0.145 (5000 B, 45 ms) before the stall. The timer fires
    /// at t = 0.40 and again (backoff) at t = 0.80; ACKs resume at t = 1.25, every 10 ms.
    fn stalled(p: Params) -> WestwoodPlus {
        let mut c = WestwoodPlus::with_params(p);
        c.on_rtt_sample(0.100, t0());
        feed(&mut c, 0.0, 0.13, 0.01, 1000);
        c.on_ack(&new_ack(0.145, 1000));
        assert_delta!(c.core().bwe(), 100_000.0, 1e-6);
        c.on_rto(&loss(0.40, 5000.0, 5000.0));
        c.on_rto(&LossCtx {
            repeated_timeout: true,
            ..loss(0.80, 1000.0, 5000.0)
        });
        c
    }

    #[test]
    fn a_timeout_stall_does_not_enter_a_bandwidth_sample() {
        let mut c = stalled(Params::default());
        // The clock stopped at the last ACK (t = 0.145, 45 ms into window 2) and the backoff did
        // not move it: at t = 1.25 window 2 resumes as if opened at 1.25 − 0.045 = 1.205.
        // ACKs at 1.25 … 1.30 (dt ≤ 0.095) only credit; the ACK at 1.31 (dt = 0.105) closes it:
        // b = (5000 + 6·1000)/0.105 = 104 761.9…; bwe = 0.9·100 000 + 0.1·b = 100 476.19…
        feed(&mut c, 1.25, 1.30, 0.01, 1000);
        assert_delta!(c.core().bwe(), 100_000.0, 1e-6);
        c.on_ack(&new_ack(1.31, 1000));
        assert_delta!(c.core().bwe(), 90_000.0 + 0.1 * 11_000.0 / 0.105, 1e-6);
    }

    #[test]
    fn linux_lets_the_window_span_the_stall() {
        let mut c = stalled(Params {
            pause_at_rto: false,
            ..Params::default()
        });
        // The first ACK after the stall closes window 2 over 1.25 − 0.10 = 1.15 s:
        // b = 5000/1.15 = 4347.8…; bwe = 0.9·100 000 + 0.1·b = 90 434.78…
        c.on_ack(&new_ack(1.25, 1000));
        assert_delta!(c.core().bwe(), 90_000.0 + 0.1 * 5000.0 / 1.15, 1e-6);
    }

    #[test]
    fn a_window_closed_just_before_the_stall_feeds_no_zero_sample() {
        for (pause, want) in [
            // Paused: the stall leaves an empty window of 0 s, which restarts at t = 1.25; the
            // ACKs up to 1.34 (dt = 0.09) give no sample.
            (true, 100_000.0),
            // Linux: the window opened at t = 0.10 by an ACK crediting nothing closes at t = 1.25
            // with bk = 0: b = 0, bwe = 0.9·100 000 = 90 000.
            (false, 90_000.0),
        ] {
            let mut c = WestwoodPlus::with_params(Params {
                pause_at_rto: pause,
                ..Params::default()
            });
            c.on_rtt_sample(0.100, t0());
            feed(&mut c, 0.0, 0.09, 0.01, 1000);
            c.on_ack(&new_ack(0.10, 0));
            assert_delta!(c.core().bwe(), 100_000.0, 1e-6);
            c.on_rto(&loss(0.40, 5000.0, 5000.0));
            feed(&mut c, 1.25, 1.34, 0.01, 1000);
            assert_delta!(c.core().bwe(), want, 1e-6);
        }
    }

    #[test]
    fn original_westwood_restarts_its_ack_clock_after_a_timeout() {
        let seeded = |pause_at_rto| {
            let mut c = Westwood::with_params(Params {
                pause_at_rto,
                ..Params::default()
            });
            c.on_ack(&new_ack(0.00, 1000)); // starts the clock
            c.on_ack(&new_ack(0.01, 1000)); // b = 1000/0.01 = 100 000 seeds bwe
            c.on_rto(&loss(0.30, 4000.0, 4000.0));
            c
        };
        // Paused: the ACK at t = 0.60 only restarts the clock; the ACK at 0.61 samples
        // b = 1000/0.01 = 100 000 (a = 0.99/1.01): bwe stays 100 000.
        let mut c = seeded(true);
        c.on_ack(&new_ack(0.60, 1000));
        assert_delta!(c.core().bwe(), 100_000.0, 1e-6);
        c.on_ack(&new_ack(0.61, 1000));
        assert_delta!(c.core().bwe(), 100_000.0, 1e-6);
        // Linux-style: the ACK at 0.60 samples across the stall, Δ = 0.59 s, b = 1000/0.59;
        // a = (1 − 0.59)/(1 + 0.59); bwe = a·100 000 + (1 − a)·(b + 100 000)/2.
        let mut l = seeded(false);
        l.on_ack(&new_ack(0.60, 1000));
        let (a, b) = (0.41 / 1.59, 1000.0 / 0.59);
        assert_delta!(
            l.core().bwe(),
            a * 100_000.0 + (1.0 - a) * (b + 100_000.0) / 2.0,
            1e-6
        );
    }

    // ===== Reactions (SPEC §2.4, §12.7) =====

    fn primed(p: Params) -> WestwoodPlus {
        // bwe = 1.25e6 B/s (10 Mbit/s), RTTmin = 50 ms: two windows of 62 500 B over 50 ms.
        let mut c = WestwoodPlus::with_params(p);
        c.on_rtt_sample(0.050, t0());
        c.on_ack(&new_ack(0.0, 62_500));
        c.on_ack(&new_ack(0.05, 0));
        assert_delta!(c.core().bwe(), 1.25e6, 1e-6);
        c
    }

    fn ctx1460(cwnd: f64) -> LossCtx {
        LossCtx {
            mss: 1460.0,
            ..loss(1.0, cwnd, cwnd)
        }
    }

    /// Linux's whole-segment BW (SPEC §12.7 worked example).
    fn whole() -> Params {
        Params {
            whole_segments: true,
            ..Params::default()
        }
    }

    #[test]
    fn third_dup_ack_paper_min_spec_12_7() {
        // bwe·RTTmin = 1.25e6·0.05 = 62 500 B = 42.8 segments of 1460 → 42·1460 = 61 320 B
        let mut c = primed(whole());
        assert_eq!(
            c.on_fast_retransmit(&ctx1460(100_000.0)),
            Reaction {
                ssthresh: 61_320.0,
                cwnd_base: 61_320.0
            }
        );
        // cwnd below BW: cwnd_base = min(cwnd, ssthresh) = cwnd
        assert_eq!(
            c.on_fast_retransmit(&ctx1460(30_000.0)),
            Reaction {
                ssthresh: 61_320.0,
                cwnd_base: 30_000.0
            }
        );
        // Byte version (default, ns-3 style): 62 500 B exactly.
        let mut b = primed(Params::default());
        assert_eq!(b.on_fast_retransmit(&ctx1460(100_000.0)).ssthresh, 62_500.0);
    }

    #[test]
    fn reaction_floor_is_two_segments_without_estimate() {
        let mut c = WestwoodPlus::default();
        // bwe = 0 → ssthresh = max(2·1000, 0) = 2000; RTO: cwnd = 1 SMSS
        assert_eq!(
            c.on_fast_retransmit(&loss(1.0, 8000.0, 8000.0)),
            Reaction {
                ssthresh: 2000.0,
                cwnd_base: 2000.0
            }
        );
        assert_eq!(
            c.on_rto(&loss(1.0, 8000.0, 8000.0)),
            Reaction {
                ssthresh: 2000.0,
                cwnd_base: 1000.0
            }
        );
    }

    #[test]
    fn ns3_and_linux_exits() {
        let mut n = primed(Params {
            exit: Exit::Ns3,
            ..whole()
        });
        // ns3: cwnd_base = ssthresh = 61 320 even when cwnd was lower
        assert_eq!(
            n.on_fast_retransmit(&ctx1460(30_000.0)),
            Reaction {
                ssthresh: 61_320.0,
                cwnd_base: 61_320.0
            }
        );
        let mut l = primed(Params {
            exit: Exit::Linux,
            ..whole()
        });
        // linux: Reno halving first: max(100 000/2, 2·1460) = 50 000
        assert_eq!(
            l.on_fast_retransmit(&ctx1460(100_000.0)),
            Reaction {
                ssthresh: 50_000.0,
                cwnd_base: 50_000.0
            }
        );
        // recovery completes: cwnd = BW = 61 320, and ssthresh follows on the next new ACK
        assert_eq!(l.on_recovery_exit(50_000.0), 61_320.0);
        let mut st = CcState {
            cwnd: 61_320.0,
            ssthresh: 50_000.0,
            mss: 1460.0,
            rwnd: 1e9,
            growth: CwndGrowth::Packet,
            abc_bytes: 0.0,
        };
        l.on_new_ack_open(1460, &mut st);
        assert_eq!(st.ssthresh, 61_320.0);
        // cwnd = ssthresh → avoidance: + 1460²/61 320 = 34.76…
        assert_delta!(st.cwnd, 61_320.0 + 1460.0 * 1460.0 / 61_320.0, 1e-9);
        // A second exit without a new linux-mode loss returns the base unchanged.
        assert_eq!(l.on_recovery_exit(7000.0), 7000.0);
    }

    #[test]
    fn rto_uses_bandwidth_and_resets_rtt_min() {
        let mut c = primed(whole());
        // RTO: ssthresh = 61 320 (as above), cwnd = 1 SMSS = 1460
        assert_eq!(
            c.on_rto(&ctx1460(100_000.0)),
            Reaction {
                ssthresh: 61_320.0,
                cwnd_base: 1460.0
            }
        );
        // reset_rtt_min: the next sample (0.2 s) replaces RTTmin 0.05 even though it is larger.
        c.on_rtt_sample(0.2, t0());
        assert_eq!(c.core().rtt_min_s(), 0.2);
        c.on_rtt_sample(0.3, t0());
        assert_eq!(c.core().rtt_min_s(), 0.2);
        // Without the option RTTmin survives the RTO.
        let mut k = primed(Params {
            reset_rtt_min: false,
            ..whole()
        });
        k.on_rto(&ctx1460(100_000.0));
        k.on_rtt_sample(0.2, t0());
        assert_eq!(k.core().rtt_min_s(), 0.05);
    }

    #[test]
    fn growth_is_standard_and_exit_default_keeps_base() {
        let mut c = WestwoodPlus::default();
        let mut st = CcState {
            cwnd: 4000.0,
            ssthresh: 2000.0,
            mss: 1000.0,
            rwnd: 1e9,
            growth: CwndGrowth::Packet,
            abc_bytes: 0.0,
        };
        c.on_new_ack_open(1000, &mut st); // avoidance: + 1000²/4000 = 250
        assert_eq!(st.cwnd, 4250.0);
        assert_eq!(c.on_recovery_exit(5000.0), 5000.0);
        assert_eq!(c.id(), "westwood_plus");
        assert_eq!(Westwood::default().id(), "westwood");
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        use crate::param::testing::{check_tunable, round_trip};
        check_tunable::<Params>();
        round_trip::<Filter>();
        round_trip::<Exit>();
    }
}
