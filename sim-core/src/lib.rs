//! LossLab simulator core: a deterministic packet-level discrete-event simulator of TCP over
//! lossy links (docs/design.md §D3).
//!
//! ```text
//!  sender ──► access ──► router ──► bottleneck (queue, errors) ──► receiver
//!    ▲                                                                  │
//!    └──────── access.reverse ◄── bottleneck.reverse ◄──── ACKs ────────┘
//! ```
//! - [`scenario`]: the JSON scenario format, validated with every problem's path
//!   ([`json_reader`]); [`limits`]: the caps that keep a run bounded.
//! - [`engine::Simulation`]: the event loop; [`net`], [`queue`], [`error_model`]: the network.
//! - [`tcp`]: sender, receiver, congestion-control variants and loss classifiers.
//! - [`param`] and [`catalog`]: every tunable knob (name, unit, range, default), declared beside
//!   the component it configures, and the catalog the UI builds its controls from.
//! - [`sweep`]: parameters varied, seeds replicated, mean ± CI; [`reproduce`]: a paper's figure
//!   re-run as a sweep, with machine-checked claims and a report; [`theory`]: the analytic TCP
//!   throughput of Mathis et al. and Padhye et al. that lessons draw beside a sweep.
//! - [`metrics`] and [`csv`]: series, summary and their CSV files; [`tcp::trace`]: the optional packet trace;
//!   [`notices`]: plain-language warnings about a run's results (phase-locked flows).
//!
//! Same scenario and seed → identical results, natively and in wasm: integer-nanosecond time,
//! seeded per-component random streams, `libm` for transcendental functions.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod amounts;
pub mod arguments;
pub mod bench;
pub mod budget;
pub mod catalog;
pub mod csv;
pub mod engine;
pub mod error_model;
pub mod json_reader;
pub mod limits;
pub mod metrics;
pub mod net;
pub mod notices;
pub mod packet;
pub mod param;
pub mod queue;
pub mod reproduce;
pub mod rng;
pub mod scenario;
pub mod stats;
pub mod sweep;
pub mod tcp;
pub mod theory;
pub mod time;

pub use engine::{RunMode, RunStatus, Simulation};
pub use metrics::Summary;
pub use scenario::{parse, problems, ConfigError, Scenario};

/// Crate version, reported by the CLI and the wasm module.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
