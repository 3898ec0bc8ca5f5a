//! Stack profiles: the defaults of a TCP implementation the papers ran on (docs/design.md §1.13).
//! Every field can be overridden in a scenario's `tcp` object.
//!
//! | field | `rfc` | `freebsd45` \[GB04\] | `linux24` \[GUR\] | `ns2` (2.27, \[LJ\]) | `ns2_2006` \[NJ+\] |
//! |---|---|---|---|---|---|
//! | IW (segments) | RFC 5681 rule | 2 | 2 | 2 | 2 |
//! | cwnd growth | byte (ABC, L = 2) | packet | packet | packet | packet |
//! | delayed ACK | 200 ms | 100 ms | 200 ms | off | off |
//! | timestamps | on | on | off | on | on |
//! | min / initial / max RTO | 1 / 1 / 60 s | 1 / 3 / 64 s | 0.2 / 3 / 120 s | 1 / 6 / 100 000 s | 0.2 / 3 / 60 s |
//! | clock granularity | exact | 10 ms | 10 ms | 10 ms | 10 ms |
//! | MSS | 1460 | 1448 | 1460 | 1000 | 762 |
//! | rwnd | 65 535 B | 65 535 B | 32 696 B | 100 000 B (100 pkts, docs/design.md A13) | 15 240 B (20 pkts) |
//!
//! `ns3`: the defaults of ns-3.44 (tag `ns-3.44` of nsnam/ns-3-dev-git), each from its source:
//!
//! | field | value | ns-3.44 source |
//! |---|---|---|
//! | MSS | 536 B | `tcp-socket.cc` SegmentSize |
//! | IW | 10 segments | `tcp-socket.cc` InitialCwnd |
//! | initial ssthresh | UINT32_MAX → LossLab starts ssthresh at rwnd (all profiles) | `tcp-socket.cc` InitialSlowStartThreshold |
//! | delayed ACK | every 2nd segment, else 200 ms (timer not restarted; = LossLab's receiver rule) | `tcp-socket.cc` DelAckCount 2, DelAckTimeout 0.2 s; `tcp-socket-base.cc` ReceivedData |
//! | rwnd | 131 072 B (window scaling on; 16-bit cap after scaling) | `tcp-socket.cc` RcvBufSize; `tcp-socket-base.cc` WindowScaling, AdvertisedWindowSize |
//! | SACK, timestamps | on, on | `tcp-socket-base.cc` Sack, Timestamp |
//! | min RTO | 1 s | `tcp-socket-base.cc` MinRto |
//! | clock granularity | 1 ms | `tcp-socket-base.cc` ClockGranularity |
//! | initial RTO | 1 s (RTO = max(SRTT₀ + max(G, 4·0), MinRto), SRTT₀ = 1 s) | `rtt-estimator.cc` InitialEstimation; `tcp-socket-base.cc` SendEmptyPacket |
//! | max RTO | 60 s (backoff doubles, capped) | `tcp-socket-base.cc` ReTxTimeout |
//! | SYN timeout | 3 s — not modelled apart: LossLab's SYN uses the data RTO | `tcp-socket.cc` ConnTimeout |
//! | dupACK threshold | 3 | `tcp-socket-base.cc` ReTxThreshold |
//! | Limited Transmit | on | `tcp-socket-base.cc` LimitedTransmit |
//! | recovery | PRR (RFC 6937); ns-3.44 uses the 6937bis bound (CRB, + SMSS only on a "safe ACK"), LossLab's nearest is SSRB | `tcp-l4-protocol.cc` RecoveryType = TcpPrrRecovery; `tcp-prr-recovery.cc` |
//! | cwnd growth | `packet_integer`: +1 SMSS per ACK in slow start whatever it acks; avoidance max(1, ⌊SMSS²/cwnd⌋) B per ACK | `tcp-congestion-ops.cc` TcpNewReno::SlowStart / CongestionAvoidance |
//! | recovery exit | cwnd = ssthresh (`newreno_exit` base) | `tcp-recovery-ops.cc` / PRR ExitRecovery |
//! | FlightSize of the loss reactions | `pipe`: ns-3 passes `BytesInFlight()` (the RFC 6675 pipe with SACK) to `GetSsThresh` | `tcp-socket-base.cc` EnterRecovery, ReTxTimeout |
//!
//! ns-3.44's default variant is `TcpCubic` (`tcp-l4-protocol.cc` SocketType); as with every
//! profile, the variant is the flow's own `cc` choice.
//!
//! `send_overhead_ms` (random sending delay that breaks phase effects) is 0 in every profile:
//! ns-2's `overhead_` defaults to 0 and neither ns-2 paper says it set one; the testbed papers do
//! not report their hosts' timing jitter. Runs whose identical flows lock into a phase say so
//! (`notices`), and the option is a per-flow knob.

use super::config::{CwndGrowth, FlightSize, PrrBound, Recovery, TcpConfig};
use crate::param::{Info, ParamSpec};

pub use super::config::rfc5681_initial_window;

/// Profile ids accepted in `tcp.profile`.
pub const PROFILES: &[&str] = &["rfc", "freebsd45", "linux24", "ns2", "ns2_2006", "ns3"];

/// Title, description and reference of every profile, in [`PROFILES`] order.
pub const INFO: &[Info] = &[
    Info {
        id: "rfc",
        title: "RFC defaults",
        description: "Current IETF recommendations: RFC 5681 initial window (from the MSS), byte counting, 1 s minimum RTO.",
        reference: "RFC 5681, RFC 3465, RFC 6298",
    },
    Info {
        id: "freebsd45",
        title: "FreeBSD 4.5",
        description: "Garcia & Brunstrom's testbed hosts: 1448-byte MSS with timestamps (1500-byte packets), 100 ms delayed ACKs.",
        reference: "Garcia & Brunstrom, ICETE 2004",
    },
    Info {
        id: "linux24",
        title: "Linux 2.4",
        description: "Gurtov's Seawind hosts: no timestamps, 200 ms minimum RTO, 32 696-byte receiver window.",
        reference: "Gurtov, Table 1",
    },
    Info {
        id: "ns2",
        title: "ns-2 2.27",
        description: "Lim & Jang's simulator: 1000-byte segments, no delayed ACKs, 100-packet receiver window.",
        reference: "Lim & Jang §4; ns-2 ns-default.tcl",
    },
    Info {
        id: "ns2_2006",
        title: "ns-2 (2006)",
        description: "The TCP NJ+ simulations: 762-byte segments, 20-packet receiver window, 200 ms minimum RTO.",
        reference: "Kim, Koo & Choo (TCP NJ+) §4",
    },
    Info {
        id: "ns3",
        title: "ns-3.44",
        description: "ns-3.44 TcpSocketBase defaults: 536-byte segments, IW 10, SACK, timestamps, Limited Transmit, PRR recovery, delayed ACK every 2nd segment or 200 ms, 1 s minimum RTO, 128 KiB receive buffer.",
        reference: "ns-3.44 src/internet/model/tcp-socket.cc, tcp-socket-base.cc, tcp-congestion-ops.cc, tcp-prr-recovery.cc, rtt-estimator.cc",
    },
];

/// The `tcp.profile` knob: which preset the other defaults come from.
pub fn param() -> ParamSpec {
    ParamSpec::choice(
        "profile",
        PROFILES,
        TcpConfig::default().profile,
        "Stack profile the other defaults come from (see profiles).",
    )
}

/// Every option of a scenario's `tcp` object ([`TcpConfig::params`] with the profile choice).
pub fn tcp_params() -> Vec<ParamSpec> {
    TcpConfig::params(param())
}

/// Defaults of profile `id` (one of [`PROFILES`]).
pub fn defaults(id: &str) -> TcpConfig {
    let base = TcpConfig::default();
    match id {
        "freebsd45" => TcpConfig {
            profile: "freebsd45",
            mss_bytes: 1448,
            rwnd_bytes: 65_535,
            initial_window_pkts: 2,
            cwnd_growth: CwndGrowth::Packet,
            delayed_ack_ms: 100.0,
            timestamps: true,
            min_rto_ms: 1000.0,
            initial_rto_ms: 3000.0,
            max_rto_ms: 64_000.0,
            clock_granularity_ms: 10.0,
            ..base
        },
        "linux24" => TcpConfig {
            profile: "linux24",
            mss_bytes: 1460,
            rwnd_bytes: 32_696,
            initial_window_pkts: 2,
            cwnd_growth: CwndGrowth::Packet,
            delayed_ack_ms: 200.0,
            timestamps: false,
            min_rto_ms: 200.0,
            initial_rto_ms: 3000.0,
            max_rto_ms: 120_000.0,
            clock_granularity_ms: 10.0,
            ..base
        },
        "ns2" => TcpConfig {
            profile: "ns2",
            mss_bytes: 1000,
            rwnd_bytes: 100_000,
            initial_window_pkts: 2,
            cwnd_growth: CwndGrowth::Packet,
            delayed_ack_ms: 0.0,
            timestamps: true,
            min_rto_ms: 1000.0,
            initial_rto_ms: 6000.0,
            max_rto_ms: 100_000_000.0,
            clock_granularity_ms: 10.0,
            ..base
        },
        "ns2_2006" => TcpConfig {
            profile: "ns2_2006",
            mss_bytes: 762,
            rwnd_bytes: 15_240,
            initial_window_pkts: 2,
            cwnd_growth: CwndGrowth::Packet,
            delayed_ack_ms: 0.0,
            timestamps: true,
            min_rto_ms: 200.0,
            initial_rto_ms: 3000.0,
            max_rto_ms: 60_000.0,
            clock_granularity_ms: 10.0,
            ..base
        },
        "ns3" => TcpConfig {
            profile: "ns3",
            mss_bytes: 536,
            rwnd_bytes: 131_072,
            initial_window_pkts: 10,
            cwnd_growth: CwndGrowth::PacketInteger,
            delayed_ack_ms: 200.0,
            timestamps: true,
            sack: true,
            min_rto_ms: 1000.0,
            initial_rto_ms: 1000.0,
            max_rto_ms: 60_000.0,
            clock_granularity_ms: 1.0,
            dupack_threshold: 3,
            limited_transmit: true,
            recovery: Recovery::Prr,
            prr_bound: PrrBound::Ssrb,
            flight_size: FlightSize::Pipe,
            ..base
        },
        _ => base,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn freebsd_packets_are_1500_bytes_with_timestamps() {
        let c = defaults("freebsd45");
        // 1448 payload + 20 IP + 20 TCP + 12 timestamp option = 1500 B (GB04 packet size).
        assert_eq!(c.data_packet_bytes(c.mss_bytes), 1500);
        assert_eq!(c.ack_packet_bytes(), 52);
    }

    #[test]
    fn every_profile_has_text_in_order() {
        let ids: Vec<&str> = INFO.iter().map(|i| i.id).collect();
        assert_eq!(ids, PROFILES);
        assert_eq!(defaults("rfc"), TcpConfig::default());
    }
}
