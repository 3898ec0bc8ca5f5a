//! Resolved TCP settings of one connection: a stack profile (docs/design.md §1.13) plus scenario overrides.
//!
//! - [`TcpConfig`]: every knob; its `Default` is the `rfc` profile ([`super::profile`] holds the
//!   other presets and depends on this module, never the reverse).
//! - [`TcpConfig::params`]: the knob table of the `tcp` object (name, unit, range, `rfc` default),
//!   which the catalog publishes and the scenario parser reads the fields through;
//!   [`TcpConfig::to_json`] writes a config back in that shape.
//! - [`rfc5681_initial_window`]: the RFC 5681 §3.1 initial window of the `rfc` profile.

use super::{cc, classify};
use crate::param::ParamSpec;
use serde_json::{json, Map, Value};

/// RFC 5681 §3.1 initial window for a given SMSS: 4 segments up to 1095 B, 3 up to 2190 B, else 2.
pub fn rfc5681_initial_window(mss_bytes: u32) -> u32 {
    if mss_bytes <= 1095 {
        4
    } else if mss_bytes <= 2190 {
        3
    } else {
        2
    }
}

/// How slow start and congestion avoidance count acknowledged data (docs/design.md §1.3).
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
    /// From a JSON id (unknown ids give `Packet`).
    pub fn from_id(id: &str) -> Self {
        match id {
            "byte" => CwndGrowth::Byte,
            "packet_integer" => CwndGrowth::PacketInteger,
            _ => CwndGrowth::Packet,
        }
    }
}

/// Where RTT samples come from (docs/design.md §1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RttSampling {
    /// Every new ACK (timestamps), or the one timed segment without timestamps.
    PerAck,
    /// One timed segment per RTT even with timestamps (BSD / ns-2 style).
    OnePerRtt,
}

impl RttSampling {
    /// JSON ids, default first.
    pub const IDS: &'static [&'static str] = &["per_ack", "one_per_rtt"];
    /// The JSON id.
    pub fn id(self) -> &'static str {
        match self {
            RttSampling::PerAck => "per_ack",
            RttSampling::OnePerRtt => "one_per_rtt",
        }
    }
    /// From a JSON id (unknown ids give the default).
    pub fn from_id(id: &str) -> Self {
        if id == "one_per_rtt" {
            RttSampling::OnePerRtt
        } else {
            RttSampling::PerAck
        }
    }
}

/// The window NewReno leaves recovery with (RFC 6582 §3.2 step 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NewRenoExit {
    /// cwnd = ssthresh (the variant's base; ns-2 behaviour).
    Base,
    /// cwnd = min(ssthresh, max(FlightSize, SMSS) + SMSS).
    Rfc,
}

impl NewRenoExit {
    /// JSON ids, default first.
    pub const IDS: &'static [&'static str] = &["base", "rfc"];
    /// The JSON id.
    pub fn id(self) -> &'static str {
        match self {
            NewRenoExit::Base => "base",
            NewRenoExit::Rfc => "rfc",
        }
    }
    /// From a JSON id (unknown ids give the default).
    pub fn from_id(id: &str) -> Self {
        if id == "rfc" {
            NewRenoExit::Rfc
        } else {
            NewRenoExit::Base
        }
    }
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
        if id == "prr" {
            Recovery::Prr
        } else {
            Recovery::Inflation
        }
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
        if id == "crb" {
            PrrBound::Crb
        } else {
            PrrBound::Ssrb
        }
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
        if id == "pipe" {
            FlightSize::Pipe
        } else {
            FlightSize::Outstanding
        }
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
    /// Model the SYN / SYN-ACK exchange before data (docs/design.md §1.2).
    pub handshake: bool,
    /// Loss classifiers also take the handshake's RTT sample (default, as a classifier inside a
    /// real stack would). Off: they see data segments' RTTs only, as in ns-2, whose TCP agents
    /// have no handshake. A SYN's RTT is shorter than any data segment's by the data's
    /// serialization times, and on ns-2's 10 ms tick it can round one tick lower, leaving an
    /// RTTmin no data sample reaches (`docs/mechanisms/spike.md`). The RTO estimator and the
    /// variant take it either way.
    pub classifier_handshake_rtt: bool,
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
    /// Checksum LD: on an RTO of a notified (corrupted) segment keep ssthresh and cwnd (docs/design.md §7.4).
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
            initial_window_pkts: rfc5681_initial_window(1460),
            sack: false,
            timestamps: true,
            delayed_ack_ms: 200.0,
            min_rto_ms: 1000.0,
            initial_rto_ms: 1000.0,
            max_rto_ms: 60_000.0,
            clock_granularity_ms: 0.0,
            cwnd_growth: CwndGrowth::Byte,
            handshake: true,
            classifier_handshake_rtt: true,
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

// ===== The knob table of the `tcp` object =====

impl TcpConfig {
    /// Every option of a scenario's `tcp` object, with the `rfc` defaults (`Self::default()`):
    /// the variant and classifier choices, then `profile` (the stack-profile choice, declared by
    /// [`super::profile::param`]), then every knob of the struct.
    pub fn params(profile: ParamSpec) -> Vec<ParamSpec> {
        let d = TcpConfig::default();
        let ms =
            |name, min, max, default, text| ParamSpec::number(name, "ms", min, max, default, text);
        vec![
            ParamSpec::choice("cc", cc::CHOICES, d.cc, "Congestion-control variant (see variants; its knobs go in cc_params)."),
            ParamSpec::choice("classifier", classify::CHOICES, d.classifier, "Loss classifier driving the reaction (see classifiers; its knobs go in classifier_params)."),
            profile,
            ParamSpec::integer("mss_bytes", "bytes", 64, 65_000, d.mss_bytes as i64, "Sender maximum segment size (payload)."),
            ParamSpec::integer("rwnd_bytes", "bytes", 1, 1 << 30, d.rwnd_bytes as i64, "Receiver's advertised window (constant)."),
            ParamSpec::integer("initial_window_pkts", "segments", 1, 1000, d.initial_window_pkts as i64, "Initial congestion window (rfc profile: RFC 5681 rule from mss_bytes)."),
            ParamSpec::boolean("sack", d.sack, "SACK option and RFC 6675 recovery."),
            ParamSpec::boolean("timestamps", d.timestamps, "RFC 7323 timestamps (12 option bytes per segment; needed by receiver-clock estimators)."),
            ms("delayed_ack_ms", 0.0, 500.0, d.delayed_ack_ms, "Delayed-ACK timer; 0 = an ACK per segment."),
            ms("min_rto_ms", 1.0, 600_000.0, d.min_rto_ms, "RTO floor; at most max_rto_ms."),
            ms("initial_rto_ms", 1.0, 600_000.0, d.initial_rto_ms, "RTO before the first RTT sample."),
            ms("max_rto_ms", 1.0, 1e9, d.max_rto_ms, "RTO ceiling (also bounds backoff)."),
            ms("clock_granularity_ms", 0.0, 1000.0, d.clock_granularity_ms, "Clock granularity G in RTO = SRTT + max(G, 4·RTTVAR)."),
            ParamSpec::choice("cwnd_growth", &[CwndGrowth::Packet.id(), CwndGrowth::Byte.id(), CwndGrowth::PacketInteger.id()], d.cwnd_growth.id(), "Packet counting (BSD, Linux 2.4, ns-2), RFC 3465 byte counting, or packet counting in whole bytes (ns-3 NewReno)."),
            ParamSpec::boolean("handshake", d.handshake, "Model the SYN / SYN-ACK exchange before data."),
            ParamSpec::boolean("classifier_handshake_rtt", d.classifier_handshake_rtt, "Loss classifiers also take the handshake's RTT sample (a small SYN's, shorter than any data segment's), as in a real stack; off: data segments' RTTs only, as in ns-2, which has no handshake."),
            ParamSpec::integer("dupack_threshold", "ACKs", 1, 100, d.dupack_threshold as i64, "Duplicate ACKs that trigger a fast retransmit."),
            ms("rtt_tick_ms", 0.0, 1000.0, d.rtt_tick_ms, "RTT samples rounded to this tick (ns-2 tcpTick_); 0 = exact."),
            ParamSpec::choice("rtt_sampling", RttSampling::IDS, d.rtt_sampling.id(), "RTT samples from every ACK, or one timed segment per RTT (BSD / ns-2)."),
            ParamSpec::boolean("limited_transmit", d.limited_transmit, "RFC 3042 Limited Transmit on the first two duplicate ACKs."),
            ParamSpec::choice("newreno_exit", NewRenoExit::IDS, d.newreno_exit.id(), "Window at NewReno recovery exit: ssthresh (ns-2) or RFC 6582's min(ssthresh, FlightSize + SMSS)."),
            ParamSpec::boolean("recover_guard", d.recover_guard, "Reno refuses a second fast retransmit until recover is acknowledged (Gurtov's fix)."),
            ParamSpec::boolean("ld_rto_keep_window", d.ld_rto_keep_window, "Checksum LD: on a timeout of a notified (corrupted) segment keep ssthresh and cwnd."),
            ParamSpec::boolean("pacing", d.pacing, "Pace new segments at the rate the variant reports (BBR); variants without a rate are unpaced."),
            ParamSpec::boolean("rto_restart_every_partial", d.rto_restart_every_partial, "NewReno restarts the retransmission timer on every partial ACK, not only the first (RFC 6582 §3.2 allows both)."),
            ms("send_overhead_ms", 0.0, 1000.0, d.send_overhead_ms, "Random sending delay per data segment, uniform in [0, this] (ns-2 overhead_): breaks phase effects between identical flows; about one bottleneck packet time is the usual choice; 0 = off."),
            ParamSpec::choice("flight_size", FlightSize::IDS, d.flight_size.id(), "FlightSize of the loss reactions: data outstanding (RFC 5681) or, with SACK, the RFC 6675 pipe (ns-3's BytesInFlight)."),
            ParamSpec::choice("recover_heuristic", RecoverHeuristic::IDS, d.recover_heuristic.id(), "Fast retransmit on duplicate ACKs that do not cover more than recover (e.g. after a timeout): never (RFC 6582 §3.2), or the RFC 6582 §4 ACK or timestamp heuristic."),
            ParamSpec::choice("recovery", Recovery::IDS, d.recovery.id(), "Window during fast recovery: RFC 5681/6582 inflation (RFC 6675 cwnd = ssthresh with SACK) or RFC 6937 Proportional Rate Reduction."),
            ParamSpec::choice("prr_bound", PrrBound::IDS, d.prr_bound.id(), "PRR reduction bound once pipe ≤ ssthresh: slow-start (SSRB, RFC 6937's default) or conservative (CRB)."),
        ]
    }

    /// Every `tcp` option of this config as scenario JSON (the keys of [`TcpConfig::params`]).
    pub fn to_json(&self) -> Map<String, Value> {
        let c = self;
        let v = json!({
            "cc": c.cc,
            "classifier": c.classifier,
            "profile": c.profile,
            "mss_bytes": c.mss_bytes,
            "rwnd_bytes": c.rwnd_bytes,
            "initial_window_pkts": c.initial_window_pkts,
            "sack": c.sack,
            "timestamps": c.timestamps,
            "delayed_ack_ms": c.delayed_ack_ms,
            "min_rto_ms": c.min_rto_ms,
            "initial_rto_ms": c.initial_rto_ms,
            "max_rto_ms": c.max_rto_ms,
            "clock_granularity_ms": c.clock_granularity_ms,
            "cwnd_growth": c.cwnd_growth.id(),
            "handshake": c.handshake,
            "classifier_handshake_rtt": c.classifier_handshake_rtt,
            "dupack_threshold": c.dupack_threshold,
            "rtt_tick_ms": c.rtt_tick_ms,
            "rtt_sampling": c.rtt_sampling.id(),
            "limited_transmit": c.limited_transmit,
            "newreno_exit": c.newreno_exit.id(),
            "recover_guard": c.recover_guard,
            "ld_rto_keep_window": c.ld_rto_keep_window,
            "pacing": c.pacing,
            "rto_restart_every_partial": c.rto_restart_every_partial,
            "send_overhead_ms": c.send_overhead_ms,
            "flight_size": c.flight_size.id(),
            "recover_heuristic": c.recover_heuristic.id(),
            "recovery": c.recovery.id(),
            "prr_bound": c.prr_bound.id(),
        });
        match v {
            Value::Object(m) => m,
            _ => Map::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_initial_window_follows_mss() {
        assert_eq!(rfc5681_initial_window(536), 4);
        assert_eq!(rfc5681_initial_window(1460), 3);
        assert_eq!(rfc5681_initial_window(8960), 2);
    }

    #[test]
    fn choice_ids_round_trip() {
        for g in [
            CwndGrowth::Packet,
            CwndGrowth::Byte,
            CwndGrowth::PacketInteger,
        ] {
            assert_eq!(CwndGrowth::from_id(g.id()), g);
        }
        for r in [RttSampling::PerAck, RttSampling::OnePerRtt] {
            assert_eq!(RttSampling::from_id(r.id()), r);
        }
        for e in [NewRenoExit::Base, NewRenoExit::Rfc] {
            assert_eq!(NewRenoExit::from_id(e.id()), e);
        }
    }
}
