//! Loss-timeline measures of one sender (Gurtov §3.1 and §6, Figs 3, 6(b),
//! 7, 8): the start-up buffer overflow and the delay from a lost transmission to its resend.
//!
//! **Start-up phase**. Gurtov §3.1 splits an error-free connection into a first phase in
//! which it "starts up aggressively, creates congestion, loses a large number of packets and
//! recovers them" (the *start-up buffer overflow*) and a steady state. Here that first phase is:
//!
//! - it begins when the flow starts;
//! - its first loss detection is the first fast retransmit or retransmission timeout *after* a
//!   data transmission of the flow was lost (a spurious timeout with nothing lost does not count);
//! - it ends when the cumulative ACK covers every byte sent before that detection (HighData at
//!   the detection, RFC 6582's `recover`): every segment of the flight that overflowed has been
//!   recovered. No loss, or never recovered: undefined (`None`).
//!
//! Measured (times in seconds from the flow's start):
//! - `startup_overflow_s`: when the phase ends (its length; §3.1 "lasts approximately 20 s" for a
//!   7-packet buffer, §6 "40 seconds" for 15 packets);
//! - `startup_last_loss_s`: when the last data transmission lost inside the phase was dropped;
//! - `startup_losses`: data transmissions (originals and retransmissions) dropped inside the
//!   phase (§3.1: "ten segments are lost and retransmitted" in Fig. 3(b));
//! - `first_loss_flight_segs`: FlightSize (HighData − snd_una, in MSS-sized segments) at the first
//!   loss detection — Fig. 8's points 1–2;
//! - `first_loss_rtt_s`: time from sending the first lost transmission to the first loss
//!   detection — Fig. 8's points 3–2, "the current RTT of the link".
//!
//! **Retransmission delay** (Fig. 6(b) "the retransmission of a lost segment happens only after
//! 40 seconds after its loss"). For every lost data transmission, the time from its *drop* (queue
//! overflow or link error, the moment LossLab loses it) until the same segment is sent again. A
//! sweep row holds one number per run, so two statistics of these per-loss delays:
//! - `loss_to_retx_first_s`: of the run's **first** lost transmission (the paper's "a lost
//!   segment": in Fig. 6(b) the first of the last three, whose resend is the first retransmission);
//! - `loss_to_retx_max_s`: the **largest** over all the run's losses (a later segment of the same
//!   burst of losses often waits for a second, backed-off timeout).
//!
//! Losses never resent before the run ends enter neither. Hooks: the sender calls
//! [`LossTimeline::on_loss`], [`LossTimeline::on_detect`], [`LossTimeline::on_advance`] and
//! [`LossTimeline::on_retransmit`]; nothing runs per packet except an `Option` test on ACKs and a
//! map lookup on retransmissions.

use crate::time::SimTime;
use std::collections::BTreeMap;

/// The first loss detection of a flow.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Detection {
    /// When it happened.
    pub at: SimTime,
    /// FlightSize then, bytes (HighData − snd_una).
    pub flight_bytes: u64,
    /// HighData then: the phase ends when the cumulative ACK reaches it.
    pub high_data: u64,
    /// Time from sending the first lost transmission to `at`.
    pub rtt_s: f64,
}

/// Loss timeline of one sender (metrics only).
#[derive(Clone, Debug, Default)]
pub struct LossTimeline {
    /// First lost transmission: (drop time, send time).
    first_loss: Option<(SimTime, SimTime)>,
    detection: Option<Detection>,
    ended_at: Option<SimTime>,
    /// Drop times of the losses so far while the phase is open.
    startup_losses: u64,
    last_startup_loss: Option<SimTime>,
    /// Lost transmissions not yet resent: seq → drop time.
    pending: BTreeMap<u64, SimTime>,
    first_lost_seq: Option<u64>,
    loss_to_retx_first_s: Option<f64>,
    loss_to_retx_max_s: Option<f64>,
}

fn max_opt(a: Option<f64>, b: f64) -> Option<f64> {
    Some(a.map_or(b, |a| a.max(b)))
}

impl LossTimeline {
    /// The data transmission of `seq` sent at `sent_at` was dropped at `now`.
    pub fn on_loss(&mut self, now: SimTime, seq: u64, sent_at: SimTime) {
        if self.first_loss.is_none() {
            self.first_loss = Some((now, sent_at));
            self.first_lost_seq = Some(seq);
        }
        if self.ended_at.is_none() {
            self.startup_losses += 1;
            self.last_startup_loss = Some(now);
        }
        self.pending.insert(seq, now);
    }

    /// A fast retransmit or timeout at `now` with `snd_una` and HighData `snd_max`.
    pub fn on_detect(&mut self, now: SimTime, snd_una: u64, snd_max: u64) {
        if self.detection.is_some() {
            return;
        }
        let Some((_, sent)) = self.first_loss else {
            return; // nothing lost yet: not a loss detection
        };
        self.detection = Some(Detection {
            at: now,
            flight_bytes: snd_max.saturating_sub(snd_una),
            high_data: snd_max,
            rtt_s: now.saturating_since(sent).as_secs_f64(),
        });
    }

    /// The cumulative ACK advanced to `snd_una` at `now`.
    #[inline]
    pub fn on_advance(&mut self, now: SimTime, snd_una: u64) {
        if self.ended_at.is_none() {
            if let Some(d) = self.detection {
                if snd_una >= d.high_data {
                    self.ended_at = Some(now);
                }
            }
        }
    }

    /// The segment at `seq` is being sent again at `now`.
    pub fn on_retransmit(&mut self, now: SimTime, seq: u64) {
        if let Some(dropped) = self.pending.remove(&seq) {
            let d = now.saturating_since(dropped).as_secs_f64();
            self.loss_to_retx_max_s = max_opt(self.loss_to_retx_max_s, d);
            if self.loss_to_retx_first_s.is_none() && self.first_lost_seq == Some(seq) {
                self.loss_to_retx_first_s = Some(d);
            }
        }
    }

    /// The first loss detection, if any.
    pub fn detection(&self) -> Option<Detection> {
        self.detection
    }

    /// The measures of a flow that started at `start` and sends `mss`-byte segments.
    pub fn measures(&self, start: SimTime, mss: u64) -> StartupMeasures {
        let since = |t: SimTime| t.saturating_since(start).as_secs_f64();
        let ended = self.ended_at.is_some();
        StartupMeasures {
            startup_overflow_s: self.ended_at.map(since),
            startup_last_loss_s: self.last_startup_loss.filter(|_| ended).map(since),
            startup_losses: ended.then_some(self.startup_losses as f64),
            first_loss_flight_segs: self
                .detection
                .map(|d| d.flight_bytes as f64 / mss.max(1) as f64),
            first_loss_rtt_s: self.detection.map(|d| d.rtt_s),
            loss_to_retx_first_s: self.loss_to_retx_first_s,
            loss_to_retx_max_s: self.loss_to_retx_max_s,
        }
    }
}

/// The M7 / M9 values of one flow (None = undefined in this run).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct StartupMeasures {
    /// End of the start-up phase, s from the flow's start.
    pub startup_overflow_s: Option<f64>,
    /// Last loss inside the start-up phase, s from the flow's start.
    pub startup_last_loss_s: Option<f64>,
    /// Data transmissions lost inside the start-up phase.
    pub startup_losses: Option<f64>,
    /// FlightSize at the first loss detection, segments.
    pub first_loss_flight_segs: Option<f64>,
    /// First lost transmission's send → first loss detection, s.
    pub first_loss_rtt_s: Option<f64>,
    /// The run's first lost transmission: drop → resend of its segment, s.
    pub loss_to_retx_first_s: Option<f64>,
    /// Largest drop → resend over the run's losses, s.
    pub loss_to_retx_max_s: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: f64) -> SimTime {
        SimTime::from_secs_f64(s)
    }

    #[test]
    fn startup_phase_by_hand() {
        // Segments of 100 bytes. Flow starts at 1 s. Segment 500 sent at 3 s is dropped at 3.5 s,
        // segment 700 sent at 3.2 s dropped at 3.6 s. Third dupACK at 9 s with snd_una = 500 and
        // HighData = 1500: FlightSize 10 segments, RTT 9 − 3 = 6 s. The resend of 500 at 9 s is
        // dropped again at 9.5 s, resent at 12 s; 700 resent at 12.5 s. The ACK reaches 1400 at
        // 13 s (phase still open), 1500 at 14 s (phase over). A later loss at 20 s is not in it.
        let mut l = LossTimeline::default();
        l.on_detect(t(2.0), 0, 300); // a timeout with nothing lost: ignored
        l.on_loss(t(3.5), 500, t(3.0));
        l.on_loss(t(3.6), 700, t(3.2));
        l.on_detect(t(9.0), 500, 1500);
        l.on_retransmit(t(9.0), 500);
        l.on_loss(t(9.5), 500, t(9.0));
        l.on_detect(t(11.0), 500, 1600); // a later detection changes nothing
        l.on_retransmit(t(12.0), 500);
        l.on_retransmit(t(12.5), 700);
        l.on_advance(t(13.0), 1400);
        l.on_advance(t(14.0), 1500);
        l.on_loss(t(20.0), 3000, t(19.0));
        let m = l.measures(t(1.0), 100);
        assert_eq!(m.startup_overflow_s, Some(13.0));
        assert_eq!(m.startup_last_loss_s, Some(8.5));
        assert_eq!(m.startup_losses, Some(3.0));
        assert_eq!(m.first_loss_flight_segs, Some(10.0));
        assert_eq!(m.first_loss_rtt_s, Some(6.0));
        // Drop → resend: 500 (the first loss): 9 − 3.5 = 5.5, then 12 − 9.5 = 2.5; 700:
        // 12.5 − 3.6 = 8.9. 3000 never resent: left out.
        assert!((m.loss_to_retx_first_s.unwrap() - 5.5).abs() < 1e-9);
        assert!((m.loss_to_retx_max_s.unwrap() - 8.9).abs() < 1e-9);
    }

    #[test]
    fn no_loss_leaves_everything_undefined() {
        let mut l = LossTimeline::default();
        l.on_detect(t(2.0), 0, 300);
        l.on_advance(t(3.0), 300);
        l.on_retransmit(t(3.0), 0);
        assert_eq!(l.measures(t(0.0), 100), StartupMeasures::default());
    }

    #[test]
    fn a_phase_never_recovered_is_undefined_but_the_detection_is_kept() {
        let mut l = LossTimeline::default();
        l.on_loss(t(1.0), 0, t(0.5));
        l.on_detect(t(4.0), 0, 800);
        let m = l.measures(t(0.0), 100);
        assert_eq!(m.startup_overflow_s, None);
        assert_eq!(m.startup_losses, None);
        assert_eq!(m.startup_last_loss_s, None);
        assert_eq!(m.first_loss_flight_segs, Some(8.0));
        assert_eq!(m.first_loss_rtt_s, Some(3.5));
    }
}
