//! Queue disciplines: whether a packet arriving at a link direction may wait for transmission.
//!
//! - [`DropTail`] (`drop_tail`): FIFO with a limit in packets; the packet in service counts against
//!   the limit only if `counts_in_service` (SPEC §8.5: Gurtov and ns-2 exclude it; Dummynet may not).
//!
//! The link derives the occupancy from the departure times still pending (DESIGN §10), so a
//! discipline sees a [`QueueView`] and answers with [`Admit`].

mod drop_tail;

pub use drop_tail::DropTail;

use crate::packet::Cause;
use crate::scenario::QueueSpec;
use crate::time::SimTime;

/// Occupancy of a link direction at a packet's arrival.
#[derive(Clone, Copy, Debug)]
pub struct QueueView {
    /// Packets waiting, excluding the one being serialized.
    pub waiting: u32,
    /// Packets in the system: waiting plus the one in service (if any).
    pub in_system: u32,
}

/// A discipline's decision about an arriving packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admit {
    /// Enqueue it.
    Accept,
    /// Drop it, for this cause.
    Drop(Cause),
}

/// A queue discipline owning its own state.
pub trait QueueDiscipline: std::fmt::Debug {
    /// Decide about a packet arriving at `now`.
    fn admit(&mut self, now: SimTime, q: QueueView) -> Admit;
    /// The configured capacity in packets (for plots).
    fn limit_pkts(&self) -> u32;
}

/// Build the discipline of `spec`.
pub fn build(spec: &QueueSpec) -> Box<dyn QueueDiscipline> {
    match *spec {
        QueueSpec::DropTail { limit_pkts, counts_in_service } => {
            Box::new(DropTail { limit_pkts, counts_in_service })
        }
    }
}
