//! An arriving ACK as the sender sees it, handed to variants and classifiers before the ACK-type
//! logic runs (docs/design.md §1.6; RFC 7323 timestamps).

use crate::time::SimTime;

/// Everything an arriving ACK tells the sender, handed to variants and classifiers before the
/// ACK-type logic runs (docs/design.md §1.6 processing order: RTT sample, estimators, ACK type, transmit).
#[derive(Clone, Copy, Debug)]
pub struct AckEvent {
    /// Arrival time at the sender.
    pub now: SimTime,
    /// Cumulative acknowledgement carried.
    pub ack: u64,
    /// Bytes newly acknowledged (0 for a duplicate).
    pub acked_bytes: u64,
    /// True for a duplicate ACK.
    pub duplicate: bool,
    /// True while the sender is in fast recovery (before this ACK is processed).
    pub in_recovery: bool,
    /// RTT sample taken from this ACK, seconds.
    pub rtt_s: Option<f64>,
    /// Receiver's TSval: when the receiver sent this ACK (RFC 7323); the data-arrival clock of
    /// New Jersey's estimator (docs/design.md §3.1).
    pub receiver_ts: SimTime,
    /// Sender's timestamp echoed by the receiver (RFC 7323 TSecr).
    pub echo_ts: SimTime,
    /// Arrival time at the receiver of the data segment that triggered the ACK (receiver-side
    /// knowledge, for receiver-based classifiers such as Biaz or ZigZag).
    pub data_arrival: SimTime,
    /// Sequence number of the data segment that triggered the ACK.
    pub trigger_seq: u64,
    /// Send time of the data segment that triggered the ACK.
    pub trigger_sent: SimTime,
    /// Congestion-warning echo (docs/design.md §3.3).
    pub cw_echo: bool,
    /// SMSS, bytes.
    pub mss: f64,
    /// Window before this ACK, bytes.
    pub cwnd: f64,
    /// What the sender's own accounting says this ACK delivered; `None` where no sender computed
    /// it (tests of a variant alone).
    pub delivery: Option<Delivery>,
}

/// Delivery as the sender counts it (RFC 6937 DeliveredData; Linux `tp->delivered`): with SACK
/// from its scoreboard, without it from the duplicate ACKs (one segment each, Linux's Reno SACK
/// emulation), so a cumulative ACK after a recovery counts only what was not counted before.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Delivery {
    /// Bytes newly delivered: the change in SND.UNA plus the change in the bytes SACKed (or
    /// counted by duplicate ACKs) above it.
    pub delivered: f64,
    /// Bytes SACKed (or counted by duplicate ACKs) above the cumulative ACK after this ACK.
    pub sacked_out: f64,
}
