//! Batch runs: a run in `RunMode::SummaryOnly` (what sweeps use) gives the same summary,
//! bit for bit, as a sampled run of the same scenario — for every content scenario — and a sweep
//! replication measured through `sweep::run_replication` equals one measured on a sampled run.

use serde_json::Value;
use sim_core::engine::RunMode;
use sim_core::sweep;
use sim_core::Simulation;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn files(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    v.sort();
    v
}

#[test]
fn summary_only_runs_match_sampled_runs_on_every_content_scenario() {
    let all = files("content/scenarios");
    assert!(all.len() >= 20, "content scenarios found: {}", all.len());
    for p in all {
        let text = std::fs::read_to_string(&p).unwrap();
        let sc = sim_core::scenario::parse(&text).unwrap_or_else(|e| panic!("{p:?}: {e:?}"));
        let mut full = Simulation::new(&sc, sim_core::budget::Budget::active().limits());
        let mut batch = Simulation::with_mode(
            &sc,
            RunMode::SummaryOnly,
            sim_core::budget::Budget::active().limits(),
        );
        full.run().unwrap();
        batch.run().unwrap();
        let name = p.display();
        assert!(
            !full.take_points().is_empty(),
            "{name}: sampled run has points"
        );
        assert!(
            batch.take_points().is_empty(),
            "{name}: batch run records none"
        );
        assert!(batch.series_names().is_empty());
        let (a, b) = (full.summary(), batch.summary());
        assert_eq!(a, b, "{name}");
        assert_eq!(
            sim_core::csv::summary_csv(&a),
            sim_core::csv::summary_csv(&b),
            "{name}"
        );
        assert_eq!(
            serde_json::to_string(&a).unwrap(),
            serde_json::to_string(&b).unwrap(),
            "{name}"
        );
        assert_eq!(full.link_stats(), batch.link_stats(), "{name}");
        assert_eq!(full.ledger(), batch.ledger(), "{name}");
    }
}

#[test]
fn sweep_replications_match_sampled_runs() {
    let dir = root().join("content/scenarios");
    let mut resolve = |id: &str| -> Result<Value, String> {
        let t =
            std::fs::read_to_string(dir.join(format!("{id}.json"))).map_err(|e| e.to_string())?;
        serde_json::from_str(&t).map_err(|e| e.to_string())
    };
    for name in ["gb04-fig4-ber.json", "lj-fig8a-classifiers.json"] {
        let text = std::fs::read_to_string(root().join("content/sweeps").join(name)).unwrap();
        let s = sweep::parse(&text, &mut resolve).unwrap_or_else(|e| panic!("{name}: {e:?}"));
        for point in &s.points {
            for rep in 0..s.replications.min(2) {
                let batch = sweep::run_replication(point, rep).unwrap();
                let mut full = Simulation::new(
                    &sweep::replication_scenario(point, rep),
                    sim_core::budget::Budget::active().limits(),
                );
                full.run().unwrap();
                let sampled = sweep::measure(point, &full);
                // Bit for bit, NaN-free: compare the raw bits.
                let bits = |v: &sweep::Sample| -> Vec<Option<u64>> {
                    v.iter().map(|x| x.map(f64::to_bits)).collect()
                };
                assert_eq!(
                    bits(&batch),
                    bits(&sampled),
                    "{name} point {} rep {rep}",
                    point.index
                );
            }
        }
    }
}
