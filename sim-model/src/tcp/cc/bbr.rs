//! BBR v1 (`bbr`): a model of the path — the bottleneck bandwidth (windowed max of delivery-rate
//! samples) and the round-trip propagation time (windowed min RTT) — sets the window and the
//! pacing rate (Cardwell et al., "BBR: Congestion-Based Congestion Control", ACM Queue 14(5),
//! 2016; draft-cardwell-iccrg-bbr-congestion-control-00; Linux `net/ipv4/tcp_bbr.c`).
//!
//! ```text
//!   BtlBw  = max delivery rate over the last 10 round trips
//!   RTprop = min RTT over the last 10 s
//!   BDP    = BtlBw·RTprop
//!   inflight(gain) = even_up(⌈gain·BDP⌉ + 3·quantum) (+2 segments in ProbeBW phase 0)
//!   cwnd   = min(cwnd + acked, inflight(cwnd_gain) [+ ACK-aggregation allowance, below])
//!            once the pipe is full;
//!            cwnd + acked before (while below the target); at least 4 segments
//!   pacing = pacing_gain·BtlBw·(1 − 1 %)      (payload bytes/s, as BtlBw); it starts at
//!            high_gain·IW/RTT and is not lowered before the pipe is full
//!
//!   mode       pacing_gain            cwnd_gain   leaves when
//!   Startup    2/ln 2 = 2.885         2.885       BtlBw grew < 25 % for 3 rounds → Drain
//!   Drain      ln 2/2 = 0.347         1 (*)       inflight ≤ inflight(1) → ProbeBW
//!   ProbeBW    [5/4, 3/4, 1 ×6]       2           (phase: one RTprop each; 5/4 also needs
//!                                                  inflight ≥ inflight(5/4) or a loss;
//!                                                  3/4 ends early at inflight ≤ inflight(1);
//!                                                  inflight as before the ACK)
//!   ProbeRTT   1                      cwnd ≤ 4    200 ms at ≤ 4 segments and one round trip;
//!              entered whenever RTprop was not refreshed for 10 s
//! ```
//! (*) Linux keeps cwnd_gain = 2.885 in Drain and drains through pacing. The sender paces new
//! segments at [`CongestionControl::pacing_rate_bps`] (`tcp.pacing`, default on); with pacing
//! off an ACK-clocked BBR could never drain that way, so Drain also uses cwnd gain 1
//! (`drain_by_cwnd`, default on). Every send is paced, retransmissions in recovery included
//! (the fast retransmission itself excepted).
//!
//! Delivery-rate samples are derived from ACKs (no per-packet state from the sender):
//! `delivered` counts what the sender says each ACK delivered (RFC 6937 DeliveredData from its
//! SACK scoreboard, or one segment per duplicate ACK without SACK: [`Delivery`]), or, for a BBR
//! driven without a sender, the dupACK-aware credit of docs/design.md §2.2 (which over-counts the
//! ACK that ends a recovery with several partial ACKs); each ACK is recorded as (arrival
//! time, delivered, send time of the segment it acknowledged). For an ACK of a segment P sent at
//! `s_P`, the record of the last ACK at or before `s_P` gives P's send-time state (t₀, d₀, s₀), as
//! `tcp_rate.c` stores in each skb:
//! ```text
//!   rate = (delivered − d₀) / max(now − t₀, s_P − s₀)    (discarded if the interval < RTprop)
//!   a new round trip starts when d₀ ≥ the delivered count at the start of the current round
//! ```
//! (`rate_sample: ns3` keeps P's state across ACKs as ns-3.44 does: `bbr/rate_sample.rs`.)
//! Round trips are thus packet-timed (a round ends when a segment sent after it began is
//! acknowledged), and the BtlBw window counts those rounds, not seconds.
//!
//! App-limited samples (Linux `tcp_rate.c` `tp->app_limited` and `bbr_update_bw`; the draft's
//! BtlBw max-filter update): in ProbeRTT the sender deliberately sends far below BtlBw, so every ProbeRTT ACK
//! sets the mark `app_limited_until = delivered + inflight`; a segment sent while the mark is
//! pending yields an app-limited sample, and the mark clears once `delivered` passes it (about
//! one round after ProbeRTT ends). Such a sample enters the filter only if it is ≥ the current
//! BtlBw; otherwise the filter is not touched at all, so it does not age either:
//! ```text
//!   if !app_limited || rate ≥ BtlBw:  BtlBw_filter.update(rate, round_count)
//! ```
//!
//! In-flight bytes come from the sender: [`CongestionControl::on_sent`] reports every
//! transmission, so with `snd_hi` the highest byte sent + 1 (reset to `snd_una` at an RTO, as
//! the sender goes back N) and `sacked_out` the bytes the sender counts as SACKed (or reported
//! by duplicate ACKs) above the cumulative ACK (without a sender: the duplicate-ACK credit not
//! yet covered by a cumulative ACK):
//! ```text
//!   inflight = snd_hi − snd_una − sacked_out    (FlightSize less what is SACKed or dupACKed)
//! ```
//! A paced sender is usually *not* window-limited, so the window is no estimate of it.
//!
//! Losses: BBR v1 keeps its model. In a fast recovery with SACK it sets the window itself
//! (`recovery.rs`, `recovery_window`): packet conservation for a round — cwnd = pipe +
//! delivered, less what is newly judged lost — then growth towards its target; at the end the
//! window before the loss comes back ([`RecoveryExit`], `recovery_exit`; ns-3.44 instead leaves
//! it at about one BDP). Without SACK the sender's recovery runs, ending at the window from before
//! the loss. An RTO sets cwnd = 1 SMSS, and once the data outstanding at the RTO is acknowledged
//! cwnd returns to at least its value before the RTO (Linux `prior_cwnd`).
//! ProbeBW starts in phase 2 (`probe_bw_start_phase`) where Linux picks a random phase ≠ 1.
//!
//! ACK aggregation (`extra_acked_gain`, Linux's `extra_acked`, in ns-3's TcpBbr as
//! AckAggregationCwnd): when ACKs arrive in bursts — delayed ACKs, a queue of another flow's
//! packets in front — more data is ACKed in a stretch than BtlBw would deliver, and a window of
//! 2·BDP can run dry before the burst's ACKs come back. With the gain above 0, the window target
//! (not the mode checks) gets gain × the largest recent excess, at most 0.1 s of BtlBw
//! ([`Bbr::aggregation_allowance`]). The default 0 is the draft's BBR v1, as every result before
//! the knob; 1 is Linux's and ns-3's (docs/fidelity.md, the BBR rows).

use std::collections::VecDeque;

mod aggregation;
use aggregation::AckAggregation;
mod params;
mod rate_sample;
mod recovery;
pub use params::{Params, Quantum};
pub use rate_sample::RateSample;
pub use recovery::{RecoveryExit, RecoveryWindow};

use super::{CcPhase, CcState, CongestionControl, Reaction, RecoveryAck, Variant};
use crate::param::{tuned, Info, Tunable};
#[cfg(doc)]
use crate::tcp::signal::Delivery;
use crate::tcp::signal::{AckCredit, AckEvent, LossCtx};
use crate::time::{SimDuration, SimTime};

/// Catalog text of `bbr`.
pub(super) const INFO: Info = Info {
    id: "bbr",
    title: "BBR v1",
    description: "Model-based: pacing rate and window from the windowed-max bandwidth and windowed-min RTT; a loss leaves its model alone, and the window from before it returns after recovery (modern baseline).",
    reference: "Cardwell et al., \"BBR: congestion-based congestion control\", ACM Queue 14(5), 2016; Linux tcp_bbr.c",
};

/// The `bbr` entry of the variant table.
pub(super) const VARIANT: Variant = Variant {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(Bbr::with_params(tuned(p))),
};

/// The BBR state machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Exponential search for the bottleneck bandwidth.
    Startup,
    /// Drain the queue Startup built.
    Drain,
    /// Cruise at BtlBw, probing with the gain cycle.
    ProbeBw,
    /// Minimum window to refresh RTprop.
    ProbeRtt,
}

crate::choice_ids!(Mode { Startup => "startup", Drain => "drain", ProbeBw => "probe_bw", ProbeRtt => "probe_rtt" });

/// The delivery state after one ACK: what a segment sent before the next ACK carries
/// (Linux stores it in each skb at send time).
#[derive(Clone, Copy, Debug)]
struct Record {
    at: SimTime,
    delivered: f64,
    sent: SimTime,
    /// An app-limited mark was pending: segments sent now give app-limited samples.
    app_limited: bool,
}

/// BBR v1.
#[derive(Clone, Debug)]
pub struct Bbr {
    p: Params,
    mode: Mode,
    pacing_gain: f64,
    cwnd_gain: f64,
    now: SimTime,
    mss: f64,
    init_cwnd: Option<f64>,
    credit: AckCredit,
    delivered: f64,
    acked_now: f64,
    history: VecDeque<Record>,
    history_pruned: bool,
    /// Linux `tp->app_limited`: samples of segments sent before `delivered` passes this mark
    /// are app-limited (0 = no mark).
    app_limited_until: f64,
    /// The latest delivery-rate sample was app-limited.
    sample_app_limited: bool,
    /// Highest byte sent + 1 (go-back-N after an RTO restarts it at `snd_una`).
    snd_hi: u64,
    /// Highest cumulative ACK seen.
    snd_una: u64,
    round_count: u64,
    round_start: bool,
    next_round_delivered: f64,
    bw_filter: VecDeque<(u64, f64)>,
    full_bw: f64,
    full_bw_cnt: u32,
    full_bw_reached: bool,
    min_rtt_s: f64,
    min_rtt_stamp: SimTime,
    probe_rtt_done: Option<SimTime>,
    probe_rtt_round_done: bool,
    prior_cwnd: f64,
    restore_at: Option<u64>,
    restore_pending: bool,
    cycle_idx: usize,
    cycle_stamp: SimTime,
    /// A loss was seen since this ProbeBW phase began: a fast retransmit, a timeout, or segments
    /// newly marked lost during a recovery (the draft's rs.losses, kept for the phase: the sender
    /// reports an ACK's losses after BBR has read the ACK).
    loss_in_cycle: bool,
    inflight: f64,
    inflight_prior: f64,
    /// Pacing rate, bytes/s (0 = not yet known).
    pacing_rate: f64,
    /// The excess of ACKed data over BtlBw (kept only with `extra_acked_gain` above 0).
    aggregation: AckAggregation,
    /// inflight(1) when Drain began (Linux's and ns-3's ssthresh; `RecoveryExit::Ns3`).
    drain_ssthresh: Option<f64>,
    /// In recovery, until the next round starts: send no more than is delivered.
    packet_conservation: bool,
    /// Bytes SACKed (or counted by duplicate ACKs) above SND.UNA, as the sender last counted them.
    sacked_out: Option<f64>,
    /// The last rate sample's reference, kept across ACKs (`RateSample::Ns3`).
    rate_reference: Option<rate_sample::Reference>,
}

/// The ACK-aggregation allowance is at most this much time at BtlBw (Linux `bbr_extra_acked_max_us`).
const EXTRA_ACKED_MAX_S: f64 = 0.1;

impl Default for Bbr {
    fn default() -> Self {
        Self::with_params(Params::default())
    }
}

const HISTORY_CAP: usize = 8192;

impl Bbr {
    /// BBR with explicit parameters.
    pub fn with_params(p: Params) -> Self {
        Bbr {
            p,
            mode: Mode::Startup,
            pacing_gain: p.high_gain,
            cwnd_gain: p.high_gain,
            now: SimTime::ZERO,
            mss: 0.0,
            init_cwnd: None,
            credit: AckCredit::default(),
            delivered: 0.0,
            acked_now: 0.0,
            history: VecDeque::new(),
            history_pruned: false,
            app_limited_until: 0.0,
            sample_app_limited: false,
            snd_hi: 0,
            snd_una: 0,
            round_count: 0,
            round_start: false,
            next_round_delivered: 0.0,
            bw_filter: VecDeque::new(),
            full_bw: 0.0,
            full_bw_cnt: 0,
            full_bw_reached: false,
            min_rtt_s: f64::INFINITY,
            min_rtt_stamp: SimTime::ZERO,
            probe_rtt_done: None,
            probe_rtt_round_done: false,
            prior_cwnd: 0.0,
            restore_at: None,
            restore_pending: false,
            cycle_idx: 0,
            cycle_stamp: SimTime::ZERO,
            loss_in_cycle: false,
            inflight: 0.0,
            inflight_prior: 0.0,
            pacing_rate: 0.0,
            aggregation: AckAggregation::default(),
            drain_ssthresh: None,
            packet_conservation: false,
            sacked_out: None,
            rate_reference: None,
        }
    }

    /// Current mode.
    pub fn mode(&self) -> Mode {
        self.mode
    }
    /// BtlBw, bytes/s (0 before the first sample).
    pub fn max_bw(&self) -> f64 {
        self.bw_filter.front().map_or(0.0, |&(_, bw)| bw)
    }
    /// RTprop, s (∞ before the first sample).
    pub fn min_rtt_s(&self) -> f64 {
        self.min_rtt_s
    }
    /// Round trips counted so far.
    pub fn round_count(&self) -> u64 {
        self.round_count
    }
    /// True once Startup found the pipe full.
    pub fn full_bw_reached(&self) -> bool {
        self.full_bw_reached
    }
    /// ProbeBW phase index.
    pub fn cycle_idx(&self) -> usize {
        self.cycle_idx
    }
    /// Estimated bytes in flight after the latest ACK.
    pub fn inflight_estimate(&self) -> f64 {
        self.inflight
    }

    /// inflight = snd_hi − snd_una − accounted, bytes (≥ 0).
    fn flight(&self) -> f64 {
        let counted = self.sacked_out.unwrap_or(self.credit.accounted);
        (self.snd_hi.saturating_sub(self.snd_una) as f64 - counted).max(0.0)
    }

    fn min_cwnd(&self) -> f64 {
        self.p.min_cwnd_segments * self.mss
    }

    /// Send quantum in segments (Linux `bbr_tso_segs_goal`: ~1 ms of data at the pacing rate,
    /// at least 1 segment below 1.2 Mbit/s and 2 above, at most 127).
    fn quantum_segments(&self) -> f64 {
        if self.p.quantum == Quantum::OneSegment {
            return 1.0;
        }
        let min_segs = if self.pacing_rate * 8.0 < 1.2e6 {
            1.0
        } else {
            2.0
        };
        if self.mss <= 0.0 {
            return min_segs;
        }
        (self.pacing_rate / 1024.0 / self.mss)
            .floor()
            .clamp(min_segs, 127.0)
    }

    /// inflight(gain) = even_up(⌈gain·BDP⌉ + quanta) (+2 segments in ProbeBW phase 0), bytes.
    pub fn inflight_target(&self, gain: f64) -> f64 {
        self.target_with(gain, 0.0)
    }

    /// inflight(gain) with `extra_segs` added to the BDP before the quanta and the rounding.
    fn target_with(&self, gain: f64, extra_segs: f64) -> f64 {
        let bw = self.max_bw();
        let mss = if self.mss > 0.0 { self.mss } else { 1.0 };
        let bdp_segs = if self.min_rtt_s.is_finite() && bw > 0.0 {
            (bw * self.min_rtt_s * gain / mss).ceil()
        } else {
            // No model yet: the initial window (Linux TCP_INIT_CWND).
            return self.init_cwnd.unwrap_or(4.0 * mss);
        };
        let mut segs = bdp_segs + extra_segs + self.p.quanta * self.quantum_segments();
        segs = (segs / 2.0).ceil() * 2.0;
        if self.mode == Mode::ProbeBw && self.cycle_idx == 0 {
            segs += 2.0;
        }
        segs * mss
    }

    /// The window target: inflight(cwnd_gain) with the ACK-aggregation allowance added to the
    /// BDP before the quanta and the rounding (Linux `bbr_set_cwnd`); the mode checks use
    /// [`Bbr::inflight_target`] without it, as Linux's `bbr_inflight` does.
    fn cwnd_target(&self) -> f64 {
        let mss = if self.mss > 0.0 { self.mss } else { 1.0 };
        let extra_segs = (self.aggregation_allowance() / mss).floor();
        self.target_with(self.cwnd_gain, extra_segs)
    }

    /// extra_acked_gain · the largest recent excess of ACKed data over BtlBw
    /// ([`AckAggregation`]), at most 0.1 s of BtlBw; 0 before the pipe is full.
    pub fn aggregation_allowance(&self) -> f64 {
        if self.p.extra_acked_gain <= 0.0 || !self.full_bw_reached {
            return 0.0;
        }
        (self.p.extra_acked_gain * self.aggregation.max_excess())
            .min(self.max_bw() * EXTRA_ACKED_MAX_S)
    }

    fn update_ack_aggregation(&mut self, acked: f64, cwnd: f64) {
        if self.p.extra_acked_gain > 0.0 {
            let bw = self.max_bw();
            self.aggregation
                .update(self.now, acked, self.round_start, bw, cwnd, self.mss);
        }
    }

    fn save_cwnd(&mut self, cwnd: f64, in_recovery: bool) {
        self.prior_cwnd = if !in_recovery && self.mode != Mode::ProbeRtt {
            cwnd
        } else {
            self.prior_cwnd.max(cwnd)
        };
    }

    /// Record of the last ACK at or before `sent` (the delivery state when P was sent).
    fn lookup(&self, sent: SimTime) -> Option<Record> {
        match self.history.iter().rposition(|r| r.at <= sent) {
            Some(i) => Some(self.history[i]),
            // P left before any recorded ACK: nothing was delivered yet.
            None if !self.history_pruned => Some(Record {
                at: sent,
                delivered: 0.0,
                sent,
                app_limited: false,
            }),
            None => None,
        }
    }

    fn update_bw(&mut self, ev: &AckEvent) {
        self.round_start = false;
        let Some(rec) = self.lookup(ev.trigger_sent) else {
            return;
        };
        let fresh = rate_sample::Reference {
            rec,
            ack_elapsed: ev.now.saturating_since(rec.at).as_secs_f64(),
            send_elapsed: ev.trigger_sent.saturating_since(rec.sent).as_secs_f64(),
        };
        let rate_sample::Reference {
            rec,
            ack_elapsed,
            send_elapsed,
        } = self
            .p
            .rate_sample
            .reference(fresh, &mut self.rate_reference);
        if rec.delivered >= self.next_round_delivered {
            self.next_round_delivered = self.delivered;
            self.round_count += 1;
            self.round_start = true;
        }
        let interval = ack_elapsed.max(send_elapsed);
        let floor = if self.min_rtt_s.is_finite() {
            self.min_rtt_s
        } else {
            0.0
        };
        let delivered = self.delivered - rec.delivered;
        self.sample_app_limited = rec.app_limited;
        if interval > 0.0 && interval >= floor && delivered > 0.0 {
            let bw = delivered / interval;
            // An app-limited sample only says the path can do *at least* this much.
            if !rec.app_limited || bw >= self.max_bw() {
                self.bw_sample(bw);
            }
        }
    }

    fn bw_sample(&mut self, bw: f64) {
        let r = self.round_count;
        while self.bw_filter.back().is_some_and(|&(_, b)| b <= bw) {
            self.bw_filter.pop_back();
        }
        self.bw_filter.push_back((r, bw));
        while self
            .bw_filter
            .front()
            .is_some_and(|&(ro, _)| r.saturating_sub(ro) >= self.p.bw_window_rounds)
        {
            self.bw_filter.pop_front();
        }
    }

    fn push_history(&mut self, ev: &AckEvent) {
        while self.history.len() >= 2 && self.history[1].at <= ev.trigger_sent {
            self.history.pop_front();
            self.history_pruned = true;
        }
        if self.history.len() >= HISTORY_CAP {
            self.history.pop_front();
            self.history_pruned = true;
        }
        self.history.push_back(Record {
            at: ev.now,
            delivered: self.delivered,
            sent: ev.trigger_sent,
            app_limited: self.app_limited_until > 0.0,
        });
    }

    fn enter_probe_bw(&mut self) {
        self.mode = Mode::ProbeBw;
        self.cycle_idx = self.p.probe_bw_start_phase % 8;
        self.cycle_stamp = self.now;
        self.loss_in_cycle = false;
    }

    fn enter_startup(&mut self) {
        self.mode = Mode::Startup;
    }

    fn update_cycle_phase(&mut self) {
        if self.mode != Mode::ProbeBw {
            return;
        }
        let full_length =
            self.now.saturating_since(self.cycle_stamp).as_secs_f64() > self.min_rtt_s;
        let gain = self.pacing_gain;
        let next = if gain > 1.0 {
            full_length && (self.loss_in_cycle || self.inflight_prior >= self.inflight_target(gain))
        } else if gain < 1.0 {
            // The draft and Linux test the inflight from before this ACK (prior_inflight), as
            // for gain > 1; the inflight after it would end the phase one ACK early.
            full_length || self.inflight_prior <= self.inflight_target(1.0)
        } else {
            full_length
        };
        if next {
            self.cycle_idx = (self.cycle_idx + 1) % 8;
            self.cycle_stamp = self.now;
            self.loss_in_cycle = false;
        }
    }

    fn check_full_bw_reached(&mut self) {
        // App-limited rounds say nothing about whether the pipe is full.
        if self.full_bw_reached || !self.round_start || self.sample_app_limited {
            return;
        }
        let bw = self.max_bw();
        if bw >= self.full_bw * self.p.full_bw_growth {
            self.full_bw = bw;
            self.full_bw_cnt = 0;
            return;
        }
        self.full_bw_cnt += 1;
        self.full_bw_reached = self.full_bw_cnt >= self.p.full_bw_rounds;
    }

    fn check_drain(&mut self) {
        if self.mode == Mode::Startup && self.full_bw_reached {
            self.mode = Mode::Drain;
            // Linux bbr_check_drain, ns-3 CheckDrain: ssthresh = inflight(1).
            self.drain_ssthresh = Some(self.inflight_target(1.0));
        }
        if self.mode == Mode::Drain && self.inflight <= self.inflight_target(1.0) {
            self.enter_probe_bw();
        }
    }

    fn update_min_rtt(&mut self, ev: &AckEvent) {
        let window = SimDuration::from_secs_f64(self.p.min_rtt_window_s);
        let expired = self.min_rtt_s.is_finite() && self.now > self.min_rtt_stamp + window;
        if let Some(r) = ev.rtt_s {
            if r < self.min_rtt_s || expired {
                self.min_rtt_s = r;
                self.min_rtt_stamp = self.now;
            }
        }
        if expired && self.mode != Mode::ProbeRtt {
            self.mode = Mode::ProbeRtt;
            self.save_cwnd(ev.cwnd, ev.in_recovery);
            self.probe_rtt_done = None;
        }
        if self.mode != Mode::ProbeRtt {
            return;
        }
        // Ignore the low rates of this mode: mark everything up to what is in flight now.
        self.app_limited_until = (self.delivered + self.inflight).max(1.0);
        match self.probe_rtt_done {
            None if self.inflight <= self.min_cwnd() => {
                self.probe_rtt_done =
                    Some(self.now + SimDuration::from_secs_f64(self.p.probe_rtt_s));
                self.probe_rtt_round_done = false;
                self.next_round_delivered = self.delivered;
            }
            None => {}
            Some(done) => {
                if self.round_start {
                    self.probe_rtt_round_done = true;
                }
                if self.probe_rtt_round_done && self.now >= done {
                    self.min_rtt_stamp = self.now;
                    self.restore_pending = true;
                    self.probe_rtt_done = None;
                    if self.full_bw_reached {
                        self.enter_probe_bw();
                    } else {
                        self.enter_startup();
                    }
                }
            }
        }
    }

    /// The window after `acked` more bytes were delivered: up to the target once the pipe is
    /// full, else growing while below it (or before an initial window was delivered); at least
    /// the minimum window.
    fn grown(&self, cwnd: f64, acked: f64) -> f64 {
        let target = self.cwnd_target();
        let cwnd = if self.full_bw_reached {
            (cwnd + acked).min(target)
        } else if cwnd < target || self.delivered < self.init_cwnd.unwrap_or(0.0) {
            cwnd + acked
        } else {
            cwnd
        };
        cwnd.max(self.min_cwnd())
    }

    fn update_gains(&mut self) {
        (self.pacing_gain, self.cwnd_gain) = match self.mode {
            Mode::Startup => (self.p.high_gain, self.p.high_gain),
            Mode::Drain => (
                self.p.drain_gain,
                if self.p.drain_by_cwnd {
                    1.0
                } else {
                    self.p.high_gain
                },
            ),
            Mode::ProbeBw => (self.p.gain_cycle[self.cycle_idx % 8], self.p.cwnd_gain),
            Mode::ProbeRtt => (1.0, 1.0),
        };
    }

    /// pacing_rate = pacing_gain · BtlBw · (1 − margin), never lowered before the pipe is full
    /// (draft BBRSetPacingRateWithGain). The rate starts at high_gain · cwnd / RTT (draft
    /// BBRInitPacingRate, Linux bbr_init_pacing_rate_from_rtt) as soon as an RTT is known, before
    /// the first bandwidth sample is applied: that sample covers the first two segments of a round
    /// trip (0.54 Mbit/s on a 10 Mbit/s path) and would otherwise set Startup's rate.
    fn update_pacing_rate(&mut self) {
        if self.pacing_rate == 0.0 && self.min_rtt_s.is_finite() && self.min_rtt_s > 0.0 {
            if let Some(w) = self.init_cwnd {
                self.pacing_rate = self.p.high_gain * w / self.min_rtt_s;
            }
        }
        let bw = self.max_bw();
        if bw > 0.0 {
            let rate = self.pacing_gain * bw * (1.0 - self.p.pacing_margin);
            if self.full_bw_reached || rate > self.pacing_rate {
                self.pacing_rate = rate;
            }
        }
    }
}

impl CongestionControl for Bbr {
    fn id(&self) -> &'static str {
        "bbr"
    }

    fn on_rtt_sample(&mut self, r: f64, now: SimTime) {
        // The handshake sample seeds RTprop; later samples go through the filter in on_ack.
        if !self.min_rtt_s.is_finite() {
            self.min_rtt_s = r;
            self.min_rtt_stamp = now;
        }
    }

    fn on_ack(&mut self, ev: &AckEvent) {
        self.now = self.now.max(ev.now);
        self.mss = ev.mss;
        self.init_cwnd.get_or_insert(ev.cwnd);
        if !ev.duplicate && ev.acked_bytes == 0 {
            return; // an old ACK delivers nothing
        }
        // inflight = snd_hi − snd_una − accounted, before (prior) and after this ACK.
        self.inflight_prior = self.flight();
        // The sender's count where it gave one (exact with SACK, Linux's Reno emulation
        // without); else the duplicate-ACK credit.
        let credit = match ev.delivery {
            Some(d) => {
                self.sacked_out = Some(d.sacked_out);
                d.delivered
            }
            None => self.credit.credit(ev),
        };
        self.delivered += credit;
        self.acked_now = credit;
        if !ev.duplicate {
            self.snd_una = self.snd_una.max(ev.ack);
        }
        self.inflight = self.flight();
        // tcp_rate_gen: the app-limited bubble is gone once delivered passes the mark.
        if self.app_limited_until > 0.0 && self.delivered > self.app_limited_until {
            self.app_limited_until = 0.0;
        }
        if let Some(point) = self.restore_at {
            if !ev.duplicate && ev.ack >= point {
                self.restore_at = None;
                self.restore_pending = true;
            }
        }
        self.update_bw(ev);
        if self.round_start {
            self.packet_conservation = false;
        }
        self.update_ack_aggregation(credit, ev.cwnd);
        self.update_cycle_phase();
        self.check_full_bw_reached();
        self.check_drain();
        self.update_min_rtt(ev);
        // After update_min_rtt: the record carries the app-limited mark segments sent next see.
        self.push_history(ev);
        self.update_gains();
        self.update_pacing_rate();
    }

    fn on_new_ack_open(&mut self, acked: u64, st: &mut CcState) {
        self.mss = st.mss;
        let a = if self.acked_now > 0.0 {
            self.acked_now
        } else {
            acked as f64
        };
        self.acked_now = 0.0;
        let mut cwnd = st.cwnd;
        if std::mem::take(&mut self.restore_pending) {
            cwnd = cwnd.max(self.prior_cwnd);
        }
        cwnd = self.grown(cwnd, a);
        if self.mode == Mode::ProbeRtt {
            cwnd = cwnd.min(self.min_cwnd());
        }
        st.cwnd = cwnd.min(st.rwnd.max(self.min_cwnd()));
    }

    fn on_sent(&mut self, _now: SimTime, seq: u64, bytes: u64) {
        self.snd_hi = self.snd_hi.max(seq + bytes);
    }

    fn on_fast_retransmit(&mut self, ctx: &LossCtx) -> Reaction {
        self.mss = ctx.mss;
        self.save_cwnd(ctx.cwnd, false);
        self.loss_in_cycle = true;
        Reaction {
            ssthresh: ctx.ssthresh.max(2.0 * ctx.mss),
            cwnd_base: ctx.cwnd.max(ctx.mss),
        }
    }

    fn on_rto(&mut self, ctx: &LossCtx) -> Reaction {
        self.mss = ctx.mss;
        self.save_cwnd(ctx.cwnd, false);
        self.loss_in_cycle = true;
        self.full_bw = 0.0;
        self.packet_conservation = false;
        // Go-back-N: the sender resends from snd_una; nothing is counted in flight.
        self.snd_hi = ctx.seq;
        self.snd_una = ctx.seq;
        self.inflight = 0.0;
        self.restore_pending = false;
        self.restore_at = Some(ctx.seq.saturating_add(ctx.flight_bytes.max(0.0) as u64));
        Reaction {
            ssthresh: ctx.ssthresh.max(2.0 * ctx.mss),
            cwnd_base: ctx.mss,
        }
    }

    fn owns_recovery_window(&self) -> bool {
        self.p.recovery_window == RecoveryWindow::Conservation
    }

    fn on_recovery_ack(&mut self, ack: &RecoveryAck, st: &mut CcState) {
        self.mss = st.mss;
        st.cwnd = self
            .recovery_window(ack, st.cwnd, st.mss)
            .min(st.rwnd.max(self.min_cwnd()));
    }

    fn on_recovery_exit(&mut self, cwnd_base: f64) -> f64 {
        self.exit_window(cwnd_base)
    }

    fn phase(&self) -> Option<CcPhase> {
        Some(CcPhase {
            mode: self.mode.id(),
            pacing_gain: self.pacing_gain,
            cwnd_gain: self.cwnd_gain,
            btl_bw_bps: self.max_bw() * 8.0,
            min_rtt_s: self.min_rtt_s,
        })
    }

    fn pacing_rate_bps(&self) -> Option<f64> {
        (self.pacing_rate > 0.0).then_some(self.pacing_rate * 8.0)
    }
}

#[cfg(test)]
mod path_tests;
#[cfg(test)]
mod tests;
