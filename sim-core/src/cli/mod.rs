//! `losslab`: the command line of the LossLab simulator (docs/design.md §D5), a library module so
//! that the native binary (`src/bin/losslab.rs`) and the Python wheel's `losslab` command
//! (python/losslab/_cli.py) are one program. Built with the `cli` feature (the wasm build has none).
//!
//! ```text
//! losslab run <scenario.json|-> [--summary F] [--series F] [--trace F] [--json] [--seed N] [--set PATH=VALUE]…
//! losslab sweep <sweep.json|-> [--out agg.csv] [--raw runs.csv] [--jobs N] [--shard I/N] [--quiet]
//! losslab aggregate <runs.csv>… --out agg.csv
//! losslab reproduce [file-or-dir…] [--paper ID] [--figure ID] [--replications N] [--jobs N] --out DIR
//! losslab validate <scenario-or-sweep.json|->…
//! losslab bench [--json] [--quick] [--only w1,w3] [--scenarios DIR]
//! losslab catalog [--json]
//! losslab version | completions SHELL | man [COMMAND]
//! ```
//! The arguments are defined once, with clap, in [`args`]: help, version, completions and man
//! pages come from there. Exit status: 0 success (also `--help`, `--version`); 2 invalid input or
//! usage (every problem on stderr, one per line, with its JSON path); 1 internal error. A reader
//! that closes stdout early (`losslab catalog | head`) ends the command quietly with status 0, as
//! Unix tools do; other write errors are internal errors.
//!
//! - `run`: one scenario; a summary table on stdout (or the summary as JSON with `--json`), and
//!   the docs/design.md §D6 summary / series / trace CSV files on request (`-` = stdout, then no table).
//! - `sweep`: see [`crate::sweep`] for the format and the CSV; [`sweep_cmd`] for threads,
//!   shards, the raw file and the sidecars. `aggregate` ([`aggregate_cmd`]) merges raw shards.
//! - `reproduce`: the papers' figures re-run with their claims checked, and a report (Markdown,
//!   HTML, SVG, CSV); see [`crate::reproduce`] for the format, [`reproduce_cmd`] for the files.
//! - `validate`: scenarios and sweeps (a document with a top-level `vary` key is a sweep).
//! - `bench`: the four workloads of [`crate::bench`], timed with the wall clock ([`bench_cmd`]).
//!
//! Outputs are written whole to a temporary file and renamed ([`files`]); progress bars go to
//! stderr only when it is a terminal ([`progress`]). The simulator proper never reads a clock,
//! spawns a thread or touches a file; this module does.

/// `println!` that returns a [`Failure`] instead of panicking when stdout fails:
/// `outln!("…", …)?` (see [`stdout_line`]).
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::cli::stdout_line(format_args!($($arg)*))
    };
}

mod aggregate_cmd;
mod args;
mod bench_cmd;
mod catalog_cmd;
mod files;
mod fit_ge_cmd;
mod guard;
mod progress;
mod reproduce_cmd;
mod sweep_cmd;

use crate::budget::Budget;
use crate::{csv, Simulation};
use args::{Cli, Command, RunArgs};
use clap::{CommandFactory, Parser};
use files::{read_input, Outputs};
use serde_json::Value;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

/// Why a command failed.
pub(crate) enum Failure {
    /// Bad input: exit 2, one problem per line.
    Invalid(Vec<String>),
    /// Internal or I/O error: exit 1.
    Internal(String),
    /// Whoever read stdout has gone (EPIPE): stop quietly, exit 0.
    StdoutClosed,
}

impl Failure {
    /// A usage problem followed by a pointer to `--help`.
    fn usage(msg: impl Into<String>) -> Self {
        Failure::Invalid(vec![
            format!("error: {}", msg.into()),
            "For more information, try '--help'.".into(),
        ])
    }
}

/// Run the command line `args` (the program's name first, as `std::env::args_os` gives it) and
/// return its exit status (0, 1 or 2, as above). Calls run one at a time, and the
/// outputs-never-replace-inputs guard ([`guard`]) starts empty at each.
pub fn main<I, T>(args: I) -> u8
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    // One command at a time in a process (the Python wheel may call this from several threads):
    // the guard's lists are this command's.
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    guard::forget();
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(e) => {
            // --help / --version print to stdout and exit 0; usage errors print to stderr, exit 2.
            // A closed stdout while printing help is not an error either.
            let _ = e.print();
            return e.exit_code().clamp(0, 255) as u8;
        }
    };
    // The budget (docs/limits.md): --max-memory-mb / --max-events, and never more
    // memory than half of `ulimit -v`.
    // Built once here and handed to the command: nothing is kept process-wide.
    let limits = std::fs::read_to_string("/proc/self/limits").unwrap_or_default();
    let budget = Budget::cli(
        cli.max_memory_mb,
        cli.max_events,
        crate::budget::address_space_limit(&limits),
    );
    // A panic is a bug, not bad input: report it as an internal error (exit 1), not Rust's 101.
    let result = std::panic::catch_unwind(|| dispatch(cli, &budget)).unwrap_or_else(|_| {
        Err(Failure::Internal("internal error (a panic, reported above); please report it with the input that caused it".into()))
    });
    // Lines are flushed as they are written; flush whatever is left so its error is seen too.
    let result = result.and_then(|()| std::io::stdout().flush().map_err(stdout_failure));
    match result {
        Ok(()) | Err(Failure::StdoutClosed) => 0,
        Err(Failure::Invalid(lines)) => {
            for l in lines {
                eprintln!("{l}");
            }
            2
        }
        Err(Failure::Internal(msg)) => {
            eprintln!("losslab: {msg}");
            1
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
pub(crate) fn stdout_line(args: std::fmt::Arguments<'_>) -> Result<(), Failure> {
    writeln!(std::io::stdout().lock(), "{args}").map_err(stdout_failure)
}

fn dispatch(cli: Cli, budget: &Budget) -> Result<(), Failure> {
    match cli.command {
        Command::Run(a) => run(a, budget),
        Command::Sweep(a) => sweep_cmd::sweep(a, budget),
        Command::Aggregate(a) => aggregate_cmd::aggregate(a),
        Command::Reproduce(a) => reproduce_cmd::reproduce(a, budget),
        Command::Validate(a) => validate(&a.files, budget),
        Command::Bench(a) => bench_cmd::bench(a),
        Command::Catalog(a) => catalog_cmd::catalog_cmd(a.json),
        Command::FitGe(a) => fit_ge_cmd::fit_ge(&a.trace, a.json),
        Command::Version => outln!("losslab {}", args::LONG_VERSION),
        Command::Completions { shell } => completions(shell),
        Command::Man { command } => man(command.as_deref()),
    }
}

fn completions(shell: args::Shell) -> Result<(), Failure> {
    use clap_complete::{generate, Shell as S};
    let sh = match shell {
        args::Shell::Bash => S::Bash,
        args::Shell::Zsh => S::Zsh,
        args::Shell::Fish => S::Fish,
        args::Shell::Powershell => S::PowerShell,
        args::Shell::Elvish => S::Elvish,
    };
    let mut buf = Vec::new();
    generate(sh, &mut Cli::command(), "losslab", &mut buf);
    std::io::stdout()
        .lock()
        .write_all(&buf)
        .map_err(stdout_failure)
}

fn man(sub: Option<&str>) -> Result<(), Failure> {
    let mut cmd = Cli::command();
    cmd.build();
    let page = match sub {
        None => cmd,
        Some(name) => {
            let names: Vec<String> = cmd
                .get_subcommands()
                .map(|c| c.get_name().to_string())
                .collect();
            let Some(c) = cmd.find_subcommand(name).cloned() else {
                return Err(Failure::usage(format!(
                    "man: unknown command \"{name}\" (one of: {})",
                    names.join(", ")
                )));
            };
            c.name(format!("losslab-{name}"))
        }
    };
    let mut buf = Vec::new();
    clap_mangen::Man::new(page)
        .render(&mut buf)
        .map_err(|e| Failure::Internal(e.to_string()))?;
    std::io::stdout()
        .lock()
        .write_all(&buf)
        .map_err(stdout_failure)
}

/// Read a whole input file (`-` = stdin; unreadable input is invalid input: exit 2).
pub(crate) fn read(path: &str) -> Result<String, Failure> {
    read_input(path)
}

/// Write an output file through temp + rename (failure is an internal error: exit 1).
pub(crate) fn write(path: &str, text: &str) -> Result<(), Failure> {
    let mut o = Outputs::default();
    o.add(path, text.to_string());
    o.commit()
}

/// Find `content/scenarios/<id>.json` from `start` upward: the first ancestor holding a
/// `content/scenarios` folder decides. Returns the scenario's parsed JSON.
pub(crate) fn resolve_scenario(start: &Path, id: &str) -> Result<Value, String> {
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
    let shown = file.display().to_string();
    let text = files::read_text(&shown).map_err(|e| {
        match e.strip_prefix(&format!("{shown}: cannot read: ")) {
            Some(why) => format!("scenario \"{id}\": cannot read {shown}: {why}"),
            None => format!("scenario \"{id}\": {e}"),
        }
    })?;
    crate::json_reader::read_document(&text).map_err(|errs| {
        let what: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
        format!("scenario \"{id}\": {}: {}", file.display(), what.join("; "))
    })
}

/// The number of worker threads for `--jobs N`: N clamped to the cores this process may use
/// (more threads than cores only cost memory; `--jobs 100000` must not start 100 000 threads).
pub(crate) fn clamp_jobs(requested: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    requested.clamp(1, cores)
}

/// The folder a file lives in (`.` for a bare file name).
pub(crate) fn folder_of(path: &str) -> PathBuf {
    match Path::new(path).parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Apply `--set PATH=VALUE` (a sweep path; the value JSON, or else a bare string) to a document.
fn apply_set(doc: &mut Value, spec: &str) -> Result<(), Failure> {
    let shown = crate::json_reader::quote(spec);
    let Some((path, raw)) = spec.split_once('=') else {
        return Err(Failure::usage(format!(
            "--set {shown}: expected PATH=VALUE, e.g. topology.bottleneck.errors.ber=1e-5"
        )));
    };
    let steps = crate::sweep::parse_path(path.trim())
        .map_err(|e| Failure::usage(format!("--set {shown}: {e}")))?;
    let value = serde_json::from_str::<Value>(raw).unwrap_or_else(|_| Value::String(raw.into()));
    crate::sweep::set_path(doc, &steps, value)
        .map_err(|e| Failure::Invalid(vec![format!("--set {shown}: {e}")]))
}

/// Read the trace files a scenario names (a `rate_trace` or `loss_trace` `file`, relative to the scenario's folder)
/// into the document; a scenario without them is returned unchanged.
fn inline_trace_files(path: &str, text: String) -> Result<String, Failure> {
    if !crate::scenario::trace_files::may_name_files(&text) {
        return Ok(text);
    }
    let Ok(mut v) = crate::json_reader::read_document(&text) else {
        return Ok(text); // the parser reports the syntax error
    };
    let dir = folder_of(path);
    crate::scenario::trace_files::inline_files(&mut v, &mut |file| {
        files::read_text(&dir.join(file).display().to_string())
    })
    .map_err(|errs| Failure::Invalid(errs.iter().map(|e| format!("{path}: {e}")).collect()))?;
    Ok(v.to_string())
}

/// The scenario a run read: the file's bytes and the document it ran (after `--seed`, `--set`,
/// `--trace`), for the sidecar of its CSV files.
struct Loaded {
    file_sha256: String,
    text: String,
}

fn load(a: &RunArgs, budget: &Budget) -> Result<(Simulation, Loaded), Failure> {
    let path = &a.scenario;
    let mut text = read(path)?;
    let file_sha256 = files::sha256(text.as_bytes());
    text = inline_trace_files(path, text)?;
    if a.trace.is_some() || a.seed.is_some() || !a.set.is_empty() {
        // The command line's changes go into the document; the result is validated as usual.
        if let Ok(mut v) = crate::json_reader::read_document(&text) {
            for spec in &a.set {
                apply_set(&mut v, spec)?;
            }
            if let Some(o) = v.as_object_mut() {
                if let Some(seed) = a.seed {
                    o.insert("seed".into(), Value::from(seed));
                }
                if a.trace.is_some() {
                    // `--trace` turns on `observe.trace`.
                    let obs = o.entry("observe").or_insert_with(|| serde_json::json!({}));
                    if let Some(obs) = obs.as_object_mut() {
                        obs.insert("trace".into(), Value::Bool(true));
                    }
                }
            }
            text = v.to_string();
        }
    }
    let sim = crate::budget::simulation_within(&text, budget)
        .map_err(|errs| Failure::Invalid(errs.iter().map(|e| format!("{path}: {e}")).collect()))?;
    Ok((sim, Loaded { file_sha256, text }))
}

/// The `<file>.meta.json` of a run's series or trace file (`docs/csv.md`, section "meta"): the
/// sweep sidecar's first fields, then the scenario — its id and seed, written once here instead
/// of on every row, and two hashes: of the file as given and of the document that ran
/// (compact JSON with sorted keys, after `--seed`, `--set` and `--trace`).
fn run_meta(a: &RunArgs, kind: &str, file: &str, loaded: &Loaded, sim: &Simulation) -> Value {
    let resolved = crate::json_reader::read_document(&loaded.text)
        .map(|v| files::sha256(v.to_string().as_bytes()))
        .ok();
    let sc = sim.scenario();
    let mut m = files::meta_base(kind, file);
    m.insert(
        "scenario".into(),
        serde_json::json!({
            "file": a.scenario,
            "id": sc.id,
            "seed": sc.seed,
            "sha256": loaded.file_sha256,
            "resolved_sha256": resolved,
        }),
    );
    Value::Object(m)
}

/// Run to the end, in slices of events so a terminal sees progress (the slicing does not change
/// the result: the engine's loop is the same).
fn run_to_end(sim: &mut Simulation, quiet: bool) -> Result<(), Failure> {
    let stop = sim.stop_at().as_millis_f64();
    let bar = progress::Progress::new("run", "ms simulated", stop as u64, quiet);
    loop {
        let status = sim
            .run_until(crate::time::SimTime::NEVER, 200_000)
            .map_err(Failure::Internal)?;
        if sim.is_finished() || matches!(status, crate::engine::RunStatus::Finished) {
            break;
        }
        bar.set(sim.now().as_millis_f64() as u64);
    }
    bar.finish();
    Ok(())
}

fn run(a: RunArgs, budget: &Budget) -> Result<(), Failure> {
    let outs = [a.summary.as_ref(), a.series.as_ref(), a.trace.as_ref()];
    let to_stdout = outs.iter().filter(|p| p.is_some_and(|p| p == "-")).count();
    if to_stdout > 1 || (to_stdout == 1 && a.json) {
        return Err(Failure::usage(
            "run: only one of --summary, --series, --trace and --json can use stdout",
        ));
    }
    let (mut sim, loaded) = load(&a, budget)?;
    // No output replaces the scenario or another output (checked before the run).
    let mut outs = Vec::new();
    if let Some(p) = &a.summary {
        outs.extend(guard::with_sidecar("--summary", p));
    }
    if let Some(p) = &a.series {
        outs.extend(guard::with_sidecar("--series", p));
    }
    if let Some(p) = &a.trace {
        outs.extend(guard::with_sidecar("--trace", p));
    }
    guard::check_outputs("run", &outs)?;
    run_to_end(&mut sim, a.quiet)?;
    let mut out = Outputs::default();
    if let Some(path) = &a.trace {
        let ids: Vec<String> = sim.flows.iter().map(|f| f.id.clone()).collect();
        let events = sim.take_trace();
        out.add(path, csv::trace_csv(&ids, &events));
        out.add_meta(path, run_meta(&a, "run-trace", path, &loaded, &sim));
        if sim.trace_dropped() > 0 {
            eprintln!(
                "losslab: the trace stopped at its cap of {} events ({} later events are not in {path}; docs/limits.md)",
                crate::limits::MAX_TRACE_EVENTS,
                sim.trace_dropped()
            );
        }
    }
    let points = sim.take_points();
    let summary = sim.summary();
    if let Some(path) = &a.summary {
        out.add(path, csv::summary_csv(&summary));
        out.add_meta(path, run_meta(&a, "run-summary", path, &loaded, &sim));
    }
    if let Some(path) = &a.series {
        out.add(path, csv::series_csv(sim.series_names(), &points));
        out.add_meta(path, run_meta(&a, "run-series", path, &loaded, &sim));
    }
    out.commit()?;
    if a.json {
        let text =
            serde_json::to_string_pretty(&summary).map_err(|e| Failure::Internal(e.to_string()))?;
        outln!("{text}")
    } else if to_stdout == 0 {
        print_table(&summary)
    } else {
        Ok(())
    }
}

fn print_table(s: &crate::Summary) -> Result<(), Failure> {
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
fn check_file(f: &str, budget: &Budget) -> Result<String, Vec<String>> {
    let text = read(f).map_err(|e| match e {
        Failure::Invalid(l) => l,
        Failure::Internal(m) => vec![m],
        Failure::StdoutClosed => Vec::new(), // read() never writes to stdout
    })?;
    let prefixed = |errs: Vec<crate::ConfigError>| {
        errs.iter().map(|e| format!("{f}: {e}")).collect::<Vec<_>>()
    };
    // The one raw-text reader: size cap, byte-order mark, duplicate keys, syntax.
    match crate::json_reader::read_document(&text) {
        // A reproduction (content/reproductions/): its sweep, reference and claims, and its place.
        Ok(v) if v.get("paper").is_some() && v.get("expect").is_some() => {
            let r = reproduce_cmd::load(std::path::Path::new(f))?;
            Ok(format!(
                "ok (reproduction {}/{}: {} claims, {} replications, {} in npm test)",
                r.paper,
                r.id,
                r.expect.len(),
                r.replications,
                r.replications_test
            ))
        }
        Ok(v) if crate::sweep::is_sweep(&v) => {
            let dir = folder_of(f);
            // As `losslab sweep` reads it: points built, checked and priced one at a time.
            let lazy = crate::sweep::parse_value_lazy(&v, &mut |id| resolve_scenario(&dir, id))
                .map_err(prefixed)?;
            let s = &lazy.sweep;
            crate::budget::price_sweep(s, lazy.points(), false, budget, clamp_jobs(usize::MAX))
                .map_err(|e| vec![format!("{f}: {e}")])?
                .map_err(prefixed)?;
            Ok(format!(
                "ok (sweep: {} points × {} replications = {} runs)",
                lazy.len(),
                s.replications,
                s.runs()
            ))
        }
        Ok(mut v) => {
            let dir = folder_of(f);
            crate::scenario::trace_files::inline_files(&mut v, &mut |file| {
                files::read_text(&dir.join(file).display().to_string())
            })
            .map_err(|errs| errs.iter().map(|e| format!("{f}: {e}")).collect::<Vec<_>>())?;
            crate::budget::parse_value_within(&v, budget)
                .map(|_| "ok".to_string())
                .map_err(prefixed)
        }
        Err(errs) => Err(prefixed(errs)),
    }
}

fn validate(files: &[String], budget: &Budget) -> Result<(), Failure> {
    let mut problems = Vec::new();
    for f in files {
        match check_file(f, budget) {
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
