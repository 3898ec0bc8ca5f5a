//! `losslab`: the native command line of the LossLab simulator (DESIGN §5).
//!
//! ```text
//! losslab run <scenario.json> [--summary out.csv] [--series out.csv] [--json]
//! losslab validate <scenario.json>...
//! losslab version
//! ```
//! Exit status: 0 success; 2 invalid input (every problem on stderr, one per line); 1 internal error.

use sim_core::{csv, Simulation};
use std::process::ExitCode;

const USAGE: &str = "usage:
  losslab run <scenario.json> [--summary out.csv] [--series out.csv] [--json]
  losslab validate <scenario.json>...
  losslab version";

enum Failure {
    /// Bad input: exit 2.
    Invalid(Vec<String>),
    /// Internal or I/O error: exit 1.
    Internal(String),
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("run") => run(&args[1..]),
        Some("validate") => validate(&args[1..]),
        Some("version") | Some("--version") => {
            println!("losslab {}", sim_core::VERSION);
            Ok(())
        }
        Some("help") | Some("--help") | Some("-h") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(Failure::Invalid(vec![USAGE.to_string()])),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
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

fn read(path: &str) -> Result<String, Failure> {
    std::fs::read_to_string(path).map_err(|e| Failure::Invalid(vec![format!("{path}: cannot read: {e}")]))
}

fn load(path: &str) -> Result<Simulation, Failure> {
    let text = read(path)?;
    Simulation::from_json(&text).map_err(|errs| Failure::Invalid(errs.iter().map(|e| format!("{path}: {e}")).collect()))
}

fn write(path: &str, text: &str) -> Result<(), Failure> {
    std::fs::write(path, text).map_err(|e| Failure::Internal(format!("cannot write {path}: {e}")))
}

fn run(args: &[String]) -> Result<(), Failure> {
    let mut file = None;
    let (mut summary_out, mut series_out, mut json) = (None, None, false);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--summary" => summary_out = Some(it.next().ok_or_else(|| Failure::Invalid(vec!["--summary needs a file".into()]))?),
            "--series" => series_out = Some(it.next().ok_or_else(|| Failure::Invalid(vec!["--series needs a file".into()]))?),
            "--json" => json = true,
            s if s.starts_with("--") => return Err(Failure::Invalid(vec![format!("unknown option {s}"), USAGE.into()])),
            s if file.is_none() => file = Some(s.to_string()),
            s => return Err(Failure::Invalid(vec![format!("unexpected argument {s}"), USAGE.into()])),
        }
    }
    let file = file.ok_or_else(|| Failure::Invalid(vec![USAGE.into()]))?;
    let mut sim = load(&file)?;
    sim.run().map_err(Failure::Internal)?;
    let points = sim.take_points();
    let summary = sim.summary();
    if let Some(path) = summary_out {
        write(path, &csv::summary_csv(&summary))?;
    }
    if let Some(path) = series_out {
        write(path, &csv::series_csv(&summary.scenario_id, summary.seed, sim.series_names(), &points))?;
    }
    if json {
        let text = serde_json::to_string_pretty(&summary).map_err(|e| Failure::Internal(e.to_string()))?;
        println!("{text}");
    } else {
        print_table(&summary);
    }
    Ok(())
}

fn print_table(s: &sim_core::Summary) {
    println!("scenario {}  seed {}  simulated {:.3} s  {} events", s.scenario_id, s.seed, s.end_s, s.events);
    println!(
        "{:<12} {:<10} {:<18} {:>12} {:>14} {:>8} {:>6} {:>6} {:>8} {:>8}",
        "flow", "cc", "classifier", "bytes", "throughput", "retx", "fastrx", "rto", "lost_q", "lost_err"
    );
    for f in &s.flows {
        println!(
            "{:<12} {:<10} {:<18} {:>12} {:>9.1} kb/s {:>8} {:>6} {:>6} {:>8} {:>8}",
            f.flow_id,
            f.cc,
            f.classifier,
            f.bytes_delivered,
            f.throughput_kbps,
            f.retransmissions,
            f.fast_retransmits,
            f.timeouts,
            f.losses_queue,
            f.losses_corruption
        );
    }
}

fn validate(files: &[String]) -> Result<(), Failure> {
    if files.is_empty() {
        return Err(Failure::Invalid(vec![USAGE.into()]));
    }
    let mut problems = Vec::new();
    for f in files {
        match read(f) {
            Ok(text) => match sim_core::parse(&text) {
                Ok(_) => println!("{f}: ok"),
                Err(errs) => problems.extend(errs.iter().map(|e| format!("{f}: {e}"))),
            },
            Err(Failure::Invalid(l)) => problems.extend(l),
            Err(e) => return Err(e),
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::Invalid(problems))
    }
}
