//! Packets and the ground truth of their fate.
//!
//! A [`Packet`] lives in the [`PacketPool`] while it is in the network; events carry its index.
//! Sizes: `size_bytes` is the IP datagram (payload + 40 B of IP/TCP header + options); a link adds
//! its own `framing_bytes` when it serializes the packet.

use crate::time::SimTime;
use serde::Serialize;
use ts_rs::TS;

/// What a packet carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PacketKind {
    /// Connection request (header only).
    Syn,
    /// Connection reply (header only).
    SynAck,
    /// A TCP data segment.
    Data,
    /// A pure TCP acknowledgement.
    Ack,
    /// A cross-traffic UDP datagram.
    Udp,
}

/// Where the first bit error hit a corrupted packet (docs/design.md §D3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// Intact.
    None,
    /// An error fell in the sensitive header bytes (IP header + ports): the flow cannot be identified.
    Header,
    /// Errors only outside the sensitive header: the TCP checksum fails but the flow is known.
    Payload,
    /// A packet-level error model destroyed the packet: it is lost at the end of the link.
    Lost,
}

/// True cause of a lost or discarded packet. Never read by a sender; metrics pair it with verdicts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// Tail drop: the queue was full.
    QueueOverflow,
    /// Active queue management drop (RED, dual threshold).
    AqmDrop,
    /// Bit errors in the sensitive header: discarded, unattributable.
    HeaderCorruption,
    /// Bit errors outside the sensitive header: checksum failure of an identifiable flow.
    PayloadCorruption,
    /// Packet-level wireless loss (packet_error, gilbert_elliott, drop_list, burst).
    WirelessLoss,
}

impl Cause {
    /// Congestion (queue) losses versus wireless (error) losses, as the classifiers see the world.
    pub fn is_congestion(self) -> bool {
        matches!(self, Cause::QueueOverflow | Cause::AqmDrop)
    }
    /// Losses due to transmission errors.
    pub fn is_corruption(self) -> bool {
        !self.is_congestion()
    }
}

/// One packet in flight.
#[derive(Clone, Copy, Debug)]
pub struct Packet {
    /// Kind of packet.
    pub kind: PacketKind,
    /// Flow index (or cross-traffic source index for UDP).
    pub flow: u32,
    /// Route index in the world's route table.
    pub route: u32,
    /// Position on the route: index of the hop the packet is on.
    pub hop: u16,
    /// IP datagram size in bytes.
    pub size_bytes: u32,
    /// First payload byte (data) — byte sequence space starting at 0, no wrap.
    pub seq: u64,
    /// Payload length in bytes.
    pub len: u32,
    /// Cumulative acknowledgement (ACK, SYN-ACK).
    pub ack: u64,
    /// Timestamp value (RFC 7323 TSval): the sender's clock when sent.
    pub ts_val: SimTime,
    /// Timestamp echo (RFC 7323 TSecr).
    pub ts_ecr: SimTime,
    /// Arrival time at the receiver of the data segment that triggered this ACK (side channel
    /// the receiver knows; used by receiver-side classifiers).
    pub data_arrival: SimTime,
    /// Sequence number of the data segment that triggered this ACK.
    pub trigger_seq: u64,
    /// Sender TSval of the data segment that triggered this ACK (its send time).
    pub trigger_sent: SimTime,
    /// True for a retransmitted data segment.
    pub retransmission: bool,
    /// Corruption state so far.
    pub hit: Hit,
    /// Congestion-warning mark set by a router queue (docs/design.md §3.3; data packets only).
    pub cw_mark: bool,
    /// Congestion-warning echo on an ACK: the segment(s) it acknowledges were marked.
    pub cw_echo: bool,
    /// SACK blocks [start, end) carried by an ACK (RFC 2018); only the first `sack_n` are used.
    pub sack: [(u64, u64); 4],
    /// Number of SACK blocks.
    pub sack_n: u8,
    /// Corruption notification (Garcia & Brunstrom LD): the receiver saw the segment starting
    /// at this sequence number fail its checksum.
    pub corruption_notice: Option<u64>,
}

impl Packet {
    /// Append a header-only packet of `kind` to a host's out-buffer and return it, to be filled
    /// in place (a packet built on the stack and pushed costs one more 160-byte copy).
    pub fn push_new(
        out: &mut Vec<Packet>,
        kind: PacketKind,
        flow: u32,
        route: u32,
        size_bytes: u32,
    ) -> &mut Packet {
        out.push(Packet::new(kind, flow, route, size_bytes));
        out.last_mut().expect("just pushed")
    }

    /// A header-only packet of `kind` with everything else zero.
    pub fn new(kind: PacketKind, flow: u32, route: u32, size_bytes: u32) -> Self {
        Packet {
            kind,
            flow,
            route,
            hop: 0,
            size_bytes,
            seq: 0,
            len: 0,
            ack: 0,
            ts_val: SimTime::ZERO,
            ts_ecr: SimTime::ZERO,
            data_arrival: SimTime::ZERO,
            trigger_seq: 0,
            trigger_sent: SimTime::ZERO,
            retransmission: false,
            hit: Hit::None,
            cw_mark: false,
            cw_echo: false,
            sack: [(0, 0); 4],
            sack_n: 0,
            corruption_notice: None,
        }
    }
}

/// Every packet that entered the network is delivered, dropped, or still in flight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Ledger {
    /// Packets handed to the network by a host.
    pub injected: u64,
    /// Packets that reached their destination intact.
    pub delivered: u64,
    /// Packets dropped by a queue or an error model, or discarded corrupted at the destination.
    pub dropped: u64,
    /// Packets still in the network.
    pub in_flight: u64,
}

/// Arena of packets in the network; indices are reused after a packet is delivered or dropped.
#[derive(Debug, Default)]
pub struct PacketPool {
    slots: Vec<Packet>,
    free: Vec<u32>,
    injected: u64,
    delivered: u64,
    dropped: u64,
}

impl PacketPool {
    /// Store a copy of `p` and return its index. The packet is copied once, from `p` straight into
    /// its slot (by value, the compiler copied it twice: into an argument, then into the slot).
    pub fn insert(&mut self, p: &Packet) -> u32 {
        self.injected += 1;
        let p = std::slice::from_ref(p);
        if let Some(i) = self.free.pop() {
            std::slice::from_mut(&mut self.slots[i as usize]).copy_from_slice(p);
            i
        } else {
            self.slots.extend_from_slice(p);
            (self.slots.len() - 1) as u32
        }
    }
    /// The packet at `i`.
    pub fn get(&self, i: u32) -> &Packet {
        &self.slots[i as usize]
    }
    /// The packet at `i`, mutably.
    pub fn get_mut(&mut self, i: u32) -> &mut Packet {
        &mut self.slots[i as usize]
    }
    fn remove(&mut self, i: u32) {
        debug_assert!(!self.free.contains(&i), "packet slot released twice");
        self.free.push(i);
    }
    /// Packet `i` reached its destination intact: release its slot (read it before, with
    /// [`PacketPool::get`]; nothing is copied out).
    pub fn deliver(&mut self, i: u32) {
        self.delivered += 1;
        self.remove(i)
    }
    /// Packet `i` was dropped or discarded: release its slot.
    pub fn discard(&mut self, i: u32) {
        self.dropped += 1;
        self.remove(i)
    }
    /// Conservation counters.
    pub fn ledger(&self) -> Ledger {
        Ledger {
            injected: self.injected,
            delivered: self.delivered,
            dropped: self.dropped,
            in_flight: self.live() as u64,
        }
    }
    /// Packets currently stored.
    pub fn live(&self) -> usize {
        self.slots.len() - self.free.len()
    }
}
