//! Drop-tail FIFO: accept while fewer than `limit_pkts` packets wait (docs/design.md §8.5).

use super::spec::common_params;
use super::spec::{Discipline, QueueKind};
use super::{Admit, QueueDiscipline, QueueView};
use crate::packet::Cause;
use crate::param::{Component, Info};
use crate::time::SimTime;

/// Catalog entry and knobs of `drop_tail` (only the ones every discipline has).
pub(crate) const KIND: QueueKind = Component {
    info: Info {
        id: "drop_tail",
        title: "Drop tail",
        description: "FIFO that drops arrivals while limit_pkts packets are queued.",
        reference: "Classic router FIFO (ns-2 DropTail)",
    },
    mode: None,
    params: common_params,
    read: |_, _, _| Discipline::DropTail,
};

/// Tail-drop queue with a limit in packets.
#[derive(Clone, Copy, Debug)]
pub struct DropTail {
    /// Capacity in packets.
    pub limit_pkts: u32,
    /// Whether the packet being serialized occupies one of the `limit_pkts` slots.
    pub counts_in_service: bool,
}

impl DropTail {
    /// True if a packet finding `in_system` packets (waiting + in service) overflows the queue.
    pub fn overflows(&self, in_system: u32) -> bool {
        let occupied = if self.counts_in_service {
            in_system
        } else {
            in_system.saturating_sub(1)
        };
        occupied >= self.limit_pkts
    }
}

impl QueueDiscipline for DropTail {
    fn admit(&mut self, _now: SimTime, q: QueueView) -> Admit {
        if self.overflows(q.in_system) {
            Admit::Drop(Cause::QueueOverflow)
        } else {
            Admit::ACCEPT
        }
    }
    fn limit_pkts(&self) -> u32 {
        self.limit_pkts
    }
    fn as_drop_tail(&self) -> Option<DropTail> {
        Some(*self)
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::view;
    use super::*;

    #[test]
    fn overflows_exactly_at_the_limit() {
        let mut q = DropTail {
            limit_pkts: 3,
            counts_in_service: false,
        };
        let v = |waiting| view(Some(waiting), 0);
        assert_eq!(q.admit(SimTime::ZERO, v(2)), Admit::ACCEPT);
        assert_eq!(
            q.admit(SimTime::ZERO, v(3)),
            Admit::Drop(Cause::QueueOverflow)
        );
        // Counting the packet in service, 2 waiting + 1 in service already fill 3 slots.
        q.counts_in_service = true;
        assert_eq!(
            q.admit(SimTime::ZERO, v(2)),
            Admit::Drop(Cause::QueueOverflow)
        );
        assert_eq!(q.admit(SimTime::ZERO, v(1)), Admit::ACCEPT);
    }
}
