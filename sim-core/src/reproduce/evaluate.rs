//! Running a reproduction and judging it: the sweep at a chosen replication count, the
//! collector for its results, and the evaluation of the claims into a report item.

use super::cells::{cell_position, Cells, Collector, PairSlot};
use super::compare;
use super::model::{RefSeries, Reproduction, Scale};
use super::outcome::{ItemReport, Outcome, PlotData, PlotSeries};
use super::paired::PairStats;
use super::timeseq::{self, TimeSeqFigure};
use crate::json_reader::ConfigError;
use crate::sweep::{self, PointStats, Sample, Sweep};
use serde_json::Value;
use std::collections::VecDeque;

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
            for (a, b) in e.check.paired_ratios() {
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
                    losslab: super::units::with_units(ev.losslab, &e.check, &self.plot),
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
