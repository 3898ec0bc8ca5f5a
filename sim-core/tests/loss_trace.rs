//! Replayed loss events (`errors.kind: "loss_trace"`, docs/traces.md): over a link kept busy by a
//! bulk flow, every event costs the flow exactly one data packet, as a loss or as a corruption;
//! a looping trace repeats; malformed traces are refused with their JSON path.

use serde_json::{json, Value};

/// A bulk NewReno flow for 10 s over 2 Mbit/s, 20 ms each way, with `errors` on the data
/// direction of the bottleneck.
fn scenario(errors: Value) -> String {
    json!({
        "schema": 1, "id": "loss-trace", "seed": 1,
        "stop": {"time_s": 10},
        "topology": {"bottleneck": {"rate_bps": 2_000_000, "delay_ms": 20, "errors": errors}},
        "flows": [{"id": "bulk"}]
    })
    .to_string()
}

fn run(errors: Value) -> sim_core::metrics::FlowSummary {
    let mut sim = sim_core::budget::simulation(&scenario(errors)).expect("valid scenario");
    sim.run().unwrap();
    sim.summary().flows[0].clone()
}

#[test]
fn each_event_costs_the_busy_flow_one_data_packet() {
    // One event a second from 1 s to 9 s; the link is busy from the first second on.
    let ms: Vec<u64> = (1..=9).map(|s| s * 1000).collect();
    let lost = run(json!({"kind": "loss_trace", "ms": ms}));
    assert_eq!(lost.losses_corruption, 9, "{lost:?}");
    assert_eq!(lost.losses_queue, 0);
    let corrupted = run(json!({"kind": "loss_trace", "ms": ms, "hit": "corruption"}));
    assert_eq!(corrupted.losses_corruption, 9, "{corrupted:?}");
    // Two events in the same millisecond hit one packet.
    let twice = run(json!({"kind": "loss_trace", "ms": [2000, 2000]}));
    assert_eq!(twice.losses_corruption, 1);
}

#[test]
fn a_looping_trace_repeats_its_events() {
    // Events at 1.5 s and 1.6 s of every 2 s lap: 1.5, 1.6, 3.5, 3.6, … 9.5, 9.6 s.
    let looped = run(json!({"kind": "loss_trace", "ms": [1500, 1600], "period_ms": 2000}));
    assert_eq!(looped.losses_corruption, 10, "{looped:?}");
    let once = run(json!({"kind": "loss_trace", "ms": [1500, 1600]}));
    assert_eq!(once.losses_corruption, 2);
    assert!(looped.goodput_kbps < once.goodput_kbps);
}

#[test]
fn malformed_traces_are_refused_with_their_path() {
    let problems = |errors: Value| sim_core::scenario::problems(&scenario(errors));
    assert_eq!(
        problems(json!({"kind": "loss_trace", "ms": [5, 3, 1.5]})),
        [
            "topology.bottleneck.errors.ms[1]: times must not decrease (3 ms after 5 ms)",
            "topology.bottleneck.errors.ms[2]: must be a whole number of milliseconds from 0 to 86400000 (got 1.5)",
        ]
    );
    assert_eq!(
        problems(json!({"kind": "loss_trace", "ms": [100, 900], "period_ms": 900})),
        ["topology.bottleneck.errors.period_ms: must be longer than the last event time (900 ms), or 0 to play the events once"]
    );
    assert_eq!(
        problems(json!({"kind": "loss_trace"})),
        ["topology.bottleneck.errors.ms: is required (event times in whole milliseconds, e.g. [1000, 1002])"]
    );
    assert_eq!(
        problems(json!({"kind": "loss_trace", "ms": [1], "hit": "drop"})).len(),
        1
    );
}
