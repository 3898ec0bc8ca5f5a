//! `losslab`: the native command line of the LossLab simulator (DESIGN §5).
//!
//! ```text
//! losslab run <scenario.json> [--summary out.csv] [--series out.csv] [--trace out.csv] [--json]
//! losslab sweep <sweep.json> --out results.csv [--jobs N] [--shard I/N]
//! losslab reproduce [file-or-dir…] [--paper ID] [--figure ID] [--replications N] [--jobs N] --out DIR
//! losslab validate <scenario-or-sweep.json>...
//! losslab bench [--json] [--quick]
//! losslab catalog [--json]
//! losslab version
//! ```
//! Exit status: 0 success; 2 invalid input (every problem on stderr, one per line, with its JSON
//! path); 1 internal error. A reader that closes stdout early (`losslab catalog | head`) ends the
//! command quietly with status 0, as Unix tools do; other write errors are internal errors.
//!
//! - `run`: one scenario; a summary table on stdout (or the summary as JSON with `--json`), and
//!   the DESIGN §6 summary / series CSV files on request.
//! - `sweep`: see [`sim_core::sweep`] for the format and the CSV; [`sweep_cmd`] for threads and
//!   shards. A sweep's `base` may name a scenario id: `content/scenarios/<id>.json` is looked up
//!   from the sweep file's folder upward.
//! - `reproduce`: the papers' figures re-run with their claims checked, and a report (Markdown,
//!   HTML, SVG, CSV); see [`sim_core::reproduce`] for the format, [`reproduce_cmd`] for the files.
//! - `validate`: scenarios and sweeps (a document with a top-level `vary` key is a sweep).
//! - `bench`: the four workloads of [`sim_core::bench`], timed with the wall clock ([`bench_cmd`]).
//!
//! The simulator library never reads a clock, spawns a thread or touches a file; this binary does.

/// `println!` that returns a [`Failure`] instead of panicking when stdout fails:
/// `outln!("…", …)?` (see [`stdout_line`]).
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::stdout_line(format_args!($($arg)*))
    };
}

mod bench_cmd;
mod catalog_cmd;
mod reproduce_cmd;
mod sweep_cmd;

use serde_json::Value;
use sim_core::{csv, Simulation};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage:
  losslab run <scenario.json> [--summary out.csv] [--series out.csv] [--trace out.csv] [--json]
  losslab sweep <sweep.json> --out results.csv [--jobs N] [--shard I/N]
  losslab reproduce [file-or-dir…] [--paper ID] [--figure ID] [--replications N] [--jobs N] --out DIR
  losslab validate <scenario-or-sweep.json>...
  losslab bench [--json] [--quick]
  losslab catalog [--json]
  losslab version
  (any command: --max-memory-mb N, --max-events N set the budget; docs/limits.md)";

/// Why a command failed.
pub enum Failure {
    /// Bad input: exit 2, one problem per line.
    Invalid(Vec<String>),
    /// Internal or I/O error: exit 1.
    Internal(String),
    /// Whoever read stdout has gone (EPIPE): stop quietly, exit 0.
    StdoutClosed,
}

impl Failure {
    /// A usage problem followed by the usage text.
    fn usage(msg: impl Into<String>) -> Self {
        Failure::Invalid(vec![msg.into(), USAGE.into()])
    }
}

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // The budget (issue 14): --max-memory-mb / --max-events, and at most half of `ulimit -v`.
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    if let Err(m) = sim_core::budget::take_cli_options(&mut args, &limits) {
        eprintln!("{m}\n{USAGE}");
        return ExitCode::from(2);
    }
    // A panic is a bug, not bad input: report it as an internal error (exit 1), not Rust's 101.
    let result = std::panic::catch_unwind(|| dispatch(&args)).unwrap_or_else(|_| {
        Err(Failure::Internal("internal error (a panic, reported above); please report it with the input that caused it".into()))
    });
    // Lines are flushed as they are written; flush whatever is left so its error is seen too.
    let result = result.and_then(|()| std::io::stdout().flush().map_err(stdout_failure));
    match result {
        Ok(()) | Err(Failure::StdoutClosed) => ExitCode::SUCCESS,
        Err(Failure::Invalid(lines)) => {
            for l in lines {
                eprintln!("{l}");
            }
            ExitCode::from(2)
        }
        Err(Failure::Internal(msg)) => {
            eprintln!("losslab: {msg}");
            ExitCode::from(1)
        }
    }
}

/// A failed write to stdout: a closed pipe is [`Failure::StdoutClosed`], anything else (a full
/// disk, a revoked terminal) an internal error.
fn stdout_failure(e: std::io::Error) -> Failure {
    if e.kind() == ErrorKind::BrokenPipe {
        Failure::StdoutClosed
    } else {
        Failure::Internal(format!("cannot write to stdout: {e}"))
    }
}

/// Write one line to stdout (what [`outln!`] expands to).
pub fn stdout_line(args: std::fmt::Arguments<'_>) -> Result<(), Failure> {
    writeln!(std::io::stdout().lock(), "{args}").map_err(stdout_failure)
}

fn dispatch(args: &[String]) -> Result<(), Failure> {
    match args.first().map(String::as_str) {
        Some("run") => run(&args[1..]),
        Some("sweep") => sweep_cmd::sweep(&args[1..]),
        Some("reproduce") => reproduce_cmd::reproduce(&args[1..]),
        Some("validate") => validate(&args[1..]),
        Some("bench") => bench_cmd::bench(&args[1..]),
        Some("catalog") => catalog_cmd::catalog_cmd(&args[1..]),
        Some("version") | Some("--version") => outln!("losslab {}", sim_core::VERSION),
        Some("help") | Some("--help") | Some("-h") => outln!("{USAGE}"),
        Some(other) => Err(Failure::usage(format!("unknown command \"{other}\""))),
        None => Err(Failure::Invalid(vec![USAGE.to_string()])),
    }
}

/// Read a whole input file (unreadable input is invalid input: exit 2).
pub fn read(path: &str) -> Result<String, Failure> {
    std::fs::read_to_string(path)
        .map_err(|e| Failure::Invalid(vec![format!("{path}: cannot read: {e}")]))
}

/// Write an output file (failure is an internal error: exit 1).
pub fn write(path: &str, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| Failure::Internal(format!("cannot write {path}: {e}")))
}

/// Find `content/scenarios/<id>.json` from `start` upward: the first ancestor holding a
/// `content/scenarios` folder decides. Returns the scenario's parsed JSON.
pub fn resolve_scenario(start: &Path, id: &str) -> Result<Value, String> {
    let start = std::fs::canonicalize(start).unwrap_or_else(|_| start.to_path_buf());
    let folder: Option<PathBuf> = start
        .ancestors()
        .map(|a| a.join("content").join("scenarios"))
        .find(|d| d.is_dir());
    let Some(folder) = folder else {
        return Err(format!(
            "scenario \"{id}\": no content/scenarios folder in {} or above",
            start.display()
        ));
    };
    let file = folder.join(format!("{id}.json"));
    let text = std::fs::read_to_string(&file)
        .map_err(|e| format!("scenario \"{id}\": cannot read {}: {e}", file.display()))?;
    sim_core::json_reader::read_document(&text).map_err(|errs| {
        let what: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        format!("scenario \"{id}\": {}: {}", file.display(), what.join("; "))
    })
}

/// The number of worker threads for `--jobs N`: N clamped to the cores this process may use
/// (more threads than cores only cost memory; `--jobs 100000` must not start 100 000 threads).
pub fn clamp_jobs(requested: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    requested.clamp(1, cores)
}

/// The folder a file lives in (`.` for a bare file name).
pub fn folder_of(path: &str) -> PathBuf {
    match Path::new(path).parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

fn load(path: &str, trace: bool) -> Result<Simulation, Failure> {
    let mut text = read(path)?;
    if trace {
        // `--trace` turns on `observe.trace`; the rest of the scenario is validated as usual.
        if let Ok(mut v) = sim_core::json_reader::read_document(&text) {
            if let Some(o) = v.as_object_mut() {
                let obs = o.entry("observe").or_insert_with(|| serde_json::json!({}));
                if let Some(obs) = obs.as_object_mut() {
                    obs.insert("trace".into(), serde_json::Value::Bool(true));
                }
            }
            text = v.to_string();
        }
    }
    Simulation::from_json(&text)
        .map_err(|errs| Failure::Invalid(errs.iter().map(|e| format!("{path}: {e}")).collect()))
}

fn run(args: &[String]) -> Result<(), Failure> {
    let mut file = None;
    let (mut summary_out, mut series_out, mut trace_out, mut json) = (None, None, None, false);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--summary" => {
                summary_out = Some(
                    it.next()
                        .ok_or_else(|| Failure::usage("--summary needs a file"))?,
                )
            }
            "--series" => {
                series_out = Some(
                    it.next()
                        .ok_or_else(|| Failure::usage("--series needs a file"))?,
                )
            }
            "--trace" => {
                trace_out = Some(
                    it.next()
                        .ok_or_else(|| Failure::usage("--trace needs a file"))?,
                )
            }
            "--json" => json = true,
            s if s.starts_with("--") => return Err(Failure::usage(format!("unknown option {s}"))),
            s if file.is_none() => file = Some(s.to_string()),
            s => return Err(Failure::usage(format!("unexpected argument {s}"))),
        }
    }
    let file = file.ok_or_else(|| Failure::Invalid(vec![USAGE.into()]))?;
    let mut sim = load(&file, trace_out.is_some())?;
    sim.run().map_err(Failure::Internal)?;
    if let Some(path) = trace_out {
        let ids: Vec<String> = sim.flows.iter().map(|f| f.id.clone()).collect();
        let events = sim.take_trace();
        let sc = sim.scenario();
        let text = csv::trace_csv(&sc.id, sc.seed, &ids, &events);
        write(path, &text)?;
        if sim.trace_dropped() > 0 {
            eprintln!("losslab: the trace stopped at its cap of {} events ({} later events are not in {path}; docs/limits.md)", sim_core::limits::MAX_TRACE_EVENTS, sim.trace_dropped());
        }
    }
    let points = sim.take_points();
    let summary = sim.summary();
    if let Some(path) = summary_out {
        write(path, &csv::summary_csv(&summary))?;
    }
    if let Some(path) = series_out {
        write(
            path,
            &csv::series_csv(
                &summary.scenario_id,
                summary.seed,
                sim.series_names(),
                &points,
            ),
        )?;
    }
    if json {
        let text =
            serde_json::to_string_pretty(&summary).map_err(|e| Failure::Internal(e.to_string()))?;
        outln!("{text}")
    } else {
        print_table(&summary)
    }
}

fn print_table(s: &sim_core::Summary) -> Result<(), Failure> {
    outln!(
        "scenario {}  seed {}  simulated {:.3} s  {} events",
        s.scenario_id,
        s.seed,
        s.end_s,
        s.events
    )?;
    outln!(
        "{:<12} {:<10} {:<18} {:>12} {:>14} {:>8} {:>6} {:>6} {:>8} {:>8} {:>8}",
        "flow",
        "cc",
        "classifier",
        "bytes",
        "throughput",
        "retx",
        "fastrx",
        "rto",
        "lost_q",
        "lost_err",
        "spurious"
    )?;
    for f in &s.flows {
        outln!(
            "{:<12} {:<10} {:<18} {:>12} {:>9.1} kb/s {:>8} {:>6} {:>6} {:>8} {:>8} {:>8}",
            f.flow_id,
            f.cc,
            f.classifier,
            f.bytes_delivered,
            f.throughput_kbps,
            f.retransmissions,
            f.fast_retransmits,
            f.timeouts,
            f.losses_queue,
            f.losses_corruption,
            f.spurious_retransmissions
        )?;
    }
    if s.flows.len() > 1 {
        let bytes: u64 = s.flows.iter().map(|f| f.bytes_delivered).sum();
        outln!(
            "{:<12} {:<10} {:<18} {:>12} {:>9.1} kb/s   (all bytes ÷ first start to last completion)",
            "aggregate", "", "", bytes, s.aggregate_throughput_kbps
        )?;
    }
    Ok(())
}

/// Validate one file: `Ok(description)` or its problems, each prefixed with the file name.
fn check_file(f: &str) -> Result<String, Vec<String>> {
    let text = read(f).map_err(|e| match e {
        Failure::Invalid(l) => l,
        Failure::Internal(m) => vec![m],
        Failure::StdoutClosed => Vec::new(), // read() never writes to stdout
    })?;
    let prefixed = |errs: Vec<sim_core::ConfigError>| {
        errs.iter().map(|e| format!("{f}: {e}")).collect::<Vec<_>>()
    };
    // The one raw-text reader: size cap, byte-order mark, duplicate keys, syntax.
    match sim_core::json_reader::read_document(&text) {
        Ok(v) if sim_core::sweep::is_sweep(&v) => {
            let dir = folder_of(f);
            let s = sim_core::sweep::parse_value(&v, &mut |id| resolve_scenario(&dir, id))
                .map_err(prefixed)?;
            sim_core::budget::check_sweep(
                &s,
                &sim_core::budget::Budget::active(),
                clamp_jobs(usize::MAX),
            )
            .map_err(prefixed)?;
            Ok(format!(
                "ok (sweep: {} points × {} replications = {} runs)",
                s.points.len(),
                s.replications,
                s.runs()
            ))
        }
        Ok(v) => sim_core::budget::parse_value(&v)
            .map(|_| "ok".to_string())
            .map_err(prefixed),
        Err(errs) => Err(prefixed(errs)),
    }
}

fn validate(files: &[String]) -> Result<(), Failure> {
    if files.is_empty() {
        return Err(Failure::Invalid(vec![USAGE.into()]));
    }
    if let Some(opt) = files.iter().find(|f| f.starts_with("--")) {
        return Err(Failure::usage(format!("unknown option {opt}")));
    }
    let mut problems = Vec::new();
    for f in files {
        match check_file(f) {
            Ok(what) => outln!("{f}: {what}")?,
            Err(errs) => problems.extend(errs),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::Invalid(problems))
    }
}
