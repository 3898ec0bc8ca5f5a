//! `losslab sweep <sweep.json> --out results.csv [--jobs N] [--shard I/N]`.
//!
//! - Parses and validates the whole sweep first ([`sim_core::sweep::parse_value`]): any problem
//!   stops it with exit 2 before a single run.
//! - `--shard I/N` (1-based) keeps the points with `point % N == I − 1`. Every shard's file has
//!   the header; the shards' rows together are exactly the unsharded file's rows.
//! - `--jobs N` (default, and at most: the machine's available parallelism, [`crate::clamp_jobs`]) spreads the point × replication
//!   runs over N threads. Results are put back in (point, replication) order before the
//!   statistics are computed, so the CSV bytes do not depend on N or on scheduling.

use super::{folder_of, read, resolve_scenario, write, Failure};
use serde_json::Value;
use sim_core::sweep::{self, Point, Sample};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

struct Args {
    file: String,
    out: String,
    jobs: usize,
    shard: (usize, usize),
}

pub(crate) fn number(flag: &str, s: Option<&String>) -> Result<usize, Failure> {
    let s = s.ok_or_else(|| Failure::usage(format!("{flag} needs a value")))?;
    match s.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(Failure::usage(format!(
            "{flag}: expected a whole number ≥ 1 (got \"{s}\")"
        ))),
    }
}

fn shard(s: Option<&String>) -> Result<(usize, usize), Failure> {
    let s = s.ok_or_else(|| Failure::usage("--shard needs a value I/N"))?;
    let parsed = s
        .split_once('/')
        .and_then(|(i, n)| Some((i.parse::<usize>().ok()?, n.parse::<usize>().ok()?)));
    match parsed {
        Some((i, n)) if n >= 1 && (1..=n).contains(&i) => Ok((i, n)),
        _ => Err(Failure::usage(format!(
            "--shard: expected I/N with 1 ≤ I ≤ N, e.g. 2/4 (got \"{s}\")"
        ))),
    }
}

fn parse_args(args: &[String]) -> Result<Args, Failure> {
    let (mut file, mut out, mut jobs, mut sh) = (None, None, None, (1, 1));
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--out" => {
                out = Some(
                    it.next()
                        .ok_or_else(|| Failure::usage("--out needs a file"))?
                        .clone(),
                )
            }
            "--jobs" => jobs = Some(number("--jobs", it.next())?),
            "--shard" => sh = shard(it.next())?,
            s if s.starts_with("--") => return Err(Failure::usage(format!("unknown option {s}"))),
            s if file.is_none() => file = Some(s.to_string()),
            s => return Err(Failure::usage(format!("unexpected argument {s}"))),
        }
    }
    let file = file.ok_or_else(|| Failure::usage("sweep: missing the sweep file"))?;
    let out = out.ok_or_else(|| Failure::usage("sweep: missing --out results.csv"))?;
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    Ok(Args {
        file,
        out,
        jobs,
        shard: sh,
    })
}

/// Run every (point, replication) of `points` on `jobs` threads; `samples[i][r]` belongs to
/// `points[i]`, replication r. Shared with `reproduce` ([`crate::reproduce_cmd`]).
pub(crate) fn run_all(
    points: &[&Point],
    replications: u64,
    jobs: usize,
) -> Result<Vec<Vec<Sample>>, Failure> {
    let reps = replications as usize;
    let total = points.len() * reps;
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let work = || {
        let mut done: Vec<(usize, Result<Sample, String>)> = Vec::new();
        while !failed.load(Ordering::Relaxed) {
            let j = next.fetch_add(1, Ordering::Relaxed);
            if j >= total {
                break;
            }
            let (point, rep) = (points[j / reps], (j % reps) as u64);
            // A panicking run fails the sweep as an internal error instead of tearing down the pool.
            let r = std::panic::catch_unwind(|| sweep::run_replication(point, rep)).unwrap_or_else(
                |_| {
                    Err(format!(
                        "point {} replication {rep}: internal error (a panic, reported above)",
                        point.index
                    ))
                },
            );
            if r.is_err() {
                failed.store(true, Ordering::Relaxed);
            }
            done.push((j, r));
        }
        done
    };
    let threads = crate::clamp_jobs(jobs).min(total.max(1));
    let finished: Vec<(usize, Result<Sample, String>)> = if threads == 1 {
        work()
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
                .collect()
        })
    };
    let mut slots: Vec<Option<Sample>> = vec![None; total];
    let mut errors: Vec<(usize, String)> = Vec::new();
    for (j, r) in finished {
        match r {
            Ok(s) => slots[j] = Some(s),
            Err(e) => errors.push((j, e)),
        }
    }
    if !errors.is_empty() {
        errors.sort();
        return Err(Failure::Internal(
            errors
                .into_iter()
                .map(|(_, e)| e)
                .collect::<Vec<_>>()
                .join("\nlosslab: "),
        ));
    }
    let mut slots = slots.into_iter();
    Ok(points
        .iter()
        .map(|_| {
            (0..reps)
                .map(|_| slots.next().flatten().expect("every run finished"))
                .collect()
        })
        .collect())
}

/// The `sweep` command.
pub fn sweep(args: &[String]) -> Result<(), Failure> {
    let a = parse_args(args)?;
    let text = read(&a.file)?;
    let v: Value = sim_core::json_reader::read_document(&text).map_err(|errs| {
        Failure::Invalid(errs.iter().map(|e| format!("{}: {e}", a.file)).collect())
    })?;
    let dir = folder_of(&a.file);
    let spec = sweep::parse_value(&v, &mut |id| resolve_scenario(&dir, id)).map_err(|errs| {
        Failure::Invalid(errs.iter().map(|e| format!("{}: {e}", a.file)).collect())
    })?;
    let budget = sim_core::budget::Budget::active();
    sim_core::budget::check_sweep(&spec, &budget, crate::clamp_jobs(a.jobs)).map_err(|errs| {
        Failure::Invalid(errs.iter().map(|e| format!("{}: {e}", a.file)).collect())
    })?;
    let (i, n) = a.shard;
    let chosen: Vec<&Point> = spec
        .points
        .iter()
        .filter(|p| p.index % n == i - 1)
        .collect();
    let samples = run_all(&chosen, spec.replications, a.jobs)?;
    let mut csv = spec.csv_header();
    for (p, s) in chosen.iter().zip(&samples) {
        csv.push_str(&spec.point_csv(p, s));
    }
    write(&a.out, &csv)?;
    let shard_note = if n > 1 {
        format!(
            " (shard {i}/{n}: {} of {} points)",
            chosen.len(),
            spec.points.len()
        )
    } else {
        String::new()
    };
    outln!(
        "{}: {} points × {} replications = {} runs{shard_note} → {}",
        a.file,
        chosen.len(),
        spec.replications,
        chosen.len() as u64 * spec.replications,
        a.out
    )
}
