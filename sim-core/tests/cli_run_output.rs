//! `losslab run --series / --trace` files for analysis (`docs/csv.md`): no
//! per-row scenario id or seed — they are in the `<file>.meta.json` sidecar, with the version,
//! commit, argv and the scenario's hashes —, counters named with unit and `_total`, and undefined
//! values (srtt before the first RTT sample, the first throughput sample) as empty cells.

use serde_json::Value;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

const SCENARIO: &str = r#"{ "schema": 1, "id": "rows", "seed": 4, "stop": { "time_s": 2 },
  "flows": [{ "id": "f", "bytes": 20000 }] }"#;

fn run_in(dir: &std::path::Path, args: &[&str]) {
    let o = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

fn tempdir(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("losslab-runout-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn series_and_trace_have_id_and_seed_once_in_a_sidecar() {
    let d = tempdir("meta");
    std::fs::write(d.join("s.json"), SCENARIO).unwrap();
    run_in(
        &d,
        &[
            "run",
            "s.json",
            "--seed",
            "9",
            "--series",
            "series.csv",
            "--trace",
            "trace.csv",
            "--summary",
            "summary.csv",
            "-q",
        ],
    );
    let read = |f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    let series = read("series.csv");
    let trace = read("trace.csv");
    assert!(
        series.starts_with("time_s,entity,metric,value\n"),
        "{series:.80}"
    );
    assert!(
        trace.starts_with("time_s,flow_id,kind,seq,cause,verdict\n"),
        "{trace:.80}"
    );
    for text in [&series, &trace] {
        assert!(!text.contains("rows,"), "the id is repeated on rows");
    }
    let file_sha = sha256_hex(SCENARIO.as_bytes());
    for (f, kind) in [
        ("summary.csv", "run-summary"),
        ("series.csv", "run-series"),
        ("trace.csv", "run-trace"),
    ] {
        let m: Value = serde_json::from_str(&read(&format!("{f}.meta.json"))).unwrap();
        assert_eq!(m["schema"], 1);
        assert_eq!(m["kind"], kind);
        assert_eq!(m["file"], f);
        assert_eq!(m["losslab"]["version"], sim_core::VERSION);
        assert!(m["argv"].as_array().unwrap().iter().any(|a| a == "--seed"));
        assert_eq!(m["scenario"]["file"], "s.json");
        assert_eq!(m["scenario"]["id"], "rows");
        assert_eq!(m["scenario"]["seed"], 9);
        assert_eq!(m["scenario"]["sha256"], file_sha.as_str());
        let resolved = m["scenario"]["resolved_sha256"].as_str().unwrap();
        assert_eq!(resolved.len(), 64);
        assert_ne!(
            resolved, file_sha,
            "the document that ran has seed 9 and the trace on"
        );
    }
    // The summary keeps its columns (one row per flow) and, like every file, its sidecar.
    assert!(read("summary.csv").starts_with("scenario_id,seed,"));
    // stdout gets no sidecar.
    let o = Command::new(BIN)
        .args(["run", "s.json", "--series", "-", "-q"])
        .current_dir(&d)
        .output()
        .unwrap();
    assert!(o.status.success());
    assert!(!d.join("-.meta.json").exists());
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn undefined_values_are_empty_and_counters_are_named_with_unit_and_total() {
    let d = tempdir("cells");
    std::fs::write(d.join("s.json"), SCENARIO).unwrap();
    run_in(&d, &["run", "s.json", "--series", "series.csv", "-q"]);
    let text = std::fs::read_to_string(d.join("series.csv")).unwrap();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').collect())
        .collect();
    let at = |t: &str, e: &str, m: &str| -> Option<String> {
        rows.iter()
            .find(|r| r[0] == t && r[1] == e && r[2] == m)
            .map(|r| r[3].to_string())
    };
    // The first row of a run: time 0, before any RTT sample and any elapsed interval.
    assert_eq!(rows[0][0], "0");
    assert_eq!(at("0", "f", "srtt_ms").as_deref(), Some(""), "srtt at 0 s");
    assert_eq!(at("0", "f", "throughput_kbps").as_deref(), Some(""));
    assert_eq!(
        at("0", "f", "cwnd_bytes").map(|v| v.is_empty()),
        Some(false)
    );
    // Later, both are defined numbers.
    let srtt: Vec<&Vec<&str>> = rows.iter().filter(|r| r[2] == "srtt_ms").collect();
    let last = srtt.last().unwrap()[3];
    assert!(
        last.parse::<f64>().unwrap() > 0.0,
        "srtt at the end: {last}"
    );
    // No empty cell other than these two undefined ones.
    for r in &rows {
        if r[3].is_empty() {
            assert!(matches!(r[2], "srtt_ms" | "throughput_kbps"), "{r:?}");
        }
    }
    let metrics: std::collections::BTreeSet<&str> = rows.iter().map(|r| r[2]).collect();
    for m in [
        "drops_queue_pkts_total",
        "drops_aqm_pkts_total",
        "corrupted_pkts_total",
        "lost_pkts_total",
        "queue_pkts",
    ] {
        assert!(metrics.contains(m), "{m} missing from {metrics:?}");
    }
    for old in ["drops_queue", "drops_aqm", "corrupted", "lost"] {
        assert!(!metrics.contains(old), "old name {old}");
    }
    let _ = std::fs::remove_dir_all(&d);
}

/// SHA-256 as `sha256sum` prints it (the test recomputes it with the same crate as the CLI).
fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
