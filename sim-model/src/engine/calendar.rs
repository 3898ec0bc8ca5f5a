//! The discrete-event calendar (the simulation's future-event list, not a queue discipline of a
//! link — those are in `crate::queue`): a binary min-heap ordered by (time, insertion number), so
//! events scheduled for the same instant pop in the order they were scheduled (FIFO tie-break).
//!
//! Most events are packet arrivals, and the arrivals one link direction schedules come in time
//! order (`arrival = depart + delay`, departures never decrease). So each direction has a *lane*:
//! its earliest pending arrival sits in the heap, the later ones wait in a FIFO behind it. The heap
//! then holds a few lane heads and timers instead of every packet in flight, and an arrival costs
//! a FIFO push and one short sift of the heap. An arrival earlier than its lane's last one goes
//! into the heap as an ordinary event, so the pop order is exactly that of a single heap.

use super::event::Event;
use crate::time::SimTime;
use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

/// (time, insertion number) packed into one integer, time in the high half: comparing keys
/// compares times first, then insertion numbers, in one instruction pair.
fn key(at: SimTime, seq: u64) -> u128 {
    (u128::from(at.0) << 64) | u128::from(seq)
}

fn time_of(key: u128) -> SimTime {
    SimTime((key >> 64) as u64)
}

#[derive(Clone, Copy, Debug)]
enum Item {
    /// Any event.
    Event(Event),
    /// `Event::Arrive { pkt }`, the head of lane `lane`: the lane's next arrival replaces it.
    Head { lane: u32, pkt: u32 },
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    key: u128,
    item: Item,
}

impl PartialEq for Entry {
    fn eq(&self, o: &Self) -> bool {
        self.key == o.key
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
        o.key.cmp(&self.key)
    }
}

/// The arrivals of one link direction.
#[derive(Debug, Default)]
struct Lane {
    /// Key of the lane's last arrival; `None` when the lane has no head in the heap.
    last: Option<u128>,
    /// Arrivals behind the head, in key order: (key, packet).
    rest: VecDeque<(u128, u32)>,
}

/// The pending events of one run, earliest first.
#[derive(Debug, Default)]
pub struct Calendar {
    heap: BinaryHeap<Entry>,
    lanes: Vec<Lane>,
    next_seq: u64,
    len: usize,
}

impl Calendar {
    /// An empty calendar with room for `cap` events.
    pub fn with_capacity(cap: usize) -> Self {
        Calendar {
            heap: BinaryHeap::with_capacity(cap),
            ..Default::default()
        }
    }
    fn next_key(&mut self, at: SimTime) -> u128 {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.len += 1;
        key(at, seq)
    }
    /// Schedule `event` at `at`.
    pub fn schedule(&mut self, at: SimTime, event: Event) {
        let key = self.next_key(at);
        self.heap.push(Entry {
            key,
            item: Item::Event(event),
        });
    }
    /// Schedule `Event::Arrive { pkt }` at `at` on lane `lane` (one per link direction). Same
    /// order as [`schedule`](Self::schedule); cheaper when `at` is not earlier than the lane's
    /// last arrival.
    pub fn schedule_arrival(&mut self, lane: u32, at: SimTime, pkt: u32) {
        let key = self.next_key(at);
        let i = lane as usize;
        if i >= self.lanes.len() {
            self.lanes.resize_with(i + 1, Lane::default);
        }
        let l = &mut self.lanes[i];
        match l.last {
            Some(last) if key > last => {
                l.rest.push_back((key, pkt));
                l.last = Some(key);
            }
            Some(_) => self.heap.push(Entry {
                key,
                item: Item::Event(Event::Arrive { pkt }),
            }),
            None => {
                l.last = Some(key);
                self.heap.push(Entry {
                    key,
                    item: Item::Head { lane, pkt },
                });
            }
        }
    }
    /// Remove and return the earliest event (FIFO among equal times).
    pub fn pop(&mut self) -> Option<(SimTime, Event)> {
        let top = *self.heap.peek()?;
        self.len -= 1;
        let event = match top.item {
            Item::Event(event) => {
                self.heap.pop();
                event
            }
            Item::Head { lane, pkt } => {
                let l = &mut self.lanes[lane as usize];
                match l.rest.pop_front() {
                    // The lane's next arrival replaces its head (sifted down when `next` drops).
                    Some((key, pkt)) => {
                        let mut next = self.heap.peek_mut().expect("peeked");
                        *next = Entry {
                            key,
                            item: Item::Head { lane, pkt },
                        };
                    }
                    None => {
                        l.last = None;
                        self.heap.pop();
                    }
                }
                Event::Arrive { pkt }
            }
        };
        Some((time_of(top.key), event))
    }
    /// Time of the earliest pending event.
    pub fn peek_time(&self) -> Option<SimTime> {
        self.heap.peek().map(|e| time_of(e.key))
    }
    /// Number of pending events.
    pub fn len(&self) -> usize {
        self.len
    }
    /// True when nothing is pending.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_times_pop_in_insertion_order() {
        let mut q = Calendar::default();
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
    fn lanes_pop_in_the_same_order_as_one_heap() {
        // Interleave pops with lane and heap schedules, including ties and arrivals earlier than
        // their lane's tail; a plain calendar given the same calls must pop the same sequence.
        let (mut laned, mut plain) = (Calendar::default(), Calendar::default());
        let mut x: u64 = 12345;
        let mut now = 0;
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let mut scheduled = 0;
        for step in 0..5000u32 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = (x >> 33) as u32;
            let at = SimTime(now + u64::from(r % 50) / 10 * 10);
            let ev = Event::Arrive { pkt: step };
            match r % 7 {
                0..=3 => laned.schedule_arrival(r % 3, at, step),
                4 => laned.schedule(at, ev),
                _ => {
                    a.extend(laned.pop());
                    b.extend(plain.pop());
                    now = a.last().map_or(now, |e: &(SimTime, Event)| e.0 .0);
                    continue;
                }
            }
            plain.schedule(at, ev);
            scheduled += 1;
            assert_eq!(laned.len(), plain.len());
        }
        a.extend(std::iter::from_fn(|| laned.pop()));
        b.extend(std::iter::from_fn(|| plain.pop()));
        assert_eq!(a.len(), scheduled);
        assert_eq!(a, b);
        assert!(laned.is_empty());
    }

    #[test]
    fn events_are_small() {
        // docs/design.md §D10: small Copy events (≤ 32 bytes with the time and tie-break number).
        assert!(
            std::mem::size_of::<Entry>() <= 32,
            "{}",
            std::mem::size_of::<Entry>()
        );
    }
}
