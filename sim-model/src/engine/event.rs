//! The closed set of events a run schedules. Small and `Copy`: packets live in the packet pool and
//! events refer to them by index.

/// What happens at an instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// Packet `pkt` (pool index) reaches the far end of the hop it is on.
    Arrive {
        /// Index into the packet pool.
        pkt: u32,
    },
    /// A per-flow timer; stale unless `generation` equals the flow's current one (lazy cancel).
    Timer {
        /// Flow index.
        flow: u32,
        /// Which timer.
        kind: TimerKind,
        /// Generation stamp at arming time.
        generation: u32,
    },
    /// Packet `pkt` (pool index), held back by its sending host's random overhead, leaves it.
    Release {
        /// Index into the packet pool.
        pkt: u32,
    },
    /// A flow opens its connection.
    FlowStart {
        /// Flow index.
        flow: u32,
    },
    /// A cross-traffic source emits its next datagram.
    CrossSend {
        /// Cross-traffic source index.
        src: u32,
    },
    /// Periodic metrics sample.
    Sample,
    /// A flow stops sending new data (its `stop_s`).
    FlowStop {
        /// Flow index.
        flow: u32,
    },
    /// A boundary of `observe.window`: every flow's delivered bytes are noted.
    WindowMark {
        /// 0 = the window's start, 1 = its end.
        edge: u8,
    },
}

/// The timers a TCP connection owns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimerKind {
    /// Sender retransmission timer (RFC 6298).
    Rto,
    /// Receiver delayed-ACK timer (RFC 1122 §4.2.3.2).
    DelayedAck,
    /// Sender pacing timer: the next paced segment may leave.
    Pace,
}
