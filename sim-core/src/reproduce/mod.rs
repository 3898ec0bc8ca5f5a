//! Reproductions: one figure or table of a source paper ([GB04], [LJ], [GUR], [NJ+])
//! re-run through a [`crate::sweep`] and set beside the paper's numbers, with machine-checked
//! claims. The file format is `content/reproductions/FORMAT.md` (schema
//! `content/schema/reproduction.schema.json`); in short:
//!
//! ```json
//! { "schema": 1, "paper": "gb04", "id": "fig4", "title": "…",
//!   "summary": { "setup": "…", "claim": "…" }, "source": "GB04 §4.1, Fig. 4",
//!   "reference": "gb04/fig4.json", "sweep": "gb04-fig4-normal-vs-ld",
//!   "replications": 30, "replications_test": 3,
//!   "plot": { "x": "topology.bottleneck.errors.ber", "x_map": "ber_to_plr_pct_1500",
//!             "metric": "throughput_kbps",
//!             "series": [{ "id": "ld", "label": "1 LD flow",
//!                          "at": { "flows[0].tcp.classifier": "checksum" } }] },
//!   "expect": [{ "id": "ld-beats-normal", "claim": "…", "paper": "…",
//!                "check": { "kind": "ratio", "a": { "series": "ld", "x": 8.78e-6 },
//!                           "b": { "series": "normal", "x": 8.78e-6 }, "min": 1.5 },
//!                "tolerance_why": "…", "holds_at_test_count": true,
//!                "if_missed": { "mechanism": "…", "knob": "flows[0].tcp.ld_rto_keep_window",
//!                               "doc": "docs/design.md A3" } }] }
//! ```
//!
//! The flow: [`parse_value`] validates the file (every problem with its path, like
//! [`crate::scenario::parse`]) and expands its sweep; [`Reproduction::plan`] gives the sweep at a
//! chosen replication count; the caller runs every (point, replication) with
//! [`crate::sweep::run_replication`] (the CLI on threads, tests in a loop: [`run_sequential`]);
//! [`Reproduction::evaluate`] aggregates the samples, evaluates the `expect` checks ([`check`]) and
//! returns an [`ItemReport`]; [`svg::figure`] draws it, [`report::markdown`] and
//! [`report::html`] write the whole report. Sans-IO: files come in through the caller's resolver.
//! Deterministic: the same files and replications give byte-identical output.

use crate::json_reader::ConfigError;
use crate::stats::MeanCi;
use crate::sweep::{self, PointStats, Sample, Sweep};
use paired::PairStats;
use serde_json::Value;
use std::collections::VecDeque;
use timeseq::{TimeSeqFigure, TimeSeqSpec};

pub mod check;
pub mod compare;
pub mod paired;
mod parse;
pub mod report;
pub mod svg;
pub mod timeseq;

pub use check::{Check, Evaluation, Shape, Verdict};
pub use parse::{parse, parse_value};

/// The papers a reproduction may belong to (folder names under `content/reproductions/`).
pub const PAPERS: &[&str] = &["gb04", "lj", "gurtov", "njplus"];

/// What a reproduction file asks its caller to load.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resource {
    /// A scenario id (`content/scenarios/<id>.json`), the `base` of a sweep.
    Scenario,
    /// A sweep id (`content/sweeps/<id>.json`).
    Sweep,
    /// A reference file path under `content/reference/` (`gb04/fig4.json`).
    Reference,
}

/// The caller's loader: `Ok(Some(json))`, `Ok(None)` when the file does not exist (allowed only
/// for a reference, which then is reported missing), or `Err(why)`.
pub type Resolve<'a> = dyn FnMut(Resource, &str) -> Result<Option<Value>, String> + 'a;

/// How the sweep's x values become the plotted (and the reference's) x: a small closed set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum XMap {
    /// x as it is.
    Identity,
    /// A fraction as a percentage: 100·x.
    FractionToPct,
    /// A bit error rate as the packet loss rate in % of 1500-byte packets:
    /// 100·(1 − (1 − BER)^(8·1500)).
    BerToPlrPct1500,
}

impl XMap {
    /// Every transform's name, as written in a file.
    pub const NAMES: &'static [&'static str] =
        &["identity", "fraction_to_pct", "ber_to_plr_pct_1500"];

    /// The transform named `s`.
    pub fn from_name(s: &str) -> Option<XMap> {
        match s {
            "identity" => Some(XMap::Identity),
            "fraction_to_pct" => Some(XMap::FractionToPct),
            "ber_to_plr_pct_1500" => Some(XMap::BerToPlrPct1500),
            _ => None,
        }
    }

    /// Apply the transform.
    pub fn apply(self, x: f64) -> f64 {
        match self {
            XMap::Identity => x,
            XMap::FractionToPct => 100.0 * x,
            XMap::BerToPlrPct1500 => 100.0 * (1.0 - libm::pow(1.0 - x, 8.0 * 1500.0)),
        }
    }
}

/// The x axis scale.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// Linear.
    Linear,
    /// Logarithmic (points at x ≤ 0 are left off the figure, not out of the checks).
    Log,
}

/// One cell of the aggregated sweep result: a point and one of its rows.
#[derive(Clone, Debug, PartialEq)]
pub struct CellRef {
    /// Point number in the sweep.
    pub point: usize,
    /// Row name (the CSV `metric` column: `throughput_kbps`, `tcp.0.timeouts`, `sum.timeouts`).
    pub row: String,
    /// How the report names it (`LD flow at x = 10 %`).
    pub label: String,
}

/// One plotted LossLab series: the cells along x.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Id (unique in the file), used by `expect` cells and shape checks.
    pub id: String,
    /// Legend label.
    pub label: String,
    /// The id of the reference series it is compared with, if any.
    pub reference: Option<String>,
    /// (raw x value, mapped x, cell), sorted by mapped x.
    pub cells: Vec<(Value, f64, CellRef)>,
}

/// How to draw the figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Plot {
    /// The varied path on the x axis.
    pub x_path: String,
    /// Axis label (from the file, else the reference's x label, else the path).
    pub x_label: String,
    /// Unit of the mapped x (may be empty).
    pub x_unit: String,
    /// Linear or log.
    pub x_scale: Scale,
    /// Sweep x → plotted x.
    pub x_map: XMap,
    /// Default metric of the series.
    pub metric: String,
    /// Axis label of y.
    pub y_label: String,
    /// Unit of y.
    pub y_unit: String,
    /// LossLab's series.
    pub series: Vec<Series>,
}

/// A point of a reference series (the paper's number).
#[derive(Clone, Debug, PartialEq)]
pub struct RefPoint {
    /// x in the reference's unit.
    pub x: f64,
    /// y in the reference's unit.
    pub y: f64,
    /// ± uncertainty of y (0 for printed values).
    pub uncertainty: f64,
}

/// One series of the reference file.
#[derive(Clone, Debug, PartialEq)]
pub struct RefSeries {
    /// Series id in the reference file.
    pub id: String,
    /// Its label.
    pub label: String,
    /// Unit of its y values: the series' own `unit`, else the reference file's `y.unit`.
    pub unit: String,
    /// Its points (numeric x only).
    pub points: Vec<RefPoint>,
}

/// The parts of a reference file (`content/reference/<paper>/<item>.json`) the report uses.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    /// Path under `content/reference/`.
    pub path: String,
    /// `how_read`: how the paper's numbers were obtained.
    pub how_read: String,
    /// x axis label and unit, if the reference has an x axis.
    pub x: Option<(String, String)>,
    /// y axis label and unit.
    pub y: Option<(String, String)>,
    /// Series.
    pub series: Vec<RefSeries>,
}

/// What to do about a missed claim.
#[derive(Clone, Debug, PartialEq)]
pub struct IfMissed {
    /// The mechanism we believe explains the difference.
    pub mechanism: String,
    /// A scenario path whose value tests the mechanism.
    pub knob: String,
    /// Where it is written down (a docs/design.md assumption id, a test, a doc).
    pub doc: String,
}

/// What a check stands for: one of the paper's claims, or a structural check of the set-up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A claim the paper makes: counted in the report's verdicts.
    Claim,
    /// A structural check (throughput falls as errors rise) that could hardly fail: shown apart
    /// and never counted as a reproduction.
    Sanity,
}

/// One machine-checked claim.
#[derive(Clone, Debug, PartialEq)]
pub struct Expect {
    /// A claim of the paper or a sanity check (`class`, default `claim`).
    pub class: Class,
    /// How the check departs from the paper's procedure (transfer size, durations, replication
    /// count, a modelling assumption), if it does: the expect's `departs`, else the file's.
    pub departs: Option<String>,
    /// Id (unique in the file).
    pub id: String,
    /// The claim in our words.
    pub claim: String,
    /// What the paper reports (with its number, if any).
    pub paper: String,
    /// The check.
    pub check: Check,
    /// Why the tolerance is what it is.
    pub tolerance_why: String,
    /// Whether the strict form is stated to hold at `replications_test`.
    pub holds_at_test_count: bool,
    /// Mechanism, knob and doc for a miss.
    pub if_missed: IfMissed,
}

/// A validated reproduction file.
#[derive(Clone, Debug, PartialEq)]
pub struct Reproduction {
    /// Paper id (one of [`PAPERS`]).
    pub paper: String,
    /// Item id (`fig4`, `table1`).
    pub id: String,
    /// One line.
    pub title: String,
    /// Summary, first line: the set-up.
    pub setup: String,
    /// Summary, second line: the claim.
    pub claim: String,
    /// Section, figure or table, page.
    pub source: String,
    /// The reference path as written (under `content/reference/`), if any.
    pub reference_path: Option<String>,
    /// The reference file, when given and present.
    pub reference: Option<Reference>,
    /// The paper's citation from `content/reference/<paper>.json` (`citation`), when present.
    pub citation: Option<String>,
    /// The sweep's id, or `inline`.
    pub sweep_name: String,
    /// Replications as in the paper.
    pub replications: u64,
    /// Reduced count for the test suite.
    pub replications_test: u64,
    /// The figure.
    pub plot: Plot,
    /// The claims.
    pub expect: Vec<Expect>,
    /// Time-sequence plots asked for ([`timeseq`]; may be empty).
    pub timeseq: Vec<TimeSeqSpec>,
    /// The sweep document with its `base` resolved to a scenario object.
    sweep_doc: Value,
    /// The sweep as planned at `replications` (points, rows; used to validate cells).
    sweep: Sweep,
}

/// The outcome of one claim.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// The expect's id.
    pub id: String,
    /// The claim in our words.
    pub claim: String,
    /// What the paper reports.
    pub paper: String,
    /// What LossLab measured, worded for the claims table.
    pub losslab: String,
    /// The verdict from the 95 % intervals.
    pub verdict: Verdict,
    /// The verdict from the means alone (what `holds_at_test_count` promises).
    pub point_verdict: Verdict,
    /// For an inconclusive verdict: the replications that would likely decide it (an estimate).
    pub suggested_n: Option<u64>,
    /// Replications behind the intervals.
    pub n: usize,
    /// Claim or sanity check.
    pub class: Class,
    /// How the row departs from the paper's procedure, if it does.
    pub departs: Option<String>,
    /// The strict and direction forms, worded (`a/b ≥ 1.5; direction a/b > 1`).
    pub test: String,
    /// Why the tolerance.
    pub tolerance_why: String,
    /// Mechanism, knob, doc.
    pub if_missed: IfMissed,
}

/// One plotted LossLab series after the run: (mapped x, mean ± CI) per x with a value.
#[derive(Clone, Debug, PartialEq)]
pub struct PlotSeries {
    /// Legend label.
    pub label: String,
    /// Index into [`PlotData::reference`] of its paired reference series.
    pub reference: Option<usize>,
    /// Points, by x.
    pub points: Vec<(f64, MeanCi)>,
}

/// What the figure shows.
#[derive(Clone, Debug, PartialEq)]
pub struct PlotData {
    /// Title.
    pub title: String,
    /// x axis label with unit.
    pub x_label: String,
    /// y axis label with unit.
    pub y_label: String,
    /// Log x.
    pub log_x: bool,
    /// LossLab's series.
    pub series: Vec<PlotSeries>,
    /// The paper's series.
    pub reference: Vec<RefSeries>,
}

/// One item of the report.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemReport {
    /// Paper id.
    pub paper: String,
    /// Item id.
    pub id: String,
    /// Title.
    pub title: String,
    /// Set-up line.
    pub setup: String,
    /// Claim line.
    pub claim: String,
    /// Source in the paper.
    pub source: String,
    /// Sweep id or `inline`.
    pub sweep_name: String,
    /// Replications run.
    pub replications: u64,
    /// Runs (points × replications).
    pub runs: u64,
    /// How the paper's numbers were read, or why there are none.
    pub reference_note: String,
    /// The figure.
    pub plot: PlotData,
    /// The paper's numbers beside LossLab's, cell by cell ([`compare`]).
    pub comparison: Vec<compare::CompareRow>,
    /// The x and y units of the comparison (the reference's).
    pub units: (String, String),
    /// The paper's full citation (authors, title, venue, year), from the paper's reference file.
    pub citation: Option<String>,
    /// The sweep's aggregate CSV (the bytes of `losslab sweep`).
    pub csv: String,
    /// The claims.
    pub outcomes: Vec<Outcome>,
    /// Time-sequence plots: empty until [`Reproduction::time_sequences`] fills them in.
    pub timeseq: Vec<TimeSeqFigure>,
}

impl Outcome {
    /// The verdict as the report writes it: `inconclusive at 5 replications (about 23 would
    /// likely decide it)`.
    pub fn verdict_text(&self) -> String {
        match (self.verdict, self.suggested_n) {
            (Verdict::Inconclusive, Some(k)) => format!(
                "inconclusive at {} replications (about {k} would likely decide it; an estimate)",
                self.n
            ),
            (Verdict::Inconclusive, None) => format!(
                "inconclusive at {} replications (a mean sits on the threshold: no count is likely to decide it)",
                self.n
            ),
            (v, _) => v.text().to_string(),
        }
    }
}

/// An item's (or the report's) counts of verdicts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Claims reproduced.
    pub reproduced: usize,
    /// Claims with the direction only.
    pub direction_only: usize,
    /// Claims the intervals do not decide.
    pub inconclusive: usize,
    /// Claims not reproduced.
    pub not_reproduced: usize,
    /// Sanity checks that held (reproduced).
    pub sanity_held: usize,
    /// Sanity checks in all.
    pub sanity: usize,
    /// Rows (claims and sanity checks) that depart from the paper's procedure.
    pub departs: usize,
}

impl std::ops::Add for Tally {
    type Output = Tally;

    /// The sum of two tallies.
    fn add(self, o: Tally) -> Tally {
        Tally {
            reproduced: self.reproduced + o.reproduced,
            direction_only: self.direction_only + o.direction_only,
            inconclusive: self.inconclusive + o.inconclusive,
            not_reproduced: self.not_reproduced + o.not_reproduced,
            sanity_held: self.sanity_held + o.sanity_held,
            sanity: self.sanity + o.sanity,
            departs: self.departs + o.departs,
        }
    }
}

impl ItemReport {
    /// Counts of the item's verdicts; sanity checks apart from the claims.
    pub fn tally(&self) -> Tally {
        let mut t = Tally::default();
        for o in &self.outcomes {
            t.departs += o.departs.is_some() as usize;
            if o.class == Class::Sanity {
                t.sanity += 1;
                t.sanity_held += (o.verdict == Verdict::Reproduced) as usize;
                continue;
            }
            match o.verdict {
                Verdict::Reproduced => t.reproduced += 1,
                Verdict::DirectionOnly => t.direction_only += 1,
                Verdict::Inconclusive => t.inconclusive += 1,
                Verdict::NotReproduced => t.not_reproduced += 1,
            }
        }
        t
    }
}

/// One paired ratio a check asks for, streamed ([`PairStats`]): the two cells' (point, row)
/// positions, and the values of the side that is ahead until its partner replication arrives.
#[derive(Clone, Debug)]
struct PairSlot {
    a: (usize, usize),
    b: (usize, usize),
    seen_a: u64,
    seen_b: u64,
    /// Values of the side ahead (a's when `seen_a > seen_b`), oldest first.
    held: VecDeque<Option<f64>>,
    stats: PairStats,
}

impl PairSlot {
    fn take(&mut self, from_a: bool, v: Option<f64>) {
        let (mine, theirs) = if from_a {
            (self.seen_a, self.seen_b)
        } else {
            (self.seen_b, self.seen_a)
        };
        if mine < theirs {
            // The partner replication arrived first: it is the oldest held value.
            let other = self.held.pop_front().flatten();
            let (a, b) = if from_a { (v, other) } else { (other, v) };
            if let (Some(a), Some(b)) = (a, b) {
                self.stats.push(a, b);
            }
        } else {
            self.held.push_back(v);
        }
        if from_a {
            self.seen_a += 1;
        } else {
            self.seen_b += 1;
        }
    }
}

/// A reproduction's sweep results, streamed: per point its running statistics
/// ([`PointStats`]) and per paired check its [`PairStats`]; no sample is kept beyond the values
/// of a pair's side that runs ahead of the other (at most one each when the caller interleaves the points
/// replication by replication, as `losslab reproduce` does; up to the replications of one point
/// when the caller feeds point after point, as [`Reproduction::evaluate`] does with kept samples).
#[derive(Clone, Debug)]
pub struct Collector {
    points: Vec<PointStats>,
    pairs: Vec<PairSlot>,
}

impl Collector {
    /// Add the next replication's sample of `sweep.points[i]`; each point's replications must come
    /// in order (0, 1, 2, …), the points in any interleaving.
    pub fn push(&mut self, i: usize, sample: &Sample) {
        if let Some(p) = self.points.get_mut(i) {
            p.push(sample);
        }
        for slot in &mut self.pairs {
            if slot.a.0 == i {
                slot.take(true, sample.get(slot.a.1).copied().flatten());
            }
            if slot.b.0 == i {
                slot.take(false, sample.get(slot.b.1).copied().flatten());
            }
        }
    }

    /// Values held for pairing, in all (the bound tests read).
    pub fn held(&self) -> usize {
        self.pairs.iter().map(|p| p.held.len()).sum()
    }
}

/// (index into `sweep.points`, row index) of a cell.
fn cell_position(sweep: &Sweep, c: &CellRef) -> Option<(usize, usize)> {
    let i = sweep.points.iter().position(|p| p.index == c.point)?;
    let j = sweep.points[i]
        .rows()
        .iter()
        .position(|r| r.name == c.row)?;
    Some((i, j))
}

/// The range of a bounded metric, by the row's last name: shares, accuracies and Jain's index
/// lie in [0, 1] (`tcp.0.accuracy_wireless`, `shadow.spike.accuracy_congestion`, `jain_index`).
pub fn bounded_range(row: &str) -> Option<(f64, f64)> {
    let last = row.rsplit('.').next().unwrap_or(row);
    matches!(
        last,
        "accuracy_wireless" | "accuracy_congestion" | "jain_index" | "window_share"
    )
    .then_some((0.0, 1.0))
}

/// The aggregated sweep: mean ± CI per (point, row name).
pub struct Cells<'a> {
    sweep: &'a Sweep,
    values: Vec<Vec<(String, Option<MeanCi>)>>,
    collected: &'a Collector,
}

impl Cells<'_> {
    /// The cell's mean and 95 % CI (`None` when no replication defined it); a bounded metric's
    /// interval is the logit one ([`bounded_range`], [`crate::stats::bounded_ci`]).
    pub fn get(&self, c: &CellRef) -> Option<MeanCi> {
        let i = self.sweep.points.iter().position(|p| p.index == c.point)?;
        let v = self.values[i]
            .iter()
            .find(|(name, _)| *name == c.row)
            .and_then(|(_, v)| *v)?;
        Some(match bounded_range(&c.row) {
            Some((lo, hi)) => crate::stats::bounded_ci(v, lo, hi),
            None => v,
        })
    }

    /// The paired ratio Σa/Σb of two cells over the replications that define both, with its CI
    /// ([`paired::PairStats`]); `None` when the cells' points run on different seeds (not
    /// paired), no replication defines both, Σb = 0, or no check asked for this pair.
    pub fn paired(&self, a: &CellRef, b: &CellRef) -> Option<MeanCi> {
        let (pa, pb) = (cell_position(self.sweep, a)?, cell_position(self.sweep, b)?);
        self.collected
            .pairs
            .iter()
            .find(|s| s.a == pa && s.b == pb)
            .and_then(|s| s.stats.ci95())
    }
}

/// Run every (point, replication) of a sweep in this thread, in order (tests; the CLI spreads
/// the same calls over threads). `samples[i][r]` is point i, replication r.
pub fn run_sequential(sweep: &Sweep) -> Result<Vec<Vec<Sample>>, String> {
    sweep
        .points
        .iter()
        .map(|p| {
            (0..sweep.replications)
                .map(|r| sweep::run_replication(p, r))
                .collect()
        })
        .collect()
}

impl Reproduction {
    /// `<paper>/<id>`.
    pub fn key(&self) -> String {
        format!("{}/{}", self.paper, self.id)
    }

    /// The sweep at `replications` per point (re-validated: the seed range depends on it).
    pub fn plan(&self, replications: u64) -> Result<Sweep, Vec<ConfigError>> {
        if replications == self.sweep.replications {
            return Ok(self.sweep.clone());
        }
        let mut doc = self.sweep_doc.clone();
        if let Some(o) = doc.as_object_mut() {
            o.insert("replications".into(), Value::from(replications));
        }
        // The base was resolved to an object when the file was parsed.
        sweep::parse_value(&doc, &mut |id| {
            Err(format!("scenario \"{id}\" not resolved"))
        })
        .map_err(|errs| {
            errs.into_iter()
                .map(|e| ConfigError {
                    path: format!("sweep.{}", e.path),
                    message: e.message,
                })
                .collect()
        })
    }

    /// The sweep document at `replications` per point, its `base` resolved to a scenario object:
    /// what [`Reproduction::plan`] parses, as JSON for a caller that runs the points elsewhere
    /// (the web page's workers take a sweep document).
    pub fn sweep_document(&self, replications: u64) -> Value {
        let mut doc = self.sweep_doc.clone();
        if let Some(o) = doc.as_object_mut() {
            o.insert("replications".into(), Value::from(replications));
        }
        doc
    }

    /// An empty [`Collector`] for `sweep` ([`Reproduction::plan`]'s), with a pair slot for each
    /// paired ratio check whose cells run on the same seeds.
    pub fn collector(&self, sweep: &Sweep) -> Collector {
        let mut pairs: Vec<PairSlot> = Vec::new();
        for e in &self.expect {
            if let Check::Ratio {
                a, b, paired: true, ..
            } = &e.check
            {
                let (Some(pa), Some(pb)) = (cell_position(sweep, a), cell_position(sweep, b))
                else {
                    continue;
                };
                if sweep.points[pa.0].scenario.seed != sweep.points[pb.0].scenario.seed
                    || pairs.iter().any(|s| s.a == pa && s.b == pb)
                {
                    continue;
                }
                pairs.push(PairSlot {
                    a: pa,
                    b: pb,
                    seen_a: 0,
                    seen_b: 0,
                    held: VecDeque::new(),
                    stats: PairStats::default(),
                });
            }
        }
        Collector {
            points: sweep.points.iter().map(PointStats::new).collect(),
            pairs,
        }
    }

    /// Aggregate `samples` (from [`Reproduction::plan`]'s sweep, `samples[i][r]`), evaluate the
    /// claims and build the report item (the samples go through a [`Collector`]).
    pub fn evaluate(&self, sweep: &Sweep, samples: &[Vec<Sample>]) -> ItemReport {
        let mut c = self.collector(sweep);
        for (i, reps) in samples.iter().enumerate().take(sweep.points.len()) {
            for s in reps {
                c.push(i, s);
            }
        }
        self.evaluate_collected(sweep, &c)
    }

    /// Evaluate the claims on streamed results ([`Reproduction::collector`]) and build the report
    /// item.
    pub fn evaluate_collected(&self, sweep: &Sweep, collected: &Collector) -> ItemReport {
        let values = sweep
            .points
            .iter()
            .zip(&collected.points)
            .map(|(p, s)| sweep::aggregate_stats(p, s))
            .collect();
        let cells = Cells {
            sweep,
            values,
            collected,
        };
        let mut csv = sweep.csv_header();
        for (p, s) in sweep.points.iter().zip(&collected.points) {
            csv.push_str(&sweep.point_stats_csv(p, s));
        }
        let outcomes = self
            .expect
            .iter()
            .map(|e| {
                let ev = e.check.evaluate(&cells, &self.plot);
                Outcome {
                    id: e.id.clone(),
                    claim: e.claim.clone(),
                    paper: e.paper.clone(),
                    losslab: ev.losslab,
                    verdict: ev.verdict,
                    point_verdict: ev.point_verdict,
                    suggested_n: ev.suggested_n,
                    n: ev.n,
                    class: e.class,
                    departs: match (&e.departs, sweep.replications < self.replications) {
                        (d, true) => Some(
                            d.iter()
                                .cloned()
                                .chain([format!(
                                    "{} replication{} per point where the paper's count is {}",
                                    sweep.replications,
                                    if sweep.replications == 1 { "" } else { "s" },
                                    self.replications
                                )])
                                .collect::<Vec<_>>()
                                .join("; "),
                        ),
                        (d, false) => d.clone(),
                    },
                    test: ev.test,
                    tolerance_why: e.tolerance_why.clone(),
                    if_missed: e.if_missed.clone(),
                }
            })
            .collect();
        // Only the paper's series in the figure's y unit share its axis; the others (a gain in %
        // beside a throughput in kbit/s) enter the report through the claims.
        let all_refs: &[RefSeries] = self.reference.as_ref().map_or(&[], |r| &r.series);
        let refs: Vec<RefSeries> = all_refs
            .iter()
            .filter(|r| r.unit == self.plot.y_unit)
            .cloned()
            .collect();
        let other_units: Vec<String> = all_refs
            .iter()
            .filter(|r| r.unit != self.plot.y_unit)
            .map(|r| {
                format!(
                    "{} ({})",
                    r.label,
                    if r.unit.is_empty() {
                        "no unit"
                    } else {
                        &r.unit
                    }
                )
            })
            .collect();
        let series = self
            .plot
            .series
            .iter()
            .map(|s| PlotSeries {
                label: s.label.clone(),
                reference: s
                    .reference
                    .as_ref()
                    .and_then(|id| refs.iter().position(|r| r.id == *id)),
                points: s
                    .cells
                    .iter()
                    .filter_map(|(_, x, c)| cells.get(c).map(|v| (*x, v)))
                    .collect(),
            })
            .collect();
        let with_unit = |label: &str, unit: &str| {
            if unit.is_empty() {
                label.to_string()
            } else {
                format!("{label} ({unit})")
            }
        };
        let reference_note = match (&self.reference_path, &self.reference) {
            (None, _) => "No reference file: the paper's claims are in the table below.".into(),
            (Some(_), None) => {
                "The paper's numbers for this item are not transcribed yet: the figure shows LossLab only."
                    .into()
            }
            (Some(_), Some(r)) => format!("The paper's numbers, as read: {}", r.how_read),
        };
        let reference_note = if other_units.is_empty() {
            reference_note
        } else {
            format!(
                "{reference_note} Not drawn, as their unit is not the figure's: {}; the claims below check them.",
                other_units.join(", ")
            )
        };
        let plot = PlotData {
            title: self.title.clone(),
            x_label: with_unit(&self.plot.x_label, &self.plot.x_unit),
            y_label: with_unit(&self.plot.y_label, &self.plot.y_unit),
            log_x: self.plot.x_scale == Scale::Log,
            series,
            reference: refs,
        };
        ItemReport {
            comparison: compare::rows(&plot),
            units: (self.plot.x_unit.clone(), self.plot.y_unit.clone()),
            citation: self.citation.clone(),
            paper: self.paper.clone(),
            id: self.id.clone(),
            title: self.title.clone(),
            setup: self.setup.clone(),
            claim: self.claim.clone(),
            source: self.source.clone(),
            sweep_name: self.sweep_name.clone(),
            replications: sweep.replications,
            runs: sweep.runs(),
            reference_note,
            plot,
            csv,
            outcomes,
            timeseq: Vec::new(),
        }
    }

    /// Run and draw the file's time-sequence plots ([`timeseq`]) on `sweep` (the planned
    /// sweep: the plot's run is replication `replication` of its point, whatever the count).
    pub fn time_sequences(&self, sweep: &Sweep) -> Result<Vec<TimeSeqFigure>, String> {
        let refs: &[RefSeries] = self.reference.as_ref().map_or(&[], |r| &r.series);
        timeseq::figures(sweep, &self.timeseq, refs, self.reference.is_some())
    }
}

/// A number for the report: shortest form with about four significant digits, deterministic.
pub fn num(x: f64) -> String {
    if !x.is_finite() {
        return if x.is_nan() {
            "—".into()
        } else {
            "∞".into()
        };
    }
    let a = x.abs();
    let s = if a == 0.0 {
        "0".to_string()
    } else if !(1e-3..1e6).contains(&a) {
        format!("{x:.3e}")
    } else if a >= 1000.0 {
        format!("{x:.0}")
    } else if a >= 100.0 {
        format!("{x:.1}")
    } else if a >= 10.0 {
        format!("{x:.2}")
    } else if a >= 1.0 {
        format!("{x:.3}")
    } else {
        format!("{x:.4}")
    };
    // Trim trailing zeros of a fixed-point fraction (not of an exponent form).
    if s.contains('.') && !s.contains('e') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ber_maps_to_the_packet_loss_of_1500_byte_packets() {
        // docs/design.md §12.1: 8.78e-6 is 10 % packet loss, 4.274e-6 is 5 %.
        let m = XMap::BerToPlrPct1500;
        assert!((m.apply(8.78e-6) - 10.0).abs() < 0.01);
        assert!((m.apply(4.274e-6) - 5.0).abs() < 0.01);
        assert_eq!(m.apply(0.0), 0.0);
        assert_eq!(XMap::FractionToPct.apply(0.05), 5.0);
    }

    #[test]
    fn numbers_read_well() {
        assert_eq!(num(1234.56), "1235");
        assert_eq!(num(295.04), "295");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(0.9012), "0.9012");
        assert_eq!(num(8.78e-6), "8.780e-6");
        assert_eq!(num(0.0), "0");
    }
}
