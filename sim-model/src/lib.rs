//! LossLab's model: a deterministic packet-level discrete-event simulator of TCP over lossy links
//! (docs/design.md §D3), and the scenario format it runs. The floor above, `sim-core`, prices,
//! sweeps and reproduces runs of it; this crate names nothing of that floor.
//!
//! ```text
//!  sender ──► access ──► router ──► bottleneck (queue, errors) ──► receiver
//!    ▲                                                                  │
//!    └──────── access.reverse ◄── bottleneck.reverse ◄──── ACKs ────────┘
//! ```
//! - [`scenario`]: the JSON scenario format, validated with every problem's path
//!   ([`json_reader`]); [`limits`]: the caps that keep a run bounded.
//! - [`engine::Simulation`]: the event loop, run within the [`engine::Limits`] its caller hands
//!   it; [`net`], [`queue`], [`error_model`]: the network.
//! - [`tcp`]: sender, receiver, congestion-control variants and loss classifiers.
//! - [`param`]: every tunable knob (name, unit, range, default), declared beside the component
//!   it configures.
//! - [`metrics`] and [`csv`]: series, summary and their CSV files; [`tcp::trace`]: the optional
//!   packet trace; [`notices`]: plain-language warnings about a run's results (phase-locked flows).
//!
//! Same scenario and seed → identical results, natively and in wasm: integer-nanosecond time,
//! seeded per-component random streams, `libm` for transcendental functions.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod amounts;
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
pub mod rng;
pub mod scenario;
pub mod tcp;
pub mod time;

pub use engine::{RunMode, RunStatus, Simulation};
pub use metrics::Summary;
pub use scenario::{parse, problems, ConfigError, Scenario};
