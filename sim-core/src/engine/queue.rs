//! The event queue: a binary min-heap ordered by (time, insertion number), so events scheduled for
//! the same instant pop in the order they were scheduled (FIFO tie-break).

use super::event::Event;
use crate::time::SimTime;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

#[derive(Clone, Copy, Debug)]
struct Entry {
    at: SimTime,
    seq: u64,
    event: Event,
}

impl PartialEq for Entry {
    fn eq(&self, o: &Self) -> bool {
        self.at == o.at && self.seq == o.seq
    }
}
impl Eq for Entry {}
impl PartialOrd for Entry {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Entry {
    // Reversed so that BinaryHeap (a max-heap) pops the earliest (time, seq) first.
    fn cmp(&self, o: &Self) -> Ordering {
        o.at.cmp(&self.at).then_with(|| o.seq.cmp(&self.seq))
    }
}

/// Pending events of one run.
#[derive(Debug, Default)]
pub struct EventQueue {
    heap: BinaryHeap<Entry>,
    next_seq: u64,
}

impl EventQueue {
    /// An empty queue with room for `cap` events.
    pub fn with_capacity(cap: usize) -> Self {
        EventQueue { heap: BinaryHeap::with_capacity(cap), next_seq: 0 }
    }
    /// Schedule `event` at `at`.
    pub fn schedule(&mut self, at: SimTime, event: Event) {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.heap.push(Entry { at, seq, event });
    }
    /// Remove and return the earliest event (FIFO among equal times).
    pub fn pop(&mut self) -> Option<(SimTime, Event)> {
        self.heap.pop().map(|e| (e.at, e.event))
    }
    /// Time of the earliest pending event.
    pub fn peek_time(&self) -> Option<SimTime> {
        self.heap.peek().map(|e| e.at)
    }
    /// Number of pending events.
    pub fn len(&self) -> usize {
        self.heap.len()
    }
    /// True when nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_times_pop_in_insertion_order() {
        let mut q = EventQueue::default();
        q.schedule(SimTime(50), Event::Sample);
        for i in 0..5 {
            q.schedule(SimTime(10), Event::FlowStart { flow: i });
        }
        q.schedule(SimTime(5), Event::Sample);
        assert_eq!(q.pop().unwrap().0, SimTime(5));
        for i in 0..5 {
            match q.pop().unwrap() {
                (SimTime(10), Event::FlowStart { flow }) => assert_eq!(flow, i),
                other => panic!("unexpected {other:?}"),
            }
        }
        assert_eq!(q.pop().unwrap().0, SimTime(50));
        assert!(q.pop().is_none());
    }

    #[test]
    fn events_are_small() {
        // DESIGN §10: small Copy events (≤ 32 bytes with the time and tie-break number).
        assert!(std::mem::size_of::<Entry>() <= 32, "{}", std::mem::size_of::<Entry>());
    }
}
