//! Streamed sweeps ("sweeps stream each point's aggregates instead of holding every
//! sample"): `losslab sweep` with many more runs than its reorder buffer holds (16 per job) gives
//! the library's aggregate bytes (`Sweep::point_csv` over every sample, in replication order) with
//! `--jobs 1` and `--jobs 2`; its streamed raw file aggregates back (`losslab aggregate`) to the
//! same bytes; and a reproduction's paired ratios are streamed: fed replication by replication
//! (as `losslab reproduce` feeds them) the collector holds no value for pairing, and its report is
//! the one of the kept samples.

use serde_json::Value;
use sim_core::reproduce::{self, Resource};
use sim_core::sweep;
use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("losslab-stream-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn losslab(args: &[&str]) {
    let o = Command::new(BIN)
        .args(args)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("SLURM_ARRAY_TASK_COUNT")
        .output()
        .expect("losslab runs");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

/// 2 points × 120 replications of two short transfers: 240 runs, far more than the buffer.
const SWEEP: &str = r#"{ "schema": 1, "id": "stream-test",
  "base": { "schema": 1, "seed": 5, "stop": { "time_s": 5 },
    "topology": { "kind": "dumbbell", "bottleneck": { "rate_bps": 2000000, "delay_ms": 5,
      "errors": { "kind": "bit_error", "ber": 2e-5 } } },
    "flows": [{ "id": "f", "count": 2, "bytes": 15000, "tcp": { "classifier": "oracle" } }] },
  "vary": [{ "path": "topology.bottleneck.errors.ber", "values": [1e-5, 4e-5] }],
  "replications": 120,
  "metrics": ["throughput_kbps", "timeouts", "accuracy_wireless", "completion_s"] }"#;

#[test]
fn streamed_sweep_gives_the_kept_samples_bytes_for_any_jobs() {
    let d = scratch("cli");
    let f = d.join("sweep.json");
    std::fs::write(&f, SWEEP).unwrap();
    let p = |n: &str| d.join(n).to_str().unwrap().to_string();
    let fs = f.to_str().unwrap();
    losslab(&["sweep", fs, "--quiet", "--jobs", "1", "--out", &p("j1.csv")]);
    losslab(&[
        "sweep",
        fs,
        "--quiet",
        "--jobs",
        "2",
        "--out",
        &p("j2.csv"),
        "--raw",
        &p("raw.csv"),
    ]);
    let read = |n: &str| std::fs::read_to_string(d.join(n)).unwrap();
    // The library's list form: every sample kept, in replication order.
    let s = sweep::parse(SWEEP, &mut |_| Err("inline base".into())).unwrap();
    let mut want = s.csv_header();
    let mut raw = s.raw_header();
    for pt in &s.points {
        let samples: Vec<sweep::Sample> = (0..s.replications)
            .map(|r| {
                sweep::run_replication(pt, r, sim_core::budget::Budget::here().limits()).unwrap()
            })
            .collect();
        for (r, x) in samples.iter().enumerate() {
            raw.push_str(&s.replication_csv(pt, r as u64, x));
        }
        want.push_str(&s.point_csv(pt, &samples));
    }
    assert_eq!(read("j1.csv"), want);
    assert_eq!(read("j2.csv"), want, "--jobs 2 gives --jobs 1's bytes");
    assert_eq!(
        read("raw.csv"),
        raw,
        "the streamed raw file is the kept rows"
    );
    // No temporary file is left beside the outputs.
    let names: Vec<String> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.contains(".tmp-")), "{names:?}");
    losslab(&["aggregate", &p("raw.csv"), "--out", &p("merged.csv")]);
    assert_eq!(
        read("merged.csv"),
        want,
        "aggregate of the streamed raw file"
    );
}

fn load(path: &Path) -> Result<Option<Value>, String> {
    if !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[test]
fn paired_ratios_stream_without_holding_samples() {
    let content = repo().join("content");
    let text = std::fs::read_to_string(content.join("reproductions/njplus/fig5a.json")).unwrap();
    let r = reproduce::parse(&text, &mut |kind, name| match kind {
        Resource::Scenario => load(&content.join("scenarios").join(format!("{name}.json"))),
        Resource::Sweep => load(&content.join("sweeps").join(format!("{name}.json"))),
        Resource::Reference => load(&content.join("reference").join(name)),
    })
    .unwrap();
    let sweep = r.plan(r.replications_test).unwrap();
    let samples = reproduce::run_sequential(&sweep).unwrap();
    let kept = r.evaluate(&sweep, &samples);
    // Replication-major, as `losslab reproduce` runs: the two cells of a pair meet in one round.
    let mut c = r.collector(&sweep);
    let mut most_held = 0;
    for rep in 0..sweep.replications as usize {
        for (i, reps) in samples.iter().enumerate() {
            c.push(i, &reps[rep]);
            most_held = most_held.max(c.held());
        }
        assert_eq!(c.held(), 0, "every pair completes within its round");
    }
    assert!(
        most_held <= sweep.points.len(),
        "held {most_held} values for pairing"
    );
    let streamed = r.evaluate_collected(&sweep, &c);
    assert_eq!(streamed.csv, kept.csv);
    let texts = |item: &reproduce::ItemReport| -> Vec<String> {
        item.outcomes
            .iter()
            .map(|o| format!("{} {}", o.verdict.text(), o.losslab))
            .collect()
    };
    assert_eq!(texts(&streamed), texts(&kept));
    assert!(
        kept.outcomes.iter().any(|o| o.losslab.contains("paired")),
        "the file has a paired check"
    );
}
