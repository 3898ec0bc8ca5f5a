//! The `losslab` binary end to end (docs/design.md §D5, §D6): exit codes, messages with JSON paths, CSV
//! headers, determinism, and the sweep's independence from `--jobs` and `--shard`.

use std::path::{Path, PathBuf};
use std::process::Output;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

fn losslab(args: &[&str]) -> Output {
    std::process::Command::new(BIN)
        .args(args)
        .output()
        .expect("losslab runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh, empty scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("losslab-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn put(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::create_dir_all(p.parent().unwrap()).unwrap();
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// A short lossy transfer: 1 Mbit/s, 10 ms, 60 kB, BER 2e-5 (about a fifth of the packets hit).
fn scenario(seed: u64) -> String {
    format!(
        r#"{{ "schema": 1, "id": "cli-test", "seed": {seed}, "stop": {{ "time_s": 60 }},
  "topology": {{ "kind": "dumbbell",
    "bottleneck": {{ "rate_bps": 1000000, "delay_ms": 10, "queue": {{ "kind": "drop_tail", "limit_pkts": 20 }},
                    "errors": {{ "kind": "bit_error", "ber": 2e-5 }} }} }},
  "flows": [{{ "id": "ld", "bytes": 60000, "tcp": {{ "cc": "new_reno", "profile": "freebsd45" }} }}],
  "observe": {{ "sample_ms": 50 }} }}"#
    )
}

/// 3 BERs × 2 classifiers = 6 points, 3 replications each, 2 parallel flows per run.
fn sweep_json() -> String {
    format!(
        r#"{{ "schema": 1, "id": "cli-sweep", "base": {},
  "vary": [ {{ "path": "topology.bottleneck.errors.ber", "values": [0, 1e-5, 3e-5] }},
            {{ "path": "flows[0].tcp.classifier", "values": ["always_congestion", "oracle"] }} ],
  "replications": 3, "metrics": ["throughput_kbps", "timeouts"], "flows": "sum" }}"#,
        scenario(1).replace(r#""bytes": 60000"#, r#""count": 2, "bytes": 30000"#)
    )
}

// ===== run =====

#[test]
fn run_reports_every_problem_with_its_path_and_exits_2() {
    let d = scratch("invalid");
    let bad = scenario(1)
        .replace(r#""delay_ms": 10"#, r#""dleay_ms": 10"#)
        .replace(r#""rate_bps": 1000000"#, r#""rate_bps": -1000000"#)
        .replace(r#""ber": 2e-5"#, r#""ber": 2"#);
    let f = put(&d, "bad.json", &bad);
    let o = losslab(&["run", &f, "--summary", s(&d.join("never.csv"))]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    for path in [
        "topology.bottleneck.dleay_ms: unknown field",
        "topology.bottleneck.rate_bps: must be between",
        "topology.bottleneck.errors.ber: must be between 0 and 0.5 (got 2)",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(&format!("{f}: {path}"))),
            "missing {path:?} in:\n{err}"
        );
    }
    assert!(err.contains("did you mean \"delay_ms\""), "{err}");
    assert!(
        !d.join("never.csv").exists(),
        "nothing is written for invalid input"
    );
    // validate says the same, with the same exit code.
    let o = losslab(&["validate", &f]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stderr(&o), err);
}

#[test]
fn run_writes_the_design_csv_headers() {
    let d = scratch("headers");
    let f = put(&d, "sc.json", &scenario(1));
    let (sum, ser) = (d.join("summary.csv"), d.join("series.csv"));
    let o = losslab(&["run", &f, "--summary", s(&sum), "--series", s(&ser)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let summary = std::fs::read_to_string(&sum).unwrap();
    let series = std::fs::read_to_string(&ser).unwrap();
    assert_eq!(
        summary.lines().next().unwrap(),
        "scenario_id,seed,flow_id,cc,classifier,bytes_delivered,start_s,completion_s,throughput_kbps,goodput_kbps,\
segments_sent,retransmissions,fast_retransmits,timeouts,losses_queue,losses_corruption,losses_other,verdicts_congestion,\
verdicts_wireless,accuracy_congestion,accuracy_wireless,spurious_retransmissions"
    );
    assert_eq!(summary.lines().count(), 2, "one row per flow");
    assert!(
        summary
            .lines()
            .nth(1)
            .unwrap()
            .starts_with("cli-test,1,ld,new_reno,always_congestion,60000,"),
        "{summary}"
    );
    assert_eq!(series.lines().next().unwrap(), "time_s,entity,metric,value");
    assert!(series.lines().count() > 10);
    assert!(series
        .lines()
        .skip(1)
        .all(|l| !l.starts_with("cli-test") && l.split(',').count() == 4));
    // The table goes to stdout; --json prints the summary as JSON instead.
    assert!(String::from_utf8_lossy(&o.stdout).contains("scenario cli-test"));
    let o = losslab(&["run", &f, "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("--json prints JSON");
    assert_eq!(v["flows"][0]["flow_id"], "ld");
}

#[test]
fn same_seed_gives_identical_bytes_and_another_seed_differs() {
    let d = scratch("determinism");
    let csvs: Vec<(String, String)> = [("a", 1), ("b", 1), ("c", 2)]
        .iter()
        .map(|(name, seed)| {
            let f = put(&d, &format!("{name}.json"), &scenario(*seed));
            let (sum, ser) = (
                d.join(format!("{name}-summary.csv")),
                d.join(format!("{name}-series.csv")),
            );
            let o = losslab(&["run", &f, "--summary", s(&sum), "--series", s(&ser)]);
            assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
            (
                std::fs::read_to_string(sum).unwrap(),
                std::fs::read_to_string(ser).unwrap(),
            )
        })
        .collect();
    assert_eq!(
        csvs[0], csvs[1],
        "same scenario and seed → byte-identical CSV"
    );
    // Apart from the seed column, seed 2 sees other error positions, hence other numbers.
    let strip = |t: &str| t.replace("cli-test,2,", "cli-test,1,");
    assert_ne!(strip(&csvs[2].0), csvs[0].0);
    assert_ne!(strip(&csvs[2].1), csvs[0].1);
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(losslab(&[]).status.code(), Some(2));
    assert_eq!(losslab(&["frobnicate"]).status.code(), Some(2));
    assert_eq!(
        losslab(&["run", "/nonexistent/x.json"]).status.code(),
        Some(2)
    );
    assert_eq!(
        losslab(&["sweep", "x.json"]).status.code(),
        Some(2),
        "--out is required"
    );
    assert_eq!(
        losslab(&["sweep", "x.json", "--out", "y.csv", "--shard", "3/2"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        losslab(&["sweep", "x.json", "--out", "y.csv", "--jobs", "0"])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(losslab(&["version"]).status.code(), Some(0));
}

// ===== sweep =====

fn run_sweep(d: &Path, file: &str, out: &str, extra: &[&str]) -> String {
    let out = d.join(out);
    let mut args = vec!["sweep", file, "--out", s(&out)];
    args.extend_from_slice(extra);
    let o = losslab(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    std::fs::read_to_string(out).unwrap()
}

#[test]
fn sweep_writes_one_row_per_point_and_metric() {
    let d = scratch("sweep");
    let f = put(&d, "sweep.json", &sweep_json());
    let csv = run_sweep(&d, &f, "all.csv", &["--jobs", "2"]);
    let lines: Vec<&str> = csv.lines().collect();
    // `entity` and `metric` columns (the group row of a count is entity `sum`, that of a
    // rate the run's aggregate) and `sd` beside the mean.
    assert_eq!(lines[0], "point,topology.bottleneck.errors.ber,flows[0].tcp.classifier,entity,metric,mean,sd,ci95_low,ci95_high,n");
    // 6 points × 2 metrics, "flows": "sum" → one group row per metric.
    assert_eq!(lines.len(), 1 + 6 * 2, "{csv}");
    assert_eq!(
        lines[1].split(',').take(5).collect::<Vec<_>>(),
        [
            "0",
            "0",
            "always_congestion",
            "run",
            "aggregate_throughput_kbps"
        ]
    );
    assert!(
        lines[12].starts_with("5,0.00003,oracle,sum,timeouts,"),
        "{csv}"
    );
    for l in &lines[1..] {
        let cols: Vec<&str> = l.split(',').collect();
        assert_eq!(cols.len(), 10, "{l}");
        assert_eq!(cols[9], "3", "n = replications: {l}");
        let (mean, sd, lo, hi): (f64, f64, f64, f64) = (
            cols[5].parse().unwrap(),
            cols[6].parse().unwrap(),
            cols[7].parse().unwrap(),
            cols[8].parse().unwrap(),
        );
        assert!(lo <= mean && mean <= hi && sd >= 0.0, "{l}");
    }
    // Error-free points have no timeouts in any replication: a zero-width interval.
    assert_eq!(lines[2], "0,0,always_congestion,sum,timeouts,0,0,0,0,3");
}

#[test]
fn sweep_output_does_not_depend_on_jobs_or_shards() {
    let d = scratch("jobs");
    let f = put(&d, "sweep.json", &sweep_json());
    let one = run_sweep(&d, &f, "j1.csv", &["--jobs", "1"]);
    let two = run_sweep(&d, &f, "j2.csv", &["--jobs", "2"]);
    let five = run_sweep(&d, &f, "j5.csv", &["--jobs", "5"]);
    assert_eq!(one, two, "--jobs 1 and --jobs 2 give the same bytes");
    assert_eq!(one, five);

    let header = one.lines().next().unwrap();
    let mut whole: Vec<&str> = one.lines().skip(1).collect();
    let mut shards = String::new();
    for i in 1..=4 {
        let part = run_sweep(
            &d,
            &f,
            &format!("s{i}.csv"),
            &["--shard", &format!("{i}/4"), "--jobs", "2"],
        );
        assert_eq!(
            part.lines().next(),
            Some(header),
            "every shard has the header"
        );
        for l in part.lines().skip(1) {
            let point: usize = l.split(',').next().unwrap().parse().unwrap();
            assert_eq!(point % 4, i - 1, "shard {i}/4 holds only its points: {l}");
        }
        shards.push_str(&part);
    }
    let mut joined: Vec<&str> = shards.lines().filter(|l| *l != header).collect();
    joined.sort_unstable();
    whole.sort_unstable();
    assert_eq!(
        joined, whole,
        "the shards' rows together are exactly the whole file's rows"
    );
}

#[test]
fn sweep_rejects_bad_points_before_running_anything() {
    let d = scratch("sweep-invalid");
    let bad = sweep_json()
        .replace("[0, 1e-5, 3e-5]", "[0, 2, 3e-5, -1]")
        .replace(r#""oracle""#, r#""oracel""#)
        .replace(r#""replications": 3"#, r#""replications": 3, "metrix": []"#);
    let f = put(&d, "bad.json", &bad);
    let out = d.join("out.csv");
    let o = losslab(&["sweep", &f, "--out", s(&out)]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    for want in [
        "vary[0].values[1]: topology.bottleneck.errors.ber: must be between 0 and 0.5 (got 2)",
        "vary[0].values[3]: topology.bottleneck.errors.ber: must be between 0 and 0.5 (got -1)",
        "vary[1].values[1]: flows[0].tcp.classifier: unknown value \"oracel\"",
        "metrix: unknown field \"metrix\" (did you mean \"metrics\"?)",
    ] {
        assert!(
            err.lines().any(|l| l.starts_with(&format!("{f}: {want}"))),
            "missing {want:?} in:\n{err}"
        );
    }
    assert_eq!(
        err.lines().count(),
        4,
        "one line per problem, each reported once:\n{err}"
    );
    assert!(!out.exists());
}

#[test]
fn sweep_base_id_is_found_above_the_sweep_file() {
    let d = scratch("resolve");
    put(&d, "content/scenarios/tiny.json", &scenario(5));
    let f = put(
        &d,
        "content/sweeps/deep/tiny-sweep.json",
        r#"{ "schema": 1, "base": "tiny", "vary": [{ "path": "flows[0].bytes", "values": [10000, 20000] }], "replications": 2 }"#,
    );
    let csv = run_sweep(&d, &f, "out.csv", &[]);
    assert_eq!(
        csv.lines().count(),
        1 + 2 * 4,
        "2 points × the 4 default metrics:\n{csv}"
    );
    assert!(csv.contains("\n1,20000,ld,throughput_kbps,"), "{csv}");
    let missing = put(
        &d,
        "content/sweeps/missing.json",
        r#"{ "base": "nope", "vary": [] }"#,
    );
    let o = losslab(&["validate", &missing]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains(": base: scenario \"nope\": cannot read"),
        "{}",
        stderr(&o)
    );
}

// ===== validate and bench =====

#[test]
fn validate_accepts_every_content_file() {
    let root = repo_root();
    let mut files: Vec<String> = Vec::new();
    for dir in ["content/scenarios", "content/sweeps"] {
        for e in std::fs::read_dir(root.join(dir)).unwrap() {
            let p = e.unwrap().path();
            if p.extension().is_some_and(|x| x == "json") {
                files.push(p.to_str().unwrap().to_string());
            }
        }
    }
    files.sort();
    assert!(files.iter().any(|f| f.ends_with("gb04-fig4-ber.json")));
    let args: Vec<&str> = std::iter::once("validate")
        .chain(files.iter().map(String::as_str))
        .collect();
    let o = losslab(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("gb04-fig4-ber.json: ok (sweep: 7 points × 10 replications = 70 runs)"),
        "{out}"
    );
}

#[test]
fn validate_checks_reproduction_files_with_their_references() {
    let root = repo_root();
    let mut files: Vec<String> = Vec::new();
    for paper in ["gb04", "gurtov", "lj", "njplus"] {
        for e in std::fs::read_dir(root.join("content/reproductions").join(paper)).unwrap() {
            files.push(e.unwrap().path().to_str().unwrap().to_string());
        }
    }
    files.sort();
    let args: Vec<&str> = std::iter::once("validate")
        .chain(files.iter().map(String::as_str))
        .collect();
    let o = losslab(&args);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.lines().count(), files.len(), "{out}");
    assert!(
        out.contains("fig4.json: ok (reproduction gb04/fig4: "),
        "{out}"
    );
    // A reproduction copied under another name is refused; the same file under its own is not.
    let d = scratch("validate-repro");
    let text =
        std::fs::read_to_string(root.join("sim-core/tests/fixtures/reproduce/tiny.json")).unwrap();
    let good = put(&d, "gb04/tiny.json", &text);
    let renamed = put(&d, "gb04/other.json", &text);
    let o = losslab(&["validate", &good]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = losslab(&["validate", &renamed]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("id: \"tiny\" must equal the file name \"other\""),
        "{err}"
    );
}

#[test]
fn bench_json_lists_the_workloads() {
    let o = losslab(&["bench", "--quick", "--json", "--only", "w1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON array");
    let w = &v.as_array().unwrap()[0];
    assert_eq!(
        (w["id"].as_str(), w["runs"].as_u64()),
        (Some("w1"), Some(7))
    );
    for key in ["events", "wall_ms", "events_per_s", "simulated_s"] {
        assert!(w[key].as_f64().is_some_and(|x| x > 0.0), "{key}: {w}");
    }
    assert_eq!(losslab(&["bench", "--only", "w9"]).status.code(), Some(2));
}

#[test]
fn bench_scenarios_writes_the_workloads_runs() {
    let d = scratch("bench-scenarios");
    let dir = d.join("runs");
    let o = losslab(&[
        "bench",
        "--quick",
        "--only",
        "w1,w3",
        "--scenarios",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!dir.join("w2.json").exists());
    for w in sim_core::bench::workloads(true)
        .into_iter()
        .filter(|w| w.id == "w1" || w.id == "w3")
    {
        let text = std::fs::read_to_string(dir.join(format!("{}.json", w.id))).unwrap();
        let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
        let runs = doc["runs"].as_array().unwrap();
        assert_eq!(runs.len(), w.runs.len());
        for (v, sc) in runs.iter().zip(&w.runs) {
            assert_eq!(&sim_core::scenario::parse_value(v).unwrap(), sc);
        }
    }
}

#[test]
fn run_trace_writes_one_row_per_event_consistent_with_the_summary() {
    let d = scratch("trace");
    let file = put(&d, "s.json", &scenario(3));
    let (trace, summary) = (d.join("trace.csv"), d.join("summary.csv"));
    let o = losslab(&["run", &file, "--trace", s(&trace), "--summary", s(&summary)]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&trace).unwrap();
    let mut lines = text.lines();
    assert_eq!(lines.next(), Some("time_s,flow_id,kind,seq,cause,verdict"));
    let count = |kind: &str| {
        text.lines()
            .filter(|l| l.split(',').nth(2) == Some(kind))
            .count()
    };
    // Summary columns (0-based): retransmissions 11, fast_retransmits 12, timeouts 13,
    // losses_queue 14, losses_corruption 15.
    let sum = std::fs::read_to_string(&summary).unwrap();
    let row: Vec<&str> = sum.lines().nth(1).unwrap().split(',').collect();
    let col = |i: usize| row[i].parse::<usize>().unwrap();
    assert_eq!(count("retransmit"), col(11));
    assert_eq!(count("verdict"), col(12));
    assert_eq!(count("timeout"), col(13));
    assert_eq!(count("drop"), col(14) + col(15));
    assert!(count("send") > 0 && count("ack") > 0);
    // Every drop names its true cause.
    assert!(text
        .lines()
        .filter(|l| l.contains(",drop,"))
        .all(|l| l.split(',').nth(4).is_some_and(|c| !c.is_empty())));
}

// ===== stdout closed early =====

/// Run `losslab` with stdout a pipe whose reading end is already closed (the extreme of
/// `losslab catalog | head`): the first write fails with EPIPE — Rust ignores SIGPIPE, so it is
/// an error, not a signal, and the binary must treat it as a normal end.
fn losslab_into_closed_pipe(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    std::process::Command::new(BIN)
        .args(args)
        .stdout(writer)
        .output()
        .expect("losslab runs")
}

#[test]
fn a_closed_stdout_ends_every_printing_command_quietly_with_status_0() {
    let d = scratch("epipe");
    let f = put(&d, "sc.json", &scenario(1));
    for args in [
        vec!["catalog"],
        vec!["catalog", "--json"],
        vec!["version"],
        vec!["help"],
        vec!["run", &f],
        vec!["run", &f, "--json"],
        vec!["validate", &f],
    ] {
        let o = losslab_into_closed_pipe(&args);
        let err = stderr(&o);
        assert!(
            !err.contains("panicked") && !err.contains("internal error"),
            "{args:?}: {err}"
        );
        assert_eq!(o.status.code(), Some(0), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?} prints nothing on stderr");
    }
}

#[test]
fn a_reader_that_stops_after_the_first_line_is_not_an_error() {
    // `losslab catalog | head -1`: read one line, close the pipe, wait.
    use std::io::BufRead;
    let mut child = std::process::Command::new(BIN)
        .arg("catalog")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("losslab runs");
    let mut first = String::new();
    std::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.starts_with("LossLab "), "{first}");
    let o = child.wait_with_output().unwrap();
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    assert_eq!(o.status.code(), Some(0));
}

#[cfg(target_os = "linux")]
#[test]
fn other_stdout_errors_are_still_reported() {
    // /dev/full: every write fails with ENOSPC — an internal error (exit 1), not swallowed.
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let o = std::process::Command::new(BIN)
        .arg("catalog")
        .stdout(full)
        .output()
        .expect("losslab runs");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("cannot write to stdout"),
        "{}",
        stderr(&o)
    );
}

/// `losslab reproduce`: a file argument, the report's files, exit codes 0 and 2, and
/// bytes that do not depend on `--jobs`.
#[test]
fn reproduce_writes_the_report_and_rejects_bad_files() {
    let d = scratch("reproduce");
    let fixture = repo_root().join("sim-core/tests/fixtures/reproduce/tiny.json");
    // The fixture's reference is gb04/tiny.json; outside the fixtures it is simply missing.
    let file = put(
        &d,
        "gb04/tiny.json",
        &std::fs::read_to_string(&fixture).unwrap(),
    );
    let run = |out: &Path, jobs: &str| {
        losslab(&[
            "reproduce",
            &file,
            "--replications",
            "2",
            "--jobs",
            jobs,
            "--out",
            s(out),
        ])
    };
    let (a, b) = (d.join("a"), d.join("b"));
    let o = run(&a, "1");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        out.contains(
            "gb04/tiny: 8 runs (2 replications): 1 reproduced, 0 direction only, 3 inconclusive, 0 not reproduced; sanity 0 of 0; 4 rows depart from the paper"
        ),
        "{out}"
    );
    let o = run(&b, "3");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    for f in ["index.md", "index.html", "gb04/tiny.svg", "gb04/tiny.csv"] {
        let x = std::fs::read(a.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(
            x,
            std::fs::read(b.join(f)).unwrap(),
            "{f} depends on --jobs"
        );
    }
    let md = std::fs::read_to_string(a.join("index.md")).unwrap();
    assert!(md.contains("| gb04 | tiny — "), "{md}");
    assert!(md.contains("are not transcribed yet"), "{md}");

    // Bad input: every problem with the file and its path, exit 2.
    let bad = put(
        &d,
        "gb04/bad.json",
        r#"{ "schema": 1, "paper": "gb04", "id": "bad", "title": "t", "summary": { "setup": "s", "claim": "c" },
             "source": "s", "sweep": "no-such-sweep", "replications": 1, "replications_test": 1,
             "plot": { "x": "a", "metric": "throughput_kbps", "series": [] }, "expect": [] }"#,
    );
    let o = losslab(&["reproduce", &bad, "--out", s(&d.join("c"))]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains(&format!("{bad}: sweep: ")), "{e}");
    assert!(
        e.contains(&format!("{bad}: plot.series: needs at least one series")),
        "{e}"
    );
    // A file whose id is not its name.
    let misnamed = put(
        &d,
        "gb04/other.json",
        &std::fs::read_to_string(&fixture).unwrap(),
    );
    let o = losslab(&["reproduce", &misnamed, "--out", s(&d.join("c"))]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("id: \"tiny\" must equal the file name \"other\""),
        "{}",
        stderr(&o)
    );
    // Usage.
    let o = losslab(&["reproduce", &file]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("missing --out DIR"));
    let o = losslab(&[
        "reproduce",
        &file,
        "--paper",
        "gb05",
        "--out",
        s(&d.join("c")),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let o = losslab(&[
        "reproduce",
        &file,
        "--figure",
        "fig99",
        "--out",
        s(&d.join("c")),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no reproduction matches"));
}

/// M12: `losslab reproduce` writes a file's time-sequence plots beside its figure, with the
/// same bytes whatever `--jobs` (the plots' runs happen after the sweep, on one thread).
#[test]
fn reproduce_writes_time_sequence_plots_independent_of_jobs() {
    let d = scratch("reproduce-timeseq");
    let fixture = repo_root().join("sim-core/tests/fixtures/reproduce/timeseq.json");
    let file = put(
        &d,
        "gb04/timeseq.json",
        &std::fs::read_to_string(&fixture).unwrap(),
    );
    let run =
        |out: &Path, jobs: &str| losslab(&["reproduce", &file, "--jobs", jobs, "--out", s(out)]);
    let (a, b) = (d.join("a"), d.join("b"));
    for (out, jobs) in [(&a, "1"), (&b, "3")] {
        let o = run(out, jobs);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    for f in [
        "index.md",
        "index.html",
        "gb04/timeseq-whole.svg",
        "gb04/timeseq-late.svg",
    ] {
        let x = std::fs::read(a.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(
            x,
            std::fs::read(b.join(f)).unwrap(),
            "{f} depends on --jobs"
        );
    }
    let svg = std::fs::read_to_string(a.join("gb04/timeseq-whole.svg")).unwrap();
    assert_eq!(svg.matches("class=\"drop\"").count(), 3, "{svg}");
    let md = std::fs::read_to_string(a.join("index.md")).unwrap();
    assert!(
        md.contains("![Fixture: the whole transfer](gb04/timeseq-whole.svg)"),
        "{md}"
    );
}
