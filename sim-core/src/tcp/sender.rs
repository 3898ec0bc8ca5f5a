//! The TCP sender: transmission, ACK processing, fast retransmit / recovery and the RTO.
//!
//! Implements RFC 5681 (slow start, congestion avoidance, fast retransmit, Reno fast recovery),
//! RFC 6582 (NewReno partial ACKs, `recover` guard), RFC 6298 (RTO with Karn's rule), Tahoe
//! (fast retransmit then slow start) and, with `sack`, RFC 6675 loss recovery driven by the
//! scoreboard and `pipe` (see [`super::scoreboard`]). The window arithmetic of a variant comes from its
//! [`CongestionControl`]; the verdict on each loss from its [`LossClassifier`]. With
//! `recovery = prr` the window during fast recovery follows RFC 6937 (see [`super::prr`]) instead
//! of inflation; the variant still sets ssthresh.
//!
//! ```text
//!   Open ──3rd dupACK (ack > recover + 1)──► Recovery ──full ACK (ack ≥ recover + 1)──► Open
//!    ▲                                     │ partial ACK: retransmit, deflate (NewReno)
//!    └───────────── RTO (go-back-N, cwnd = loss window) ◄──────┘
//! ```
//! Sequence numbers are byte offsets from 0 with no wrap-around (a deliberate simplification).

use super::cc::{AckEvent, CcState, CongestionControl, LossCtx, Reaction};
use super::classify::{ClassifierSpec, Confusion, LossClassifier, Truth, Verdict};
use super::config::{FlightSize, NewRenoExit, RecoverHeuristic, Recovery, RttSampling, TcpConfig};
use super::prr::Prr;
use super::retx_truth::RetxTruth;
use super::rtt::RttEstimator;
use super::scoreboard::{Next, Scoreboard};
use super::timer::Timer;
use crate::packet::{Cause, Packet, PacketKind};
use crate::time::SimTime;
use crate::trace::{TraceEvent, TraceKind};

/// Which recovery procedure the sender runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecoveryMode {
    /// Fast retransmit, then slow start from one segment.
    Tahoe,
    /// RFC 5681 fast recovery, left on the first new ACK.
    Reno,
    /// RFC 6582 fast recovery, left when `recover` is acknowledged.
    NewReno,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Idle,
    SynSent { sent_at: SimTime, retransmitted: bool },
    Established,
    Done,
}

/// Counters reported in the summary.
#[derive(Clone, Copy, Debug, Default)]
pub struct SenderStats {
    /// Data segments transmitted (including retransmissions).
    pub segments_sent: u64,
    /// Retransmitted data segments.
    pub retransmissions: u64,
    /// Fast retransmit episodes.
    pub fast_retransmits: u64,
    /// Retransmission timeouts.
    pub timeouts: u64,
    /// Retransmissions whose previous transmission was not lost (ground truth, see
    /// [`super::retx_truth`]); includes go-back-N resends after an RTO.
    pub spurious_retransmissions: u64,
    /// Fast retransmits (3rd dupACK) of a segment whose previous transmission was not lost.
    pub spurious_fast_retransmits: u64,
}

/// A shadow classifier and its tally.
#[derive(Debug)]
pub struct Shadow {
    /// The classifier.
    pub classifier: Box<dyn LossClassifier>,
    /// The parameters it was built with (empty = its defaults).
    pub params: Vec<(&'static str, serde_json::Value)>,
    /// Its verdicts against ground truth.
    pub confusion: Confusion,
}

/// One TCP sender.
#[derive(Debug)]
pub struct Sender {
    cfg: TcpConfig,
    flow: u32,
    route: u32,
    mode: RecoveryMode,
    mss: u64,
    end: u64,
    state: State,
    snd_una: u64,
    snd_nxt: u64,
    snd_max: u64,
    /// Congestion window, bytes.
    pub cwnd: f64,
    /// Slow-start threshold, bytes (starts at the receiver window, as ns-2 does).
    pub ssthresh: f64,
    cwnd_base: f64,
    abc_bytes: f64,
    dupacks: u32,
    /// Exclusive recovery point, HighData + 1 when recovery or the last RTO began (RFC 6582
    /// `recover` + 1); None = the initial send sequence number (nothing sent yet).
    recover: Option<u64>,
    /// The two latest cumulative ACK values (RFC 3782 §6.1 `highest_ack`, `prev_highest_ack`).
    highest_ack: u64,
    prev_highest_ack: u64,
    /// TSecr of the last ACK that advanced snd_una (RFC 6582 §4 timestamp heuristic).
    advance_ecr: SimTime,
    in_recovery: bool,
    partial_seen: bool,
    /// RFC 6937 state of the current episode (with `recovery = prr`).
    prr: Prr,
    /// PRR without SACK: snd_una must be retransmitted when PRR allows (fast retransmit or
    /// NewReno partial ACK).
    prr_rtx_pending: bool,
    /// Without SACK: bytes the duplicate ACKs say arrived above snd_una (Linux `sacked_out`
    /// emulation; RFC 6937 §3: 1 SMSS per duplicate ACK), for PRR's DeliveredData and pipe.
    reno_sacked: u64,
    /// RTT estimator and RTO.
    pub rtt: RttEstimator,
    timed: Option<(u64, SimTime)>,
    /// Retransmission timer.
    pub timer: Timer,
    /// Pacing timer (variants that report a pacing rate, e.g. BBR).
    pub pace_timer: Timer,
    /// Earliest time the next paced segment may leave.
    pace_next: SimTime,
    cc: Box<dyn CongestionControl>,
    classifier: Box<dyn LossClassifier>,
    /// Shadow classifiers judging the same losses.
    pub shadows: Vec<Shadow>,
    loss_log: Vec<(u64, Cause)>,
    /// Ground truth of each transmission's fate (metrics only).
    truth: RetxTruth,
    /// SACK scoreboard (used when `cfg.sack`).
    board: Scoreboard,
    /// Segments the receiver reported corrupted (checksum LD notices), not yet acknowledged.
    notified: Vec<u64>,
    /// Trace events since the engine last collected them (None = tracing off).
    pub trace: Option<Vec<TraceEvent>>,
    /// Counters.
    pub stats: SenderStats,
    /// The flow's own classifier against ground truth.
    pub confusion: Confusion,
}

impl Sender {
    /// A sender for flow `flow` sending `bytes` (None = bulk) on route `route`.
    pub fn new(cfg: TcpConfig, flow: u32, route: u32, bytes: Option<u64>, shadows: &[ClassifierSpec]) -> Self {
        let mode = match cfg.cc {
            "tahoe" => RecoveryMode::Tahoe,
            "reno" => RecoveryMode::Reno,
            _ => RecoveryMode::NewReno,
        };
        let mss = cfg.mss_bytes as u64;
        Sender {
            mode,
            mss,
            end: bytes.unwrap_or(u64::MAX),
            flow,
            route,
            state: State::Idle,
            snd_una: 0,
            snd_nxt: 0,
            snd_max: 0,
            cwnd: (cfg.initial_window_pkts as u64 * mss) as f64,
            ssthresh: cfg.rwnd_bytes as f64,
            cwnd_base: 0.0,
            abc_bytes: 0.0,
            dupacks: 0,
            recover: None,
            highest_ack: 0,
            prev_highest_ack: 0,
            advance_ecr: SimTime::ZERO,
            in_recovery: false,
            partial_seen: false,
            prr: Prr::default(),
            prr_rtx_pending: false,
            reno_sacked: 0,
            rtt: RttEstimator::new(cfg.initial_rto_ms, cfg.min_rto_ms, cfg.max_rto_ms, cfg.clock_granularity_ms),
            timed: None,
            timer: Timer::default(),
            pace_timer: Timer::default(),
            pace_next: SimTime::ZERO,
            cc: super::cc::build(cfg.cc, &cfg.cc_params),
            classifier: super::classify::build(cfg.classifier, &cfg.classifier_params),
            shadows: shadows
                .iter()
                .map(|s| Shadow { classifier: s.build(), params: s.params.clone(), confusion: Confusion::default() })
                .collect(),
            loss_log: Vec::new(),
            truth: RetxTruth::new(mss),
            board: Scoreboard::new(mss, bytes.unwrap_or(u64::MAX), cfg.dupack_threshold),
            notified: Vec::new(),
            trace: None,
            stats: SenderStats::default(),
            confusion: Confusion::default(),
            cfg,
        }
    }

    /// Bytes acknowledged so far.
    pub fn snd_una(&self) -> u64 {
        self.snd_una
    }
    /// Highest byte sent + 1.
    pub fn snd_max(&self) -> u64 {
        self.snd_max
    }
    /// True in fast recovery.
    pub fn in_recovery(&self) -> bool {
        self.in_recovery
    }
    /// True once every byte of a finite transfer is acknowledged.
    pub fn is_done(&self) -> bool {
        self.state == State::Done
    }
    /// The flow's variant id.
    pub fn cc_id(&self) -> &'static str {
        self.cc.id()
    }
    /// The flow's classifier id.
    pub fn classifier_id(&self) -> &'static str {
        self.classifier.id()
    }

    /// Record the true cause of a lost transmission of the segment at `seq`, sent at `sent_at`
    /// (its TSval), for metrics only.
    pub fn record_loss(&mut self, now: SimTime, seq: u64, sent_at: SimTime, cause: Cause) {
        self.loss_log.push((seq, cause));
        self.truth.on_loss(seq, sent_at);
        self.stats.spurious_retransmissions = self.truth.spurious;
        if let Some(t) = &mut self.trace {
            t.push(TraceEvent { cause: Some(cause), ..TraceEvent::new(now, self.flow, TraceKind::Drop, seq) });
        }
    }

    fn cause_of(&self, seq: u64) -> Option<Cause> {
        self.loss_log.iter().rev().find(|(s, _)| *s == seq).map(|(_, c)| *c)
    }

    /// Open the connection at `now`.
    pub fn start(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        if self.cfg.handshake {
            self.state = State::SynSent { sent_at: now, retransmitted: false };
            self.send_syn(now, out);
        } else {
            self.state = State::Established;
            self.try_send(now, out);
        }
    }

    fn send_syn(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        let mut p = Packet::new(PacketKind::Syn, self.flow, self.route, self.cfg.ack_packet_bytes());
        p.ts_val = now;
        out.push(p);
        self.timer.arm(now + self.rtt.rto());
    }

    /// A packet for this sender arrived (SYN-ACK or ACK).
    pub fn on_packet(&mut self, now: SimTime, p: &Packet, out: &mut Vec<Packet>) {
        match (p.kind, self.state) {
            (PacketKind::SynAck, State::SynSent { sent_at, retransmitted }) => {
                // Karn: a SYN-ACK answering a retransmitted SYN gives no sample (unless timestamps).
                if self.cfg.timestamps {
                    self.take_rtt_sample(now, (now - p.ts_ecr).as_secs_f64());
                } else if !retransmitted {
                    self.take_rtt_sample(now, (now - sent_at).as_secs_f64());
                }
                self.state = State::Established;
                self.timer.disarm();
                self.try_send(now, out);
            }
            (PacketKind::Ack, State::Established) => self.on_ack(now, p, out),
            _ => {}
        }
    }

    fn take_rtt_sample(&mut self, now: SimTime, r: f64) {
        // ns-2 measures in ticks of tcpTick_: round to the nearest tick, at least one.
        let tick = self.cfg.rtt_tick_ms * 1e-3;
        let r = if tick > 0.0 { (r / tick).round().max(1.0) * tick } else { r };
        self.rtt.sample(r);
        self.cc.on_rtt_sample(r, now);
        self.classifier.on_rtt_sample(r);
        for s in &mut self.shadows {
            s.classifier.on_rtt_sample(r);
        }
    }

    fn cc_state(&self) -> CcState {
        CcState {
            cwnd: self.cwnd,
            ssthresh: self.ssthresh,
            mss: self.mss as f64,
            rwnd: self.cfg.rwnd_bytes as f64,
            growth: self.cfg.cwnd_growth,
            abc_bytes: self.abc_bytes,
        }
    }

    fn on_ack(&mut self, now: SimTime, p: &Packet, out: &mut Vec<Packet>) {
        let a = p.ack;
        if a > self.snd_max {
            return;
        }
        // (1) RTT sample from a new ACK: timestamps (RFC 7323) or the one timed segment (Karn).
        let mut rtt_s = None;
        if a > self.snd_una {
            if self.cfg.timestamps && self.cfg.rtt_sampling == RttSampling::PerAck {
                rtt_s = Some((now - p.ts_ecr).as_secs_f64());
            } else if let Some((end, at)) = self.timed {
                if a >= end {
                    self.timed = None;
                    rtt_s = Some((now - at).as_secs_f64());
                }
            }
        }
        if let Some(r) = rtt_s {
            self.take_rtt_sample(now, r);
        }
        // (2) Estimators of the variant and the classifiers.
        let duplicate = a == self.snd_una && self.snd_max > self.snd_una;
        let ev = AckEvent {
            now,
            ack: a,
            acked_bytes: a.saturating_sub(self.snd_una),
            duplicate,
            in_recovery: self.in_recovery,
            rtt_s,
            receiver_ts: p.ts_val,
            echo_ts: p.ts_ecr,
            data_arrival: p.data_arrival,
            trigger_seq: p.trigger_seq,
            trigger_sent: p.trigger_sent,
            cw_echo: p.cw_echo,
            mss: self.mss as f64,
            cwnd: self.cwnd,
        };
        self.cc.on_ack(&ev);
        self.classifier.on_ack(&ev);
        for s in &mut self.shadows {
            s.classifier.on_ack(&ev);
        }
        if let Some(seq) = p.corruption_notice {
            if seq >= self.snd_una && !self.notified.contains(&seq) {
                self.notified.push(seq);
            }
        }
        let sacked_before = if self.cfg.sack { self.board.sacked_bytes() } else { 0 };
        let una_before = self.snd_una;
        if self.cfg.sack && p.sack_n > 0 {
            self.board.on_sack(&p.sack[..p.sack_n as usize]);
        }
        if let Some(t) = &mut self.trace {
            t.push(TraceEvent::new(now, self.flow, TraceKind::Ack, a));
        }
        // (3) ACK type.
        if a > self.snd_una {
            let acked = a - self.snd_una;
            self.snd_una = a;
            self.prev_highest_ack = self.highest_ack;
            self.highest_ack = a;
            self.advance_ecr = p.ts_ecr;
            self.truth.advance(a);
            self.snd_nxt = self.snd_nxt.max(a);
            self.dupacks = 0;
            if !self.loss_log.is_empty() {
                self.loss_log.retain(|(s, _)| *s >= a);
            }
            if !self.notified.is_empty() {
                self.notified.retain(|s| *s >= a);
            }
            if self.cfg.sack {
                self.board.advance(a);
            }
            let mut restart_timer = true;
            if self.in_recovery {
                let full = self.mode == RecoveryMode::Reno || self.acks_recover(a);
                if self.cfg.sack && !full {
                    // RFC 6675: partial ACKs need no special handling; pipe drives sending.
                } else if full {
                    let base = match self.cfg.newreno_exit {
                        // RFC 6937 §3: at the end of recovery cwnd = ssthresh.
                        _ if self.prr_on() => self.cwnd_base,
                        NewRenoExit::Base => self.cwnd_base,
                        // RFC 6582 §3.2 (3): min(ssthresh, max(FlightSize, SMSS) + SMSS).
                        NewRenoExit::Rfc => {
                            let flight = (self.snd_max - self.snd_una) as f64;
                            self.cwnd_base.min(flight.max(self.mss as f64) + self.mss as f64)
                        }
                    };
                    self.cwnd = self.cc.on_recovery_exit(base);
                    self.in_recovery = false;
                    self.prr_rtx_pending = false;
                } else if self.prr_on() {
                    // NewReno partial ACK under PRR: the next hole is resent when PRR allows.
                    self.prr_rtx_pending = true;
                    restart_timer = !self.partial_seen || self.cfg.rto_restart_every_partial;
                    self.partial_seen = true;
                } else {
                    // RFC 6582 §3.2 (5): retransmit the first unacknowledged segment, deflate by
                    // the amount acknowledged, add back one SMSS if that was at least one SMSS.
                    self.retransmit(self.snd_una, now, out);
                    self.cwnd -= acked as f64;
                    if acked >= self.mss {
                        self.cwnd += self.mss as f64;
                    }
                    self.cwnd = self.cwnd.max(self.mss as f64);
                    // RFC 6582 §3.2 (5): restart only on the first partial ACK (or on every one).
                    restart_timer = !self.partial_seen || self.cfg.rto_restart_every_partial;
                    self.partial_seen = true;
                }
            } else {
                let mut st = self.cc_state();
                self.cc.on_new_ack_open(acked, &mut st);
                self.cwnd = st.cwnd.max(self.mss as f64);
                self.ssthresh = st.ssthresh;
                self.abc_bytes = st.abc_bytes;
            }
            if !(self.in_recovery && self.prr_on()) {
                self.reno_sacked = 0; // Linux tcp_reset_reno_sack on an advance outside recovery
            }
            if a >= self.end {
                self.state = State::Done;
                self.timer.disarm();
                return;
            }
            if self.snd_una == self.snd_max {
                self.timer.disarm();
            } else if restart_timer {
                self.timer.arm(now + self.rtt.rto());
            }
        } else if duplicate {
            self.dupacks += 1;
            if !self.cfg.sack {
                // At most FlightSize − 1 SMSS can have arrived above the hole (Linux
                // tcp_limit_reno_sacked).
                let cap = (self.snd_max - self.snd_una).saturating_sub(self.mss);
                self.reno_sacked = (self.reno_sacked + self.mss).min(cap);
            }
            if self.in_recovery {
                // RFC 5681 §3.2 (4): inflate by one segment per further duplicate ACK
                // (not with SACK, where pipe accounts for the segments that left; not with PRR).
                if !self.cfg.sack && !self.prr_on() {
                    self.cwnd += self.mss as f64;
                }
            } else if (self.dupacks == self.cfg.dupack_threshold || (self.cfg.sack && self.board.first_is_lost()))
                && self.may_fast_retransmit(a, p)
            {
                self.fast_retransmit(now, out);
                if self.in_recovery && self.prr_on() {
                    // RFC 6937: the ACK that starts recovery is the episode's first ACK.
                    self.prr_ack(now, una_before, sacked_before, out);
                }
                return;
            } else if self.cfg.limited_transmit && self.dupacks < self.cfg.dupack_threshold {
                // RFC 3042: one new segment per duplicate ACK if the receiver window allows and
                // the amount outstanding stays within cwnd + 2·SMSS.
                self.limited_transmit(now, out);
                return;
            }
        }
        if self.in_recovery && self.prr_on() {
            self.prr_ack(now, una_before, sacked_before, out);
        } else if self.in_recovery && self.cfg.sack {
            self.sack_send(now, out);
        } else {
            self.try_send(now, out);
        }
    }

    /// PRR (RFC 6937) governs this recovery episode.
    fn prr_on(&self) -> bool {
        self.cfg.recovery == Recovery::Prr && self.mode != RecoveryMode::Tahoe
    }

    /// Bytes in the network (RFC 6675 SetPipe() with SACK; without SACK FlightSize minus what the
    /// duplicate ACKs reported, as Linux `tcp_packets_in_flight` with its Reno SACK emulation).
    fn pipe(&self) -> f64 {
        if self.cfg.sack {
            self.board.pipe() as f64
        } else {
            (self.snd_max - self.snd_una).saturating_sub(self.reno_sacked) as f64
        }
    }

    /// RFC 6937 §3 on one ACK in recovery: DeliveredData, sndcnt, then send up to sndcnt bytes
    /// (the pending retransmission first without SACK; RFC 6675 NextSeg() with SACK).
    /// cwnd = pipe + sndcnt (as Linux `tcp_cwnd_reduction`), so the window seen by the rest of the
    /// sender matches what PRR allows.
    fn prr_ack(&mut self, now: SimTime, una_before: u64, sacked_before: u64, out: &mut Vec<Packet>) {
        let mss = self.mss as f64;
        let delivered = if self.cfg.sack {
            // DeliveredData = change_in(snd.una) + change_in(SACKed).
            (self.snd_una - una_before) as f64 + self.board.sacked_bytes() as f64 - sacked_before as f64
        } else if self.snd_una == una_before {
            mss // a duplicate ACK: one segment left the network (RFC 6937 §3)
        } else {
            // A cumulative ACK: what it covers minus what the dupACKs already counted, the hole
            // itself excepted (Linux tcp_remove_reno_sacks).
            let acked = self.snd_una - una_before;
            let counted = acked.saturating_sub(self.mss).min(self.reno_sacked);
            self.reno_sacked -= counted;
            (acked - counted) as f64
        };
        let pipe = self.pipe();
        let mut sndcnt = self.prr.on_ack(delivered.max(0.0), pipe, self.cwnd_base, mss, self.cfg.prr_bound);
        if self.prr.prr_out == 0.0 {
            sndcnt = sndcnt.max(mss); // the fast retransmit always goes out
        }
        self.cwnd = (pipe + sndcnt).max(mss);
        let before = self.stats.segments_sent;
        let mut budget = sndcnt;
        if self.prr_rtx_pending && self.snd_una < self.end {
            let len = self.segment_len(self.snd_una);
            if budget >= len as f64 {
                self.prr_rtx_pending = false;
                self.retransmit(self.snd_una, now, out);
                budget -= len as f64;
            }
        }
        if self.cfg.sack {
            // RFC 6675 NextSeg() while cwnd − pipe ≥ SMSS (prr_out is counted in emit()).
            self.cwnd = (self.board.pipe() as f64 + budget).max(mss);
            self.sack_send(now, out);
        } else if !self.prr_rtx_pending {
            // New data within sndcnt and the receiver window.
            let rwnd = self.cfg.rwnd_bytes as f64;
            while self.snd_nxt < self.end && self.snd_nxt == self.snd_max {
                let len = self.segment_len(self.snd_nxt);
                if len as f64 > budget || (self.snd_max - self.snd_una + len) as f64 > rwnd {
                    break;
                }
                self.emit(self.snd_nxt, len, now, out);
                self.snd_nxt += len;
                self.snd_max = self.snd_nxt;
                budget -= len as f64;
            }
        }
        if self.stats.segments_sent > before && !self.timer.is_armed() {
            self.timer.arm(now + self.rtt.rto());
        }
    }

    /// A full ACK: it acknowledges all data up to and including RFC 6582's `recover`.
    fn acks_recover(&self, a: u64) -> bool {
        self.recover.is_none_or(|r| a >= r)
    }

    /// May the threshold-th duplicate ACK `a` start a fast retransmit?
    ///
    /// RFC 6582 §3.2 step 1 ("careful" variant, RFC 2582 §6): only if the cumulative ACK *covers
    /// more than* `recover` (the highest byte sent when the last recovery or RTO began), i.e.
    /// `a − 1 > recover`, `a > recover + 1` — with the exclusive field here, `a > self.recover`.
    /// An ACK of exactly `recover + 1` covers recover but not more: after an RTO it is what the
    /// go-back-N resends of already-delivered segments produce (RFC 6582 §4). Optional RFC 6582
    /// §4 heuristics (MAY; knob `recover_heuristic`, RFC 3782 §6.1/§6.2) admit some of those.
    /// With SACK, RFC 6675 §5.1: no new recovery until HighACK ≥ RecoveryPoint (`a ≥ recover`).
    /// Reno without Gurtov's guard ignores `recover`.
    fn may_fast_retransmit(&self, a: u64, p: &Packet) -> bool {
        if self.mode == RecoveryMode::Reno && !self.cfg.recover_guard {
            return true;
        }
        let Some(r) = self.recover else { return true };
        if self.cfg.sack {
            return a >= r;
        }
        if a > r {
            return true;
        }
        match self.cfg.recover_heuristic {
            RecoverHeuristic::None => false,
            // RFC 3782 §6.1: cwnd > SMSS and the cumulative ACK advanced by at most 4·SMSS last time.
            RecoverHeuristic::Ack => {
                self.cwnd > self.mss as f64 && self.highest_ack - self.prev_highest_ack <= 4 * self.mss
            }
            // RFC 6582 §4 / RFC 3782 §6.2: a hole makes dupACKs echo the timestamp of the segment
            // that last advanced the cumulative ACK; unnecessary resends update TS.Recent.
            RecoverHeuristic::Timestamp => self.cfg.timestamps && p.ts_ecr == self.advance_ecr,
        }
    }

    fn loss_ctx(&self, now: SimTime, repeated_timeout: bool) -> LossCtx {
        LossCtx {
            now,
            seq: self.snd_una,
            flight_bytes: match self.cfg.flight_size {
                FlightSize::Pipe if self.cfg.sack => self.board.pipe() as f64,
                _ => (self.snd_max - self.snd_una) as f64,
            },
            cwnd: self.cwnd,
            ssthresh: self.ssthresh,
            mss: self.mss as f64,
            srtt_s: self.rtt.srtt_s(),
            last_rtt_s: self.rtt.last_rtt_s,
            min_rtt_s: if self.rtt.has_sample() { self.rtt.min_rtt_s } else { 0.0 },
            max_rtt_s: self.rtt.max_rtt_s,
            corruption_notified: self.notified.contains(&self.snd_una),
            repeated_timeout,
        }
    }

    fn fast_retransmit(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        let ctx = self.loss_ctx(now, false);
        let cause = self.cause_of(self.snd_una);
        let truth = Truth::new(cause);
        let truth_congestion = cause.map(Cause::is_congestion);
        let verdict = self.classifier.classify(&ctx, &truth);
        for s in &mut self.shadows {
            let v = s.classifier.classify(&ctx, &truth);
            s.confusion.record(truth_congestion, v);
        }
        let r = match verdict {
            Verdict::Wireless => self.cc.on_wireless_loss(&ctx),
            Verdict::Congestion => self.cc.on_fast_retransmit(&ctx),
        };
        // A variant with built-in differentiation (Veno, JTCP, Jersey family) judged the loss
        // itself when the flow runs no separate classifier: its verdict is the flow's verdict.
        let judged = match (verdict, self.classifier.id()) {
            (Verdict::Congestion, "always_congestion") => self.cc.loss_verdict().unwrap_or(verdict),
            _ => verdict,
        };
        self.record_verdict(now, cause, judged);
        self.ssthresh = r.ssthresh;
        self.cwnd_base = r.cwnd_base;
        self.recover = Some(self.snd_max);
        self.stats.fast_retransmits += 1;
        if !self.truth.last_lost(self.snd_una) {
            // Ground truth: the segment's last transmission was not dropped (metrics only).
            self.stats.spurious_fast_retransmits += 1;
        }
        match self.mode {
            RecoveryMode::Tahoe => {
                // Tahoe: retransmit, then slow start from the loss window (go-back-N).
                if verdict == Verdict::Congestion {
                    self.cwnd = self.mss as f64;
                }
                self.snd_nxt = self.snd_una;
                self.timed = None;
            }
            _ if self.prr_on() => {
                // RFC 6937 §3: start the episode. The retransmission of snd_una (RFC 6675 §5 (3)
                // with SACK) waits for PRR's sndcnt, given on this same ACK (see on_ack).
                self.prr = Prr::start((self.snd_max - self.snd_una) as f64);
                self.board.clear_retransmitted();
                self.in_recovery = true;
                self.partial_seen = false;
                self.prr_rtx_pending = true;
            }
            _ if self.cfg.sack => {
                // RFC 6675 §5: cwnd = ssthresh (no inflation), retransmit HighACK, then let
                // pipe drive transmission.
                self.board.clear_retransmitted();
                self.cwnd = self.cwnd_base;
                self.in_recovery = true;
                self.retransmit(self.snd_una, now, out);
                self.sack_send(now, out);
            }
            RecoveryMode::Reno | RecoveryMode::NewReno => {
                self.retransmit(self.snd_una, now, out);
                // RFC 5681 §3.2 (3): cwnd = ssthresh + 3·SMSS (the three segments that left).
                self.cwnd = self.cwnd_base + 3.0 * self.mss as f64;
                self.in_recovery = true;
                self.partial_seen = false;
            }
        }
        self.timer.arm(now + self.rtt.rto());
        if !(self.in_recovery && (self.cfg.sack || self.prr_on())) {
            self.try_send(now, out);
        }
    }

    fn limited_transmit(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        if self.snd_nxt != self.snd_max || self.snd_nxt >= self.end {
            return;
        }
        let len = self.segment_len(self.snd_nxt);
        let outstanding = (self.snd_max - self.snd_una + len) as f64;
        if outstanding <= self.cwnd + 2.0 * self.mss as f64 && outstanding <= self.cfg.rwnd_bytes as f64 {
            self.emit(self.snd_nxt, len, now, out);
            self.snd_nxt += len;
            self.snd_max = self.snd_nxt;
            if self.cfg.sack {
                self.board.on_sent_up_to(self.snd_max);
            }
        }
    }

    /// RFC 6675 §5 step (C): while cwnd − pipe ≥ 1 SMSS, send NextSeg().
    fn sack_send(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        let mut pipe = self.board.pipe() as f64;
        let rwnd = self.cfg.rwnd_bytes as f64;
        while self.cwnd - pipe >= self.mss as f64 {
            let seq = match self.board.next_seg() {
                Next::Lost(seq) => seq,
                Next::NewData(hole) => {
                    let len = if self.snd_nxt < self.end { self.segment_len(self.snd_nxt) } else { 0 };
                    if len > 0 && self.snd_nxt == self.snd_max && (self.snd_max - self.snd_una + len) as f64 <= rwnd {
                        if self.pace_hold(now, len) {
                            break;
                        }
                        self.emit(self.snd_nxt, len, now, out);
                        self.snd_nxt += len;
                        self.snd_max = self.snd_nxt;
                        self.board.on_sent_up_to(self.snd_max);
                        pipe += len as f64;
                        continue;
                    }
                    match hole {
                        Some(seq) => seq,
                        None => break,
                    }
                }
            };
            let len = self.segment_len(seq);
            if self.pace_hold(now, len) {
                break;
            }
            self.emit(seq, len, now, out);
            pipe += len as f64;
        }
    }

    fn record_verdict(&mut self, now: SimTime, cause: Option<Cause>, verdict: Verdict) {
        self.confusion.record(cause.map(Cause::is_congestion), verdict);
        if let Some(t) = &mut self.trace {
            let e = TraceEvent::new(now, self.flow, TraceKind::Verdict, self.snd_una);
            t.push(TraceEvent { cause, verdict: Some(verdict), ..e });
        }
    }

    /// The retransmission timer fired at `now` (the engine checked its generation).
    pub fn on_timeout(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        match self.state {
            State::SynSent { .. } => {
                self.rtt.on_timeout();
                self.state = State::SynSent { sent_at: now, retransmitted: true };
                self.send_syn(now, out);
            }
            State::Established if self.snd_una < self.snd_max => {
                self.stats.timeouts += 1;
                if let Some(t) = &mut self.trace {
                    t.push(TraceEvent::new(now, self.flow, TraceKind::Timeout, self.snd_una));
                }
                let ctx = self.loss_ctx(now, self.rtt.backoff > 0);
                let r = if self.cfg.ld_rto_keep_window && ctx.corruption_notified {
                    // SPEC §7.4 option: a notified corruption loss keeps the window (timer still backs off).
                    Reaction { ssthresh: self.ssthresh, cwnd_base: self.cwnd }
                } else {
                    let r = self.cc.on_rto(&ctx);
                    // SPEC §5.8: the Jersey family also classifies at an RTO.
                    if let (Some(v), "always_congestion") = (self.cc.loss_verdict(), self.classifier.id()) {
                        let cause = self.cause_of(self.snd_una);
                        self.record_verdict(now, cause, v);
                    }
                    r
                };
                self.ssthresh = r.ssthresh;
                self.cwnd = r.cwnd_base.max(self.mss as f64);
                self.abc_bytes = 0.0;
                self.rtt.on_timeout();
                // RFC 6582 §4 / RFC 5681: recover = HighData; leave recovery; go back N.
                self.recover = Some(self.snd_max);
                self.in_recovery = false;
                self.prr_rtx_pending = false;
                self.reno_sacked = 0;
                self.dupacks = 0;
                self.snd_nxt = self.snd_una;
                self.timed = None;
                self.board.clear_retransmitted();
                self.timer.arm(now + self.rtt.rto());
                self.try_send(now, out);
            }
            _ => {}
        }
    }

    fn segment_len(&self, seq: u64) -> u64 {
        self.mss.min(self.end - seq)
    }

    fn retransmit(&mut self, seq: u64, now: SimTime, out: &mut Vec<Packet>) {
        let len = self.segment_len(seq);
        self.emit(seq, len, now, out);
    }

    fn emit(&mut self, seq: u64, len: u64, now: SimTime, out: &mut Vec<Packet>) {
        let retransmission = seq < self.snd_max;
        self.stats.segments_sent += 1;
        self.cc.on_sent(now, seq, len);
        if let Some(t) = &mut self.trace {
            let kind = if retransmission { TraceKind::Retransmit } else { TraceKind::Send };
            t.push(TraceEvent::new(now, self.flow, kind, seq));
        }
        self.truth.on_send(seq, now, retransmission);
        if self.in_recovery {
            self.prr.on_sent(len as f64); // RFC 6937 prr_out (unused outside PRR)
        }
        if retransmission {
            self.stats.retransmissions += 1;
            self.stats.spurious_retransmissions = self.truth.spurious;
            if self.cfg.sack {
                self.board.mark_retransmitted(seq);
            }
            // Karn: never time a segment that has been retransmitted.
            if self.timed.is_some_and(|(end, _)| seq < end) {
                self.timed = None;
            }
        } else if self.timed.is_none() && (!self.cfg.timestamps || self.cfg.rtt_sampling == RttSampling::OnePerRtt) {
            self.timed = Some((seq + len, now));
        }
        let mut p = Packet::new(PacketKind::Data, self.flow, self.route, self.cfg.data_packet_bytes(len as u32));
        p.seq = seq;
        p.len = len as u32;
        p.ts_val = now;
        p.retransmission = retransmission;
        out.push(p);
    }

    /// Pacing: a segment of L payload bytes holds the next one back by 8·L / rate. The rate is a
    /// delivery rate of payload bytes (BBR's BtlBw), so headers are not counted, as in Linux's
    /// internal pacing (`tcp_update_skb_after_send` spaces headerless skbs). True = wait: the
    /// pacing timer is armed for the next departure. Variants without a rate are never held.
    fn pace_hold(&mut self, now: SimTime, len: u64) -> bool {
        let rate = if self.cfg.pacing { self.cc.pacing_rate_bps().filter(|r| *r > 0.0) } else { None };
        let Some(rate) = rate else { return false };
        if now < self.pace_next {
            self.pace_timer.arm(self.pace_next);
            return true;
        }
        self.pace_next = now + crate::time::SimDuration::from_secs_f64(len as f64 * 8.0 / rate);
        false
    }

    /// The pacing timer fired: go on sending with the loop that governs the current state (the
    /// RFC 6675 loop in SACK recovery — Linux paces retransmissions too — else the window loop).
    pub fn on_pace_timer(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        if self.in_recovery && self.cfg.sack && self.state == State::Established {
            self.sack_send(now, out);
        } else {
            self.try_send(now, out);
        }
    }

    /// Send what the window allows: while snd_nxt − snd_una + len ≤ min(cwnd, rwnd) (RFC 5681).
    pub fn try_send(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        if self.state != State::Established {
            return;
        }
        let win = self.cwnd.min(self.cfg.rwnd_bytes as f64);
        while self.snd_nxt < self.end {
            let len = self.segment_len(self.snd_nxt);
            // Go-back-N after an RTO skips what the receiver already SACKed.
            if self.cfg.sack && self.snd_nxt < self.snd_max && self.board.is_sacked(self.snd_nxt) {
                self.snd_nxt += len;
                continue;
            }
            if (self.snd_nxt - self.snd_una + len) as f64 > win {
                break;
            }
            if self.pace_hold(now, len) {
                break;
            }
            self.emit(self.snd_nxt, len, now, out);
            self.snd_nxt += len;
            self.snd_max = self.snd_max.max(self.snd_nxt);
        }
        if self.cfg.sack {
            self.board.on_sent_up_to(self.snd_max);
        }
        if self.snd_una < self.snd_max && !self.timer.is_armed() {
            self.timer.arm(now + self.rtt.rto());
        }
    }
}

#[cfg(test)]
#[path = "sender_tests.rs"]
mod tests;
