//! The TCP receiver: cumulative ACKs, out-of-order buffering, delayed ACKs, timestamp echo.
//!
//! ACK policy (RFC 5681 §4.2, RFC 1122 §4.2.3.2, docs/design.md §1.11):
//! - out-of-order segment → immediate (duplicate) ACK;
//! - segment filling all or part of a hole → immediate ACK;
//! - in-order segment: immediate ACK when delayed ACKs are off; otherwise every second full
//!   segment, or when the delayed-ACK timer expires.
//!
//! TS.Recent (RFC 7323 §4.3) is taken from a segment whose TSval ≥ TS.Recent and which starts at
//! or before the last ACK sent, so a delayed ACK echoes the older of the two segments.
//! SACK (RFC 2018 §4): with `sack`, every ACK reports up to 4 out-of-order blocks (3 with
//! timestamps): first the block holding the segment that triggered it, then the most recently
//! changed others. Option bytes: SACK 2 + 8·n, the whole option area padded to 4 bytes.
//! Corrupted segments fail the checksum and are discarded; a receiver running checksum loss
//! differentiation (Garcia & Brunstrom §3) remembers their sequence numbers and piggybacks one
//! notification on each following ACK (docs/design.md §7.3, `ld_notify = piggyback`).

use super::config::TcpConfig;
use super::timer::Timer;
use crate::packet::{Packet, PacketKind};
use crate::time::{SimDuration, SimTime};

/// Whether and how the receiver reports corrupted segments to the sender.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notify {
    /// Plain TCP: corrupted segments are dropped silently.
    Off,
    /// Checksum LD: a TCP option of 8 bytes on the next ACK.
    Option,
    /// Only shadow classifiers use the notices: carried without wire bytes, so the flow is
    /// not influenced.
    SideChannel,
}

/// One TCP receiver.
#[derive(Debug)]
pub struct Receiver {
    flow: u32,
    route: u32,
    timestamps: bool,
    sack: bool,
    notify: Notify,
    notices: Vec<u64>,
    delack: SimDuration,
    rcv_nxt: u64,
    /// Out-of-order ranges [start, end), sorted and disjoint, with the stamp of their last change.
    ooo: Vec<(u64, u64, u64)>,
    stamp: u64,
    unacked_segments: u32,
    ts_recent: SimTime,
    last_ack_sent: u64,
    last_arrival: SimTime,
    last_trigger: (u64, SimTime),
    /// A segment covered by the next ACK carried a congestion-warning mark.
    cw_pending: bool,
    /// Delayed-ACK timer.
    pub timer: Timer,
    total: Option<u64>,
    /// Time the last byte of a finite transfer reached the application.
    pub completed_at: Option<SimTime>,
    /// Time the first [`FIRST_BYTES`] in-order bytes reached the application ([GUR] §6, "the
    /// first 15 KB").
    pub first_bytes_at: Option<SimTime>,
    /// From when to watch for the next in-order delivery (the end of an error burst, M6; set by
    /// the engine, see [`crate::metrics::bursts`]); None = not watched.
    pub watch_from: Option<SimTime>,
    /// The first time at or after `watch_from` that in-order data reached the application.
    pub delivered_after_watch: Option<SimTime>,
    /// Segments discarded because their checksum failed.
    pub discarded: u64,
}

/// The "first N bytes" of [`Receiver::first_bytes_at`]: 15 KB = 15 × 1024 bytes, the one N the
/// papers use ([GUR] §6, time to deliver the first 15 KB of a transfer).
pub const FIRST_BYTES: u64 = 15 * 1024;

impl Receiver {
    /// A receiver for flow `flow`, sending ACKs on `route`.
    pub fn new(cfg: &TcpConfig, flow: u32, route: u32, total: Option<u64>, notify: Notify) -> Self {
        Receiver {
            flow,
            route,
            timestamps: cfg.timestamps,
            sack: cfg.sack,
            notify,
            notices: Vec::new(),
            delack: SimDuration::from_millis_f64(cfg.delayed_ack_ms),
            rcv_nxt: 0,
            ooo: Vec::new(),
            stamp: 0,
            unacked_segments: 0,
            ts_recent: SimTime::ZERO,
            last_ack_sent: 0,
            last_arrival: SimTime::ZERO,
            last_trigger: (0, SimTime::ZERO),
            cw_pending: false,
            timer: Timer::default(),
            total,
            completed_at: None,
            first_bytes_at: None,
            watch_from: None,
            delivered_after_watch: None,
            discarded: 0,
        }
    }

    /// The transfer now ends at byte `total` (its sender stopped sending new data);
    /// completes it at `now` if everything up to there was already delivered.
    pub fn set_total(&mut self, total: u64, now: SimTime) {
        self.total = Some(self.total.map_or(total, |t| t.min(total)));
        if self.completed_at.is_none() && self.rcv_nxt >= total {
            self.completed_at = Some(now);
        }
    }

    /// In-order bytes delivered to the application.
    pub fn delivered(&self) -> u64 {
        self.rcv_nxt
    }

    /// A SYN, data segment or other packet arrived intact.
    pub fn on_packet(&mut self, now: SimTime, p: &Packet, out: &mut Vec<Packet>) {
        match p.kind {
            PacketKind::Syn => {
                let size = self.header_bytes(0, false);
                let a = Packet::push_new(out, PacketKind::SynAck, self.flow, self.route, size);
                a.ts_val = now;
                a.ts_ecr = p.ts_val;
            }
            PacketKind::Data => self.on_data(now, p, out),
            _ => {}
        }
    }

    fn on_data(&mut self, now: SimTime, p: &Packet, out: &mut Vec<Packet>) {
        self.last_arrival = now;
        self.last_trigger = (p.seq, p.ts_val);
        self.cw_pending |= p.cw_mark;
        if p.ts_val >= self.ts_recent && p.seq <= self.last_ack_sent {
            self.ts_recent = p.ts_val;
        }
        let (start, end) = (p.seq, p.seq + p.len as u64);
        if start > self.rcv_nxt {
            self.stamp += 1;
            insert_range(&mut self.ooo, start, end, self.stamp);
            return self.send_ack(now, out);
        }
        if end <= self.rcv_nxt {
            return self.send_ack(now, out); // old duplicate
        }
        let filled_hole = !self.ooo.is_empty();
        self.rcv_nxt = end;
        while let Some(&(s, e, _)) = self.ooo.first() {
            if s > self.rcv_nxt {
                break;
            }
            self.rcv_nxt = self.rcv_nxt.max(e);
            self.ooo.remove(0);
        }
        if let Some(w) = self.watch_from {
            if self.delivered_after_watch.is_none() && now >= w {
                self.delivered_after_watch = Some(now);
            }
        }
        if self.first_bytes_at.is_none() && self.rcv_nxt >= FIRST_BYTES {
            self.first_bytes_at = Some(now);
        }
        if self.completed_at.is_none() && self.total.is_some_and(|t| self.rcv_nxt >= t) {
            self.completed_at = Some(now);
        }
        self.unacked_segments += 1;
        if filled_hole || self.delack == SimDuration::ZERO || self.unacked_segments >= 2 {
            self.send_ack(now, out);
        } else if !self.timer.is_armed() {
            self.timer.arm(now + self.delack);
        }
    }

    /// The delayed-ACK timer fired.
    pub fn on_timeout(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        if self.unacked_segments > 0 {
            self.send_ack(now, out);
        }
    }

    /// A data segment failed its TCP checksum but its flow was identified.
    pub fn on_corrupted(&mut self, p: &Packet) {
        self.discarded += 1;
        if self.notify != Notify::Off && self.notices.len() < 64 {
            self.notices.push(p.seq);
        }
    }

    /// IP size of an ACK: 40 + options (timestamps 10, SACK 2 + 8·n, notice 8), padded to 4.
    fn header_bytes(&self, sack_n: u8, notice: bool) -> u32 {
        let mut opt = if self.timestamps { 10 } else { 0 };
        if sack_n > 0 {
            opt += 2 + 8 * sack_n as u32;
        }
        if notice && self.notify == Notify::Option {
            opt += 8;
        }
        40 + opt.div_ceil(4) * 4
    }

    fn send_ack(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        let a = Packet::push_new(out, PacketKind::Ack, self.flow, self.route, 0);
        a.ack = self.rcv_nxt;
        if self.sack && !self.ooo.is_empty() {
            self.fill_sack(a);
        }
        if !self.notices.is_empty() {
            a.corruption_notice = Some(self.notices.remove(0));
        }
        a.size_bytes = self.header_bytes(a.sack_n, a.corruption_notice.is_some());
        a.ts_val = now;
        a.ts_ecr = self.ts_recent;
        a.data_arrival = self.last_arrival;
        (a.trigger_seq, a.trigger_sent) = self.last_trigger;
        // Per-packet echo (docs/design.md §3.3): with delayed ACKs, echo if any covered segment was marked.
        a.cw_echo = std::mem::take(&mut self.cw_pending);
        self.unacked_segments = 0;
        self.last_ack_sent = self.rcv_nxt;
        self.timer.disarm();
    }
}

impl Receiver {
    /// RFC 2018 §4: the block holding the triggering segment first, then the others by recency.
    fn fill_sack(&self, a: &mut Packet) {
        let max = if self.timestamps { 3 } else { 4 };
        let trigger = self.last_trigger.0;
        let mut n = 0;
        if let Some(&(s, e, _)) = self
            .ooo
            .iter()
            .find(|(s, e, _)| *s <= trigger && trigger < *e)
        {
            a.sack[0] = (s, e);
            n = 1;
        }
        // Remaining blocks, most recently changed first (ties: higher blocks first).
        let mut rest: [(u64, u64, u64); 4] = [(0, 0, 0); 4];
        let mut k = 0;
        for &(s, e, st) in &self.ooo {
            if n == 1 && a.sack[0] == (s, e) {
                continue;
            }
            // keep the `max` most recent in `rest` (small insertion sort, no allocation)
            let item = (s, e, st);
            let mut pos = k.min(max);
            while pos > 0 && rest[pos - 1].2 < item.2 {
                if pos < max {
                    rest[pos] = rest[pos - 1];
                }
                pos -= 1;
            }
            if pos < max {
                rest[pos] = item;
                k = (k + 1).min(max);
            }
        }
        for &(s, e, _) in rest.iter().take(k) {
            if n == max {
                break;
            }
            a.sack[n] = (s, e);
            n += 1;
        }
        a.sack_n = n as u8;
    }
}

/// Insert [s, e) into sorted disjoint ranges, merging overlaps; the merged range gets `stamp`.
fn insert_range(v: &mut Vec<(u64, u64, u64)>, s: u64, e: u64, stamp: u64) {
    let i = v.partition_point(|&(_, ve, _)| ve < s);
    let mut j = i;
    let (mut ns, mut ne) = (s, e);
    while j < v.len() && v[j].0 <= ne {
        ns = ns.min(v[j].0);
        ne = ne.max(v[j].1);
        j += 1;
    }
    v.splice(i..j, std::iter::once((ns, ne, stamp)));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seg(seq: u64, len: u32, ts_ms: u64) -> Packet {
        let mut p = Packet::new(PacketKind::Data, 0, 1, len + 40);
        p.seq = seq;
        p.len = len;
        p.ts_val = SimTime(ts_ms * 1_000_000);
        p
    }

    fn rx(delack_ms: f64) -> Receiver {
        let cfg = TcpConfig {
            delayed_ack_ms: delack_ms,
            ..TcpConfig::default()
        };
        Receiver::new(&cfg, 0, 1, Some(10_000), Notify::Off)
    }

    #[test]
    fn delayed_ack_every_second_segment() {
        let mut r = rx(200.0);
        let mut out = Vec::new();
        r.on_packet(SimTime(1), &seg(0, 1000, 1), &mut out);
        assert!(out.is_empty() && r.timer.is_armed());
        r.on_packet(SimTime(2), &seg(1000, 1000, 2), &mut out);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].ack, 2000);
        // Echo the older segment's timestamp (RFC 7323): TSval of the first segment, 1 ms.
        assert_eq!(out[0].ts_ecr, SimTime(1_000_000));
    }

    #[test]
    fn out_of_order_gets_immediate_dup_ack_and_hole_fill_acks_all() {
        let mut r = rx(200.0);
        let mut out = Vec::new();
        r.on_packet(SimTime(1), &seg(1000, 1000, 1), &mut out);
        r.on_packet(SimTime(2), &seg(3000, 1000, 2), &mut out);
        assert_eq!(out.iter().map(|a| a.ack).collect::<Vec<_>>(), vec![0, 0]);
        r.on_packet(SimTime(3), &seg(0, 1000, 3), &mut out);
        assert_eq!(out.last().unwrap().ack, 2000);
        r.on_packet(SimTime(4), &seg(2000, 1000, 4), &mut out);
        assert_eq!(out.last().unwrap().ack, 4000);
        assert_eq!(r.delivered(), 4000);
    }

    #[test]
    fn range_merging() {
        let mut v = vec![(10, 20, 1), (30, 40, 2)];
        insert_range(&mut v, 20, 30, 3);
        assert_eq!(v, vec![(10, 40, 3)]);
        insert_range(&mut v, 50, 60, 4);
        insert_range(&mut v, 0, 5, 5);
        assert_eq!(v, vec![(0, 5, 5), (10, 40, 3), (50, 60, 4)]);
    }

    #[test]
    fn sack_blocks_trigger_first_then_most_recent() {
        // Timestamps on → at most 3 blocks. Holes at 0, 2000, 4000, 6000.
        let cfg = TcpConfig {
            delayed_ack_ms: 0.0,
            sack: true,
            ..TcpConfig::default()
        };
        let mut r = Receiver::new(&cfg, 0, 1, None, Notify::Off);
        let mut out = Vec::new();
        for (i, seq) in [1000u64, 3000, 5000, 7000].iter().enumerate() {
            r.on_packet(SimTime(i as u64 + 1), &seg(*seq, 1000, 1), &mut out);
        }
        let last = out.last().unwrap();
        assert_eq!(last.ack, 0);
        assert_eq!(
            &last.sack[..last.sack_n as usize],
            &[(7000, 8000), (5000, 6000), (3000, 4000)]
        );
        // ACK size: 40 + pad4(10 timestamps + 2 + 8·3) = 40 + 36 = 76 bytes.
        assert_eq!(last.size_bytes, 76);
        // A segment extending the oldest block puts that block first.
        r.on_packet(SimTime(9), &seg(2000, 1000, 1), &mut out);
        let last = out.last().unwrap();
        assert_eq!(
            &last.sack[..last.sack_n as usize],
            &[(1000, 4000), (7000, 8000), (5000, 6000)]
        );
    }

    #[test]
    fn checksum_notice_rides_on_the_next_ack() {
        let cfg = TcpConfig {
            delayed_ack_ms: 0.0,
            timestamps: false,
            ..TcpConfig::default()
        };
        let mut r = Receiver::new(&cfg, 0, 1, None, Notify::Option);
        let mut out = Vec::new();
        r.on_packet(SimTime(1), &seg(0, 1000, 1), &mut out);
        r.on_corrupted(&seg(1000, 1000, 2));
        r.on_packet(SimTime(3), &seg(2000, 1000, 3), &mut out);
        assert_eq!(out[0].corruption_notice, None);
        assert_eq!((out[1].ack, out[1].corruption_notice), (1000, Some(1000)));
        // 40 + pad4(8) = 48 bytes with the notice option; 40 without.
        assert_eq!((out[0].size_bytes, out[1].size_bytes), (40, 48));
    }
}
