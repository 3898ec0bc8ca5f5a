//! Windowed throughput and link share of a flow or group (metric M4; [LJ] §4.4, Figs
//! 13–14: how much of the bottleneck twelve new connections hold while they run, 100–200 s).
//!
//! The window is the scenario's `observe.window` `{ "from_s": t1, "to_s": t2 }`, or the sweep's
//! `window` field, which sets it in every point. The engine notes every flow's in-order delivered
//! bytes at t1 and at t2 (one event each, [`crate::engine::Simulation::window_mark`]); a run that
//! ended before an instant counts what it had delivered at its end. Per replication:
//!
//! - `window_throughput_kbps`: B_i · 8 / (t2 − t1) / 1000, B_i = the flow's bytes delivered in
//!   [t1, t2];
//! - `window_share`: B_i / Σ_j B_j over **every** flow of the run (0–1; undefined when nothing
//!   was delivered in the window) — the flow's share of what the path carried then.
//!
//! A group row sums its flows' values (`combine: sum`: the group's rate and its share of
//! the path) or averages them (`combine: mean`: per flow); the `sum` row sums every flow (its
//! `window_share` is 1 whenever anything was delivered). Both metrics need a window: a sweep
//! asking for one without it is refused ([`check`]).

use super::{Combine, Entity, Point, RowMetric};
use crate::engine::Simulation;
use crate::scenario::Scenario;

/// The windowed metrics.
pub const WINDOW_METRICS: &[&str] = &["window_throughput_kbps", "window_share"];

/// True if `m` is a windowed metric.
pub fn is_window(m: &str) -> bool {
    WINDOW_METRICS.contains(&m)
}

/// Bytes each flow delivered in the window of a finished run (None without a window).
pub fn window_bytes(sim: &Simulation) -> Option<Vec<u64>> {
    sim.scenario().observe.window?;
    let now: Vec<u64> = sim.flows.iter().map(|f| f.receiver.delivered()).collect();
    let at = |edge: usize| sim.window_mark(edge).map_or(now.clone(), |m| m.to_vec());
    let (a, b) = (at(0), at(1));
    Some(
        b.iter()
            .zip(&a)
            .map(|(b, a)| b.saturating_sub(*a))
            .collect(),
    )
}

/// The value of one flow: `bytes` = every flow's window bytes, `span_s` = t2 − t1.
fn flow_value(bytes: &[u64], i: usize, span_s: f64, m: &str) -> Option<f64> {
    match m {
        "window_throughput_kbps" => Some(bytes[i] as f64 * 8.0 / span_s / 1000.0),
        "window_share" => {
            let total: u64 = bytes.iter().sum();
            (total > 0).then(|| bytes[i] as f64 / total as f64)
        }
        _ => None,
    }
}

/// The value of a windowed row of `point` on the finished run `sim`.
pub fn row_value(point: &Point, row: &RowMetric, sim: &Simulation) -> Option<f64> {
    let (from, to) = sim.scenario().observe.window?;
    let bytes = window_bytes(sim)?;
    values(&bytes, to - from, point, row)
}

fn values(bytes: &[u64], span_s: f64, point: &Point, row: &RowMetric) -> Option<f64> {
    let sum_over = |members: &mut dyn Iterator<Item = usize>| -> Option<(f64, usize)> {
        let mut s = 0.0;
        let mut n = 0;
        for i in members {
            s += flow_value(bytes, i, span_s, row.metric)?;
            n += 1;
        }
        Some((s, n))
    };
    match row.entity {
        Entity::Flow(i) => flow_value(bytes, i, span_s, row.metric),
        Entity::Sum => sum_over(&mut (0..bytes.len())).map(|(s, _)| s),
        Entity::Run => None,
        Entity::Group(g) => {
            let (group, members) = point.groups.get(g)?;
            let (s, n) = sum_over(&mut members.iter().copied())?;
            match group.combine {
                Combine::Sum => Some(s),
                Combine::Mean => (n > 0).then(|| s / n as f64),
            }
        }
    }
}

/// A problem if `metrics` has a windowed metric and `sc` no window.
pub fn check(sc: &Scenario, metrics: &[&'static str]) -> Option<String> {
    let m = metrics.iter().find(|m| is_window(m))?;
    sc.observe.window.is_none().then(|| {
        format!("metric \"{m}\" needs a time window: set the sweep's \"window\": {{ \"from_s\", \"to_s\" }} (or the scenario's observe.window)")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn window_values_by_hand() {
        // Over a 100 s window flow 0 delivered 1 250 000 bytes (100 kbit/s), flow 1 3 750 000
        // (300 kbit/s), flow 2 nothing: shares 0.25, 0.75, 0.
        let b = [1_250_000u64, 3_750_000, 0];
        let t = |i| flow_value(&b, i, 100.0, "window_throughput_kbps");
        let s = |i| flow_value(&b, i, 100.0, "window_share");
        assert_eq!((t(0), t(1), t(2)), (Some(100.0), Some(300.0), Some(0.0)));
        assert_eq!((s(0), s(1), s(2)), (Some(0.25), Some(0.75), Some(0.0)));
        assert_eq!(flow_value(&[0, 0], 0, 100.0, "window_share"), None);
    }

    #[test]
    fn a_stopped_group_holds_its_share_only_inside_the_window() {
        // Two old bulk flows from 0 s and two new ones from 10 s that stop sending at 20 s, one
        // 1 Mbit/s bottleneck without errors. Inside [12, 20] the four share the link: the new
        // group holds a (small: the old flows fill the queue first) part of it, the two shares add
        // to 1 and the four rates add up to about the link's rate;
        // in [30, 40] the new flows are done and the old ones carry everything.
        let mut no_ids = |_: &str| -> Result<serde_json::Value, String> { Err("none".into()) };
        let sweep = |from: f64, to: f64| {
            json!({ "base": { "id": "t", "seed": 1, "stop": { "time_s": 40 },
                    "topology": { "bottleneck": { "rate_bps": 1000000, "delay_ms": 10 } },
                    "flows": [{ "id": "old", "count": 2 },
                              { "id": "new", "count": 2, "start_s": 10, "stop_s": 20 }] },
                "vary": [], "window": { "from_s": from, "to_s": to },
                "groups": { "oldg": "old", "newg": "new" }, "flows": "sum",
                "metrics": ["window_share", "window_throughput_kbps", "completion_s"] })
        };
        let s = crate::sweep::parse_value(&sweep(12.0, 20.0), &mut no_ids).unwrap();
        let p = &s.points[0];
        let names: Vec<&str> = p.metric_names().collect();
        let v =
            crate::sweep::run_replication(p, 0, crate::budget::Budget::here().limits()).unwrap();
        let get = |n: &str| v[names.iter().position(|x| *x == n).unwrap()];
        let (old, new) = (
            get("oldg.window_share").unwrap(),
            get("newg.window_share").unwrap(),
        );
        assert!((old + new - 1.0).abs() < 1e-12, "{old} + {new}");
        assert!(new > 0.01 && new < 0.5, "the new group's share {new}");
        let total = get("sum.window_throughput_kbps").unwrap();
        assert!(total > 800.0 && total <= 1000.0, "{total} kbit/s");
        // The new flows stopped sending at 20 s: their transfers complete soon after.
        let done = get("newg.completion_s").unwrap();
        assert!(done > 20.0 && done < 25.0, "completed at {done}");
        let s = crate::sweep::parse_value(&sweep(30.0, 40.0), &mut no_ids).unwrap();
        let p = &s.points[0];
        let v =
            crate::sweep::run_replication(p, 0, crate::budget::Budget::here().limits()).unwrap();
        let names: Vec<&str> = p.metric_names().collect();
        let get = |n: &str| v[names.iter().position(|x| *x == n).unwrap()];
        assert_eq!(get("newg.window_share"), Some(0.0));
        assert_eq!(get("oldg.window_share"), Some(1.0));
        // Without a window the metric is refused.
        let mut bad = sweep(12.0, 20.0);
        bad.as_object_mut().unwrap().remove("window");
        let errs = crate::sweep::parse_value(&bad, &mut no_ids).unwrap_err();
        assert!(
            errs[0].to_string().contains("needs a time window"),
            "{errs:?}"
        );
    }
}
