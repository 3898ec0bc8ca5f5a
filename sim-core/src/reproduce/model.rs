//! The types of a validated reproduction file (`content/reproductions/FORMAT.md`): the x
//! transform and scale, the plot and its series of cells, the reference's series, the claims
//! (`expect`) with their class, procedure notes and what to do about a miss.

use super::check::Check;
use super::timeseq::TimeSeqSpec;
use crate::sweep::Sweep;
use serde_json::Value;

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
    pub(super) sweep_doc: Value,
    /// The sweep as planned at `replications` (points, rows; used to validate cells).
    pub(super) sweep: Sweep,
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
}
