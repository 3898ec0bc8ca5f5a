//! A restartable timer with lazy cancellation that keeps at most a few events in the queue.
//!
//! Re-arming to a later deadline (every ACK restarts the RTO) schedules nothing: when the pending
//! event fires early it re-schedules itself for the current deadline. Only an earlier deadline
//! schedules a new event, and the older one becomes stale (its generation no longer matches).

use crate::time::SimTime;

/// One timer of a connection.
#[derive(Clone, Debug, Default)]
pub struct Timer {
    deadline: Option<SimTime>,
    pending: Option<SimTime>,
    generation: u32,
    request: Option<(SimTime, u32)>,
}

impl Timer {
    /// Expire at `at` (replacing any earlier setting).
    pub fn arm(&mut self, at: SimTime) {
        self.deadline = Some(at);
        if self.pending.is_none_or(|p| p > at) {
            self.generation = self.generation.wrapping_add(1);
            self.pending = Some(at);
            self.request = Some((at, self.generation));
        }
    }
    /// Cancel.
    pub fn disarm(&mut self) {
        self.deadline = None;
    }
    /// True if a deadline is set.
    pub fn is_armed(&self) -> bool {
        self.deadline.is_some()
    }
    /// The current deadline.
    pub fn deadline(&self) -> Option<SimTime> {
        self.deadline
    }
    /// The event of `generation` fired at `now`; true if the timer really expired.
    pub fn fire(&mut self, generation: u32, now: SimTime) -> bool {
        if generation != self.generation || self.pending.is_none() {
            return false;
        }
        self.pending = None;
        match self.deadline {
            Some(d) if d <= now => {
                self.deadline = None;
                true
            }
            Some(d) => {
                self.arm(d);
                false
            }
            None => false,
        }
    }
    /// An event the engine must schedule: (time, generation).
    pub fn take_request(&mut self) -> Option<(SimTime, u32)> {
        self.request.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn later_rearm_reuses_the_pending_event() {
        let mut t = Timer::default();
        t.arm(SimTime(10));
        let (at, g) = t.take_request().unwrap();
        assert_eq!(at, SimTime(10));
        t.arm(SimTime(30)); // later: no new event
        assert!(t.take_request().is_none());
        assert!(!t.fire(g, SimTime(10))); // fires early, re-schedules for 30
        let (at2, g2) = t.take_request().unwrap();
        assert_eq!(at2, SimTime(30));
        assert!(t.fire(g2, SimTime(30)));
        assert!(!t.is_armed());
    }

    #[test]
    fn earlier_rearm_and_disarm() {
        let mut t = Timer::default();
        t.arm(SimTime(50));
        let (_, g1) = t.take_request().unwrap();
        t.arm(SimTime(20));
        let (_, g2) = t.take_request().unwrap();
        assert!(t.fire(g2, SimTime(20)));
        assert!(!t.fire(g1, SimTime(50))); // stale
        t.arm(SimTime(60));
        let (_, g3) = t.take_request().unwrap();
        t.disarm();
        assert!(!t.fire(g3, SimTime(60)));
    }
}
