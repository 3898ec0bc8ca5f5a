//! The scenario the web lab opens with, `content/default-scenario.json` (the page imports the same
//! file; it sits beside `content/scenarios/`, not in it, so it is no preset): it matches the
//! scenario schema, parses with the Rust parser, and its one flow delivers data in the first
//! simulated seconds (no more than the 1 Mbit/s bottleneck can carry).

use serde_json::Value;
use sim_core::scenario::parse_value;
use sim_core::time::SimTime;
use sim_core::Simulation;
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
fn the_default_scenario_matches_the_schema_and_parses() {
    let doc = default_scenario();
    let schema = load(&root().join("content/schema/scenario.schema.json"));
    let validator = jsonschema::options()
        .with_base_uri(format!(
            "file://{}/content/schema/scenario.schema.json",
            root().display()
        ))
        .build(&schema)
        .expect("scenario schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(&doc)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect();
    assert_eq!(errors, Vec::<String>::new());
    let sc = parse_value(&doc).unwrap_or_else(|e| panic!("content/default-scenario.json: {e:?}"));
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
    let mut sim = Simulation::from_json(&doc.to_string()).expect("valid scenario");
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
