//! `losslab reproduce [FILE|DIR…] [--paper ID] [--figure ID] [--replications N] [--jobs N] --out DIR`
//!: runs the papers' reproductions and writes the report.
//!
//! - Without FILE or DIR, reads every `content/reproductions/**/*.json`, the folder found from the
//!   current directory upward (as sweeps find their presets).
//! - A file must sit at `<paper>/<id>.json` under its reproductions folder, matching its `paper`
//!   and `id` (checked when the file lies in a folder named after its paper).
//! - Scenario ids resolve to `content/scenarios/<id>.json`, sweep ids to
//!   `content/sweeps/<id>.json`, references to `content/reference/<path>`, each searched from the
//!   file's folder upward; a missing reference file is reported in the item, not an error.
//! - `--replications N` replaces every file's `replications`; `--jobs N` spreads the runs over
//!   threads like `losslab sweep` ([`crate::cli::sweep_cmd::run_stream`], the points interleaved replication by replication so a paired check's two cells meet at once); the output does not depend on it.
//! - Writes `DIR/index.md`, `DIR/index.html`, and per item `DIR/<paper>/<id>.svg` and `.csv`, and
//!   `DIR/<paper>/<id>-<timeseq id>.svg` per time-sequence plot the file asks for.
//!
//! Exit 0 when everything ran (claims may be missed), 1 when a run or a write failed, 2 on bad
//! input (every problem of every file, with its path).

use super::{folder_of, read, resolve_scenario, sweep_cmd, write, Failure};
use crate::budget::Budget;
use crate::cli::args::ReproduceArgs;
use crate::cli::progress::Progress;
use crate::reproduce::{self, report, svg, ItemReport, Reproduction, Resource};
use serde_json::Value;
use std::path::{Path, PathBuf};

struct Args {
    inputs: Vec<String>,
    paper: Option<String>,
    figure: Option<String>,
    replications: Option<u64>,
    jobs: usize,
    out: String,
    quiet: bool,
    /// The command's budget, its file budget from `--max-output-mb`.
    budget: Budget,
}

fn parse_args(a: ReproduceArgs, budget: &Budget) -> Result<Args, Failure> {
    let out = a
        .out
        .ok_or_else(|| Failure::usage("reproduce: missing --out DIR"))?;
    if let Some(p) = &a.paper {
        if !reproduce::PAPERS.contains(&p.as_str()) {
            return Err(Failure::usage(format!(
                "--paper: unknown paper \"{p}\" (one of: {})",
                reproduce::PAPERS.join(", ")
            )));
        }
    }
    Ok(Args {
        inputs: a.inputs,
        paper: a.paper,
        figure: a.figure,
        replications: a.replications,
        jobs: a.jobs.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            |j| j as usize,
        ),
        out,
        budget: budget.with_output_mb(a.max_output_mb),
        quiet: a.quiet,
    })
}

/// `content/<sub>` from `start` upward.
fn content_dir(start: &Path, sub: &str) -> Option<PathBuf> {
    let start = std::fs::canonicalize(start).unwrap_or_else(|_| start.to_path_buf());
    start
        .ancestors()
        .map(|a| a.join("content").join(sub))
        .find(|d| d.is_dir())
}

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), Failure> {
    let entries = std::fs::read_dir(dir)
        .map_err(|e| Failure::Invalid(vec![format!("{}: cannot read: {e}", dir.display())]))?;
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            json_files(&p, out)?;
        } else if p.extension().is_some_and(|x| x == "json") {
            out.push(p);
        }
    }
    Ok(())
}

fn load_json(file: &Path, what: &str) -> Result<Value, String> {
    let shown = file.display().to_string();
    let text = crate::cli::files::read_text(&shown).map_err(|e| {
        match e.strip_prefix(&format!("{shown}: cannot read: ")) {
            Some(why) => format!("{what}: cannot read {shown}: {why}"),
            None => format!("{what}: {e}"),
        }
    })?;
    serde_json::from_str(&text).map_err(|e| {
        format!(
            "{what}: {}: invalid JSON at line {} column {}: {e}",
            file.display(),
            e.line(),
            e.column()
        )
    })
}

/// The loader a reproduction file gets: scenarios, sweeps and references from `dir` upward.
fn resolver(dir: PathBuf) -> impl FnMut(Resource, &str) -> Result<Option<Value>, String> {
    move |kind, name| match kind {
        Resource::Scenario => resolve_scenario(&dir, name).map(Some),
        Resource::Sweep => {
            let Some(d) = content_dir(&dir, "sweeps") else {
                return Err(format!(
                    "sweep \"{name}\": no content/sweeps folder above {}",
                    dir.display()
                ));
            };
            let f = d.join(format!("{name}.json"));
            if !f.is_file() {
                return Ok(None);
            }
            load_json(&f, &format!("sweep \"{name}\"")).map(Some)
        }
        Resource::Reference => {
            let Some(d) = content_dir(&dir, "reference") else {
                return Ok(None);
            };
            let f = d.join(name);
            if !f.is_file() {
                return Ok(None);
            }
            load_json(&f, &format!("reference \"{name}\"")).map(Some)
        }
    }
}

/// Parse one file, with its location checked against its paper and id (also `losslab validate`).
pub fn load(file: &Path) -> Result<Reproduction, Vec<String>> {
    let shown = file.display().to_string();
    let text = read(&shown).map_err(|e| match e {
        Failure::Invalid(l) => l,
        Failure::Internal(m) => vec![m],
        Failure::StdoutClosed => Vec::new(),
    })?;
    let dir = folder_of(&shown);
    let mut resolve = resolver(dir);
    let r = reproduce::parse(&text, &mut resolve).map_err(|errs| {
        errs.iter()
            .map(|e| format!("{shown}: {e}"))
            .collect::<Vec<_>>()
    })?;
    let stem = file.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    let folder = file
        .parent()
        .and_then(|p| p.file_name())
        .and_then(|s| s.to_str())
        .unwrap_or("");
    let mut problems = Vec::new();
    if stem != r.id {
        problems.push(format!(
            "{shown}: id: \"{}\" must equal the file name \"{stem}\"",
            r.id
        ));
    }
    if reproduce::PAPERS.contains(&folder) && folder != r.paper {
        problems.push(format!(
            "{shown}: paper: \"{}\" but the file is in the folder of \"{folder}\"",
            r.paper
        ));
    }
    if problems.is_empty() {
        Ok(r)
    } else {
        Err(problems)
    }
}

fn create_dir(path: &Path) -> Result<(), Failure> {
    std::fs::create_dir_all(path)
        .map_err(|e| Failure::Internal(format!("cannot create {}: {e}", path.display())))
}

/// The `reproduce` command.
pub fn reproduce(args: ReproduceArgs, budget: &Budget) -> Result<(), Failure> {
    let a = parse_args(args, budget)?;
    let mut files = Vec::new();
    if a.inputs.is_empty() {
        let dir = content_dir(Path::new("."), "reproductions").ok_or_else(|| {
            Failure::usage(
                "reproduce: no content/reproductions folder here or above; name a file or folder",
            )
        })?;
        json_files(&dir, &mut files)?;
    } else {
        for i in &a.inputs {
            let p = PathBuf::from(i);
            if p.is_dir() {
                json_files(&p, &mut files)?;
            } else {
                files.push(p);
            }
        }
    }
    let mut problems = Vec::new();
    let mut items: Vec<Reproduction> = Vec::new();
    for f in &files {
        match load(f) {
            Ok(r) => items.push(r),
            Err(e) => problems.extend(e),
        }
    }
    if !problems.is_empty() {
        return Err(Failure::Invalid(problems));
    }
    items.retain(|r| {
        a.paper.as_ref().is_none_or(|p| *p == r.paper)
            && a.figure.as_ref().is_none_or(|f| *f == r.id)
    });
    if items.is_empty() {
        return Err(Failure::Invalid(vec![format!(
            "reproduce: no reproduction matches (read {} files)",
            files.len()
        )]));
    }
    items.sort_by_key(|r| r.key());
    if let Some(dup) = items.windows(2).find(|w| w[0].key() == w[1].key()) {
        return Err(Failure::Invalid(vec![format!(
            "reproduce: {} is given twice",
            dup[0].key()
        )]));
    }
    // What the report would write, priced before any run (each plan made, priced and dropped).
    let mut bytes = 0.0;
    let mut biggest = (0.0, String::new());
    for r in &items {
        let sweep = r
            .plan(a.replications.unwrap_or(r.replications))
            .map_err(|errs| {
                Failure::Invalid(errs.iter().map(|e| format!("{}: {e}", r.key())).collect())
            })?;
        let traced: Vec<f64> = r
            .timeseq
            .iter()
            .map(|t| {
                // Its point (any point, the most costly, if none has its choice).
                let of = |pick: &dyn Fn(&&crate::sweep::Point) -> bool| {
                    sweep
                        .points
                        .iter()
                        .filter(pick)
                        .map(|p| crate::budget::timeseq_events(&p.scenario))
                        .fold(None, |m: Option<f64>, e| Some(m.map_or(e, |m| m.max(e))))
                };
                of(&|p| p.choice == t.choice)
                    .or_else(|| of(&|_| true))
                    .unwrap_or(0.0)
            })
            .collect();
        let b = crate::budget::reproduction_output_bytes(&sweep, &traced);
        bytes += b;
        if b > biggest.0 {
            biggest = (b, r.key());
        }
    }
    crate::budget::check_reproduce_output(bytes, &biggest.1, &a.budget)
        .map_err(|e| Failure::Invalid(vec![e]))?;
    let out = PathBuf::from(&a.out);
    let mut reports: Vec<ItemReport> = Vec::new();
    for r in &items {
        let reps = a.replications.unwrap_or(r.replications);
        let sweep = r.plan(reps).map_err(|errs| {
            Failure::Invalid(errs.iter().map(|e| format!("{}: {e}", r.key())).collect())
        })?;
        let budget = a.budget;
        crate::budget::check_sweep(&sweep, &budget, crate::cli::clamp_jobs(a.jobs)).map_err(
            |errs| Failure::Invalid(errs.iter().map(|e| format!("{}: {e}", r.key())).collect()),
        )?;
        let points: Vec<_> = sweep.points.iter().collect();
        let bar = Progress::new(
            &r.key(),
            "runs",
            points.len() as u64 * sweep.replications,
            a.quiet,
        );
        // Replication-major: every point's replications still arrive in order (the statistics'
        // bytes), and a paired ratio's two cells arrive in the same round (nothing held).
        let unit = |j: usize| (j % points.len(), (j / points.len()) as u64);
        let mut collected = r.collector(&sweep);
        let mut sink = |j: usize, s: crate::sweep::Sample| -> Result<(), String> {
            collected.push(unit(j).0, &s);
            Ok(())
        };
        let run = |j: usize| {
            let (k, rep) = unit(j);
            crate::sweep::run_replication(points[k], rep, budget.limits())
        };
        let name = |j: usize| {
            let (k, rep) = unit(j);
            format!("point {} replication {rep}", points[k].index)
        };
        let total = points.len() * sweep.replications as usize;
        sweep_cmd::run_stream(total, a.jobs, &bar, &run, &name, &mut sink).map_err(
            |e| match e {
                Failure::Internal(m) => Failure::Internal(format!("{}: {m}", r.key())),
                other => other,
            },
        )?;
        let mut item = r.evaluate_collected(&sweep, &collected);
        // M12: the time-sequence plots, each one more run on a fixed seed (not threaded).
        item.timeseq = r
            .time_sequences(&sweep)
            .map_err(|m| Failure::Internal(format!("{}: {m}", r.key())))?;
        let dir = out.join(&item.paper);
        create_dir(&dir)?;
        let base = dir.join(&item.id);
        write(&format!("{}.svg", base.display()), &svg::figure(&item.plot))?;
        write(&format!("{}.csv", base.display()), &item.csv)?;
        for t in &item.timeseq {
            write(&format!("{}-{}.svg", base.display(), t.id), &t.svg)?;
        }
        let t = item.tally();
        outln!(
            "{}: {} runs ({} replications): {} reproduced, {} direction only, {} inconclusive, {} not reproduced; sanity {} of {}; {} rows depart from the paper",
            r.key(),
            item.runs,
            item.replications,
            t.reproduced,
            t.direction_only,
            t.inconclusive,
            t.not_reproduced,
            t.sanity_held,
            t.sanity,
            t.departs
        )?;
        reports.push(item);
    }
    let header = match a.replications {
        Some(n) => format!(
            "LossLab {}, {n} replications per point (the papers' counts overridden).",
            crate::VERSION
        ),
        None => format!(
            "LossLab {}, replications per point as in each paper.",
            crate::VERSION
        ),
    };
    create_dir(&out)?;
    write(
        &out.join("index.md").display().to_string(),
        &report::markdown(&reports, &header),
    )?;
    write(
        &out.join("index.html").display().to_string(),
        &report::html(&reports, &header),
    )?;
    outln!("report → {}", out.join("index.md").display())
}
