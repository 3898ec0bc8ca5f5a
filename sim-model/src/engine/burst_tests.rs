//! The burst metric (`metrics::bursts`, M6) end to end: it needs a whole simulation, and metrics may
//! not import the engine, so the run lives here, beside the engine's other tests.
use crate::metrics::bursts::{burst_end, idle_after};
use crate::time::SimTime;
use serde_json::json;

#[test]
fn a_total_burst_leaves_the_flow_idle_until_its_backed_off_timer_fires() {
    // 1 Mbit/s, 10 ms each way, 1000-byte packets, bulk; everything lost from 1 s to 3 s.
    // No data reaches the receiver in the burst; after it the sender waits for its
    // backed-off RTO, so the idle time is positive, and shorter than the burst (RTO 0.2 s
    // minimum doubles 1 → 2 s at most once past 2 s of outage).
    let sc = json!({ "schema": 1, "id": "b", "seed": 1, "stop": { "time_s": 8 },
            "topology": { "bottleneck": { "rate_bps": 1e6, "delay_ms": 10,
                "errors": { "kind": "burst", "start_s": 1, "duration_s": 2, "loss": 1.0 } } },
            "flows": [ { "id": "f", "tcp": { "cc": "new_reno" } } ] });
    let mut sim = super::test_simulation(&sc.to_string()).unwrap();
    assert_eq!(burst_end(&sim.scenario().topology), Some(t3()));
    sim.run().unwrap();
    let f = &sim.flows[0];
    let idle = idle_after(Some(t3()), f.receiver.delivered_after_watch).unwrap();
    assert!(idle > 0.0 && idle < 2.0, "idle {idle}");
}

fn t3() -> SimTime {
    SimTime::from_secs_f64(3.0)
}
