//! The TCP receiver: cumulative ACKs, out-of-order buffering, delayed ACKs, timestamp echo.
//!
//! ACK policy (RFC 5681 §4.2, RFC 1122 §4.2.3.2, SPEC §1.11):
//! - out-of-order segment → immediate (duplicate) ACK;
//! - segment filling all or part of a hole → immediate ACK;
//! - in-order segment: immediate ACK when delayed ACKs are off; otherwise every second full
//!   segment, or when the delayed-ACK timer expires.
//! TS.Recent (RFC 7323 §4.3) is taken from a segment whose TSval ≥ TS.Recent and which starts at
//! or before the last ACK sent, so a delayed ACK echoes the older of the two segments.
//! Corrupted segments fail the checksum and are discarded before they reach this state machine.

use super::config::TcpConfig;
use super::timer::Timer;
use crate::packet::{Packet, PacketKind};
use crate::time::{SimDuration, SimTime};

/// One TCP receiver.
#[derive(Debug)]
pub struct Receiver {
    flow: u32,
    route: u32,
    ack_bytes: u32,
    delack: SimDuration,
    rcv_nxt: u64,
    /// Out-of-order ranges [start, end), sorted and disjoint.
    ooo: Vec<(u64, u64)>,
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
    /// Segments discarded because their checksum failed.
    pub discarded: u64,
}

impl Receiver {
    /// A receiver for flow `flow`, sending ACKs on `route`.
    pub fn new(cfg: &TcpConfig, flow: u32, route: u32, total: Option<u64>) -> Self {
        Receiver {
            flow,
            route,
            ack_bytes: cfg.ack_packet_bytes(),
            delack: SimDuration::from_millis_f64(cfg.delayed_ack_ms),
            rcv_nxt: 0,
            ooo: Vec::new(),
            unacked_segments: 0,
            ts_recent: SimTime::ZERO,
            last_ack_sent: 0,
            last_arrival: SimTime::ZERO,
            last_trigger: (0, SimTime::ZERO),
            cw_pending: false,
            timer: Timer::default(),
            total,
            completed_at: None,
            discarded: 0,
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
                let mut a = Packet::new(PacketKind::SynAck, self.flow, self.route, self.ack_bytes);
                a.ts_val = now;
                a.ts_ecr = p.ts_val;
                out.push(a);
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
            insert_range(&mut self.ooo, start, end);
            return self.send_ack(now, out);
        }
        if end <= self.rcv_nxt {
            return self.send_ack(now, out); // old duplicate
        }
        let filled_hole = !self.ooo.is_empty();
        self.rcv_nxt = end;
        while let Some(&(s, e)) = self.ooo.first() {
            if s > self.rcv_nxt {
                break;
            }
            self.rcv_nxt = self.rcv_nxt.max(e);
            self.ooo.remove(0);
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

    fn send_ack(&mut self, now: SimTime, out: &mut Vec<Packet>) {
        let mut a = Packet::new(PacketKind::Ack, self.flow, self.route, self.ack_bytes);
        a.ack = self.rcv_nxt;
        a.ts_val = now;
        a.ts_ecr = self.ts_recent;
        a.data_arrival = self.last_arrival;
        (a.trigger_seq, a.trigger_sent) = self.last_trigger;
        // Per-packet echo (SPEC §3.3): with delayed ACKs, echo if any covered segment was marked.
        a.cw_echo = std::mem::take(&mut self.cw_pending);
        out.push(a);
        self.unacked_segments = 0;
        self.last_ack_sent = self.rcv_nxt;
        self.timer.disarm();
    }
}

/// Insert [s, e) into sorted disjoint ranges, merging overlaps.
fn insert_range(v: &mut Vec<(u64, u64)>, s: u64, e: u64) {
    let i = v.partition_point(|&(_, ve)| ve < s);
    let mut j = i;
    let (mut ns, mut ne) = (s, e);
    while j < v.len() && v[j].0 <= ne {
        ns = ns.min(v[j].0);
        ne = ne.max(v[j].1);
        j += 1;
    }
    v.splice(i..j, std::iter::once((ns, ne)));
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
        let cfg = TcpConfig { delayed_ack_ms: delack_ms, ..TcpConfig::default() };
        Receiver::new(&cfg, 0, 1, Some(10_000))
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
        let mut v = vec![(10, 20), (30, 40)];
        insert_range(&mut v, 20, 30);
        assert_eq!(v, vec![(10, 40)]);
        insert_range(&mut v, 50, 60);
        insert_range(&mut v, 0, 5);
        assert_eq!(v, vec![(0, 5), (10, 40), (50, 60)]);
    }
}
