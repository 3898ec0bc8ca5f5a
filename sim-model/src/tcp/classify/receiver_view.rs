//! The receiver's view of the data stream, rebuilt at the sender from ACKs, for the receiver-side
//! classifiers of Cen, Cosman & Voelker (docs/design.md §6): Biaz, mBiaz, ZigZag and ZBS.
//!
//! Those algorithms run at a receiver that sees every data packet with its sender timestamp. We
//! model them as if they ran there and relayed their verdict to the sender: each ACK carries the
//! sequence number (`trigger_seq`), send time (`trigger_sent`) and receiver arrival time
//! (`data_arrival`) of the data segment that triggered it, so for every ACKed arrival
//!
//! ```text
//! ROTT  = data_arrival − trigger_sent                      (relative one-way trip time)
//! new   ⇔ trigger_seq ≥ expected                           (expected = end of the highest seen)
//! lost  = [max(expected, ack), trigger_seq),  n = ⌈|lost| / SMSS⌉   (at a new arrival)
//! T_i   = arrival − arrival of the previous new segment,  slots = segments strictly between them
//! T_min = min T_i / (slots + 1) over new arrivals with nothing lost
//! ```
//!
//! The cumulative ACK number tells what the receiver holds, so a gap that the receiver has in
//! fact filled is never reported as a loss. With an ACK per segment (the `ns2_*` profiles) every
//! arrival is seen, `slots` equals `n` and `T_min` is exactly Cen et al.'s minimum inter-arrival
//! time of consecutive in-sequence packets. With delayed ACKs only every second in-order arrival
//! is seen: `T_min` becomes the smallest *average* spacing over the unseen segments and the
//! statistics update half as often, so the four classifiers degrade (losses are still found,
//! because out-of-order segments are always ACKed at once). A lost ACK hides its arrival the same
//! way. ROTT uses the exact arrival time; at a real receiver it would be its clock reading.

use crate::tcp::signal::{AckEvent, Verdict};
use crate::time::SimTime;
use std::collections::VecDeque;

/// The paper that defines Biaz's successors mBiaz, ZigZag and ZBS: their catalog reference.
pub(super) const CEN: &str = "Cen, Cosman & Voelker, \"End-to-end differentiation of congestion and wireless losses\", IEEE/ACM ToN 11(5), 2003";

/// What the receiver learnt from one data arrival.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Arrival {
    /// ROTT of the arriving segment, seconds.
    pub rott_s: f64,
    /// Smallest ROTT of the session so far (this arrival included), seconds.
    pub rott_min_s: f64,
    /// Largest ROTT of the session so far (this arrival included), seconds.
    pub rott_max_s: f64,
    /// `None` for a retransmitted or reordered segment below the highest one seen.
    pub new: Option<NewData>,
}

/// A segment above everything seen before.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct NewData {
    /// T_i: seconds since the previous new segment, and the segment slots between the two
    /// (`None` for the first arrival of the connection).
    pub interval: Option<(f64, u64)>,
    /// Segments newly found missing below this one.
    pub lost: Option<Lost>,
}

/// A newly detected hole in the sequence space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Lost {
    /// First missing byte.
    pub start: u64,
    /// One past the last missing byte (the arriving segment's sequence number).
    pub end: u64,
    /// n: missing segments.
    pub n: u64,
}

/// Rebuilds the arrival stream from ACKs.
#[derive(Clone, Debug, Default)]
pub(super) struct ArrivalTracker {
    /// End of the highest segment seen (next new sequence number expected).
    expected: u64,
    /// Sequence number and arrival time of the previous new segment.
    prev_new: Option<(u64, SimTime)>,
    /// (trigger_seq, data_arrival) of the last ACK, to skip an ACK repeating an arrival.
    last_seen: Option<(u64, SimTime)>,
    /// Smallest and largest ROTT of the session, seconds.
    rott_range: Option<(f64, f64)>,
    /// T_min, seconds (`None` until two consecutive segments arrived).
    pub t_min_s: Option<f64>,
}

impl ArrivalTracker {
    /// Feed one ACK; `None` when it reveals no new arrival.
    pub fn observe(&mut self, ack: &AckEvent) -> Option<Arrival> {
        if ack.data_arrival == SimTime::ZERO
            || self.last_seen == Some((ack.trigger_seq, ack.data_arrival))
        {
            return None;
        }
        self.last_seen = Some((ack.trigger_seq, ack.data_arrival));
        let rott_s = ack
            .data_arrival
            .saturating_since(ack.trigger_sent)
            .as_secs_f64();
        let (rott_min_s, rott_max_s) = match self.rott_range {
            None => (rott_s, rott_s),
            Some((lo, hi)) => (lo.min(rott_s), hi.max(rott_s)),
        };
        self.rott_range = Some((rott_min_s, rott_max_s));
        let mss = (ack.mss as u64).max(1);
        let s = ack.trigger_seq;
        let new = (s >= self.expected).then(|| {
            let start = self.expected.max(ack.ack);
            let lost = (s > start).then(|| Lost {
                start,
                end: s,
                n: (s - start).div_ceil(mss),
            });
            let interval = self.prev_new.map(|(prev_seq, prev_at)| {
                let t_s = ack.data_arrival.saturating_since(prev_at).as_secs_f64();
                let slots = (s.saturating_sub(prev_seq) / mss).saturating_sub(1);
                (t_s, slots)
            });
            if let (Some((t_s, slots)), None) = (interval, lost) {
                // In-sequence: the spacing of back-to-back segments through the bottleneck.
                let spacing = t_s / (slots + 1) as f64;
                if spacing > 0.0 {
                    self.t_min_s = Some(self.t_min_s.map_or(spacing, |m| m.min(spacing)));
                }
            }
            self.expected = s + mss;
            self.prev_new = Some((s, ack.data_arrival));
            NewData { interval, lost }
        });
        Some(Arrival {
            rott_s,
            rott_min_s,
            rott_max_s,
            new,
        })
    }
}

/// Verdicts a receiver-side classifier reached for lost sequence ranges, newest last.
#[derive(Clone, Debug, Default)]
pub(super) struct VerdictLog {
    entries: VecDeque<(u64, u64, Verdict)>,
}

impl VerdictLog {
    /// Entries kept (older ones are forgotten).
    const CAPACITY: usize = 256;

    /// Remember verdict `v` for the bytes [start, end).
    pub fn record(&mut self, lost: Lost, v: Verdict) {
        if self.entries.len() == Self::CAPACITY {
            self.entries.pop_front();
        }
        self.entries.push_back((lost.start, lost.end, v));
    }

    /// The most recent verdict covering byte `seq`.
    pub fn lookup(&self, seq: u64) -> Option<Verdict> {
        self.entries
            .iter()
            .rev()
            .find(|(s, e, _)| *s <= seq && seq < *e)
            .map(|(_, _, v)| *v)
    }

    /// The verdict for `seq`, congestion when the receiver reached none (docs/design.md §6 fallback).
    pub fn verdict(&self, seq: u64) -> Verdict {
        self.lookup(seq).unwrap_or(Verdict::Congestion)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{assert_close, data_ack};
    use super::*;

    #[test]
    fn detects_gap_and_counts_missing_segments() {
        let mut t = ArrivalTracker::default();
        // Segments of 1000 B sent every 10 ms, ROTT 50 ms, segment 2000 lost.
        let a0 = t.observe(&data_ack(0, 0.0, 50.0, 1000)).unwrap();
        assert_eq!(
            a0.new,
            Some(NewData {
                interval: None,
                lost: None
            })
        );
        let a1 = t.observe(&data_ack(1000, 10.0, 60.0, 2000)).unwrap();
        // T_i = 60 − 50 = 10 ms, no slot between: T_min = 10 ms
        assert_close(t.t_min_s.unwrap(), 0.010, 1e-12);
        assert_eq!(a1.new.unwrap().lost, None);
        let a3 = t.observe(&data_ack(3000, 30.0, 80.0, 2000)).unwrap();
        let new = a3.new.unwrap();
        // expected = 2000, ack = 2000: lost = [max(2000, 2000), 3000), n = 1; T_i = 80 − 60 = 20 ms, 1 slot
        assert_eq!(
            new.lost,
            Some(Lost {
                start: 2000,
                end: 3000,
                n: 1
            })
        );
        let (ti, slots) = new.interval.unwrap();
        assert_close(ti, 0.020, 1e-12);
        assert_eq!(slots, 1);
        assert_close(a3.rott_s, 0.050, 1e-12);
        // The retransmission of 2000 is old data: no new-data record, T_min unchanged.
        let r = t.observe(&data_ack(2000, 90.0, 150.0, 4000)).unwrap();
        assert_eq!(r.new, None);
        assert_close(r.rott_s, 0.060, 1e-12);
        assert_close(r.rott_max_s, 0.060, 1e-12);
        assert_close(r.rott_min_s, 0.050, 1e-12);
    }

    #[test]
    fn delayed_ack_gap_already_filled_is_not_a_loss() {
        let mut t = ArrivalTracker::default();
        t.observe(&data_ack(0, 0.0, 50.0, 1000));
        // 1000 arrived unseen (delayed ACK); 2000's ACK acknowledges 3000: nothing missing.
        let a = t.observe(&data_ack(2000, 20.0, 70.0, 3000)).unwrap();
        assert_eq!(a.new.unwrap().lost, None);
        // T_min = 20 ms / (1 slot + 1) = 10 ms (average spacing over the unseen segment)
        assert_close(t.t_min_s.unwrap(), 0.010, 1e-12);
    }

    #[test]
    fn repeated_ack_of_same_arrival_is_ignored() {
        let mut t = ArrivalTracker::default();
        let a = data_ack(0, 0.0, 50.0, 1000);
        assert!(t.observe(&a).is_some());
        assert!(t.observe(&a).is_none());
    }

    #[test]
    fn verdict_log_answers_newest_and_falls_back_to_congestion() {
        let mut log = VerdictLog::default();
        log.record(
            Lost {
                start: 2000,
                end: 4000,
                n: 2,
            },
            Verdict::Wireless,
        );
        assert_eq!(log.verdict(3999), Verdict::Wireless);
        assert_eq!(log.verdict(4000), Verdict::Congestion);
        log.record(
            Lost {
                start: 3000,
                end: 4000,
                n: 1,
            },
            Verdict::Congestion,
        );
        assert_eq!(log.verdict(3000), Verdict::Congestion);
        assert_eq!(log.verdict(2000), Verdict::Wireless);
    }
}
