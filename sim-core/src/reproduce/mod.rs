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

use serde_json::Value;

mod cells;
pub mod check;
pub mod compare;
mod evaluate;
mod model;
mod num;
mod outcome;
pub mod paired;
mod parse;
pub mod report;
pub mod schema;
pub mod svg;
pub mod timeseq;
mod units;

pub use cells::{bounded_range, Cells, Collector};
pub use check::{Check, Evaluation, Shape, Verdict};
pub use evaluate::run_sequential;
pub use model::{
    CellRef, Class, Expect, IfMissed, Plot, RefPoint, RefSeries, Reference, Reproduction, Scale,
    Series, XMap,
};
pub use num::num;
pub use outcome::{ItemReport, Outcome, PlotData, PlotSeries, Tally};
pub use parse::{parse, parse_value};

/// The papers a reproduction may belong to (folder names under `content/reproductions/`).
pub const PAPERS: &[&str] = &["gb04", "lj", "gurtov", "njplus"];

/// The plot's x-axis scales (`plot.x_scale`).
pub const X_SCALES: &[&str] = &["linear", "log"];

/// An expectation's classes (`expect[].class`): a claim of the paper, or a sanity check.
pub const EXPECT_CLASSES: &[&str] = &["claim", "sanity"];

/// The forms a `shape` check may ask of a series (`check.form`).
pub const SHAPE_FORMS: &[&str] = &["increasing", "decreasing", "flat", "max_at"];

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
