//! The scenario the web lab opens with, `content/default-scenario.json` (the page imports the same
//! file; it sits beside `content/scenarios/`, not in it, so it is no preset): it parses into one
//! flow, and that flow delivers data in the first simulated seconds (no more than the 1 Mbit/s
//! bottleneck can carry). `tests/schema.rs` checks it against the scenario schema with the other
//! content files.

use serde_json::Value;
use sim_core::scenario::parse_value;
use sim_core::time::SimTime;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn load(p: &Path) -> Value {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn default_scenario() -> Value {
    load(&root().join("content/default-scenario.json"))
}

#[test]
fn the_default_scenario_is_no_preset() {
    let sc = parse_value(&default_scenario()).expect("content/default-scenario.json parses");
    assert_eq!(sc.flows.len(), 1, "one flow");
    assert!(
        !root()
            .join("content/scenarios/default-scenario.json")
            .exists(),
        "the default is not a preset"
    );
}

#[test]
fn the_default_scenario_delivers_data_in_its_first_seconds() {
    let doc = default_scenario();
    let mut sim = sim_core::budget::simulation(&doc.to_string()).expect("valid scenario");
    sim.run_until(SimTime::from_secs_f64(3.0), u64::MAX)
        .expect("runs");
    let summary = sim.summary();
    assert_eq!(summary.flows.len(), 1);
    let f0 = &summary.flows[0];
    assert_eq!(f0.flow_id, "f0");
    assert!(
        f0.bytes_delivered > 10_000,
        "f0 delivers data in 3 s over 1 Mbit/s: {} bytes",
        f0.bytes_delivered
    );
    assert!(
        f0.bytes_delivered < 3 * 1_000_000 / 8,
        "no more than the bottleneck carries"
    );
}
