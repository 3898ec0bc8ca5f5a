//! Phase effects between identical flows (Floyd & Jacobson 1992) and the random sending overhead
//! that breaks them (ns-2 `overhead_`, LossLab `tcp.send_overhead_ms`).
//!
//! Set-up: the NJ+ simple topology (S —100 Mbit/s, 10 ms, 150 pkts— BS —2 Mbit/s, 1 ms, 20 pkts— D)
//! without wireless loss, two identical New Jersey flows started together. NJ+ Table 2 reports
//! Jain ≈ 0.9999 for such flows; a deterministic simulator without random overhead gives one
//! flow three times the other's throughput, because the same flow's packets are always the ones
//! that arrive to a full buffer.

use serde_json::{json, Value};
use sim_core::Summary;

fn two_flows(overhead_ms: f64, seed: u64) -> Value {
    let cw = json!({ "w_q": 0.002, "threshold_pkts": 5 });
    json!({
        "schema": 1, "id": "phase", "seed": seed,
        "stop": { "time_s": 100, "when_transfers_done": false },
        "topology": { "kind": "graph", "nodes": ["s", "bs", "d"], "links": [
            { "id": "wired", "a": "s", "b": "bs", "rate_bps": 100_000_000, "delay_ms": 10,
              "queue": { "kind": "drop_tail", "limit_pkts": 150, "congestion_warning": cw } },
            { "id": "wireless", "a": "bs", "b": "d", "rate_bps": 2_000_000, "delay_ms": 1,
              "queue": { "kind": "drop_tail", "limit_pkts": 20, "congestion_warning": cw } } ] },
        "flows": [{ "id": "nj", "count": 2, "bytes": null, "from": "s", "to": "d",
                    "tcp": { "cc": "new_jersey", "profile": "ns2_2006", "send_overhead_ms": overhead_ms } }],
        "observe": { "sample_ms": 1000 }
    })
}

fn run(v: &Value) -> Summary {
    let mut sim = sim_core::budget::simulation(&v.to_string()).expect("valid scenario");
    sim.run().unwrap();
    sim.summary()
}

fn jain(s: &Summary) -> f64 {
    sim_core::metrics::jain(
        &s.flows
            .iter()
            .map(|f| f.throughput_kbps)
            .collect::<Vec<_>>(),
    )
    .unwrap()
}

#[test]
fn identical_flows_without_overhead_lock_and_the_run_says_so() {
    let s = run(&two_flows(0.0, 1));
    let (a, b) = (s.flows[0].throughput_kbps, s.flows[1].throughput_kbps);
    println!("no overhead: {a:.1} vs {b:.1} kbit/s, Jain {:.4}", jain(&s));
    assert!(
        a.max(b) > 2.0 * a.min(b),
        "the deterministic run is phase-locked: {a:.1} vs {b:.1}"
    );
    let n = s
        .notices
        .iter()
        .find(|n| n.id == "phase_locked")
        .expect("a phase_locked notice");
    assert_eq!(n.flows, ["nj.0", "nj.1"]);
    assert!(n.message.contains("Send overhead"), "{}", n.message);
}

#[test]
fn one_packet_time_of_send_overhead_shares_the_link_fairly() {
    // One 762 + 52 B packet on 2 Mbit/s: 3.256 ms (ns-2 scripts set overhead_ = 8·size/rate).
    let overhead = (762.0 + 52.0) * 8.0 / 2e6 * 1e3;
    let mut js = Vec::new();
    for seed in 1..=5 {
        let s = run(&two_flows(overhead, seed));
        js.push(jain(&s));
        assert!(
            s.notices.iter().all(|n| n.id != "phase_locked"),
            "seed {seed}: {:?}",
            s.notices
        );
    }
    let mean = js.iter().sum::<f64>() / js.len() as f64;
    println!("overhead {overhead:.3} ms: Jain per seed {js:.4?}, mean {mean:.4}");
    assert!(mean > 0.98, "mean Jain {mean:.4}");
    // Deterministic: the same seed gives the same result.
    assert_eq!(run(&two_flows(overhead, 3)), run(&two_flows(overhead, 3)));
}
