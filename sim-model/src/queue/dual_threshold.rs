//! Dual threshold drop policy (Gurtov, "TCP performance in the presence of congestion and
//! corruption losses", §6; docs/design.md §10.2), proposed there against the start-up buffer overflow
//! (slow-start overshoot) and left unevaluated by the paper.
//!
//! Gurtov §6: "A practical implementation of such a policy could define a soft queue limit in the
//! router, for example ten packets. The hard limit can be two-three times larger than the soft
//! limit. When the current queue size reaches the soft limit, a single packet is dropped. […] If
//! the hard queue limit is reached, the router drops all arriving packets. Extending this algorithm
//! to work well for a few concurrent connections requires a counter or a timer-based mechanism to
//! determine when to drop another packet in case the load is not decreased."
//!
//! The simplest faithful version, with q = occupancy at arrival:
//!
//!   q ≥ limit_pkts (hard):          drop                                  (`QueueOverflow`)
//!   q < soft_pkts:                  accept; re-arm
//!   soft ≤ q < hard, armed:         drop this one packet; disarm          (`AqmDrop`)
//!   soft ≤ q < hard, disarmed:      accept; after `rearm_pkts` such accepted arrivals, re-arm
//!
//! The re-arm counter is Gurtov's "counter-based mechanism". Its default, 2·soft_pkts, is the
//! number of arrivals a slow-starting sender (≈ 2 arrivals per departure) makes while the ≤ soft
//! packets queued ahead of the dropped one drain, i.e. before its duplicate ACKs can even start —
//! a second drop earlier than that cannot be a response to a load that "is not decreased".
//! We do not implement the paper's other suggestions (dropping only packets of flows above their
//! fair share, favouring small packets): they need per-flow state Gurtov does not specify.

use super::spec::common_params;
use super::spec::{Discipline, QueueKind};
use super::{Admit, QueueDiscipline, QueueView};
use crate::json_reader::Problems;
use crate::limits::MAX_QUEUE_PKTS;
use crate::packet::Cause;
use crate::param::{Component, Info, Knobs, ParamSpec};
use crate::rng::SimRng;
use crate::time::SimTime;
use serde::Serialize;
use serde_json::Value;

// ===== Configuration (`queue.kind: "dual_threshold"`) =====

/// Catalog entry and knobs of `dual_threshold`.
pub(crate) const KIND: QueueKind = Component {
    info: Info {
        id: "dual_threshold",
        title: "Dual threshold",
        description: "Drops one arrival when the queue reaches a soft limit, again after rearm_pkts more accepted; tail drop at the hard limit.",
        reference: "Gurtov, \"TCP performance in the presence of congestion and corruption losses\" §6",
    },
    mode: None,
    params,
    read: |k, limit, p| Discipline::DualThreshold(read(k, limit, p)),
};

fn params() -> Vec<ParamSpec> {
    let max_q = MAX_QUEUE_PKTS as i64;
    let mut k = common_params();
    k.extend([
        ParamSpec::integer("soft_pkts", "packets", 1, max_q, 33, "Soft limit: the first arrival finding this many queued is dropped (null = limit_pkts/3); below limit_pkts.")
            .with_default(Value::Null),
        ParamSpec::integer("rearm_pkts", "packets", 1, max_q, 66, "Accepted arrivals above the soft limit before another early drop (null = 2·soft_pkts).")
            .with_default(Value::Null),
    ]);
    k
}

/// The knobs of the dual threshold (`Discipline::DualThreshold`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Params {
    /// Soft limit, packets: the first arrival that finds this many waiting is dropped.
    pub soft_pkts: u32,
    /// Accepted arrivals above the soft limit after which another early drop is allowed.
    pub rearm_pkts: u32,
}

/// The dual-threshold fields of a `queue` object; soft limit < hard limit.
pub(crate) fn read(k: &mut Knobs, limit_pkts: u32, p: &mut Problems) -> Params {
    // Gurtov §6: "the hard limit can be two-three times larger than the soft limit".
    let soft_path = k.at("soft_pkts");
    let soft_pkts = k.int_or("soft_pkts", (limit_pkts as u64 / 3).max(1), p) as u32;
    if soft_pkts >= limit_pkts {
        p.push(
            &soft_path,
            format!("must be smaller than limit_pkts ({limit_pkts})"),
        );
    }
    let rearm_pkts = k.int_or("rearm_pkts", 2 * soft_pkts as u64, p) as u32;
    Params {
        soft_pkts,
        rearm_pkts,
    }
}

impl Params {
    /// The queue of these knobs with hard limit `limit_pkts` (deterministic: draws nothing).
    pub fn build(
        &self,
        limit_pkts: u32,
        counts_in_service: bool,
        _rng: SimRng,
    ) -> Box<dyn QueueDiscipline> {
        Box::new(DualThreshold::new(
            self.soft_pkts,
            limit_pkts,
            self.rearm_pkts,
            counts_in_service,
        ))
    }
}

/// Gurtov's soft/hard limit queue.
#[derive(Clone, Copy, Debug)]
pub struct DualThreshold {
    soft_pkts: u32,
    limit_pkts: u32,
    rearm_pkts: u32,
    counts_in_service: bool,
    armed: bool,
    /// Arrivals accepted above the soft limit since the last early drop.
    since_drop: u32,
}

impl DualThreshold {
    /// Soft limit `soft_pkts` < hard limit `limit_pkts`; another early drop after `rearm_pkts`.
    pub fn new(soft_pkts: u32, limit_pkts: u32, rearm_pkts: u32, counts_in_service: bool) -> Self {
        debug_assert!(
            soft_pkts < limit_pkts,
            "soft limit must be below the hard limit"
        );
        DualThreshold {
            soft_pkts,
            limit_pkts,
            rearm_pkts: rearm_pkts.max(1),
            counts_in_service,
            armed: true,
            since_drop: 0,
        }
    }
}

impl QueueDiscipline for DualThreshold {
    fn admit(&mut self, _now: SimTime, q: QueueView) -> Admit {
        let occ = q.occupied(self.counts_in_service);
        if occ >= self.limit_pkts {
            return Admit::Drop(Cause::QueueOverflow);
        }
        if occ < self.soft_pkts {
            self.armed = true;
            return Admit::ACCEPT;
        }
        if self.armed {
            self.armed = false;
            self.since_drop = 0;
            return Admit::Drop(Cause::AqmDrop);
        }
        self.since_drop += 1;
        if self.since_drop >= self.rearm_pkts {
            self.armed = true;
        }
        Admit::ACCEPT
    }
    fn limit_pkts(&self) -> u32 {
        self.limit_pkts
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::view;
    use super::*;

    #[test]
    fn one_early_drop_per_excursion_above_the_soft_limit() {
        // Soft 10, hard 25, re-arm after 20. A queue growing 0 → 24: the arrival finding 10 waiting
        // is dropped (AQM), the next 14 (q = 10 … 23, as the queue keeps growing) are accepted.
        let mut d = DualThreshold::new(10, 25, 20, false);
        let t = SimTime::ZERO;
        for q in 0..10 {
            assert_eq!(d.admit(t, view(Some(q), 0)), Admit::ACCEPT);
        }
        assert_eq!(d.admit(t, view(Some(10), 0)), Admit::Drop(Cause::AqmDrop));
        for q in 10..25 {
            assert_eq!(d.admit(t, view(Some(q), 0)), Admit::ACCEPT, "q = {q}");
        }
        // 15 accepted above soft so far; the hard limit drops everything at 25.
        assert_eq!(
            d.admit(t, view(Some(25), 0)),
            Admit::Drop(Cause::QueueOverflow)
        );
        // 5 more accepted arrivals (15 + 5 = 20) re-arm the policy: the 21st drops again.
        for _ in 0..5 {
            assert_eq!(d.admit(t, view(Some(20), 0)), Admit::ACCEPT);
        }
        assert_eq!(d.admit(t, view(Some(20), 0)), Admit::Drop(Cause::AqmDrop));
        // Draining below the soft limit re-arms at once.
        assert_eq!(d.admit(t, view(Some(9), 0)), Admit::ACCEPT);
        assert_eq!(d.admit(t, view(Some(10), 0)), Admit::Drop(Cause::AqmDrop));
    }
}
