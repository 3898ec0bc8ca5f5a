//! Scenario format (schema 1, DESIGN §4): the one experiment description read by the CLI, the
//! worker, tests and content files.
//!
//! - [`Scenario`] and its parts: the typed, validated, defaults-filled form.
//! - [`parse`]: JSON text → `Scenario`, or every problem with its JSON path ([`ConfigError`]).
//! - [`limits`]: the caps that keep a run bounded.

mod parse;
mod reader;

pub use parse::{parse, parse_value};
pub use reader::{closest, ConfigError};

use crate::tcp::TcpConfig;

/// Caps on what one scenario may ask for (DESIGN §3 "safety budget").
pub mod limits {
    /// Longest simulated time, seconds.
    pub const MAX_TIME_S: f64 = 100_000.0;
    /// Most TCP connections after `count` expansion.
    pub const MAX_FLOWS: u64 = 1000;
    /// Largest queue, packets.
    pub const MAX_QUEUE_PKTS: u64 = 1_000_000;
    /// Fastest link, bit/s.
    pub const MAX_RATE_BPS: f64 = 1e11;
    /// Most bits one link direction may carry in a run (rate × time): bounds the event count.
    pub const MAX_LINK_BITS: f64 = 2e13;
    /// Most events one run may process before it is stopped with an error.
    pub const MAX_EVENTS: u64 = 4_000_000_000;
    /// Most series points one run may record (samples × series).
    pub const MAX_POINTS: f64 = 50_000_000.0;
}

/// When a run ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Stop {
    /// Simulated time limit, seconds.
    pub time_s: f64,
    /// End as soon as every finite transfer has completed (only if there are no bulk flows).
    pub when_transfers_done: bool,
}

/// Queue discipline of a link direction.
#[derive(Clone, Debug, PartialEq)]
pub enum QueueSpec {
    /// Tail drop with a packet limit.
    DropTail {
        /// Capacity in packets.
        limit_pkts: u32,
        /// Whether the packet in service counts against the limit (SPEC A24).
        counts_in_service: bool,
    },
}

/// Error model of a link direction.
#[derive(Clone, Debug, PartialEq)]
pub enum ErrorSpec {
    /// Error-free.
    None,
    /// i.i.d. bit errors with paired patterns.
    BitError {
        /// Bit error rate.
        ber: f64,
        /// Sensitive leading bytes whose corruption makes a packet unattributable (SPEC A2).
        header_bytes: u32,
    },
    /// Bernoulli packet loss.
    PacketError {
        /// Loss probability per packet.
        per: f64,
    },
}

/// One direction of a link.
#[derive(Clone, Debug, PartialEq)]
pub struct DirSpec {
    /// Rate in bit/s.
    pub rate_bps: f64,
    /// One-way propagation delay, ms.
    pub delay_ms: f64,
    /// Queue at the head of this direction.
    pub queue: QueueSpec,
    /// Error process of this direction.
    pub errors: ErrorSpec,
}

/// A duplex link: forward (a→b, data) and reverse (b→a, ACKs) directions.
#[derive(Clone, Debug, PartialEq)]
pub struct LinkSpec {
    /// a → b.
    pub forward: DirSpec,
    /// b → a.
    pub reverse: DirSpec,
    /// Link-layer bytes added to every packet (8 for PPP on Gurtov's link).
    pub framing_bytes: u32,
}

/// Network shape.
#[derive(Clone, Debug, PartialEq)]
pub enum Topology {
    /// senders → access → router → bottleneck → receivers.
    Dumbbell {
        /// Shared access link of the senders.
        access: LinkSpec,
        /// The bottleneck (usually the lossy hop).
        bottleneck: LinkSpec,
    },
}

/// One TCP connection after `count` expansion.
#[derive(Clone, Debug, PartialEq)]
pub struct FlowSpec {
    /// Id in series and CSV (`ld`, or `ld.0`, `ld.1`, … for parallel connections).
    pub id: String,
    /// Index of the `flows[]` entry it came from (for error paths).
    pub group: usize,
    /// Start time, seconds.
    pub start_s: f64,
    /// Bytes to transfer; `None` = bulk (never ends).
    pub bytes: Option<u64>,
    /// TCP settings.
    pub tcp: TcpConfig,
}

/// What to record.
#[derive(Clone, Debug, PartialEq)]
pub struct Observe {
    /// Sampling period of the series, ms.
    pub sample_ms: f64,
    /// Trailing window of the `throughput_kbps` series, ms (at least one sample period).
    pub throughput_window_ms: f64,
    /// Record the packet trace (sends, ACKs, drops, timeouts, verdicts).
    pub trace: bool,
    /// Classifiers that judge every loss of every flow without influencing it.
    pub shadow_classifiers: Vec<&'static str>,
}

/// A validated scenario.
#[derive(Clone, Debug, PartialEq)]
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
    /// Recording options.
    pub observe: Observe,
}
