//! BBR's knobs (`tcp.cc_params` of a `bbr` flow): their Linux defaults, ranges and help text,
//! and the choices among them (the send quantum; the recovery window and its end live in
//! `recovery.rs`, the rate sample's reference in `rate_sample.rs`).

use super::rate_sample::RateSample;
use super::recovery::{RecoveryExit, RecoveryWindow};
use crate::param::{set_bool, set_choice, set_f64, set_uint, unknown, ParamSpec, Tunable};
use serde_json::Value;

/// BBR v1 knobs (Linux defaults).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Startup pacing and cwnd gain, 2/ln 2.
    pub high_gain: f64,
    /// Drain pacing gain, ln 2/2.
    pub drain_gain: f64,
    /// ProbeBW cwnd gain (2).
    pub cwnd_gain: f64,
    /// ProbeBW pacing-gain cycle.
    pub gain_cycle: [f64; 8],
    /// Phase ProbeBW starts in (2; Linux: random ≠ 1).
    pub probe_bw_start_phase: usize,
    /// BtlBw filter window, round trips (10).
    pub bw_window_rounds: u64,
    /// RTprop filter window, s (10).
    pub min_rtt_window_s: f64,
    /// ProbeRTT duration at the minimum window, s (0.2).
    pub probe_rtt_s: f64,
    /// Minimum window, segments (4).
    pub min_cwnd_segments: f64,
    /// BtlBw growth that counts as "still growing" in Startup (1.25).
    pub full_bw_growth: f64,
    /// Rounds without such growth before the pipe is full (3).
    pub full_bw_rounds: u32,
    /// Send quanta added to the window for ACK aggregation and quantization (3).
    pub quanta: f64,
    /// Pacing margin below the estimated bandwidth (0.01).
    pub pacing_margin: f64,
    /// Drain by window (cwnd gain 1) because the sender does not pace (default on).
    pub drain_by_cwnd: bool,
    /// Gain of the ACK-aggregation allowance added to the window target once the pipe is full
    /// (Linux `bbr_extra_acked_gain`, 1 there; 0 here, the draft's BBR v1 without it).
    pub extra_acked_gain: f64,
    /// Size of the send quantum the window target adds `quanta` of.
    pub quantum: Quantum,
    /// Who sets the window during fast recovery.
    pub recovery_window: RecoveryWindow,
    /// The window BBR leaves fast recovery with.
    pub recovery_exit: RecoveryExit,
    /// Which earlier delivery state a rate sample measures from.
    pub rate_sample: RateSample,
}

/// The send quantum (`quanta` of them are added to the window target).
///
/// ```text
///   linux:       1 segment below a 1.2 Mbit/s pacing rate, else pacing rate · 1 ms (at least 2
///                segments, at most 127; Linux bbr_tso_segs_goal at 1 ms of data per burst)
///   one_segment: always 1 segment (ns-3.44's TcpBbr SetSendQuantum)
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantum {
    /// Linux's rule, from the pacing rate.
    Linux,
    /// One segment (ns-3).
    OneSegment,
}

crate::choice_ids!(Quantum { Linux => "linux", OneSegment => "one_segment" });

impl Default for Params {
    fn default() -> Self {
        let high_gain = 2.0 / std::f64::consts::LN_2;
        Params {
            high_gain,
            drain_gain: 1.0 / high_gain,
            cwnd_gain: 2.0,
            gain_cycle: [1.25, 0.75, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0],
            probe_bw_start_phase: 2,
            bw_window_rounds: 10,
            min_rtt_window_s: 10.0,
            probe_rtt_s: 0.2,
            min_cwnd_segments: 4.0,
            full_bw_growth: 1.25,
            full_bw_rounds: 3,
            quanta: 3.0,
            pacing_margin: 0.01,
            drain_by_cwnd: true,
            extra_acked_gain: 0.0,
            quantum: Quantum::Linux,
            recovery_window: RecoveryWindow::Conservation,
            recovery_exit: RecoveryExit::Restore,
            rate_sample: RateSample::PerAck,
        }
    }
}

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::number("high_gain", "", 1.0, 10.0, d.high_gain, "Startup pacing and cwnd gain (2/ln 2 ≈ 2.885)."),
            ParamSpec::number("drain_gain", "", 0.05, 1.0, d.drain_gain, "Drain pacing gain (ln 2/2 ≈ 0.347)."),
            ParamSpec::number("cwnd_gain", "", 1.0, 10.0, d.cwnd_gain, "ProbeBW window gain: cwnd target = cwnd_gain·BDP (2)."),
            ParamSpec::number("probe_up_gain", "", 1.0, 4.0, d.gain_cycle[0], "Pacing gain of ProbeBW phase 0, the bandwidth probe (5/4; acts through tcp.pacing)."),
            ParamSpec::number("probe_down_gain", "", 0.1, 1.0, d.gain_cycle[1], "Pacing gain of ProbeBW phase 1, the drain after a probe (3/4); phases 2–7 cruise at 1."),
            ParamSpec::integer("probe_bw_start_phase", "", 0, 7, d.probe_bw_start_phase as i64, "Phase of the 8-phase gain cycle ProbeBW starts in (Linux: random, never 1)."),
            ParamSpec::integer("bw_window_rounds", "round trips", 1, 1000, d.bw_window_rounds as i64, "Window of the max-bandwidth filter (10)."),
            ParamSpec::number("min_rtt_window_s", "s", 0.1, 1000.0, d.min_rtt_window_s, "Window of the min-RTT filter; ProbeRTT runs when it expires (10 s)."),
            ParamSpec::number("probe_rtt_s", "s", 0.0, 10.0, d.probe_rtt_s, "Time ProbeRTT holds the minimum window (0.2 s)."),
            ParamSpec::number("min_cwnd_segments", "segments", 1.0, 100.0, d.min_cwnd_segments, "Minimum window, also the ProbeRTT window (4)."),
            ParamSpec::number("full_bw_growth", "", 1.01, 4.0, d.full_bw_growth, "Bandwidth growth per round that still counts as growing in Startup (1.25)."),
            ParamSpec::integer("full_bw_rounds", "round trips", 1, 100, d.full_bw_rounds as i64, "Rounds without such growth before the pipe counts as full (3)."),
            ParamSpec::number("quanta", "quanta", 0.0, 100.0, d.quanta, "Send quanta added to the window for ACK aggregation (3)."),
            ParamSpec::number("pacing_margin", "", 0.0, 0.5, d.pacing_margin, "Pacing this fraction below the estimated bandwidth (0.01)."),
            ParamSpec::boolean("drain_by_cwnd", d.drain_by_cwnd, "Drain with window gain 1 as well as by pacing (needed when tcp.pacing is off; Linux drains by pacing only)."),
            ParamSpec::number("extra_acked_gain", "", 0.0, 4.0, d.extra_acked_gain, "ACK-aggregation allowance: adds this times the largest recent excess of ACKed data over BtlBw to the window target, at most 0.1 s of BtlBw (Linux 1, ns-3 1; 0: none, as the BBR v1 draft)."),
            ParamSpec::choice_of("quantum", d.quantum, "Send quantum the window target adds `quanta` of: from the pacing rate as Linux (linux: 1 segment below 1.2 Mbit/s, else 1 ms of data, at least 2 segments) or always one segment (one_segment: ns-3.44)."),
            ParamSpec::choice_of("recovery_window", d.recovery_window, "Window during fast recovery, with SACK: BBR's own packet conservation for a round, newly lost segments taken off, then growth (conservation: the BBR v1 draft, Linux, ns-3) or the sender's PRR or RFC 6675 recovery towards the window at the loss (sender)."),
            ParamSpec::choice_of("recovery_exit", d.recovery_exit, "Window at the end of fast recovery: back to the window before the loss (restore: the BBR v1 draft, Linux) or about one BDP (ns3: ns-3.44's socket sets cwnd = ssthresh, which BBR set to inflight(1) when Drain began)."),
            ParamSpec::choice_of("rate_sample", d.rate_sample, "Which earlier delivery state a bandwidth sample measures from: this ACK's newest delivered segment (per_ack: the draft, Linux) or the newest by delivered count over this and earlier ACKs (ns3: ns-3.44, whose samples then count an ACK's segments over the previous ACK's interval and read above the link)."),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "high_gain" => set_f64(&mut self.high_gain, v),
            "drain_gain" => set_f64(&mut self.drain_gain, v),
            "cwnd_gain" => set_f64(&mut self.cwnd_gain, v),
            "probe_up_gain" => set_f64(&mut self.gain_cycle[0], v),
            "probe_down_gain" => set_f64(&mut self.gain_cycle[1], v),
            "probe_bw_start_phase" => set_uint(&mut self.probe_bw_start_phase, v),
            "bw_window_rounds" => set_uint(&mut self.bw_window_rounds, v),
            "min_rtt_window_s" => set_f64(&mut self.min_rtt_window_s, v),
            "probe_rtt_s" => set_f64(&mut self.probe_rtt_s, v),
            "min_cwnd_segments" => set_f64(&mut self.min_cwnd_segments, v),
            "full_bw_growth" => set_f64(&mut self.full_bw_growth, v),
            "full_bw_rounds" => set_uint(&mut self.full_bw_rounds, v),
            "quanta" => set_f64(&mut self.quanta, v),
            "pacing_margin" => set_f64(&mut self.pacing_margin, v),
            "drain_by_cwnd" => set_bool(&mut self.drain_by_cwnd, v),
            "extra_acked_gain" => set_f64(&mut self.extra_acked_gain, v),
            "quantum" => set_choice(&mut self.quantum, v),
            "recovery_window" => set_choice(&mut self.recovery_window, v),
            "recovery_exit" => set_choice(&mut self.recovery_exit, v),
            "rate_sample" => set_choice(&mut self.rate_sample, v),
            _ => unknown(name),
        }
    }
}
