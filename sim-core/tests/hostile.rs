//! The hostile corpus: every entry of `content/hostile/manifest.json` run through the
//! `losslab` binary under a memory cap and a time limit, asserting its exit code, a phrase of its
//! message, that no signal ended it and that it finished in time.
//!
//! - Memory cap: `ulimit -v` (address space, KiB) set by `sh -c` before `exec`ing the binary
//!   (`tests/common/capped.rs`), so an allocation past it fails inside the process (Rust aborts:
//!   SIGABRT, which this test reports as a failure) instead of swapping the machine. The CLI reads the cap and keeps its budget
//!   (`sim_core::budget`) to half of it, so the budget's shapes (`budget-*.json`: series, history
//!   rings, RTO storms, microsecond on/off sources, tiny datagrams, zero delay at the top rate)
//!   are refused with exit 2 and a sentence, or accepted and finished in milliseconds.
//! - Time limit: the child is polled and killed past [`TIME_LIMIT`] (a failure).
//! - Big inputs are not committed: `content/hostile/generate.rs` (included below) writes them into
//!   a scratch folder; manifest entries name them `gen/<file>`.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

#[path = "../../content/hostile/generate.rs"]
mod generate;

use crate::common::capped;
use capped::Outcome;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");
/// Address-space cap for one run, KiB (1 GiB: the worst accepted input needs a few tens of MB).
const MEMORY_KIB: u64 = 1 << 20;
/// Wall-clock limit for one entry (generous for a debug build on a loaded 2-core machine; the
/// entries take milliseconds in release).
const TIME_LIMIT: Duration = Duration::from_secs(20);

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// Run `losslab <args>` under the memory cap and the time limit.
fn run_capped(args: &[String], cwd: &Path) -> Outcome {
    run_capped_in(args, cwd, Stdio::null())
}

/// [`run_capped`] with the given standard input.
fn run_capped_in(args: &[String], cwd: &Path, stdin: Stdio) -> Outcome {
    capped::run_capped(BIN, args, cwd, stdin, MEMORY_KIB, TIME_LIMIT)
}

#[test]
fn every_hostile_input_gets_its_exit_code_and_message_in_time_and_memory() {
    let corpus = repo().join("content/hostile");
    let scratch = std::env::temp_dir().join(format!("losslab-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    generate::write_all(&scratch.join("gen")).unwrap();
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(corpus.join("manifest.json")).unwrap())
            .unwrap();
    let entries = manifest["entries"].as_array().unwrap();
    assert!(
        entries.len() >= 40,
        "the corpus has {} entries",
        entries.len()
    );
    let mut failures = Vec::new();
    let mut listed = std::collections::BTreeSet::new();
    for e in entries {
        let file = e["file"].as_str().unwrap();
        listed.insert(file.to_string());
        // `gen/<name>`: generated; `-` or `/dev/…`: as given; otherwise a committed file. An
        // entry whose arguments name the input itself (`@self`) runs on a copy, so a command
        // that replaced its input would not damage the corpus.
        let path = match file.strip_prefix("gen/") {
            Some(g) => scratch.join("gen").join(g),
            None if file == "-" || file.starts_with("/dev/") => PathBuf::from(file),
            None => corpus.join(file),
        };
        assert!(file == "-" || path.exists(), "{file}: no such corpus file");
        let mut extra: Vec<String> = e["args"]
            .as_array()
            .map(|a| a.iter().map(|a| a.as_str().unwrap().to_string()).collect())
            .unwrap_or_default();
        let path = if extra.iter().any(|a| a == "@self") {
            let copy = scratch.join("self").join(path.file_name().unwrap());
            std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
            std::fs::copy(&path, &copy).unwrap();
            copy
        } else {
            path
        };
        let before = if file == "-" || file.starts_with("/dev/") {
            None
        } else {
            std::fs::read(&path).ok()
        };
        for a in &mut extra {
            if a == "@self" {
                *a = path.to_str().unwrap().to_string();
            } else if let Some(g) = a.strip_prefix("@gen/") {
                // The contents of a generated file (an argument too long for the manifest).
                *a = std::fs::read_to_string(scratch.join("gen").join(g)).unwrap();
            }
        }
        let command = e["command"].as_str().unwrap_or("validate");
        let mut args = vec![command.to_string(), path.to_str().unwrap().to_string()];
        args.extend(extra);
        let want = e["exit"].as_i64().unwrap() as i32;
        let phrase = e["phrase"].as_str().unwrap();
        let stdin = match e["stdin"].as_str() {
            Some(f) => Stdio::from(std::fs::File::open(f).unwrap()),
            None => Stdio::null(),
        };
        let o = run_capped_in(&args, &scratch, stdin);
        // No command changes its input file.
        if let Some(b) = before {
            if std::fs::read(&path).ok() != Some(b) {
                failures.push(format!("{file}: the input file was changed"));
            }
        }
        let short: String = o.text.chars().take(600).collect();
        match o.code {
            None => failures.push(format!("{file}: still running after {TIME_LIMIT:?}")),
            Some(c) if c < 0 => failures.push(format!("{file}: killed by signal {}: {short}", -c)),
            Some(c) if c != want => {
                failures.push(format!("{file}: exit {c}, expected {want}: {short}"))
            }
            Some(_) if !o.text.contains(phrase) => {
                failures.push(format!("{file}: message lacks {phrase:?}: {short}"))
            }
            Some(_) => {}
        }
        // No message echoes a long input back: every line stays short.
        if let Some(l) = o.text.lines().find(|l| l.chars().count() > 2000) {
            failures.push(format!(
                "{file}: a {}-character line in the output",
                l.chars().count()
            ));
        }
        eprintln!("{file}: exit {:?} in {:?}", o.code, o.took);
    }
    // Every committed input is in the manifest.
    for f in std::fs::read_dir(&corpus).unwrap() {
        let name = f.unwrap().file_name().to_string_lossy().into_owned();
        // Inputs are the .json and .csv files; a `.meta.json` is the sidecar of a listed CSV.
        let input =
            (name.ends_with(".json") && !name.ends_with(".meta.json")) || name.ends_with(".csv");
        if input && name != "manifest.json" {
            assert!(listed.contains(&name), "{name} is not in manifest.json");
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// A flow id that a spreadsheet would take for a formula reaches the CSV with a leading `'`.
#[test]
fn formula_like_ids_are_guarded_in_csv() {
    let corpus = repo().join("content/hostile");
    let scratch = std::env::temp_dir().join(format!("losslab-hostile-csv-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).unwrap();
    let summary = scratch.join("summary.csv");
    let o = run_capped(
        &[
            "run".into(),
            corpus.join("flow-id-formula.json").to_str().unwrap().into(),
            "--summary".into(),
            summary.to_str().unwrap().into(),
        ],
        &scratch,
    );
    assert_eq!(o.code, Some(0), "{}", o.text);
    let csv = std::fs::read_to_string(&summary).unwrap();
    assert!(csv.contains("\nformula-guard,1,'-cmd,"), "{csv}");
    // A number stays a number.
    assert!(csv.contains("\nformula-guard,1,-2,"), "{csv}");
    let _ = std::fs::remove_dir_all(&scratch);
}
