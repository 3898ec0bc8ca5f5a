//! The clap command line: `--help`/`--version` on stdout with exit 0, `--opt=value`,
//! "did you mean" for a mistyped flag, `-` for stdin and stdout, `run --seed/--set`, shell
//! completions and man pages from the one definition, and outputs written whole (temp + rename).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

fn losslab(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("losslab runs")
}

fn with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("losslab runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("losslab-cliargs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// A short lossy transfer (as in `tests/cli.rs`).
fn scenario() -> String {
    r#"{ "schema": 1, "id": "args-test", "seed": 1, "stop": { "time_s": 60 },
  "topology": { "kind": "dumbbell",
    "bottleneck": { "rate_bps": 1000000, "delay_ms": 10, "queue": { "kind": "drop_tail", "limit_pkts": 20 },
                    "errors": { "kind": "bit_error", "ber": 2e-5 } } },
  "flows": [{ "id": "ld", "bytes": 60000, "tcp": { "cc": "new_reno", "profile": "freebsd45" } }],
  "observe": { "sample_ms": 50 } }"#
        .to_string()
}

#[test]
fn help_and_version_print_to_stdout_and_exit_0() {
    for args in [
        vec!["--help"],
        vec!["help"],
        vec!["run", "--help"],
        vec!["sweep", "--help"],
        vec!["aggregate", "-h"],
        vec!["help", "sweep"],
    ] {
        let o = losslab(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", text(&o.stderr));
        let out = text(&o.stdout);
        assert!(out.contains("Usage: losslab"), "{args:?}: {out}");
        assert!(o.stderr.is_empty(), "{args:?}");
    }
    // Per-command help carries examples.
    let out = text(&losslab(&["run", "--help"]).stdout);
    assert!(out.contains("Examples:") && out.contains("--set"), "{out}");
    for args in [vec!["-V"], vec!["--version"], vec!["version"]] {
        let o = losslab(&args);
        assert_eq!(o.status.code(), Some(0));
        let out = text(&o.stdout);
        assert!(
            out.starts_with(&format!("losslab {}", env!("CARGO_PKG_VERSION"))),
            "{out}"
        );
    }
}

#[test]
fn usage_errors_exit_2_with_a_did_you_mean() {
    let o = losslab(&["run", "x.json", "--sumary", "y.csv"]);
    assert_eq!(o.status.code(), Some(2));
    let err = text(&o.stderr);
    assert!(
        err.contains("--sumary") && err.contains("similar argument exists: '--summary'"),
        "{err}"
    );
    let o = losslab(&["sweep", "x.json", "--out", "y.csv", "--shard", "0/2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("expected I/N"),
        "{}",
        text(&o.stderr)
    );
    let o = losslab(&["swep"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("'sweep'"), "{}", text(&o.stderr));
}

#[test]
fn opt_equals_value_and_dash_for_stdin_and_stdout() {
    let d = scratch("dash");
    let f = d.join("sc.json");
    std::fs::write(&f, scenario()).unwrap();
    let out = d.join("x.csv");
    // --out=x
    let o = losslab(&["run", s(&f), &format!("--summary={}", s(&out))]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let file = std::fs::read_to_string(&out).unwrap();
    assert!(file.starts_with("scenario_id,seed,flow_id,"), "{file}");
    // `-` as input (stdin) and as output (stdout): the CSV, no table, no file named `-`.
    let o = with_stdin(&["run", "-", "--summary", "-"], &scenario());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), file);
    assert!(!Path::new("-").exists());
    // Two outputs on stdout would interleave: refused.
    let o = losslab(&["run", s(&f), "--summary", "-", "--series", "-"]);
    assert_eq!(o.status.code(), Some(2));
    // validate reads stdin too.
    let o = with_stdin(&["validate", "-"], &scenario());
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "-: ok\n");
}

#[test]
fn run_seed_and_set_change_the_scenario_like_a_sweep_path() {
    let d = scratch("set");
    let f = d.join("sc.json");
    std::fs::write(&f, scenario()).unwrap();
    let summary = |extra: &[&str]| {
        let mut args = vec!["run", s(&f), "--summary", "-"];
        args.extend_from_slice(extra);
        let o = losslab(&args);
        assert_eq!(o.status.code(), Some(0), "{extra:?}: {}", text(&o.stderr));
        text(&o.stdout)
    };
    let plain = summary(&[]);
    assert!(plain.contains("\nargs-test,1,ld,new_reno,"), "{plain}");
    let seeded = summary(&["--seed", "9"]);
    assert!(seeded.contains("\nargs-test,9,ld,"), "{seeded}");
    // The value is JSON, or a bare string when it is not JSON.
    let reno = summary(&["--set", "flows[0].tcp.cc=reno", "--set=flows.0.bytes=30000"]);
    assert!(
        reno.contains("\nargs-test,1,ld,reno,always_congestion,30000,"),
        "{reno}"
    );
    let clean = summary(&["--set", "topology.bottleneck.errors.ber=0"]);
    let cols: Vec<&str> = clean.lines().nth(1).unwrap().split(',').collect();
    assert_eq!(
        cols[15], "0",
        "no bit errors, no corruption losses: {clean}"
    );
    // A bad path or value: exit 2 with the scenario's own message.
    let o = losslab(&["run", s(&f), "--set", "flows[3].bytes=1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("out of range"),
        "{}",
        text(&o.stderr)
    );
    let o = losslab(&["run", s(&f), "--set", "topology.bottleneck.errors.ber=2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("topology.bottleneck.errors.ber: must be between 0 and 0.5"),
        "{}",
        text(&o.stderr)
    );
    let o = losslab(&["run", s(&f), "--set", "novalue"]);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn completions_and_man_pages_come_from_the_same_definition() {
    for (shell, needle) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef losslab"),
        ("fish", "complete -c losslab"),
    ] {
        let o = losslab(&["completions", shell]);
        assert_eq!(o.status.code(), Some(0));
        let out = text(&o.stdout);
        assert!(out.contains(needle), "{shell}");
        assert!(
            out.contains("aggregate") && out.contains("--raw"),
            "{shell}"
        );
    }
    let o = losslab(&["man"]);
    assert_eq!(o.status.code(), Some(0));
    let page = text(&o.stdout);
    assert!(
        page.starts_with(".ie") || page.contains(".TH losslab"),
        "{page}"
    );
    let o = losslab(&["man", "sweep"]);
    assert!(
        text(&o.stdout).contains("\\-\\-shard"),
        "{}",
        text(&o.stdout)
    );
    assert_eq!(losslab(&["man", "nope"]).status.code(), Some(2));
}

#[test]
fn a_failed_run_leaves_no_partial_output() {
    let d = scratch("atomic");
    let f = d.join("sc.json");
    std::fs::write(&f, scenario()).unwrap();
    let summary = d.join("summary.csv");
    // The series cannot be written (no such folder): exit 1, and the summary, whose write came
    // first, is not there either — outputs are renamed into place only when all were written.
    let o = losslab(&[
        "run",
        s(&f),
        "--summary",
        s(&summary),
        "--series",
        s(&d.join("missing/series.csv")),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("cannot write"),
        "{}",
        text(&o.stderr)
    );
    let left: Vec<String> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["sc.json"], "no summary, no temporary file");
    // An existing file is replaced whole or not at all.
    std::fs::write(&summary, "old").unwrap();
    let o = losslab(&["run", s(&f), "--summary", s(&summary)]);
    assert_eq!(o.status.code(), Some(0));
    assert!(std::fs::read_to_string(&summary)
        .unwrap()
        .starts_with("scenario_id,"));
}

#[test]
fn a_killed_sweep_leaves_no_csv() {
    let d = scratch("killed");
    // Enough long runs that the sweep is still busy when it is killed.
    let sweep = format!(
        r#"{{ "schema": 1, "base": {}, "vary": [{{ "path": "flows[0].bytes", "values": [5000000, 5000001, 5000002, 5000003] }}],
             "replications": 500 }}"#,
        scenario().replace(r#""time_s": 60"#, r#""time_s": 3000"#)
    );
    let f = d.join("sweep.json");
    std::fs::write(&f, sweep).unwrap();
    let out = d.join("out.csv");
    let mut child = Command::new(BIN)
        .args(["sweep", s(&f), "--out", s(&out), "--jobs", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Kill it once it has done real work (0.3 s of CPU time, from /proc), not after a fixed delay:
    // 2000 runs of 3000 simulated seconds take minutes, so it is still busy then.
    let stat = format!("/proc/{}/stat", child.id());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let cpu_ticks = std::fs::read_to_string(&stat)
            .ok()
            .and_then(|t| {
                let after_name = t.rsplit_once(')')?.1.to_owned();
                let fields: Vec<&str> = after_name.split_whitespace().collect();
                // Fields 14 and 15 of stat (utime, stime) are the 12th and 13th after the name.
                Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
            })
            .unwrap_or(0);
        if cpu_ticks >= 30 || std::time::Instant::now() > deadline {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "the sweep ended before it was killed"
    );
    child.kill().unwrap();
    child.wait().unwrap();
    let left: Vec<String> = std::fs::read_dir(&d)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(left, ["sweep.json"], "a killed sweep writes nothing");
}
