//! The sender's loss recovery: when a fast retransmit may start (RFC 6582 §3.2 careful rule and
//! the §4 heuristics), the loss context handed to the variant and classifier, entering recovery
//! (Reno / NewReno inflation, RFC 6675 SACK, Tahoe), RFC 3042 Limited Transmit, the RFC 6675
//! transmission loop (paced like every other send), RFC 6937 PRR on each ACK in recovery, and
//! the window a variant sets itself through recovery (`owned_recovery_ack`: BBR's packet
//! conservation).
//! A child module of [`super`]: it extends `Sender` and reads its fields directly.

use super::*;

impl Sender {
    /// PRR (RFC 6937) governs this recovery episode.
    pub(super) fn prr_on(&self) -> bool {
        self.cfg.recovery == Recovery::Prr
            && self.mode != RecoveryMode::Tahoe
            && !self.owned_recovery()
    }

    /// The variant sets the window through fast recovery ([`CongestionControl::owns_recovery_window`]);
    /// only with SACK, whose scoreboard gives pipe and the newly lost bytes.
    pub(super) fn owned_recovery(&self) -> bool {
        self.cfg.sack && self.mode != RecoveryMode::Tahoe && self.cc.owns_recovery_window()
    }

    /// One ACK of a recovery whose window the variant owns: DeliveredData, the bytes newly judged
    /// lost and pipe go to the variant, which sets cwnd; then the fast retransmission on the
    /// episode's first ACK (RFC 6675 §5 (4.3), whatever the window) and NextSeg() while
    /// cwnd − pipe ≥ 1 SMSS (step (C)).
    pub(super) fn owned_recovery_ack(
        &mut self,
        now: SimTime,
        una_before: u64,
        sacked_before: u64,
        start: bool,
        out: &mut Vec<Packet>,
    ) {
        let delivered = (self.snd_una - una_before) as f64 + self.board.sacked_bytes() as f64
            - sacked_before as f64;
        let ack = RecoveryAck {
            start,
            delivered: delivered.max(0.0),
            lost: self.board.take_newly_lost() as f64,
            pipe: self.board.pipe() as f64,
        };
        let mut st = self.cc_state();
        self.cc.on_recovery_ack(&ack, &mut st);
        self.cwnd = st.cwnd.max(self.mss as f64);
        if start && self.snd_una < self.end {
            self.retransmit(self.snd_una, now, out);
        }
        self.sack_send(now, out);
    }

    /// What an ACK of `a` delivers (RFC 6937 DeliveredData), before the sender acts on it (the
    /// scoreboard already holds its SACK blocks; `sacked_before` is what it held before them):
    /// with SACK, the change in SND.UNA plus the change in the bytes SACKed above it; without, one
    /// segment per duplicate ACK (while FlightSize − 1 SMSS allows, Linux `tcp_limit_reno_sacked`)
    /// and, on a cumulative ACK, what it covers less what the duplicate ACKs already counted (the
    /// hole itself excepted, Linux `tcp_remove_reno_sacks`), as `prr_ack` counts it.
    pub(super) fn delivery(&self, a: u64, duplicate: bool, sacked_before: u64) -> Delivery {
        let mss = self.mss;
        if self.cfg.sack {
            let sacked_out = self.board.sacked_bytes_from(a.max(self.snd_una));
            let delivered =
                a.saturating_sub(self.snd_una) as f64 + sacked_out as f64 - sacked_before as f64;
            return Delivery {
                delivered: delivered.max(0.0),
                sacked_out: sacked_out as f64,
            };
        }
        if duplicate {
            let cap = (self.snd_max - self.snd_una).saturating_sub(mss);
            let after = (self.reno_sacked + mss).min(cap);
            return Delivery {
                delivered: after.saturating_sub(self.reno_sacked) as f64,
                sacked_out: after as f64,
            };
        }
        let acked = a.saturating_sub(self.snd_una);
        let counted = acked.saturating_sub(mss).min(self.reno_sacked);
        Delivery {
            delivered: (acked - counted) as f64,
            sacked_out: (self.reno_sacked - counted) as f64,
        }
    }

    /// Bytes in the network (RFC 6675 SetPipe() with SACK; without SACK FlightSize minus what the
    /// duplicate ACKs reported, as Linux `tcp_packets_in_flight` with its Reno SACK emulation).
    pub(super) fn pipe(&self) -> f64 {
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
    pub(super) fn prr_ack(
        &mut self,
        now: SimTime,
        una_before: u64,
        sacked_before: u64,
        out: &mut Vec<Packet>,
    ) {
        let mss = self.mss as f64;
        let delivered = if self.cfg.sack {
            // DeliveredData = change_in(snd.una) + change_in(SACKed).
            (self.snd_una - una_before) as f64 + self.board.sacked_bytes() as f64
                - sacked_before as f64
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
        let mut sndcnt = self.prr.on_ack(
            delivered.max(0.0),
            pipe,
            self.cwnd_base,
            mss,
            self.cfg.prr_bound,
        );
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
    pub(super) fn acks_recover(&self, a: u64) -> bool {
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
    pub(super) fn may_fast_retransmit(&self, a: u64, p: &Packet) -> bool {
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
                self.cwnd > self.mss as f64
                    && self.highest_ack - self.prev_highest_ack <= 4 * self.mss
            }
            // RFC 6582 §4 / RFC 3782 §6.2: a hole makes dupACKs echo the timestamp of the segment
            // that last advanced the cumulative ACK; unnecessary resends update TS.Recent.
            RecoverHeuristic::Timestamp => self.cfg.timestamps && p.ts_ecr == self.advance_ecr,
        }
    }

    pub(super) fn loss_ctx(&self, now: SimTime, repeated_timeout: bool) -> LossCtx {
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
            min_rtt_s: if self.rtt.has_sample() {
                self.rtt.min_rtt_s
            } else {
                0.0
            },
            max_rtt_s: self.rtt.max_rtt_s,
            corruption_notified: self.notified.contains(&self.snd_una),
            repeated_timeout,
        }
    }

    pub(super) fn fast_retransmit(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        let ctx = self.loss_ctx(now, false);
        let cause = self.cause_of(self.snd_una);
        let truth = Truth::new(cause);
        let truth_congestion = cause.map(Cause::is_congestion);
        let verdict = self.classifier.classify(&ctx, &truth);
        for s in &mut self.shadows {
            let v = s.classifier.classify(&ctx, &truth);
            s.confusion.record(truth_congestion, v);
        }
        // M11: the adaptive threshold's state at this loss (own classifier first, else a shadow).
        if let Some((st, k)) = self.classifier.threshold_state().or_else(|| {
            self.shadows
                .iter()
                .find(|s| s.classifier.id() == "adaptive_threshold")
                .and_then(|s| s.classifier.threshold_state())
        }) {
            self.threshold.on_judged(&st, k);
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
        self.timeline.on_detect(now, self.snd_una, self.snd_max);
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
            _ if self.owned_recovery() => {
                // The variant sets the window on this same ACK (on_ack calls
                // owned_recovery_ack), then the retransmission goes out.
                self.board.clear_retransmitted();
                self.in_recovery = true;
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

    pub(super) fn limited_transmit(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        if self.snd_nxt != self.snd_max || self.snd_nxt >= self.end {
            return;
        }
        let len = self.segment_len(self.snd_nxt);
        let outstanding = (self.snd_max - self.snd_una + len) as f64;
        if outstanding <= self.cwnd + 2.0 * self.mss as f64
            && outstanding <= self.cfg.rwnd_bytes as f64
        {
            self.emit(self.snd_nxt, len, now, out);
            self.snd_nxt += len;
            self.snd_max = self.snd_nxt;
            if self.cfg.sack {
                self.board.on_sent_up_to(self.snd_max);
            }
        }
    }

    /// RFC 6675 §5 step (C): while cwnd − pipe ≥ 1 SMSS, send NextSeg().
    pub(super) fn sack_send(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        let mut pipe = self.board.pipe() as f64;
        let rwnd = self.cfg.rwnd_bytes as f64;
        while self.cwnd - pipe >= self.mss as f64 {
            let seq = match self.board.next_seg() {
                Next::Lost(seq) => seq,
                Next::NewData(hole) => {
                    let len = if self.snd_nxt < self.end {
                        self.segment_len(self.snd_nxt)
                    } else {
                        0
                    };
                    if len > 0
                        && self.snd_nxt == self.snd_max
                        && (self.snd_max - self.snd_una + len) as f64 <= rwnd
                    {
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
}
