//! One TCP connection of a run: its sender and receiver, ids, the sending host's random overhead
//! and the per-flow loss counts the engine charges (docs/design.md §D6 summary columns).
//!
//! The engine builds and drives flows; metrics and the summary read them. A flow is what the JSON
//! scenario (`flows[]`), the summary rows and the series (`<flow id>.cwnd_bytes`, …) call a flow.

use super::{Receiver, SendOverhead, Sender};
use crate::time::SimTime;

/// One TCP connection.
#[derive(Debug)]
pub struct Flow {
    /// Flow id.
    pub id: String,
    /// Start time.
    pub start: SimTime,
    /// Bytes to transfer (None = bulk).
    pub bytes: Option<u64>,
    /// Sender side.
    pub sender: Sender,
    /// Receiver side.
    pub receiver: Receiver,
    /// Data packets lost to queues.
    pub losses_queue: u64,
    /// Data packets lost to transmission errors.
    pub losses_corruption: u64,
    /// Other packets of the flow lost (ACKs, SYNs).
    pub losses_other: u64,
    /// The sending host's random overhead (`tcp.send_overhead_ms` > 0).
    pub overhead: Option<SendOverhead>,
}
