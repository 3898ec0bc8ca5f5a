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

use super::cc::{CcState, CongestionControl, Reaction, RecoveryAck};
use super::classify::{ClassifierSpec, Confusion, LossClassifier};
use super::config::{FlightSize, NewRenoExit, RecoverHeuristic, Recovery, RttSampling, TcpConfig};
use super::prr::Prr;
use super::retx_truth::RetxTruth;
use super::rtt::RttEstimator;
use super::scoreboard::{Next, Scoreboard};
use super::signal::Delivery;
use super::timer::Timer;
use super::trace::{Trace, TraceEvent, TraceKind};
use crate::metrics::startup::LossTimeline;
use crate::metrics::threshold::ThresholdWatch;
use crate::packet::{Cause, Packet, PacketKind};
use crate::tcp::custom;
use crate::tcp::signal::{AckEvent, LossCtx, Truth, Verdict};
use crate::time::SimTime;

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
    SynSent {
        sent_at: SimTime,
        retransmitted: bool,
    },
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
    /// `retx_truth`); includes go-back-N resends after an RTO.
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
    pub trace: Option<Trace>,
    /// Counters.
    pub stats: SenderStats,
    /// The flow's own classifier against ground truth.
    pub confusion: Confusion,
    /// Start-up overflow and retransmission-delay measures (metrics only).
    pub timeline: LossTimeline,
    /// The adaptive threshold's state at each loss (metrics only).
    pub threshold: ThresholdWatch,
}

impl Sender {
    /// A sender for flow `flow` sending `bytes` (None = bulk) on route `route`.
    pub fn new(
        cfg: TcpConfig,
        flow: u32,
        route: u32,
        bytes: Option<u64>,
        shadows: &[ClassifierSpec],
    ) -> Self {
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
            rtt: RttEstimator::new(
                cfg.initial_rto_ms,
                cfg.min_rto_ms,
                cfg.max_rto_ms,
                cfg.clock_granularity_ms,
            ),
            timed: None,
            timer: Timer::default(),
            pace_timer: Timer::default(),
            pace_next: SimTime::ZERO,
            cc: super::cc::build(cfg.cc, &cfg.cc_params),
            classifier: super::classify::build(cfg.classifier, &cfg.classifier_params),
            shadows: shadows
                .iter()
                .map(|s| Shadow {
                    classifier: s.build(),
                    params: s.params.clone(),
                    confusion: Confusion::default(),
                })
                .collect(),
            loss_log: Vec::new(),
            truth: RetxTruth::new(mss),
            board: Scoreboard::new(mss, bytes.unwrap_or(u64::MAX), cfg.dupack_threshold),
            notified: Vec::new(),
            trace: None,
            stats: SenderStats::default(),
            confusion: Confusion::default(),
            timeline: LossTimeline::default(),
            threshold: ThresholdWatch::default(),
            cfg,
        }
    }

    /// Put code of one's own wherever this flow names [`custom::ID`] (its variant, its classifier,
    /// a shadow), each a new instance from `code`, reporting errors to `fault`. Returns whether
    /// any was put in.
    pub fn attach_custom(
        &mut self,
        flow: &str,
        seed: u64,
        code: &mut dyn custom::CustomCode,
        fault: &custom::Fault,
    ) -> Result<bool, String> {
        let mut any = false;
        if self.cfg.cc == custom::ID {
            let host = code.congestion_control(flow, seed)?;
            self.cc = Box::new(custom::cc::CustomCc::new(host, flow, fault.clone()));
            any = true;
        }
        let mut classifier = || -> Result<Box<dyn LossClassifier>, String> {
            let host = code.classifier(flow, seed)?;
            let c = custom::classifier::CustomClassifier::new(host, flow, fault.clone());
            Ok(Box::new(c))
        };
        if self.cfg.classifier == custom::ID {
            self.classifier = classifier()?;
            any = true;
        }
        for s in self
            .shadows
            .iter_mut()
            .filter(|s| s.classifier.id() == custom::ID)
        {
            s.classifier = classifier()?;
            any = true;
        }
        Ok(any)
    }

    /// The maximum segment size, bytes.
    pub fn mss(&self) -> u64 {
        self.mss
    }

    /// Bytes acknowledged so far.
    pub fn snd_una(&self) -> u64 {
        self.snd_una
    }
    /// Stop sending new data (a flow's `stop_s`): the transfer now ends at what has
    /// been sent so far, so segments in flight are still delivered and retransmitted, nothing new
    /// is sent, and the flow is done once all of it is acknowledged. Returns the new end.
    pub fn stop_new_data(&mut self) -> u64 {
        self.end = self.end.min(self.snd_max);
        self.board.set_end(self.end);
        if self.snd_una >= self.end && self.state != State::Done {
            self.state = State::Done;
            self.timer.disarm();
        }
        self.end
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
    /// The variant's state machine now, if it has one (BBR).
    pub fn cc_phase(&self) -> Option<super::cc::CcPhase> {
        self.cc.phase()
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
        self.timeline.on_loss(now, seq, sent_at);
        self.stats.spurious_retransmissions = self.truth.spurious;
        if let Some(t) = &mut self.trace {
            t.push(TraceEvent {
                cause: Some(cause),
                ..TraceEvent::new(now, self.flow, TraceKind::Drop, seq)
            });
        }
    }

    fn cause_of(&self, seq: u64) -> Option<Cause> {
        self.loss_log
            .iter()
            .rev()
            .find(|(s, _)| *s == seq)
            .map(|(_, c)| *c)
    }

    /// Open the connection at `now`.
    pub fn start(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        if self.cfg.handshake {
            self.state = State::SynSent {
                sent_at: now,
                retransmitted: false,
            };
            self.send_syn(now, out);
        } else {
            self.state = State::Established;
            self.try_send(now, out);
        }
    }

    fn send_syn(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        let p = Packet::push_new(
            out,
            PacketKind::Syn,
            self.flow,
            self.route,
            self.cfg.ack_packet_bytes(),
        );
        p.ts_val = now;
        self.timer.arm(now + self.rtt.rto());
    }

    /// A packet for this sender arrived (SYN-ACK or ACK).
    pub fn on_packet(&mut self, now: SimTime, p: &Packet, out: &mut Vec<Packet>) {
        match (p.kind, self.state) {
            (
                PacketKind::SynAck,
                State::SynSent {
                    sent_at,
                    retransmitted,
                },
            ) => {
                // Karn: a SYN-ACK answering a retransmitted SYN gives no sample (unless timestamps).
                let r = if self.cfg.timestamps {
                    Some((now - p.ts_ecr).as_secs_f64())
                } else {
                    (!retransmitted).then(|| (now - sent_at).as_secs_f64())
                };
                if let Some(r) = r {
                    let r = self.ticked(r);
                    self.take_rtt_sample_for(now, r, self.cfg.classifier_handshake_rtt);
                }
                self.state = State::Established;
                self.timer.disarm();
                self.try_send(now, out);
            }
            (PacketKind::Ack, State::Established) => self.on_ack(now, p, out),
            _ => {}
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
        // (1) RTT sample from a new ACK, taken by the RTO estimator and the variant.
        let rtt_s = self.ack_rtt_sample(now, p, a);
        if let Some(r) = rtt_s {
            self.take_rtt_sample(now, r);
        }
        // (2) Estimators of the variant and the classifiers: the SACK blocks first, so the event
        // carries what this ACK delivered.
        let duplicate = a == self.snd_una && self.snd_max > self.snd_una;
        let sacked_before = if self.cfg.sack {
            self.board.sacked_bytes()
        } else {
            0
        };
        if self.cfg.sack && p.sack_n > 0 {
            self.board.on_sack(&p.sack[..p.sack_n as usize]);
        }
        let delivery = self.delivery(a, duplicate, sacked_before);
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
            delivery: Some(delivery),
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
        let una_before = self.snd_una;
        if let Some(t) = &mut self.trace {
            t.push(TraceEvent::new(now, self.flow, TraceKind::Ack, a));
        }
        // (3) ACK type.
        if a > self.snd_una {
            let acked = a - self.snd_una;
            self.snd_una = a;
            self.timeline.on_advance(now, a);
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
                        // The variant set the window through recovery: the larger of it and
                        // the window at the loss goes to on_recovery_exit.
                        _ if self.owned_recovery() => self.cwnd_base.max(self.cwnd),
                        // RFC 6937 §3: at the end of recovery cwnd = ssthresh.
                        _ if self.prr_on() => self.cwnd_base,
                        NewRenoExit::Base => self.cwnd_base,
                        // RFC 6582 §3.2 (3): min(ssthresh, max(FlightSize, SMSS) + SMSS).
                        NewRenoExit::Rfc => {
                            let flight = (self.snd_max - self.snd_una) as f64;
                            self.cwnd_base
                                .min(flight.max(self.mss as f64) + self.mss as f64)
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
            } else if (self.dupacks == self.cfg.dupack_threshold
                || (self.cfg.sack && self.board.first_is_lost()))
                && self.may_fast_retransmit(a, p)
            {
                self.fast_retransmit(now, out);
                if self.in_recovery && self.owned_recovery() {
                    self.owned_recovery_ack(now, una_before, sacked_before, true, out);
                } else if self.in_recovery && self.prr_on() {
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
        if self.in_recovery && self.owned_recovery() {
            self.owned_recovery_ack(now, una_before, sacked_before, false, out);
        } else if self.in_recovery && self.prr_on() {
            self.prr_ack(now, una_before, sacked_before, out);
        } else if self.in_recovery && self.cfg.sack {
            self.sack_send(now, out);
        } else {
            self.try_send(now, out);
        }
    }

    fn record_verdict(&mut self, now: SimTime, cause: Option<Cause>, verdict: Verdict) {
        self.confusion
            .record(cause.map(Cause::is_congestion), verdict);
        if let Some(t) = &mut self.trace {
            let e = TraceEvent::new(now, self.flow, TraceKind::Verdict, self.snd_una);
            t.push(TraceEvent {
                cause,
                verdict: Some(verdict),
                ..e
            });
        }
    }

    /// The retransmission timer fired at `now` (the engine checked its generation).
    pub fn on_timeout(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        match self.state {
            State::SynSent { .. } => {
                self.rtt.on_timeout();
                self.state = State::SynSent {
                    sent_at: now,
                    retransmitted: true,
                };
                self.send_syn(now, out);
            }
            State::Established if self.snd_una < self.snd_max => {
                self.stats.timeouts += 1;
                self.timeline.on_detect(now, self.snd_una, self.snd_max);
                if let Some(t) = &mut self.trace {
                    t.push(TraceEvent::new(
                        now,
                        self.flow,
                        TraceKind::Timeout,
                        self.snd_una,
                    ));
                }
                let ctx = self.loss_ctx(now, self.rtt.backoff > 0);
                let r = if self.cfg.ld_rto_keep_window && ctx.corruption_notified {
                    // docs/design.md §7.4 option: a notified corruption loss keeps the window (timer still backs off).
                    Reaction {
                        ssthresh: self.ssthresh,
                        cwnd_base: self.cwnd,
                    }
                } else {
                    let r = self.cc.on_rto(&ctx);
                    // docs/design.md §5.8: the Jersey family also classifies at an RTO.
                    if let (Some(v), "always_congestion") =
                        (self.cc.loss_verdict(), self.classifier.id())
                    {
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
            let kind = if retransmission {
                TraceKind::Retransmit
            } else {
                TraceKind::Send
            };
            t.push(TraceEvent::new(now, self.flow, kind, seq));
        }
        self.truth.on_send(seq, now, retransmission);
        if self.in_recovery {
            self.prr.on_sent(len as f64); // RFC 6937 prr_out (unused outside PRR)
        }
        if retransmission {
            self.timeline.on_retransmit(now, seq);
            self.stats.retransmissions += 1;
            self.stats.spurious_retransmissions = self.truth.spurious;
            if self.cfg.sack {
                self.board.mark_retransmitted(seq);
            }
            // Karn: never time a segment that has been retransmitted.
            if self.timed.is_some_and(|(end, _)| seq < end) {
                self.timed = None;
            }
        } else if self.timed.is_none()
            && (!self.cfg.timestamps || self.cfg.rtt_sampling == RttSampling::OnePerRtt)
        {
            self.timed = Some((seq + len, now));
        }
        let p = Packet::push_new(
            out,
            PacketKind::Data,
            self.flow,
            self.route,
            self.cfg.data_packet_bytes(len as u32),
        );
        p.seq = seq;
        p.len = len as u32;
        p.ts_val = now;
        p.retransmission = retransmission;
    }

    /// Pacing: a segment of L payload bytes holds the next one back by 8·L / rate. The rate is a
    /// delivery rate of payload bytes (BBR's BtlBw), so headers are not counted, as in Linux's
    /// internal pacing (`tcp_update_skb_after_send` spaces headerless skbs). True = wait: the
    /// pacing timer is armed for the next departure. Variants without a rate are never held.
    fn pace_hold(&mut self, now: SimTime, len: u64) -> bool {
        let rate = if self.cfg.pacing {
            self.cc.pacing_rate_bps().filter(|r| *r > 0.0)
        } else {
            None
        };
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

#[path = "sender_rtt.rs"]
mod rtt_sample;

#[path = "sender_recovery.rs"]
mod recovery;

#[cfg(test)]
#[path = "sender_tests.rs"]
mod tests;
