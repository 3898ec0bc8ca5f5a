//! A long sweep says what it will cost and how far it has got also when its standard error is not
//! a terminal (a log file, a batch job): the estimate line, then progress lines with an ETA, rate
//! limited (a line per tenth of the runs, at most one a second after the first), and a last line
//! with the time it took. A short sweep, or `--quiet`, prints none.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

/// A sweep of `points` runs of a 1 kB transfer over BER 0.5 for `time_s`: it can never finish,
/// so its work is priced over all of `time_s` (timers), while the real run is a few thousand
/// backed-off retransmissions — estimated long, quick to run.
fn sweep(dir: &std::path::Path, points: u64, time_s: u64) -> std::path::PathBuf {
    let seeds: Vec<u64> = (1..=points).collect();
    let doc = serde_json::json!({
        "base": {
            "stop": {"time_s": time_s},
            "flows": [{"bytes": 1000}],
            "topology": {"kind": "dumbbell", "bottleneck": {"errors": {"kind": "bit_error", "ber": 0.5}}},
            "observe": {"sample_ms": 10000}
        },
        "vary": [{"path": "seed", "values": seeds}],
        "metrics": ["events"]
    });
    let f = dir.join(format!("sw-{points}-{time_s}.json"));
    std::fs::write(&f, doc.to_string()).unwrap();
    f
}

/// `losslab sweep <file> --out <csv> --jobs 1 [extra]` with stderr captured (not a terminal).
fn stderr_of(file: &std::path::Path, extra: &[&str]) -> String {
    let out = Command::new(BIN)
        .arg("sweep")
        .arg(file)
        .arg("--out")
        .arg(file.with_extension("csv"))
        .args(["--jobs", "1"])
        .args(extra)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{err}");
    err
}

#[test]
fn a_long_sweep_prints_its_estimate_and_progress_lines_off_a_terminal() {
    let dir = std::env::temp_dir().join(format!("losslab-progress-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let long = sweep(&dir, 80, 100_000);
    let err = stderr_of(&long, &[]);
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines[0].contains("simulator events, up to ") && lines[0].contains("of computing"),
        "{err}"
    );
    // The first tenth's line at once, with an ETA.
    let progress: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("sweep: ") && l.contains(" runs (") && l.contains(", ETA "))
        .collect();
    assert!(!progress.is_empty(), "{err}");
    assert!(
        progress[0].starts_with("sweep: 8/80 runs (10 %), "),
        "{err}"
    );
    assert!(progress.len() <= 9, "one line per tenth at most: {err}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("sweep: 80/80 runs done in ")),
        "{err}"
    );
    // --quiet: nothing; a short sweep: no progress either.
    assert_eq!(stderr_of(&long, &["--quiet"]), "");
    let short = sweep(&dir, 3, 100);
    let err = stderr_of(&short, &[]);
    assert!(!err.contains("runs ("), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
