//! `losslab sweep <sweep.json> [--out agg.csv] [--raw runs.csv] [--scoreboard board.csv] [--jobs N] [--shard I/N]`.
//!
//! - Parses and validates the whole sweep first ([`crate::sweep::parse_value`]): any problem
//!   stops it with exit 2 before a single run.
//! - `--out`: the aggregate CSV (mean, sd, CI and n per point, entity and metric); `--raw`: one
//!   row per point, replication, entity and metric ([`crate::sweep`]'s output module,
//!   `docs/csv.md`); `--scoreboard`: the sweep file's ranking of one varied path's values
//!   ([`crate::sweep::scoreboard`]), from the same per-point statistics, never sharded. At
//!   least one; `-` writes to stdout. Each file gets a `<file>.meta.json`.
//! - `--shard I/N` (1-based): with `--out`, the points with `point % N == I − 1` (every shard's
//!   statistics complete; the shards' rows together are the unsharded file's rows); with only
//!   `--raw`, the runs (point p, replication r) with `(p · R + r) % N == I − 1` over the sweep's
//!   R replications, so the replications of one point spread over shards too; `losslab
//!   aggregate` merges them. Without `--shard`, a Slurm array job's `SLURM_ARRAY_TASK_ID`,
//!   `SLURM_ARRAY_TASK_COUNT` (and `SLURM_ARRAY_TASK_MIN`, default 0) choose the shard.
//! - `--jobs N` (default, and at most: the machine's available parallelism, [`crate::cli::clamp_jobs`])
//!   spreads the runs over N threads. Results are put back in (point, replication) order by a
//!   bounded reorder buffer ([`run_stream`]) and streamed: each point's statistics
//!   ([`crate::sweep::PointStats`]) take its replications in order and the raw rows go to the
//!   file as they come, so the CSV bytes do not depend on N or on scheduling, and memory does not
//!   grow with replications.
//! - The points are built when run ([`crate::sweep::LazySweep`]), each from the base, and the
//!   runs are numbered rather than listed ([`Units`]): memory does not grow with points × the
//!   base's size, nor with the number of runs.
//! - A long sweep (announced with its estimate) writes progress lines with an ETA to stderr when
//!   stderr is not a terminal ([`crate::cli::progress`]).

use super::{folder_of, read, resolve_scenario, Failure};
use crate::budget::Budget;
use crate::cli::args::SweepArgs;
use crate::cli::files::{meta_base, sha256, Outputs};
use crate::cli::progress::Progress;
use crate::sweep::{self, LazySweep, Point, PointStats, Sample};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};

/// Where the shard came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum ShardFrom {
    Flag,
    Slurm,
    None,
}

/// The shard (I, N) from `--shard`, else from a Slurm array job's environment, else (1, 1).
pub(crate) fn shard_of(
    flag: Option<(usize, usize)>,
) -> Result<((usize, usize), ShardFrom), Failure> {
    if let Some(s) = flag {
        return Ok((s, ShardFrom::Flag));
    }
    let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
    let (Some(id), Some(count)) = (var("SLURM_ARRAY_TASK_ID"), var("SLURM_ARRAY_TASK_COUNT"))
    else {
        return Ok(((1, 1), ShardFrom::None));
    };
    let min = var("SLURM_ARRAY_TASK_MIN").unwrap_or_else(|| "0".into());
    let parse = |k: &str, v: &str| {
        v.trim()
            .parse::<usize>()
            .map_err(|_| Failure::usage(format!("{k}: expected a whole number (got \"{v}\")")))
    };
    let (id, count, min) = (
        parse("SLURM_ARRAY_TASK_ID", &id)?,
        parse("SLURM_ARRAY_TASK_COUNT", &count)?,
        parse("SLURM_ARRAY_TASK_MIN", &min)?,
    );
    match id.checked_sub(min) {
        Some(k) if k < count => Ok(((k + 1, count), ShardFrom::Slurm)),
        _ => Err(Failure::usage(format!(
            "SLURM_ARRAY_TASK_ID {id} is not within SLURM_ARRAY_TASK_MIN {min} + SLURM_ARRAY_TASK_COUNT {count} \
             (use a contiguous array, e.g. --array=1-{count}, or pass --shard I/N)"
        ))),
    }
}

/// Most finished runs waiting, per thread, for an earlier unit before the sweep stops taking new
/// ones (the reorder buffer's bound: memory does not grow with replications).
const REORDER_WINDOW_PER_JOB: usize = crate::budget::REORDER_WINDOW_PER_JOB as usize;

/// Run units 0..`total` on `jobs` threads (`run(j)`, named `name(j)` in an internal error) and
/// hand each result to `sink` in the units' order, whatever the scheduling (a reorder buffer of at
/// most [`REORDER_WINDOW_PER_JOB`] × threads results; a thread waits rather than run further
/// ahead). Shared with `reproduce` ([`crate::cli::reproduce_cmd`]).
pub(crate) fn run_stream<T: Send>(
    total: usize,
    jobs: usize,
    bar: &Progress,
    run: &(dyn Fn(usize) -> Result<T, String> + Sync),
    name: &(dyn Fn(usize) -> String + Sync),
    sink: &mut (dyn FnMut(usize, T) -> Result<(), String> + Send),
) -> Result<(), Failure> {
    struct Shared<'s, T> {
        committed: usize,
        pending: BTreeMap<usize, T>,
        errors: Vec<(usize, String)>,
        sink: &'s mut (dyn FnMut(usize, T) -> Result<(), String> + Send),
    }
    let threads = crate::cli::clamp_jobs(jobs).min(total.max(1));
    let window = REORDER_WINDOW_PER_JOB * threads;
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let shared = Mutex::new(Shared {
        committed: 0,
        pending: BTreeMap::new(),
        errors: Vec::new(),
        sink,
    });
    let turn = Condvar::new();
    let lock = || shared.lock().unwrap_or_else(|e| e.into_inner());
    let work = || {
        while !failed.load(Ordering::Relaxed) {
            let j = next.fetch_add(1, Ordering::Relaxed);
            if j >= total {
                break;
            }
            {
                // Every unit below j is taken, so the one at `committed` finishes: no deadlock.
                let mut g = lock();
                while j >= g.committed + window && !failed.load(Ordering::Relaxed) {
                    g = turn.wait(g).unwrap_or_else(|e| e.into_inner());
                }
            }
            if failed.load(Ordering::Relaxed) {
                break;
            }
            // A panicking run fails the sweep as an internal error instead of tearing down the pool.
            let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(j)))
                .unwrap_or_else(|_| {
                    Err(format!(
                        "{}: internal error (a panic, reported above)",
                        name(j)
                    ))
                });
            bar.add(1);
            let mut g = lock();
            match r {
                Ok(s) => {
                    g.pending.insert(j, s);
                    loop {
                        let c = g.committed;
                        let Some(s) = g.pending.remove(&c) else { break };
                        if let Err(e) = (g.sink)(c, s) {
                            g.errors.push((c, e));
                            failed.store(true, Ordering::Relaxed);
                            break;
                        }
                        g.committed += 1;
                    }
                }
                Err(e) => {
                    g.errors.push((j, e));
                    failed.store(true, Ordering::Relaxed);
                }
            }
            turn.notify_all();
        }
    };
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads).map(|_| s.spawn(work)).collect();
            for h in handles {
                h.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
            }
        });
    }
    let g = shared.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut errors = g.errors;
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
    bar.finish();
    Ok(())
}

/// The runs of a sweep's shard, numbered: unit j is (point, replication), computed rather than
/// listed, so nothing grows with the number of runs. By point (shard I of N takes the points with
/// `point % N == I − 1`, all their replications) or by run (the runs with
/// `(point · R + replication) % N == I − 1`), in (point, replication) order either way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Units {
    points: u64,
    reps: u64,
    /// 0-based shard index and the shard count.
    shard: (u64, u64),
    by_run: bool,
}

impl Units {
    pub(crate) fn new(points: usize, reps: u64, (i, n): (usize, usize), by_run: bool) -> Self {
        Units {
            points: points as u64,
            reps: reps.max(1),
            shard: ((i - 1) as u64, n.max(1) as u64),
            by_run,
        }
    }

    /// How many of `items` (numbered from 0) fall in this shard.
    fn taken(&self, items: u64) -> u64 {
        let (k, n) = self.shard;
        if items > k {
            (items - k).div_ceil(n)
        } else {
            0
        }
    }

    /// Runs in this shard.
    pub(crate) fn len(&self) -> u64 {
        if self.by_run {
            self.taken(self.points * self.reps)
        } else {
            self.taken(self.points) * self.reps
        }
    }

    /// Unit j: (point index, replication).
    pub(crate) fn get(&self, j: u64) -> (usize, u64) {
        let (k, n) = self.shard;
        if self.by_run {
            let key = k + n * j;
            ((key / self.reps) as usize, key % self.reps)
        } else {
            ((k + n * (j / self.reps)) as usize, j % self.reps)
        }
    }
}

/// The few points being run, built from the base when first needed and dropped when newer ones
/// come in (at most `keep`; the runs take the units in order, so a point's replications find it).
struct PointCache<'s> {
    sweep: &'s LazySweep,
    keep: usize,
    held: Mutex<Vec<Arc<Point>>>,
}

impl PointCache<'_> {
    fn get(&self, index: usize) -> Result<Arc<Point>, String> {
        let lock = || self.held.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(p) = lock().iter().find(|p| p.index == index) {
            return Ok(p.clone());
        }
        let p = Arc::new(self.sweep.point(index)?);
        let mut held = lock();
        if !held.iter().any(|q| q.index == index) {
            if held.len() >= self.keep {
                held.remove(0);
            }
            held.push(p.clone());
        }
        Ok(p)
    }
}

/// The `sweep` command.
pub fn sweep(a: SweepArgs, budget: &Budget) -> Result<(), Failure> {
    let stdout = [&a.out, &a.raw, &a.scoreboard]
        .iter()
        .filter(|o| o.as_deref() == Some("-"))
        .count();
    if stdout > 1 {
        return Err(Failure::usage(
            "sweep: only one of --out, --raw and --scoreboard can be stdout",
        ));
    }
    let ((i, n), from) = shard_of(a.shard)?;
    // At most one job per core (a huge --jobs must not spawn thousands of threads).
    let jobs = crate::cli::clamp_jobs(a.jobs.map_or(usize::MAX, |j| j as usize));
    let text = read(&a.sweep)?;
    let v: Value = crate::json_reader::read_document(&text).map_err(|errs| {
        Failure::Invalid(errs.iter().map(|e| format!("{}: {e}", a.sweep)).collect())
    })?;
    let dir = if a.sweep == "-" {
        std::path::PathBuf::from(".")
    } else {
        folder_of(&a.sweep)
    };
    let mut base_json: Option<String> = None;
    let lazy = sweep::parse_value_lazy(&v, &mut |id| {
        let r = resolve_scenario(&dir, id);
        if let Ok(doc) = &r {
            base_json = Some(doc.to_string());
        }
        r
    })
    .map_err(|errs| Failure::Invalid(errs.iter().map(|e| format!("{}: {e}", a.sweep)).collect()))?;
    let base_json =
        base_json.unwrap_or_else(|| v.get("base").map(|b| b.to_string()).unwrap_or_default());
    let spec = &lazy.sweep;
    let mut board = match (&a.scoreboard, crate::sweep::scoreboard::Scoreboard::new(spec)) {
        (None, _) => None,
        (Some(_), None) => {
            return Err(Failure::Invalid(vec![format!(
                "{}: --scoreboard: the sweep file has no \"scoreboard\" (by, columns, score; content/sweeps/README.md)",
                a.sweep
            )]))
        }
        (Some(_), Some(_)) if n > 1 => {
            return Err(Failure::usage(
                "sweep: --scoreboard needs every point of the sweep; run it without --shard (and outside a Slurm array)",
            ))
        }
        (Some(_), board) => board,
    };
    let budget = budget.with_output_mb(a.max_output_mb);
    // Every point built, priced and dropped in turn.
    let tally = crate::budget::price_sweep(spec, lazy.points(), false, &budget, jobs)
        .map_err(Failure::Internal)?
        .map_err(|errs| {
            Failure::Invalid(errs.iter().map(|e| format!("{}: {e}", a.sweep)).collect())
        })?;
    let events = tally.events();
    // No output replaces the sweep, its base scenario or the other output (checked before the runs).
    let mut outs = Vec::new();
    if let Some(p) = &a.out {
        outs.extend(crate::cli::guard::with_sidecar("--out", p));
    }
    if let Some(p) = &a.raw {
        outs.extend(crate::cli::guard::with_sidecar("--raw", p));
    }
    if let Some(p) = &a.scoreboard {
        outs.extend(crate::cli::guard::with_sidecar("--scoreboard", p));
    }
    crate::cli::guard::check_outputs("sweep", &outs)?;
    let (raw_bytes, agg_bytes) = crate::budget::check_output_bytes(
        tally.output_bytes(),
        &budget,
        a.raw.is_some(),
        a.out.is_some(),
    )
    .map_err(|e| Failure::Invalid(vec![format!("{}: {e}", a.sweep)]))?;
    let long = crate::cli::progress::announce(
        &a.sweep,
        events / n as f64,
        events / n as f64 / budget.events_per_s / jobs as f64,
        (raw_bytes + agg_bytes) / n as f64,
        a.quiet,
    );
    let reps = spec.replications;
    // By point when an aggregate is written; by run when only raw rows are.
    let by_run = a.out.is_none() && n > 1;
    let units = Units::new(lazy.len(), reps, (i, n), by_run);
    let total = units.len();
    let bar = Progress::for_work("sweep", "runs", total, a.quiet, long);
    let cache = PointCache {
        sweep: &lazy,
        keep: 2 * jobs + 2,
        held: Mutex::new(Vec::new()),
    };
    // Streamed: each point's statistics are fed in replication order and written as
    // CSV rows when its last unit is in; raw rows go to the file as they come. Nothing holds the
    // samples of the whole sweep, nor its points.
    let mut agg = spec.csv_header();
    let mut raw = match &a.raw {
        Some(path) => Some(crate::cli::files::Streamed::create(path)?),
        None => None,
    };
    if let Some(w) = &mut raw {
        w.write_all(spec.raw_header().as_bytes())
            .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", w.name())))?;
    }
    let mut points_done = 0usize;
    let mut seeds: Option<(u64, u64)> = None;
    let mut current: Option<PointStats> = None;
    {
        let want_agg = a.out.is_some();
        let mut sink = |j: usize, (p, s): (Arc<Point>, Sample)| -> Result<(), String> {
            let (pk, rep) = units.get(j as u64);
            if let Some(w) = &mut raw {
                w.write_all(spec.replication_csv(&p, rep, &s).as_bytes())
                    .map_err(|e| format!("cannot write {}: {e}", w.name()))?;
            }
            let seed = p.scenario.seed + rep;
            seeds = Some(seeds.map_or((seed, seed), |(lo, hi)| (lo.min(seed), hi.max(seed))));
            let first = j == 0 || units.get(j as u64 - 1).0 != pk;
            if first {
                current = Some(PointStats::new(&p));
                points_done += 1;
            }
            if let Some(st) = &mut current {
                st.push(&s);
                let last = j as u64 + 1 >= total || units.get(j as u64 + 1).0 != pk;
                if last && want_agg {
                    agg.push_str(&spec.point_stats_csv(&p, st));
                }
                if let (true, Some(b)) = (last, &mut board) {
                    b.add(&p, st);
                }
            }
            Ok(())
        };
        let run = |j: usize| -> Result<(Arc<Point>, Sample), String> {
            let (pk, rep) = units.get(j as u64);
            let p = cache.get(pk)?;
            let s = sweep::run_replication(&p, rep, budget.limits())?;
            Ok((p, s))
        };
        let name = |j: usize| {
            let (pk, rep) = units.get(j as u64);
            format!("point {pk} replication {rep}")
        };
        run_stream(total as usize, jobs, &bar, &run, &name, &mut sink)?;
    }
    let meta = |kind: &str, file: &str| {
        let mut m = meta_base(kind, file);
        m.insert(
            "sweep".into(),
            json!({
                "file": a.sweep,
                "id": spec.id,
                "sha256": sha256(text.as_bytes()),
                "base_sha256": sha256(base_json.as_bytes()),
                "points": lazy.len(),
                "replications": reps,
                "runs": spec.runs(),
            }),
        );
        m.insert(
            "shard".into(),
            json!({
                "index": i,
                "count": n,
                "unit": if by_run { "run" } else { "point" },
                "from": match from { ShardFrom::Flag => "flag", ShardFrom::Slurm => "slurm", ShardFrom::None => "none" },
            }),
        );
        m.insert(
            "included".into(),
            json!({ "points": points_done, "runs": total }),
        );
        m.insert(
            "seeds".into(),
            json!({ "min": seeds.map(|s| s.0), "max": seeds.map(|s| s.1) }),
        );
        Value::Object(m)
    };
    let mut out = Outputs::default();
    if let Some(path) = &a.out {
        out.add(path, agg);
        out.add_meta(path, meta("sweep-aggregate", path));
    }
    if let (Some(path), Some(b)) = (&a.scoreboard, &board) {
        out.add(path, b.board().map_err(Failure::Internal)?.csv());
        out.add_meta(path, meta("sweep-scoreboard", path));
    }
    if let (Some(path), Some(w)) = (&a.raw, raw) {
        out.add_streamed(w)?;
        out.add_meta(path, meta("sweep-raw", path));
    }
    out.commit()?;
    let shard_note = if n > 1 {
        format!(
            " (shard {i}/{n} by {}: {} of {} runs)",
            if by_run { "run" } else { "point" },
            total,
            spec.runs()
        )
    } else {
        String::new()
    };
    let targets: Vec<&str> = [a.out.as_deref(), a.raw.as_deref(), a.scoreboard.as_deref()]
        .into_iter()
        .flatten()
        .collect();
    let line = format!(
        "{}: {} points × {} replications = {} runs{shard_note} → {}",
        a.sweep,
        points_done,
        reps,
        total,
        targets.join(", ")
    );
    if targets.contains(&"-") {
        // stdout carries a CSV: the note goes to stderr.
        eprintln!("{line}");
        Ok(())
    } else {
        outln!("{line}")
    }
}
