//! What a reproduction gives back after its runs: each claim's outcome, the figure's data, the
//! report item, and the counts of verdicts (sanity checks and rows departing from the paper's
//! procedure counted apart).

use super::check::Verdict;
use super::compare;
use super::model::{Class, IfMissed, RefSeries};
use super::timeseq::TimeSeqFigure;
use crate::stats::MeanCi;

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
