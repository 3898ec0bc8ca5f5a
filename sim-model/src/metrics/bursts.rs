//! Idle time after an error burst (Gurtov §6 "error bursts", docs/design.md §10.2 "Bursts").
//!
//! Gurtov §6: after a burst the transfer resumes at once, unless the RTO was backed off several
//! times during it; then the connection stays idle for about half the burst length once the link
//! is good again. LossLab measures that idle time per flow as
//!
//! `idle_after_burst_s` = (first time, at or after the burst's end, that in-order data reaches the
//! receiving application — the receiver's cumulative point advances) − (the burst's end)
//!
//! The burst is the scenario's `burst` error model (`start_s` + `duration_s` = its end); with
//! bursts on several link directions the **earliest end** is used; with none the metric is
//! undefined, as it is for a flow that delivered its last byte before the burst ended or delivers
//! nothing after it. Delivery is measured at the receiver (the application sees new data), not at
//! the sender (a resend that is lost again is not the end of the idle time).

use crate::error_model::ErrorSpec;
use crate::net::{LinkSpec, Topology};
use crate::time::SimTime;

/// End of the earliest-ending `burst` error model of the topology's link directions, if any.
pub fn burst_end(t: &Topology) -> Option<SimTime> {
    let links: Vec<&LinkSpec> = match t {
        Topology::Dumbbell { access, bottleneck } => vec![access, bottleneck],
        Topology::Graph { links, .. } => links.iter().map(|l| &l.link).collect(),
    };
    links
        .iter()
        .flat_map(|l| [&l.forward.errors, &l.reverse.errors])
        .filter_map(|e| match e {
            ErrorSpec::Burst(b) => Some(b.start_s + b.duration_s),
            _ => None,
        })
        .reduce(f64::min)
        .map(SimTime::from_secs_f64)
}

/// The idle time after the burst: `delivered_after` − `end` in seconds (None if either is).
pub fn idle_after(end: Option<SimTime>, delivered_after: Option<SimTime>) -> Option<f64> {
    Some(delivered_after?.saturating_since(end?).as_secs_f64())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn idle_time_by_hand() {
        let t = SimTime::from_secs_f64;
        assert_eq!(idle_after(Some(t(30.0)), Some(t(42.5))), Some(12.5));
        assert_eq!(idle_after(None, Some(t(42.5))), None);
        assert_eq!(idle_after(Some(t(30.0)), None), None);
    }
}
