//! Outputs that are not regular files (`files.rs`): a FIFO (standing in for `/dev/null`, which a
//! test must not risk) is written in place — still a FIFO afterwards, no sidecar beside it — and a
//! symbolic link keeps being a link to the file that receives the output.
//!
//! The bug this guards: outputs were written to a temporary file and renamed over the target, so
//! `--out /dev/null` run as root replaced the null device with an ordinary file, and every later
//! reader of /dev/null (cargo's rustc probe among them) read back what had been written to it.
#![cfg(unix)]

use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::mpsc;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

fn losslab(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .env_remove("SLURM_ARRAY_TASK_COUNT")
        .output()
        .expect("losslab runs")
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("losslab-special-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn mkfifo(p: &Path) {
    let st = Command::new("mkfifo").arg(p).status().expect("mkfifo runs");
    assert!(st.success());
}

/// Read a FIFO on a thread (opening it blocks until a writer comes); the text arrives on the
/// channel once the writer closes it.
fn drain(p: &Path) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel();
    let p = p.to_path_buf();
    std::thread::spawn(move || {
        let text = std::fs::read_to_string(&p).unwrap_or_default();
        let _ = tx.send(text);
    });
    rx
}

const SWEEP: &str = r#"{ "schema": 1, "id": "fifo-test",
  "base": { "schema": 1, "id": "f", "seed": 3, "stop": { "time_s": 5 },
    "topology": { "kind": "dumbbell", "bottleneck": { "rate_bps": 1000000, "delay_ms": 10,
      "queue": { "kind": "drop_tail", "limit_pkts": 20 } } },
    "flows": [{ "id": "a", "tcp": { "cc": "reno" } }] },
  "vary": [{ "path": "topology.bottleneck.delay_ms", "values": [10, 20] }],
  "replications": 2, "metrics": ["throughput_kbps"] }"#;

const SCENARIO: &str = r#"{ "schema": 1, "id": "f", "seed": 3, "stop": { "time_s": 5 },
  "topology": { "kind": "dumbbell", "bottleneck": { "rate_bps": 1000000, "delay_ms": 10,
    "queue": { "kind": "drop_tail", "limit_pkts": 20 } } },
  "flows": [{ "id": "a", "tcp": { "cc": "reno" } }] }"#;

fn only_expected_files(d: &Path, expected: &[&str]) {
    let mut names: Vec<String> = std::fs::read_dir(d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut want: Vec<String> = expected.iter().map(|n| n.to_string()).collect();
    want.sort();
    assert_eq!(names, want, "no sidecar or temporary file beside a FIFO");
}

#[test]
fn a_fifo_output_is_written_in_place_and_stays_a_fifo() {
    let d = scratch("fifo");
    let sweep = d.join("sweep.json");
    std::fs::write(&sweep, SWEEP).unwrap();
    let (out, raw) = (d.join("out"), d.join("raw"));
    mkfifo(&out);
    mkfifo(&raw);
    let (out_text, raw_text) = (drain(&out), drain(&raw));
    let o = losslab(&["sweep", s(&sweep), "--out", s(&out), "--raw", s(&raw), "-q"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    for p in [&out, &raw] {
        let t = std::fs::symlink_metadata(p).unwrap().file_type();
        assert!(t.is_fifo(), "{} was replaced by a {t:?}", p.display());
    }
    let wait = Duration::from_secs(60);
    let agg = out_text
        .recv_timeout(wait)
        .expect("the aggregate reached the FIFO");
    assert!(agg.starts_with("point,"), "{agg}");
    assert_eq!(
        agg.lines().count(),
        1 + 2,
        "a header and one row per point:\n{agg}"
    );
    let rows = raw_text
        .recv_timeout(wait)
        .expect("the raw rows reached the FIFO");
    assert!(rows.lines().count() > 2, "{rows}");
    only_expected_files(&d, &["sweep.json", "out", "raw"]);
}

#[test]
fn a_run_summary_to_a_fifo_is_written_in_place() {
    let d = scratch("run");
    let scenario = d.join("scenario.json");
    std::fs::write(&scenario, SCENARIO).unwrap();
    let (summary, series) = (d.join("summary"), d.join("series"));
    mkfifo(&summary);
    mkfifo(&series);
    let (summary_text, series_text) = (drain(&summary), drain(&series));
    let o = losslab(&[
        "run",
        s(&scenario),
        "--summary",
        s(&summary),
        "--series",
        s(&series),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let wait = Duration::from_secs(60);
    let text = summary_text
        .recv_timeout(wait)
        .expect("the summary reached the FIFO");
    assert!(text.lines().count() > 1, "{text}");
    let text = series_text
        .recv_timeout(wait)
        .expect("the series reached the FIFO");
    assert!(text.starts_with("time_s,"), "{text}");
    for p in [&summary, &series] {
        assert!(std::fs::symlink_metadata(p).unwrap().file_type().is_fifo());
    }
    only_expected_files(&d, &["scenario.json", "summary", "series"]);
}

#[test]
fn a_symlink_output_replaces_the_file_it_names_and_stays_a_link() {
    let d = scratch("link");
    let sweep = d.join("sweep.json");
    std::fs::write(&sweep, SWEEP).unwrap();
    let real = d.join("real.csv");
    std::fs::write(&real, "old").unwrap();
    let link = d.join("link.csv");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let o = losslab(&["sweep", s(&sweep), "--out", s(&link), "-q"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    let text = std::fs::read_to_string(&real).unwrap();
    assert!(text.starts_with("point,"), "{text}");
    // The sidecar is named after the path given.
    assert!(d.join("link.csv.meta.json").is_file());
}
