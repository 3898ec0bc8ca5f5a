//! Resolved TCP settings of one connection: a stack profile (SPEC §1.13) plus scenario overrides.

/// How slow start and congestion avoidance count acknowledged data (SPEC §1.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CwndGrowth {
    /// One SMSS per new ACK in slow start, SMSS²/cwnd in avoidance (BSD, Linux 2.4, ns-2).
    Packet,
    /// RFC 3465 appropriate byte counting with L = 2.
    Byte,
    /// As `Packet`, but avoidance adds max(1, ⌊SMSS²/cwnd⌋) whole bytes per ACK (ns-3
    /// `TcpNewReno::CongestionAvoidance`, integer cwnd).
    PacketInteger,
}

impl CwndGrowth {
    /// The JSON id.
    pub fn id(self) -> &'static str {
        match self {
            CwndGrowth::Packet => "packet",
            CwndGrowth::Byte => "byte",
            CwndGrowth::PacketInteger => "packet_integer",
        }
    }
}

/// Where RTT samples come from (SPEC §1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RttSampling {
    /// Every new ACK (timestamps), or the one timed segment without timestamps.
    PerAck,
    /// One timed segment per RTT even with timestamps (BSD / ns-2 style).
    OnePerRtt,
}

/// The window NewReno leaves recovery with (RFC 6582 §3.2 step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewRenoExit {
    /// cwnd = ssthresh (the variant's base; ns-2 behaviour).
    Base,
    /// cwnd = min(ssthresh, max(FlightSize, SMSS) + SMSS).
    Rfc,
}

/// When duplicate ACKs that do not cover more than `recover` may still start a fast retransmit
/// (RFC 6582 §4: the sender MAY use such a heuristic; the default is none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecoverHeuristic {
    /// Never (RFC 6582 §3.2 step 1 as written; ns-2 `bug_fix_`).
    None,
    /// ACK heuristic (RFC 3782 §6.1): cwnd > SMSS and the last cumulative-ACK advance ≤ 4·SMSS.
    Ack,
    /// Timestamp heuristic (RFC 3782 §6.2): the dupACK echoes the timestamp of the last advance.
    Timestamp,
}

impl RecoverHeuristic {
    /// JSON ids, default first.
    pub const IDS: &'static [&'static str] = &["none", "ack", "timestamp"];
    /// The JSON id.
    pub fn id(self) -> &'static str {
        match self {
            RecoverHeuristic::None => "none",
            RecoverHeuristic::Ack => "ack",
            RecoverHeuristic::Timestamp => "timestamp",
        }
    }
    /// From a JSON id (unknown ids give the default).
    pub fn from_id(id: &str) -> Self {
        match id {
            "ack" => RecoverHeuristic::Ack,
            "timestamp" => RecoverHeuristic::Timestamp,
            _ => RecoverHeuristic::None,
        }
    }
}

/// How the window is managed during fast recovery (after the variant's reaction set ssthresh).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recovery {
    /// RFC 5681 §3.2 / RFC 6582 window inflation (or RFC 6675 cwnd = ssthresh with SACK).
    Inflation,
    /// RFC 6937 Proportional Rate Reduction.
    Prr,
}

impl Recovery {
    /// JSON ids, default first.
    pub const IDS: &'static [&'static str] = &["inflation", "prr"];
    /// The JSON id.
    pub fn id(self) -> &'static str {
        match self {
            Recovery::Inflation => "inflation",
            Recovery::Prr => "prr",
        }
    }
    /// From a JSON id (unknown ids give the default).
    pub fn from_id(id: &str) -> Self {
        if id == "prr" { Recovery::Prr } else { Recovery::Inflation }
    }
}

/// PRR's reduction bound once pipe ≤ ssthresh (RFC 6937 §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PrrBound {
    /// Slow Start Reduction Bound (RFC 6937's recommendation; Linux, ns-3).
    Ssrb,
    /// Conservative Reduction Bound (strict packet conservation).
    Crb,
}

impl PrrBound {
    /// JSON ids, default first.
    pub const IDS: &'static [&'static str] = &["ssrb", "crb"];
    /// The JSON id.
    pub fn id(self) -> &'static str {
        match self {
            PrrBound::Ssrb => "ssrb",
            PrrBound::Crb => "crb",
        }
    }
    /// From a JSON id (unknown ids give the default).
    pub fn from_id(id: &str) -> Self {
        if id == "crb" { PrrBound::Crb } else { PrrBound::Ssrb }
    }
}

/// The FlightSize a loss reaction starts from (ssthresh = max(FlightSize/2, 2·SMSS) and the
/// variants' own rules read it at the third duplicate ACK and at a timeout).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlightSize {
    /// Data outstanding, SND.MAX − SND.UNA (RFC 5681 eq. 4; RFC 6675 §5 step 4.2).
    Outstanding,
    /// With SACK, RFC 6675 SetPipe(): outstanding data minus what is SACKed or deemed lost, plus
    /// retransmissions in flight — ns-3's `BytesInFlight()` in `EnterRecovery` and at a timeout.
    /// Without SACK the same as `Outstanding`.
    Pipe,
}

impl FlightSize {
    /// JSON ids, default first.
    pub const IDS: &'static [&'static str] = &["outstanding", "pipe"];
    /// The JSON id.
    pub fn id(self) -> &'static str {
        match self {
            FlightSize::Outstanding => "outstanding",
            FlightSize::Pipe => "pipe",
        }
    }
    /// From a JSON id (unknown ids give the default).
    pub fn from_id(id: &str) -> Self {
        if id == "pipe" { FlightSize::Pipe } else { FlightSize::Outstanding }
    }
}

/// Every knob of a TCP connection.
#[derive(Clone, Debug, PartialEq)]
pub struct TcpConfig {
    /// Congestion-control variant id (`new_reno`, …).
    pub cc: &'static str,
    /// Loss classifier id (`always_congestion`, …).
    pub classifier: &'static str,
    /// Variant knobs overriding its defaults (`tcp.cc_params`, validated against `cc::specs`).
    pub cc_params: Vec<(&'static str, serde_json::Value)>,
    /// Classifier knobs overriding its defaults (`tcp.classifier_params`).
    pub classifier_params: Vec<(&'static str, serde_json::Value)>,
    /// Stack profile the defaults came from.
    pub profile: &'static str,
    /// Sender maximum segment size (payload bytes).
    pub mss_bytes: u32,
    /// Receiver's advertised window (constant).
    pub rwnd_bytes: u64,
    /// Initial congestion window in segments.
    pub initial_window_pkts: u32,
    /// SACK option and RFC 6675 recovery.
    pub sack: bool,
    /// RFC 7323 timestamps (12 option bytes per segment).
    pub timestamps: bool,
    /// Delayed-ACK timer; 0 = ACK every segment.
    pub delayed_ack_ms: f64,
    /// RTO floor.
    pub min_rto_ms: f64,
    /// RTO before the first RTT sample.
    pub initial_rto_ms: f64,
    /// RTO ceiling (also bounds backoff).
    pub max_rto_ms: f64,
    /// Clock granularity G in RTO = SRTT + max(G, 4·RTTVAR).
    pub clock_granularity_ms: f64,
    /// Packet or byte counting.
    pub cwnd_growth: CwndGrowth,
    /// Model the SYN / SYN-ACK exchange before data (SPEC §1.2).
    pub handshake: bool,
    /// Duplicate-ACK threshold for fast retransmit.
    pub dupack_threshold: u32,
    /// RTT samples are rounded to this tick (ns-2 `tcpTick_`); 0 = exact.
    pub rtt_tick_ms: f64,
    /// Per-ACK samples or one per RTT.
    pub rtt_sampling: RttSampling,
    /// RFC 3042 Limited Transmit on the first two duplicate ACKs.
    pub limited_transmit: bool,
    /// NewReno recovery exit rule.
    pub newreno_exit: NewRenoExit,
    /// Reno also refuses a second fast retransmit until `recover` is acknowledged (Gurtov's fix).
    pub recover_guard: bool,
    /// Checksum LD: on an RTO of a notified (corrupted) segment keep ssthresh and cwnd (SPEC §7.4).
    pub ld_rto_keep_window: bool,
    /// NewReno restarts the RTO on every partial ACK instead of only the first (RFC 6582 §3.2
    /// step 5 allows both; many stacks of the period restarted on every one).
    pub rto_restart_every_partial: bool,
    /// Pace new segments at the rate a variant reports (BBR); variants without a rate are unpaced.
    pub pacing: bool,
    /// Each data segment and SYN leaves the sending host after an extra delay drawn uniformly
    /// from [0, send_overhead_ms] (seeded per flow; the flow's packets keep their order): ns-2's
    /// `Agent/TCP overhead_`, Floyd & Jacobson's random processing time that breaks phase
    /// effects between identical flows on a drop-tail queue. 0 = off (every profile).
    pub send_overhead_ms: f64,
    /// What the loss reactions take as FlightSize.
    pub flight_size: FlightSize,
    /// Fast retransmit on dupACKs that do not cover more than `recover` (RFC 6582 §4 heuristics).
    pub recover_heuristic: RecoverHeuristic,
    /// Window management in fast recovery: inflation or RFC 6937 PRR.
    pub recovery: Recovery,
    /// PRR reduction bound (with `recovery` = PRR).
    pub prr_bound: PrrBound,
}

impl Default for TcpConfig {
    /// The `rfc` profile.
    fn default() -> Self {
        TcpConfig {
            cc: "new_reno",
            classifier: "always_congestion",
            cc_params: Vec::new(),
            classifier_params: Vec::new(),
            profile: "rfc",
            mss_bytes: 1460,
            rwnd_bytes: 65_535,
            initial_window_pkts: super::profile::rfc5681_initial_window(1460),
            sack: false,
            timestamps: true,
            delayed_ack_ms: 200.0,
            min_rto_ms: 1000.0,
            initial_rto_ms: 1000.0,
            max_rto_ms: 60_000.0,
            clock_granularity_ms: 0.0,
            cwnd_growth: CwndGrowth::Byte,
            handshake: true,
            dupack_threshold: 3,
            rtt_tick_ms: 0.0,
            rtt_sampling: RttSampling::PerAck,
            limited_transmit: false,
            newreno_exit: NewRenoExit::Base,
            recover_guard: true,
            ld_rto_keep_window: false,
            pacing: true,
            rto_restart_every_partial: false,
            send_overhead_ms: 0.0,
            flight_size: FlightSize::Outstanding,
            recover_heuristic: RecoverHeuristic::None,
            recovery: Recovery::Inflation,
            prr_bound: PrrBound::Ssrb,
        }
    }
}

impl TcpConfig {
    /// TCP/IP header bytes on every segment: 20 IP + 20 TCP + 12 if timestamps (10 + 2 padding).
    pub fn header_bytes(&self) -> u32 {
        40 + if self.timestamps { 12 } else { 0 }
    }
    /// IP size of a data segment with `payload` bytes.
    pub fn data_packet_bytes(&self, payload: u32) -> u32 {
        payload + self.header_bytes()
    }
    /// IP size of a pure ACK (and of SYN / SYN-ACK).
    pub fn ack_packet_bytes(&self) -> u32 {
        self.header_bytes()
    }
}
