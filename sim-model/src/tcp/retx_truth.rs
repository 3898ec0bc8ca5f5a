//! Ground-truth ledger of retransmissions: was the transmission a retransmission replaces lost?
//!
//! Metrics only — the sender never reads it to decide anything. For every segment of
//! `[snd_una, snd_max)` it keeps the send times of the last two transmissions and whether the last
//! one is known lost (the engine reports each drop or corruption with the lost packet's send time,
//! its TSval). A retransmission is **spurious** when the transmission it replaces was not lost:
//!
//! ```text
//!   retransmit s:  spurious += 1  unless  last transmission of s is known lost
//!   loss of the *previous* transmission of s reported later (it was still in flight when s was
//!   resent, e.g. corrupted on the link):  spurious −= 1  (the retransmission repaired a loss)
//! ```
//!
//! So `spurious_retransmissions` counts resends of segments that were delivered or are still in
//! flight and will be delivered. Go-back-N after an RTO (RFC 5681 §3.1, RFC 6298 §5) legitimately
//! resends such segments — the sender cannot know without SACK — and they are counted too: the
//! column is a ground-truth measure of wasted retransmissions, not a verdict on the sender's rules.
//! Segments are `mss` apart from `base` (all segments but a transfer's last are full-sized and
//! cumulative ACKs land on segment boundaries). Only the last two transmissions are tracked.

use crate::time::SimTime;
use std::collections::VecDeque;

#[derive(Clone, Copy, Debug)]
struct Seg {
    last_sent: SimTime,
    prev_sent: Option<SimTime>,
    last_lost: bool,
    /// The last retransmission was counted spurious (its predecessor not known lost then).
    counted: bool,
}

/// Per-segment transmission fates and the spurious-retransmission tally.
#[derive(Clone, Debug)]
pub struct RetxTruth {
    mss: u64,
    base: u64,
    segs: VecDeque<Seg>,
    /// Retransmissions whose previous transmission was not lost.
    pub spurious: u64,
}

impl RetxTruth {
    /// Empty ledger for segments of `mss` bytes.
    pub fn new(mss: u64) -> Self {
        RetxTruth {
            mss,
            base: 0,
            segs: VecDeque::new(),
            spurious: 0,
        }
    }

    fn index(&self, seq: u64) -> Option<usize> {
        (seq >= self.base)
            .then(|| ((seq - self.base) / self.mss) as usize)
            .filter(|&i| i < self.segs.len())
    }

    /// The segment at `seq` left the sender at `now`; `retransmission` if it was sent before.
    /// Returns true if the retransmission is spurious (its previous transmission is not known lost).
    pub fn on_send(&mut self, seq: u64, now: SimTime, retransmission: bool) -> bool {
        if !retransmission {
            // New data: segments are appended in order.
            if self.segs.is_empty() {
                self.base = seq;
            }
            self.segs.push_back(Seg {
                last_sent: now,
                prev_sent: None,
                last_lost: false,
                counted: false,
            });
            return false;
        }
        let Some(i) = self.index(seq) else {
            return false;
        };
        let s = &mut self.segs[i];
        let spurious = !s.last_lost;
        *s = Seg {
            last_sent: now,
            prev_sent: Some(s.last_sent),
            last_lost: false,
            counted: spurious,
        };
        if spurious {
            self.spurious += 1;
        }
        spurious
    }

    /// True if the last transmission of the segment at `seq` is known lost.
    pub fn last_lost(&self, seq: u64) -> bool {
        self.index(seq).is_some_and(|i| self.segs[i].last_lost)
    }

    /// The transmission of the segment at `seq` sent at `sent_at` was lost.
    pub fn on_loss(&mut self, seq: u64, sent_at: SimTime) {
        let Some(i) = self.index(seq) else { return };
        let s = &mut self.segs[i];
        if s.last_sent == sent_at {
            s.last_lost = true;
        } else if s.prev_sent == Some(sent_at) && s.counted {
            // The copy a retransmission replaced was in flight then and is lost now.
            s.counted = false;
            self.spurious -= 1;
        }
    }

    /// The cumulative ACK reached `snd_una`.
    pub fn advance(&mut self, snd_una: u64) {
        while self.base + self.mss <= snd_una && !self.segs.is_empty() {
            self.segs.pop_front();
            self.base += self.mss;
        }
        if self.segs.is_empty() {
            self.base = self.base.max(snd_una);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(ms: u64) -> SimTime {
        SimTime::ZERO + crate::time::SimDuration::from_millis_f64(ms as f64)
    }

    #[test]
    fn resending_a_lost_segment_is_not_spurious_but_resending_a_delivered_one_is() {
        let mut l = RetxTruth::new(100);
        for k in 0..4 {
            l.on_send(k * 100, t(k), false);
        }
        l.on_loss(100, t(1));
        assert!(!l.on_send(100, t(10), true), "segment 1 was dropped");
        assert!(l.on_send(200, t(10), true), "segment 2 was delivered");
        assert_eq!(l.spurious, 1);
        // The retransmission of segment 1 is itself dropped: resending it again is legitimate.
        l.on_loss(100, t(10));
        assert!(!l.on_send(100, t(20), true));
        assert_eq!(l.spurious, 1);
    }

    #[test]
    fn a_late_loss_of_the_replaced_copy_uncounts_the_retransmission() {
        let mut l = RetxTruth::new(100);
        l.on_send(0, t(0), false);
        assert!(l.on_send(0, t(5), true));
        assert_eq!(l.spurious, 1);
        l.on_loss(0, t(0)); // the first copy was corrupted on the link, reported on arrival
        assert_eq!(l.spurious, 0);
    }

    #[test]
    fn advance_forgets_acknowledged_segments() {
        let mut l = RetxTruth::new(100);
        for k in 0..3 {
            l.on_send(k * 100, t(k), false);
        }
        l.advance(200);
        assert!(l.on_send(200, t(9), true));
        assert!(!l.on_send(0, t(9), true), "below snd_una: not tracked");
    }
}
