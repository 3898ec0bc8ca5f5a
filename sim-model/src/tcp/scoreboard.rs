//! The SACK scoreboard and its RFC 6675 queries, at segment granularity.
//!
//! One flag byte per segment of `[snd_una, snd_max)`; segment k starts at `base + k·SMSS` (all
//! segments but the last of a transfer are full-sized, and cumulative ACKs land on boundaries).
//!
//!   IsLost(s): at least DupThresh SACKed segments lie above s (RFC 6675 §4; with full-sized
//!              segments "more than (DupThresh − 1)·SMSS bytes" is the same count)
//!   SetPipe:   Σ over un-SACKed segments: size if not IsLost, + size if retransmitted   (§4)
//!   NextSeg:   (1) lowest un-SACKed, not yet retransmitted, IsLost segment below the highest
//!              SACKed one; (2) new data; (3) the lowest such segment even if not lost  (§4)

use std::collections::VecDeque;

const SACKED: u8 = 1;
const RETX: u8 = 2;
/// Already reported by [`Scoreboard::take_newly_lost`].
const LOST_SEEN: u8 = 4;

/// What NextSeg() chose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Retransmit the segment starting here (rule 1: judged lost).
    Lost(u64),
    /// Send new data if the window and the application allow (rule 2), else fall back to
    /// retransmitting the segment held here, if any (rule 3).
    NewData(Option<u64>),
}

/// Per-segment SACK and retransmission state.
#[derive(Clone, Debug)]
pub struct Scoreboard {
    mss: u64,
    base: u64,
    end: u64,
    flags: VecDeque<u8>,
    dupthresh: u32,
    /// Bytes of the SACKed segments, kept as segments are SACKed and acknowledged (so the
    /// per-ACK DeliveredData needs no scan of the window).
    sacked: u64,
}

impl Scoreboard {
    /// Empty scoreboard for segments of `mss` bytes in a transfer ending at `end`.
    pub fn new(mss: u64, end: u64, dupthresh: u32) -> Self {
        Scoreboard {
            mss,
            base: 0,
            end,
            flags: VecDeque::new(),
            dupthresh,
            sacked: 0,
        }
    }

    /// The transfer now ends at `end` (a sender that stops sending new data; `end` is a segment
    /// boundary at or above every segment sent).
    pub fn set_end(&mut self, end: u64) {
        self.end = self.end.min(end);
        self.sacked = self.sacked_below(self.flags.len());
    }

    fn seg_size(&self, i: usize) -> u64 {
        let s = self.base + i as u64 * self.mss;
        self.mss.min(self.end - s)
    }
    fn index(&self, seq: u64) -> Option<usize> {
        (seq >= self.base)
            .then(|| ((seq - self.base) / self.mss) as usize)
            .filter(|&i| i < self.flags.len())
    }

    /// New data up to `snd_max` was sent.
    pub fn on_sent_up_to(&mut self, snd_max: u64) {
        while self.base + self.flags.len() as u64 * self.mss < snd_max {
            self.flags.push_back(0);
        }
    }
    /// Cumulative ACK moved to `snd_una`.
    pub fn advance(&mut self, snd_una: u64) {
        while self.base < snd_una && !self.flags.is_empty() {
            if self.flags[0] & SACKED != 0 {
                self.sacked -= self.seg_size(0);
            }
            self.flags.pop_front();
            self.base += self.mss;
        }
        if self.flags.is_empty() {
            self.base = self.base.max(snd_una);
        }
    }
    /// Mark every segment wholly inside a SACK block.
    pub fn on_sack(&mut self, blocks: &[(u64, u64)]) {
        for &(s, e) in blocks {
            // First segment boundary at or after the block start.
            let mut seq = self.base + s.saturating_sub(self.base).div_ceil(self.mss) * self.mss;
            while let Some(i) = self.index(seq) {
                let seg_end = seq + self.seg_size(i);
                if seg_end > e {
                    break;
                }
                if self.flags[i] & SACKED == 0 {
                    self.sacked += self.seg_size(i);
                }
                self.flags[i] |= SACKED;
                seq = seg_end;
            }
        }
    }
    /// True if the segment at `seq` was SACKed.
    pub fn is_sacked(&self, seq: u64) -> bool {
        self.index(seq).is_some_and(|i| self.flags[i] & SACKED != 0)
    }
    /// Note a retransmission of the segment at `seq`.
    pub fn mark_retransmitted(&mut self, seq: u64) {
        if let Some(i) = self.index(seq) {
            self.flags[i] |= RETX;
        }
    }
    /// Start a new recovery episode: forget which segments were retransmitted.
    pub fn clear_retransmitted(&mut self) {
        for f in &mut self.flags {
            *f &= !RETX;
        }
    }
    fn sacked_count(&self) -> u32 {
        self.flags.iter().filter(|f| **f & SACKED != 0).count() as u32
    }
    /// Bytes SACKed above snd_una (RFC 6937 DeliveredData counts their change).
    pub fn sacked_bytes(&self) -> u64 {
        self.sacked
    }
    /// Bytes SACKed in the segments at or above `seq` (a scan of the segments below it only).
    pub fn sacked_bytes_from(&self, seq: u64) -> u64 {
        let first = (seq.saturating_sub(self.base) / self.mss.max(1)) as usize;
        self.sacked - self.sacked_below(first.min(self.flags.len()))
    }
    /// Bytes SACKed in the first `n` segments.
    fn sacked_below(&self, n: usize) -> u64 {
        (0..n)
            .filter(|&i| self.flags[i] & SACKED != 0)
            .map(|i| self.seg_size(i))
            .sum()
    }
    /// IsLost(snd_una): enough SACKed segments above the first one to declare it lost.
    pub fn first_is_lost(&self) -> bool {
        !self.flags.is_empty()
            && self.flags[0] & SACKED == 0
            && self.sacked_count() >= self.dupthresh
    }
    /// RFC 6675 SetPipe(): bytes estimated to be in the network.
    pub fn pipe(&self) -> u64 {
        let mut above = 0;
        let mut pipe = 0;
        for i in (0..self.flags.len()).rev() {
            let f = self.flags[i];
            if f & SACKED != 0 {
                above += 1;
                continue;
            }
            let size = self.seg_size(i);
            if above < self.dupthresh {
                pipe += size;
            }
            if f & RETX != 0 {
                pipe += size;
            }
        }
        pipe
    }
    /// Bytes of the segments IsLost() judges lost that no earlier call reported (Linux's and
    /// ns-3's "newly marked lost" of a rate sample, which BBR takes off its window in recovery).
    pub fn take_newly_lost(&mut self) -> u64 {
        let mut above = 0;
        let mut lost = 0;
        for i in (0..self.flags.len()).rev() {
            let f = self.flags[i];
            if f & SACKED != 0 {
                above += 1;
            } else if above >= self.dupthresh && f & LOST_SEEN == 0 {
                self.flags[i] |= LOST_SEEN;
                lost += self.seg_size(i);
            }
        }
        lost
    }
    /// RFC 6675 NextSeg() rules 1–3.
    pub fn next_seg(&self) -> Next {
        let total = self.sacked_count();
        let Some(highest) = self.flags.iter().rposition(|f| f & SACKED != 0) else {
            return Next::NewData(None);
        };
        let mut below = 0;
        let mut rule3 = None;
        for i in 0..highest {
            let f = self.flags[i];
            if f & SACKED != 0 {
                below += 1;
                continue;
            }
            if f & RETX != 0 {
                continue;
            }
            let seq = self.base + i as u64 * self.mss;
            if total - below >= self.dupthresh {
                return Next::Lost(seq);
            }
            rule3.get_or_insert(seq);
        }
        Next::NewData(rule3)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Scoreboard {
        // 10 segments of 1000 B outstanding: [0, 10 000).
        let mut b = Scoreboard::new(1000, u64::MAX, 3);
        b.on_sent_up_to(10_000);
        b
    }

    #[test]
    fn the_sacked_total_follows_sacks_and_acks() {
        let mut b = board();
        let scan = |b: &Scoreboard| b.sacked_below(b.flags.len());
        for (blocks, una) in [
            (vec![(1000, 3000)], 0),
            (vec![(1000, 3000), (5000, 7000)], 0), // again, plus two more
            (vec![(2500, 4000)], 0),               // segment 3 only (2 is already SACKed)
            (vec![], 2000),                        // segments 0 and 1 acknowledged
            (vec![(6000, 10_000)], 6000),
        ] {
            b.on_sack(&blocks);
            b.advance(una);
            assert_eq!(b.sacked_bytes(), scan(&b));
        }
        assert_eq!(b.sacked_bytes(), 4000); // segments 6–9
        assert_eq!(b.sacked_bytes_from(8000), 2000);
    }

    #[test]
    fn a_lost_segment_is_reported_once() {
        let mut b = board();
        b.on_sack(&[(1000, 3000)]);
        assert_eq!(b.take_newly_lost(), 0);
        b.on_sack(&[(4000, 5000)]); // segment 0 now has 3 SACKed above
        assert_eq!(b.take_newly_lost(), 1000);
        assert_eq!(b.take_newly_lost(), 0);
        b.on_sack(&[(6000, 7000)]); // segment 3: 2 SACKed above (4, 6), not lost yet
        assert_eq!(b.take_newly_lost(), 0);
        b.on_sack(&[(8000, 9000)]); // segment 3: 3 above (4, 6, 8); 5: 2; 0 was reported
        assert_eq!(b.take_newly_lost(), 1000);
    }

    #[test]
    fn three_sacked_segments_above_make_a_loss() {
        let mut b = board();
        b.on_sack(&[(1000, 3000)]); // segments 1, 2
        assert!(!b.first_is_lost());
        // pipe = 8 un-SACKed segments, none lost yet (only 2 SACKed above) = 8000
        assert_eq!(b.pipe(), 8000);
        b.on_sack(&[(4000, 5000)]); // segment 4 → SACKed: 1, 2, 4
        assert!(b.first_is_lost());
        // Segment 0 has 3 SACKed above (lost); segment 3 only 1 (not lost).
        // pipe = un-SACKed {0, 3, 5, 6, 7, 8, 9} minus lost {0} = 6 segments.
        assert_eq!(b.pipe(), 6000);
        assert_eq!(b.next_seg(), Next::Lost(0));
        b.mark_retransmitted(0);
        // The retransmission of a lost segment is in the network again: 7000.
        assert_eq!(b.pipe(), 7000);
        // Rule 3: segment 3 is a hole below the highest SACKed segment but not yet lost.
        assert_eq!(b.next_seg(), Next::NewData(Some(3000)));
        b.on_sack(&[(5000, 7000)]); // now 3 SACKed above segment 3 → lost (rule 1)
        assert_eq!(b.next_seg(), Next::Lost(3000));
        b.mark_retransmitted(3000);
        assert_eq!(b.next_seg(), Next::NewData(None));
    }

    #[test]
    fn rule_three_offers_unsacked_holes_that_are_not_yet_lost() {
        let mut b = board();
        b.on_sack(&[(2000, 3000)]); // one SACKed segment above 0 and 1: not lost
        assert_eq!(b.next_seg(), Next::NewData(Some(0)));
    }

    #[test]
    fn advance_drops_acked_segments_and_partial_blocks_do_not_count() {
        let mut b = board();
        b.on_sack(&[(1500, 3000)]); // covers only segment 2 entirely
        assert!(!b.is_sacked(1000) && b.is_sacked(2000));
        b.advance(2000);
        assert!(b.is_sacked(2000));
        assert_eq!(b.pipe(), 7000); // segments 3..9 un-SACKed
    }
}
