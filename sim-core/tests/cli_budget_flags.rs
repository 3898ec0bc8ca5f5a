//! Each budget refusal names the option that raises what it refuses, and `--max-events` sets the
//! work budget both ways: one run's for `run`/`validate`, all of a sweep's runs together for
//! `sweep` (docs/limits.md).

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

fn repo() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn losslab(args: &[&str], cwd: &std::path::Path) -> (Option<i32>, String) {
    let out = Command::new(BIN)
        .args(args)
        .current_dir(cwd)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_memory_refusal_names_the_memory_option_only() {
    let file = repo().join("content/hostile/budget-series-memory.json");
    let (code, err) = losslab(&["validate", file.to_str().unwrap()], &repo());
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("(the budget on the command line is ")
            && err.contains("or raise the budget with --max-memory-mb"),
        "{err}"
    );
    assert!(!err.contains("--max-events"), "{err}");
}

#[test]
fn max_events_lowers_a_sweeps_budget_and_is_named_in_the_refusal() {
    let dir = std::env::temp_dir().join(format!("losslab-flags-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // 20 runs of about 10⁵–10⁶ estimated events each: every run fits 10⁶, the sweep does not.
    let seeds: Vec<u64> = (1..=20).collect();
    let doc = serde_json::json!({
        "base": {"stop": {"time_s": 100000}, "flows": [{"bytes": 1000}],
                 "topology": {"kind": "dumbbell", "bottleneck": {"errors": {"kind": "bit_error", "ber": 0.5}}},
                 "observe": {"sample_ms": 10000}},
        "vary": [{"path": "seed", "values": seeds}],
        "metrics": ["events"]
    });
    std::fs::write(dir.join("sw.json"), doc.to_string()).unwrap();
    let (code, err) = losslab(
        &[
            "--max-events",
            "1000000",
            "sweep",
            "sw.json",
            "--out",
            "a.csv",
        ],
        &dir,
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("sw.json: replications: this sweep needs about ")
            && err.contains("(the budget on the command line is 1 million events a sweep)")
            && err.ends_with("or raise the budget with --max-events\n"),
        "{err}"
    );
    assert!(!dir.join("a.csv").exists());
    // Raised past its estimate, it runs.
    let (code, err) = losslab(
        &[
            "--max-events",
            "100000000",
            "sweep",
            "sw.json",
            "--out",
            "a.csv",
            "--quiet",
        ],
        &dir,
    );
    assert_eq!(code, Some(0), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
