//! LossLab's experiments floor, over its model. The model (`sim-model`, re-exported here as
//! [`engine`], [`net`], [`tcp`], [`scenario`], …) is a deterministic packet-level discrete-event
//! simulator of TCP over lossy links (docs/design.md §D3); this crate decides what runs and what
//! is made of the results:
//!
//! - [`budget`]: a scenario priced before it runs, refused with a plain reason when it would not
//!   fit, and the [`engine::Limits`] its run is handed; [`arguments`]: a run's seed and a sweep's
//!   counts checked for every binding.
//! - [`catalog`]: the presets, variants, classifiers and knobs the lab builds its controls from;
//!   [`scenario::schema`]: the scenario's and the sweep's JSON Schemas, generated.
//! - [`sweep`]: parameters varied, seeds replicated, mean ± CI ([`stats`]); [`reproduce`]: a
//!   paper's figure re-run as a sweep, with machine-checked claims and a report; [`theory`]: the
//!   analytic TCP throughput of Mathis et al. and Padhye et al. that lessons draw beside a sweep.
//! - [`boundary`]: the TypeScript declarations of what the wasm boundary hands the page, generated.
//! - [`bench`]: the fixed workloads `losslab bench` times.
//! - [`cli`] (feature `cli`): the `losslab` command line, run by `src/bin/losslab.rs` and by the
//!   Python wheel's `losslab` command.
//!
//! The model never names this floor (Cargo enforces it: `sim-model` does not depend on
//! `sim-core`).

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod arguments;
pub mod bench;
pub mod boundary;
pub mod budget;
pub mod catalog;
#[cfg(feature = "cli")]
pub mod cli;
pub mod reproduce;
pub mod stats;
pub mod sweep;
pub mod theory;

// The model floor, re-exported so `sim_core::tcp`, `sim_core::engine`, … name it as before.
pub use sim_model::{
    amounts, csv, engine, error_model, json_reader, limits, metrics, net, notices, packet, param,
    queue, rng, tcp, time,
};

/// The scenario format ([`sim_model::scenario`]) and, one floor up because it lists the
/// catalog's ids and the sweep's metrics, its JSON Schema.
pub mod scenario {
    pub use sim_model::scenario::*;
    pub mod schema;
}

pub use engine::{RunMode, RunStatus, Simulation};
pub use metrics::Summary;
pub use scenario::{parse, problems, ConfigError, Scenario};

/// Crate version, reported by the CLI and the wasm module.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
