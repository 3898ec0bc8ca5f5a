//! Trace-driven link capacity (`rate_trace`, docs/traces.md): a long bulk flow over a link that
//! follows a trace, with a buffer and a receiver window large enough to keep the link busy, gets
//! the trace's mean capacity; a malformed trace is refused with its JSON path; runs repeat exactly.
//!
//! Traces: `content/traces/lte-like.mahi` (Mahimahi format, read as the command line reads a
//! `rate_trace.file`) and `content/traces/wifi-like.csv` (`time_s,rate_bps`), both written by
//! `content/traces/generate.py`.

use serde_json::{json, Value};
use sim_core::scenario::trace_files::inline_files;
use std::path::PathBuf;

fn traces_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../content/traces")
}

/// One bulk flow for `time_s` over a bottleneck following `trace` (a `rate_trace` object),
/// 20 ms each way, 5000-packet buffer; 1448-byte payloads in 1500-byte packets (freebsd45),
/// a 2 MB receiver window (far above the bandwidth-delay product, far below the buffer).
fn scenario(trace: Value, time_s: f64) -> Value {
    let mut v = json!({
        "schema": 1, "id": "trace-capacity", "seed": 3,
        "stop": {"time_s": time_s},
        "topology": {
            "access": {"rate_bps": 1e9, "delay_ms": 0.1, "queue": {"limit_pkts": 5000}},
            "bottleneck": {"rate_trace": trace, "delay_ms": 20,
                           "queue": {"kind": "drop_tail", "limit_pkts": 5000}}
        },
        "flows": [{"id": "bulk", "tcp": {"cc": "new_reno", "profile": "freebsd45", "rwnd_bytes": 2000000}}],
        "observe": {"sample_ms": 1000}
    });
    inline_files(&mut v, &mut |f| {
        std::fs::read_to_string(traces_dir().join(f)).map_err(|e| format!("{f}: {e}"))
    })
    .expect("trace file read");
    v
}

/// Goodput (bit/s) of the bulk flow over the second half of the run against the trace's mean
/// payload capacity (mean rate × 1448/1500).
fn goodput_ratio(trace: Value) -> (f64, f64) {
    let time_s = 240.0;
    let v = scenario(trace, time_s);
    let mut sim = sim_core::budget::simulation(&v.to_string()).expect("valid scenario");
    let mean = sim_core::parse(&v.to_string()).unwrap();
    let sim_core::scenario::Topology::Dumbbell { bottleneck, .. } = &mean.topology else {
        panic!()
    };
    let mean_bps = bottleneck.forward.rate_bps;
    sim.run().unwrap();
    let s = sim.summary();
    let f = &s.flows[0];
    assert_eq!(f.losses_queue, 0, "the buffer must not overflow");
    (
        f.goodput_kbps * 1000.0 / (mean_bps * 1448.0 / 1500.0),
        mean_bps,
    )
}

#[test]
fn bulk_flow_gets_the_mean_capacity_of_a_mahimahi_trace() {
    let (ratio, mean) = goodput_ratio(json!({"file": "lte-like.mahi"}));
    eprintln!(
        "lte-like.mahi: mean {:.3} Mbit/s, goodput / mean payload capacity = {ratio:.4}",
        mean / 1e6
    );
    assert!((0.97..=1.0).contains(&ratio), "ratio {ratio}");
}

#[test]
fn bulk_flow_gets_the_mean_capacity_of_a_rate_csv_trace() {
    let (ratio, mean) = goodput_ratio(json!({"file": "wifi-like.csv"}));
    eprintln!(
        "wifi-like.csv: mean {:.3} Mbit/s, goodput / mean payload capacity = {ratio:.4}",
        mean / 1e6
    );
    assert!((0.97..=1.0).contains(&ratio), "ratio {ratio}");
}

#[test]
fn malformed_traces_are_refused_with_their_path() {
    let errs = |trace: Value| {
        let v = json!({"topology": {"bottleneck": {"rate_trace": trace}}, "flows": [{}]});
        sim_core::problems(&v.to_string())
    };
    assert_eq!(
        errs(json!({"format": "mahimahi", "ms": [1, 3, 2]})),
        ["topology.bottleneck.rate_trace.ms[2]: times must not decrease (2 ms after 3 ms)"]
    );
    assert_eq!(
        errs(json!({"format": "mahimahi", "ms": []})),
        ["topology.bottleneck.rate_trace.ms: must not be empty"]
    );
    assert_eq!(
        errs(json!({"format": "steps", "time_s": [0, 1], "rate_bps": [1e6, 2e12]})),
        ["topology.bottleneck.rate_trace.rate_bps[1]: must be a rate from 0 to 100000000000 bit/s (got 2000000000000.0)"]
    );
    assert_eq!(
        errs(json!({"format": "steps", "time_s": [0, 1, 1], "rate_bps": [1e6, 1e6, 1e6]})),
        ["topology.bottleneck.rate_trace.time_s[2]: times must increase (1 s after 1 s)"]
    );
    assert_eq!(
        errs(json!({"format": "steps", "time_s": [0, 1], "rate_bps": [0, 0]})),
        ["topology.bottleneck.rate_trace: the trace's mean rate is 0 bit/s (at least 1000 needed)"]
    );
    // A file reference must be read by the command line or Python first.
    assert!(errs(json!({"file": "x.mahi"}))[0]
        .starts_with("topology.bottleneck.rate_trace.file: a trace file is read by"));
    // A bad line of a file names the JSON path, the file and the line.
    let mut v = json!({"topology": {"bottleneck": {"rate_trace": {"file": "t.mahi"}}}});
    let e = inline_files(&mut v, &mut |_| Ok("1\n2\nthree\n".into())).unwrap_err();
    assert_eq!(
        e,
        ["topology.bottleneck.rate_trace.file: t.mahi: line 3: expected a whole number of milliseconds (got \"three\")"]
    );
}

#[test]
fn trace_runs_repeat_exactly() {
    let v = scenario(json!({"file": "wifi-like.csv"}), 20.0).to_string();
    let run = || {
        let mut sim = sim_core::budget::simulation(&v).unwrap();
        sim.run().unwrap();
        serde_json::to_string(&sim.summary()).unwrap()
    };
    assert_eq!(run(), run());
}

#[test]
fn the_link_follows_the_trace_not_its_mean() {
    // 8 Mbit/s for 10 s, then 2 Mbit/s for 10 s (mean 5 Mbit/s): a 10 s run sees only the first step.
    let trace = json!({"format": "steps", "time_s": [0, 10], "rate_bps": [8e6, 2e6]});
    let v = scenario(trace, 10.0);
    let mut sim = sim_core::budget::simulation(&v.to_string()).unwrap();
    sim.run().unwrap();
    let g = sim.summary().flows[0].goodput_kbps * 1000.0 / (8e6 * 1448.0 / 1500.0);
    eprintln!("first 10 s of an 8 → 2 Mbit/s trace: goodput / 8 Mbit/s payload capacity = {g:.4}");
    assert!((0.9..=1.0).contains(&g), "ratio {g}");
}

#[test]
fn a_trace_is_priced_by_what_it_can_carry_not_its_mean() {
    // 50 Mbit/s for 100 s, then 1 kbit/s (period 3898 s, mean ≈ 1.3 Mbit/s): a 100 s run may
    // carry 5 Gbit, about 417 000 packets of 1500 bytes, not the mean's 11 000.
    let v = json!({"stop": {"time_s": 100},
        "topology": {"bottleneck": {"rate_trace": {"format": "steps", "time_s": [0, 100, 1999], "rate_bps": [5e7, 1e3, 1e3]},
                                    "queue": {"limit_pkts": 10}}},
        "flows": [{"tcp": {"rwnd_bytes": 100000000}}]});
    let events =
        |v: &Value| sim_core::budget::estimate(&sim_core::parse(&v.to_string()).unwrap()).events();
    let mut constant = v.clone();
    constant["topology"]["bottleneck"] = json!({"rate_bps": 5e7, "queue": {"limit_pkts": 10}});
    let (traced, fast) = (events(&v), events(&constant));
    assert!(
        traced >= 0.9 * fast,
        "trace priced at {traced} events, its fast step alone at {fast}"
    );
}

#[test]
fn a_trace_may_carry_its_file_name_which_does_not_change_the_run() {
    let summary = |rate: Value, errors: Value| {
        let v = json!({"schema": 1, "id": "named", "stop": {"time_s": 5},
            "topology": {"bottleneck": {"rate_trace": rate, "delay_ms": 10, "errors": errors}},
            "flows": [{}]});
        let mut sim = sim_core::budget::simulation(&v.to_string()).expect("valid");
        sim.run().unwrap();
        serde_json::to_string(&sim.summary()).unwrap()
    };
    let steps = json!({"format": "steps", "time_s": [0, 1], "rate_bps": [2e6, 4e6]});
    let mut named = steps.clone();
    named["name"] = json!("wifi.csv");
    let events = json!({"kind": "loss_trace", "ms": [1000, 2500]});
    let mut named_events = events.clone();
    named_events["name"] = json!("events.csv");
    assert_eq!(summary(steps, events), summary(named, named_events));
    let long = "x".repeat(201);
    let v = json!({"topology": {"bottleneck": {
        "rate_trace": {"format": "mahimahi", "ms": [1, 2], "name": long},
        "errors": {"kind": "loss_trace", "ms": [1], "name": 7}}}, "flows": [{}]});
    assert_eq!(
        sim_core::problems(&v.to_string()),
        [
            "topology.bottleneck.rate_trace.name: must be at most 200 characters (got 201)",
            "topology.bottleneck.errors.name: must be a string (got a number)",
        ]
    );
}
