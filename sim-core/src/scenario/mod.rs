//! Scenario format (schema 1, DESIGN §4): the one experiment description read by the CLI, the
//! worker, tests and content files.
//!
//! - [`Scenario`] and its parts: the typed, validated, defaults-filled form.
//! - [`parse`]: JSON text → `Scenario`, or every problem with its JSON path ([`ConfigError`]).
//! - [`limits`]: the caps that keep a run bounded.

mod parse;
mod parse_net;
pub(crate) mod reader;

pub use parse::{parse, parse_value};
pub use reader::{closest, ConfigError, Problems};

use crate::tcp::classify::ClassifierSpec;
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

/// Queue of a link direction: a discipline, its hard limit, and optional congestion-warning marks.
#[derive(Clone, Debug, PartialEq)]
pub struct QueueSpec {
    /// Which discipline decides about arriving packets.
    pub discipline: Discipline,
    /// Hard capacity in packets: an arrival that finds the buffer full is tail-dropped.
    pub limit_pkts: u32,
    /// Whether the packet in service counts against the limit and the averages (SPEC A24).
    pub counts_in_service: bool,
    /// Mark data packets when the average queue is high (SPEC §3.3); `None` = no marking.
    pub congestion_warning: Option<CwSpec>,
}

/// The drop policy of a queue (`queue.kind`).
#[derive(Clone, Debug, PartialEq)]
pub enum Discipline {
    /// Tail drop at `limit_pkts` (`drop_tail`).
    DropTail,
    /// Random Early Detection (`red`, Floyd & Jacobson 1993).
    Red {
        /// Lower threshold of the average queue, packets.
        min_th_pkts: f64,
        /// Upper threshold of the average queue, packets.
        max_th_pkts: f64,
        /// Drop probability reached at `max_th_pkts`.
        max_p: f64,
        /// EWMA weight of the average queue.
        w_q: f64,
        /// Gentle RED: probability rises linearly from `max_p` to 1 between max_th and 2·max_th.
        gentle: bool,
        /// Size of a typical packet for the idle-time correction; `None` = the arriving packet's size.
        mean_packet_bytes: Option<u32>,
    },
    /// Gurtov's dual threshold (`dual_threshold`): one early drop when the queue reaches a soft limit.
    DualThreshold {
        /// Soft limit, packets: the first arrival that finds this many waiting is dropped.
        soft_pkts: u32,
        /// Accepted arrivals above the soft limit after which another early drop is allowed.
        rearm_pkts: u32,
    },
}

/// Congestion-warning marking of a queue (SPEC §3.3, NJ/NJ+ routers).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CwSpec {
    /// EWMA weight of the average queue (SPEC A15: 0.002).
    pub w_q: f64,
    /// Mark while the average (or instantaneous) queue is at least this many packets (A15: 5).
    pub threshold_pkts: f64,
    /// Compare the instantaneous queue instead of the average (`cw_use_instantaneous_queue`).
    pub instantaneous: bool,
}

/// The two forms of the Gilbert–Elliott channel (`errors.mode`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GilbertSpec {
    /// Lim & Jang §4.2 (SPEC §8.3): deterministic sojourns, time-driven, 50/50 next state.
    LimJang {
        /// Length of a Good sojourn, seconds.
        good_s: f64,
        /// Length of a Bad sojourn, seconds.
        bad_s: f64,
        /// Probability that the next sojourn is Bad, whatever the current state.
        p_next_bad: f64,
        /// Loss probability in Good.
        loss_good: f64,
        /// Loss probability in Bad.
        loss_bad: f64,
        /// ns-2 MultiState behaviour: check for expiry only when a packet crosses (SPEC §8.3).
        lazy_transitions: bool,
    },
    /// Packet-indexed two-state Markov chain, Good loses nothing and Bad loses everything.
    Markov {
        /// Stationary loss probability.
        mean_loss: f64,
        /// Mean length of a loss burst, packets.
        mean_burst_pkts: f64,
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
    /// Two-state bursty channel.
    GilbertElliott(GilbertSpec),
    /// Lose exactly these 0-based packet numbers of the direction (sorted, no duplicates).
    DropList {
        /// Packet numbers to lose.
        packets: Vec<u64>,
    },
    /// One error burst (Gurtov §6): packets departing inside the window are lost with `loss`.
    Burst {
        /// Burst start, seconds.
        start_s: f64,
        /// Burst length, seconds.
        duration_s: f64,
        /// Loss probability inside the burst.
        loss: f64,
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

/// A duplex link of a graph topology.
#[derive(Clone, Debug, PartialEq)]
pub struct GraphLink {
    /// Link id: channel `<id>` carries a→b, `<id>.reverse` carries b→a.
    pub id: String,
    /// Index of end `a` in the node list.
    pub a: usize,
    /// Index of end `b` in the node list.
    pub b: usize,
    /// Both directions.
    pub link: LinkSpec,
}

/// Network shape.
#[derive(Clone, Debug, PartialEq)]
#[allow(clippy::large_enum_variant)] // one value per scenario, never on the packet path
pub enum Topology {
    /// senders → access → router → bottleneck → receivers.
    Dumbbell {
        /// Shared access link of the senders.
        access: LinkSpec,
        /// The bottleneck (usually the lossy hop).
        bottleneck: LinkSpec,
    },
    /// Explicit nodes and duplex links; routes are shortest paths by hop count.
    Graph {
        /// Node ids.
        nodes: Vec<String>,
        /// Links, in declaration order (the order breaks routing ties).
        links: Vec<GraphLink>,
    },
}

/// What a cross-traffic source emits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CrossKind {
    /// Constant bit rate: one datagram every packet_bytes·8/rate_bps.
    Cbr,
    /// Poisson arrivals with mean rate rate_bps.
    Poisson,
    /// Exponential on/off periods; CBR at rate_bps while on.
    OnOff {
        /// Mean on period, seconds.
        on_s: f64,
        /// Mean off period, seconds.
        off_s: f64,
    },
}

/// Where a cross-traffic source sends.
#[derive(Clone, Debug, PartialEq)]
pub enum CrossPath {
    /// Dumbbell: along the data path of the flows.
    Forward,
    /// Dumbbell: along the ACK path.
    Reverse,
    /// Graph: shortest path between two nodes.
    Nodes {
        /// Source node id.
        from: String,
        /// Destination node id.
        to: String,
    },
}

/// One UDP cross-traffic source (`cross_traffic[]`).
#[derive(Clone, Debug, PartialEq)]
pub struct CrossSpec {
    /// Source id (its random stream is `cross:<id>`).
    pub id: String,
    /// Arrival process.
    pub kind: CrossKind,
    /// Mean rate (rate while on for `on_off`), bit/s of IP datagrams.
    pub rate_bps: f64,
    /// IP datagram size (UDP + IP headers included), bytes.
    pub packet_bytes: u32,
    /// First datagram, seconds.
    pub start_s: f64,
    /// No datagram at or after this time, seconds.
    pub stop_s: f64,
    /// Route.
    pub path: CrossPath,
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
    /// Graph topology: node the sender sits on.
    pub from: Option<String>,
    /// Graph topology: node the receiver sits on.
    pub to: Option<String>,
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
    /// Classifiers that judge every loss of every flow without influencing it (an id string or
    /// `{ "id": …, "params": {…} }` in JSON).
    pub shadow_classifiers: Vec<ClassifierSpec>,
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
    /// UDP background sources.
    pub cross_traffic: Vec<CrossSpec>,
    /// Recording options.
    pub observe: Observe,
}
