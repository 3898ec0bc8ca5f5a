//! Random sending overhead of a host (ns-2 `Agent/TCP overhead_`; Floyd & Jacobson, "On traffic
//! phase effects in packet-switched gateways", 1992).
//!
//! A deterministic simulator sends a packet the instant its ACK arrives. Two identical flows on
//! a drop-tail queue then keep a fixed phase against the queue's departures: the packet that
//! finds the buffer full is, again and again, the same flow's, and one flow starves (two New
//! Jersey flows at 0 % loss got 1421 and 449 kbit/s). Real hosts and ns-2 with `overhead_` set
//! break the phase with a small random delay before each transmission:
//!
//! ```text
//! release = max(now + U·overhead, previous release of this flow),   U ~ uniform[0, 1)
//! ```
//! The max keeps the flow's packets in order (ns-2 sends one packet per overhead timer, so its
//! packets never overtake each other either). One seeded stream per flow
//! (`flow:<id>:send_overhead`), so turning the option on for one flow leaves every other random
//! draw of the run unchanged.

use crate::rng::SimRng;
use crate::time::{SimDuration, SimTime};

/// The held-back departures of one sending host.
#[derive(Clone, Debug)]
pub struct SendOverhead {
    max: SimDuration,
    rng: SimRng,
    last_release: SimTime,
}

impl SendOverhead {
    /// `overhead_ms` > 0 for flow `flow_id` of a run seeded with `seed`; None when off.
    pub fn new(overhead_ms: f64, seed: u64, flow_id: &str) -> Option<Self> {
        (overhead_ms > 0.0).then(|| SendOverhead {
            max: SimDuration::from_millis_f64(overhead_ms),
            rng: SimRng::stream(seed, &format!("flow:{flow_id}:send_overhead")),
            last_release: SimTime::ZERO,
        })
    }

    /// When a packet handed to the host at `now` leaves it.
    pub fn release(&mut self, now: SimTime) -> SimTime {
        let extra = SimDuration::from_secs_f64(self.rng.uniform() * self.max.as_secs_f64());
        let at = (now + extra).max(self.last_release);
        self.last_release = at;
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_stay_within_the_overhead_keep_order_and_repeat_per_seed() {
        let mut a = SendOverhead::new(5.0, 7, "f").unwrap();
        let mut b = SendOverhead::new(5.0, 7, "f").unwrap();
        let mut prev = SimTime::ZERO;
        let mut spread = (f64::INFINITY, 0.0f64);
        for k in 0..1000u64 {
            // Packets handed over every 1 ms: the delay is at most 5 ms and order is kept.
            let now = SimTime::from_millis_f64(k as f64);
            let at = a.release(now);
            assert_eq!(at, b.release(now), "same seed, same draws");
            assert!(at >= now && at >= prev, "in order and never early");
            let d = (at - now).as_secs_f64() * 1e3;
            assert!(d < 5.0 + 1e-9 || at == prev, "delay {d} ms");
            spread = (spread.0.min(d), spread.1.max(d));
            prev = at;
        }
        // Really random: the delays cover most of [0, 5) ms.
        assert!(spread.0 < 0.5 && spread.1 > 4.5, "{spread:?}");
        assert!(SendOverhead::new(0.0, 7, "f").is_none());
        // Another flow's stream differs.
        let mut c = SendOverhead::new(5.0, 7, "g").unwrap();
        let mut a2 = SendOverhead::new(5.0, 7, "f").unwrap();
        assert_ne!(c.release(SimTime::ZERO), a2.release(SimTime::ZERO));
    }
}
