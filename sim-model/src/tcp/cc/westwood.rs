//! TCP Westwood+ (`westwood_plus`) and the original TCP Westwood (`westwood`): standard Reno
//! probing, and after a loss a window sized from an end-to-end bandwidth estimate (docs/design.md §2;
//! Mascolo et al., "Performance evaluation of Westwood+ TCP congestion control", Performance
//! Evaluation 2004; Casetti et al., MobiCom 2001; Linux `net/ipv4/tcp_westwood.c`; ns-3
//! `tcp-westwood-plus.cc`). There is no loss classifier: every loss gets the bandwidth reaction.
//!
//! Per ACK, credit delivered bytes d with the dupACK-aware rule of docs/design.md §2.2
//! ([`AckCredit`]) and add them to `bk`.
//!
//! Westwood+ (docs/design.md §2.3), one sample per RTT:
//! ```text
//!   when now − win_start ≥ max(last_rtt, 50 ms):  b = bk / (now − win_start); bk = 0; win_start = now
//!   paper:       bwe = 0.9·bwe + 0.1·b
//!   ns3_tustin:  bwe = 0.9·bwe + 0.1·(b + b_prev)/2
//!   linux:       x = (7·x + b)/8;  bwe = (7·bwe + x)/8
//! ```
//! Original Westwood (docs/design.md §2.5), one sample per ACK, Tustin low-pass with time constant τ:
//! ```text
//!   b_k = d_k / Δ_k,   a_k = (2τ − Δ_k)/(2τ + Δ_k),   bwe_k = a_k·bwe_{k−1} + (1 − a_k)·(b_k + b_{k−1})/2
//! ```
//! Reactions (docs/design.md §2.4), with `BW = max(2·SMSS, bwe·RTTmin)` in bytes (`whole_segments`:
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
//! BW in bytes by default (`whole_segments` off): docs/design.md §0 keeps cwnd and ssthresh in bytes and
//! truncates to segments only where a paper's algorithm does; the Westwood+ papers give
//! ssthresh = BWE·RTTmin/seg_size in a window measured in (fractional, ns-2) segments, and the
//! floor is Linux's integer arithmetic, where Reno's halving is truncated too. Here NewReno's
//! FlightSize/2 is not truncated, and with bwe·RTTmin ≈ 2–3 segments (the 10 % loss regime) the
//! floor alone cut Westwood+'s post-loss window by up to a third.
//!
//! \[ASSUME\] (docs/design.md is silent) the first bandwidth sample initialises the `paper` and `ns3_tustin`
//! filters as it does the `linux` one (`seed_with_first_sample`), so an early loss does not
//! collapse the window to 2 segments; and the Tustin coefficient is clamped at 0 when an ACK gap
//! exceeds 2τ (otherwise a_k < 0 could drive the estimate negative).

use super::{standard_growth, CcState, CongestionControl, Reaction, Variant};
use crate::choice_ids;
use crate::param::{set_bool, set_choice, set_f64, tuned, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{AckCredit, AckEvent, LossCtx};
use crate::time::{SimDuration, SimTime};
use serde_json::Value;

/// Filter of the per-RTT samples (docs/design.md §2.3, `ww_filter`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    /// bwe = 0.9·bwe + 0.1·b (Westwood+ paper; default).
    Paper,
    /// bwe = 0.9·bwe + 0.1·(b + b_prev)/2 (ns-3).
    Ns3Tustin,
    /// Two cascaded 1/8 EWMAs (Linux).
    Linux,
}

/// When the window is set from the estimate after a fast retransmit (docs/design.md §2.4, `ww_exit`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// At the 3rd dupACK: ssthresh = BW, cwnd_base = min(cwnd, BW) (default).
    PaperMin,
    /// Reno halving at the 3rd dupACK; cwnd = ssthresh = BW when recovery completes.
    Linux,
    /// ssthresh = cwnd_base = BW at the 3rd dupACK.
    Ns3,
}

/// Westwood / Westwood+ knobs; every docs/design.md \[ASSUME\] with its recommended default.
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
    /// ssthresh in whole segments, floor(bwe·RTTmin/SMSS) (Linux, docs/design.md §2.4); false = bytes (ns-3;
    /// default, as NewReno's FlightSize/2 and docs/design.md §0).
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
    reference: "Casetti et al., \"TCP Westwood: bandwidth estimation for enhanced transport over wireless links\", MobiCom 2001",
};

/// Catalog text of `westwood_plus`.
pub(super) const WESTWOOD_PLUS_INFO: Info = Info {
    id: "westwood_plus",
    title: "TCP Westwood+",
    description: "After a loss sets the window to a once-per-RTT bandwidth estimate times the minimum RTT.",
    reference: "Mascolo et al., \"Performance evaluation of Westwood+ TCP congestion control\", Performance Evaluation 2004",
};

/// `westwood`: per-ACK samples and a Tustin filter (docs/design.md §2.5).
pub(super) const WESTWOOD: Variant = Variant {
    info: WESTWOOD_INFO,
    specs: || knobs(false),
    build: |p| Box::new(Westwood::new(Estimator::PerAckTustin, tuned(p))),
};

/// `westwood_plus`: one bandwidth sample per RTT (docs/design.md §2.1–2.4).
pub(super) const WESTWOOD_PLUS: Variant = Variant {
    info: WESTWOOD_PLUS_INFO,
    specs: || knobs(true),
    build: |p| Box::new(Westwood::new(Estimator::PerRtt, tuned(p))),
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

/// TCP Westwood+ or the original TCP Westwood, as `est` says (`westwood_plus`, `westwood`).
#[derive(Clone, Debug)]
pub struct Westwood {
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

impl Westwood {
    /// A fresh estimator.
    pub fn new(est: Estimator, p: Params) -> Self {
        Westwood {
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

impl CongestionControl for Westwood {
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

#[cfg(test)]
mod tests;
