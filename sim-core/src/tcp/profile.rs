//! Stack profiles: the defaults of a TCP implementation the papers ran on (SPEC §1.13).
//! Every field can be overridden in a scenario's `tcp` object.
//!
//! | field | `rfc` | `freebsd45` [GB04] | `linux24` [GUR] | `ns2` (2.27, [LJ]) | `ns2_2006` [NJ+] |
//! |---|---|---|---|---|---|
//! | IW (segments) | RFC 5681 rule | 2 | 2 | 2 | 2 |
//! | cwnd growth | byte (ABC, L = 2) | packet | packet | packet | packet |
//! | delayed ACK | 200 ms | 100 ms | 200 ms | off | off |
//! | timestamps | on | on | off | on | on |
//! | min / initial / max RTO | 1 / 1 / 60 s | 1 / 3 / 64 s | 0.2 / 3 / 120 s | 1 / 6 / 100 000 s | 0.2 / 3 / 60 s |
//! | clock granularity | exact | 10 ms | 10 ms | 10 ms | 10 ms |
//! | MSS | 1460 | 1448 | 1460 | 1000 | 762 |
//! | rwnd | 65 535 B | 65 535 B | 32 696 B | 100 000 B (100 pkts, SPEC A13) | 15 240 B (20 pkts) |
//!
//! `send_overhead_ms` (random sending delay that breaks phase effects) is 0 in every profile:
//! ns-2's `overhead_` defaults to 0 and neither ns-2 paper says it set one; the testbed papers do
//! not report their hosts' timing jitter. Runs whose identical flows lock into a phase say so
//! (`notices`), and the option is a per-flow knob.

use super::config::{CwndGrowth, TcpConfig};

/// Profile ids accepted in `tcp.profile`.
pub const PROFILES: &[&str] = &["rfc", "freebsd45", "linux24", "ns2", "ns2_2006"];

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
    fn rfc_initial_window_follows_mss() {
        assert_eq!(rfc5681_initial_window(536), 4);
        assert_eq!(rfc5681_initial_window(1460), 3);
        assert_eq!(rfc5681_initial_window(8960), 2);
    }
}
