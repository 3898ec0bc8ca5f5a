//! Scenario format (schema 1, docs/design.md §D4): the one experiment description read by the CLI, the
//! worker, tests and content files.
//!
//! - [`Scenario`] and its parts: the typed, validated, defaults-filled form. The network parts
//!   are declared beside the components they configure and re-exported here: [`Topology`],
//!   [`LinkSpec`], [`DirSpec`], [`GraphLink`], [`CrossSpec`] (`net`), [`QueueSpec`],
//!   [`Discipline`] (`queue`), [`ErrorSpec`], [`GilbertSpec`] (`error_model`); their variants
//!   carry each component's `Params`, declared in the component's own file.
//! - [`parse`]: JSON text → `Scenario`, or every problem with its JSON path ([`ConfigError`],
//!   read with [`crate::json_reader`]; each component reads its own fields through its knob table).
//! - The scenario's JSON Schema is generated one floor up, where the catalog is
//!   (`sim_core::scenario::schema`).
//! - [`limits`]: the caps that keep a run bounded (re-exported from [`crate::limits`]).
//!
//! `Scenario` serialises (serde derive) to its *resolved* form, which the page reads through
//! wasm (`resolveScenario`): every default filled in, `count` expanded into flow ids, each
//! component's `kind` beside its knobs as in a scenario file, every TCP option of a flow
//! ([`TcpConfig::to_json`]), graph link ends as node indices, shadow classifiers as ids.

/// The largest seed: 2^53 − 1, the largest whole number a JSON reader in a browser keeps exact.
pub const MAX_SEED: u64 = (1 << 53) - 1;

mod parse;
mod parse_tcp;
pub mod trace_files;

pub use crate::error_model::{ErrorSpec, GilbertSpec};
pub use crate::json_reader::{closest, ConfigError, Problems};
pub use crate::limits;
pub use crate::net::{CrossKind, CrossPath, CrossSpec, DirSpec, GraphLink, LinkSpec, Topology};
pub use crate::queue::{Discipline, QueueSpec};
pub use parse::check_len;
pub use parse::{parse, parse_value, problems, requested_connections, valid_scenario_id};

use crate::net::Plan;
use crate::tcp::classify::ClassifierSpec;
use crate::tcp::TcpConfig;
use serde::{Serialize, Serializer};

/// A flow's TCP settings as JSON: every option by its scenario name ([`TcpConfig::to_json`]).
fn tcp_options<S: Serializer>(c: &TcpConfig, s: S) -> Result<S::Ok, S::Error> {
    c.to_json().serialize(s)
}

/// Shadow classifiers by id.
fn classifier_ids<S: Serializer>(cs: &[ClassifierSpec], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(cs.iter().map(|c| c.id))
}

/// When a run ends.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Stop {
    /// Simulated time limit, seconds.
    pub time_s: f64,
    /// End as soon as every finite transfer has completed (only if there are no bulk flows).
    pub when_transfers_done: bool,
}

/// One TCP connection after `count` expansion.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FlowSpec {
    /// Id in series and CSV (`ld`, or `ld.0`, `ld.1`, … for parallel connections).
    pub id: String,
    /// Index of the `flows[]` entry it came from (for error paths).
    pub group: usize,
    /// Start time, seconds.
    pub start_s: f64,
    /// Bytes to transfer; `None` = bulk (never ends).
    pub bytes: Option<u64>,
    /// When the flow stops sending new data, seconds ([LJ] §4.4 "new connections
    /// last 100 s"): what is in flight is still delivered and retransmitted; the transfer then
    /// completes. `None` = never.
    pub stop_s: Option<f64>,
    /// TCP settings.
    #[serde(serialize_with = "tcp_options")]
    pub tcp: TcpConfig,
    /// IP size of a full data segment: MSS + 40 (IP and TCP headers) + 12 with timestamps
    /// ([`TcpConfig::data_packet_bytes`]).
    pub data_packet_bytes: u32,
    /// Graph topology: node the sender sits on.
    pub from: Option<String>,
    /// Graph topology: node the receiver sits on.
    pub to: Option<String>,
}

/// What to record.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Observe {
    /// Sampling period of the series, ms.
    pub sample_ms: f64,
    /// Trailing window of the `throughput_kbps` series, ms (at least one sample period).
    pub throughput_window_ms: f64,
    /// Record the packet trace (sends, ACKs, drops, timeouts, verdicts).
    pub trace: bool,
    /// `observe.window` `{ "from_s", "to_s" }`: every flow's delivered bytes are
    /// noted at both instants, for the sweep metrics `window_throughput_kbps` and `window_share`
    /// (serialised as `[from_s, to_s]`).
    pub window: Option<(f64, f64)>,
    /// Classifiers that judge every loss of every flow without influencing it (an id string or
    /// `{ "id": …, "params": {…} }` in JSON; serialised as ids).
    #[serde(serialize_with = "classifier_ids")]
    pub shadow_classifiers: Vec<ClassifierSpec>,
}

/// A validated scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scenario {
    /// Scenario id (CSV `scenario_id`).
    pub id: String,
    /// Human title.
    pub title: String,
    /// Run seed; every random stream derives from it.
    pub seed: u64,
    /// End condition.
    pub stop: Stop,
    /// Network.
    pub topology: Topology,
    /// Connections, expanded.
    pub flows: Vec<FlowSpec>,
    /// UDP background sources.
    pub cross_traffic: Vec<CrossSpec>,
    /// Recording options.
    pub observe: Observe,
    /// The lab's JavaScript for `"custom"` (`tcp::custom`), kept as text.
    #[serde(skip_serializing_if = "CodeText::is_empty")]
    pub code: CodeText,
}

/// A scenario's `code`: JavaScript for a classifier and a congestion control of one's own, which
/// the browser's worker runs where the scenario names `"custom"` (docs/design.md §1.15).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CodeText {
    /// Source defining `class Classifier`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub classifier: Option<String>,
    /// Source defining `class CongestionControl`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cc: Option<String>,
}

impl CodeText {
    /// True when the scenario carries no code.
    pub fn is_empty(&self) -> bool {
        self.classifier.is_none() && self.cc.is_none()
    }
}

impl<'a> From<&'a Scenario> for Plan<'a> {
    fn from(sc: &'a Scenario) -> Plan<'a> {
        Plan {
            seed: sc.seed,
            topology: &sc.topology,
            flows: sc
                .flows
                .iter()
                .map(|f| (f.from.as_deref(), f.to.as_deref()))
                .collect(),
            cross_traffic: &sc.cross_traffic,
        }
    }
}
