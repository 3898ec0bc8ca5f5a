//! Regression against ns-3.44 (docs/fidelity.md): for the few crosscheck scenarios that
//! `content/crosscheck/results.json` lists under `regression`, LossLab's mean aggregate goodput
//! over the first seeds must stay within the recorded tolerance of the recorded ns-3 mean.
//! `npm run crosscheck` measures both sides and rewrites the file; this test only reruns
//! LossLab's side (a few seeds, so it stays fast) and never runs ns-3.
//!
//!   |mean_LossLab − mean_ns3| / mean_ns3 ≤ tolerance     (tolerance and its reason: the file)

use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn load(rel: &str) -> Value {
    let p = root().join(rel);
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Aggregate goodput (kbit/s, summed over the flows) of `scenario` run with `seed`.
fn goodput_kbps(scenario: &Value, seed: u64) -> f64 {
    let mut sc = scenario.clone();
    sc["seed"] = seed.into();
    let mut sim = sim_core::budget::simulation(&sc.to_string()).expect("valid crosscheck scenario");
    sim.run().expect("run");
    sim.summary().flows.iter().map(|f| f.goodput_kbps).sum()
}

#[test]
fn losslab_stays_within_the_recorded_tolerance_of_ns3() {
    let results = load("content/crosscheck/results.json");
    let reg = &results["regression"];
    let tolerance = reg["tolerance"].as_f64().expect("regression.tolerance");
    assert!(
        reg["reason"].as_str().is_some_and(|r| !r.is_empty()),
        "the tolerance states its reason"
    );
    let seeds = reg["seeds"].as_u64().expect("regression.seeds");
    let ids: Vec<&str> = reg["scenarios"]
        .as_array()
        .expect("regression.scenarios")
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert!(!ids.is_empty());
    let mut failures = Vec::new();
    for id in ids {
        let row = results["scenarios"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == id)
            .unwrap_or_else(|| panic!("{id}: no row in results.json"));
        let ns3 = row["ns3"]["goodput_kbps"]["mean"].as_f64().unwrap();
        let scenario = load(&format!("content/crosscheck/scenarios/{id}.json"));
        let mean = (1..=seeds).map(|s| goodput_kbps(&scenario, s)).sum::<f64>() / seeds as f64;
        let dev = (mean - ns3) / ns3;
        if dev.abs() > tolerance {
            failures.push(format!(
                "{id}: LossLab {mean:.0} kbit/s vs ns-3 {ns3:.0} kbit/s ({:+.1} %, tolerance {:.0} %)",
                dev * 100.0,
                tolerance * 100.0
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every crosscheck scenario runs LossLab's `ns3` profile. The grid also writes the TCP fields
/// out for the harness (`sim-core/crosscheck/mapping.mjs` reads them); they must be exactly what
/// the profile resolves to, so the harness and the profile cannot drift apart.
#[test]
fn the_grid_writes_out_the_ns3_profile() {
    let dir = root().join("content/crosscheck/scenarios");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        let v = load(p.strip_prefix(root()).unwrap().to_str().unwrap());
        let tcp = &v["flows"][0]["tcp"];
        assert_eq!(tcp["profile"], "ns3", "{}", p.display());
        let mut bare = v.clone();
        let mut t = serde_json::Map::new();
        for k in ["cc", "classifier", "cc_params", "profile", "mss_bytes"] {
            if let Some(x) = tcp.get(k) {
                t.insert(k.into(), x.clone());
            }
        }
        bare["flows"][0]["tcp"] = Value::Object(t);
        let resolved = |v: &Value| {
            sim_core::budget::simulation(&v.to_string())
                .unwrap()
                .scenario()
                .flows[0]
                .tcp
                .clone()
        };
        assert_eq!(
            resolved(&v),
            resolved(&bare),
            "{}: a written-out field differs from the ns3 profile",
            p.display()
        );
        n += 1;
    }
    assert!(n >= 10, "{n} scenarios");
}
