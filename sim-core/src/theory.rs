//! Analytic TCP throughput — the curves a lesson draws beside a simulated sweep (
//! `content/lessons/FORMAT.md`, "theory"). Stated once here; the page gets them through wasm.
//!
//! **Mathis et al. 1997** ("The macroscopic behavior of the TCP congestion avoidance algorithm",
//! CCR 27(3)): a long-lived flow in congestion avoidance that loses one packet in every 1/p, each
//! loss a fast retransmit (no timeouts), every segment acknowledged:
//!
//! ```text
//!   B = (MSS / RTT) · √(3/2) / √p                                   bytes/s
//! ```
//!
//! **Padhye et al. 1998** ("Modeling TCP throughput: a simple model and its empirical
//! validation", SIGCOMM '98, eq. 31, the "full model" approximation) adds timeouts, their
//! exponential backoff and the receiver's window:
//!
//! ```text
//!   B = MSS · min( Wmax / RTT ,
//!                  1 / ( RTT·√(2bp/3) + T0 · min(1, 3·√(3bp/8)) · p · (1 + 32p²) ) )   bytes/s
//! ```
//!
//! with b packets acknowledged per ACK (2 with delayed ACKs, 1 without), T0 the first timeout's
//! length and Wmax the receiver's window in segments.
//!
//! **What a scenario gives them** ([`path_facts`], dumbbell topologies, the first flow):
//! MSS = the flow's `mss_bytes`; RTT = the base round trip (both links' one-way delays, there and
//! back, plus serializing one full data segment on the forward links and one ACK on the reverse
//! links — no queueing); T0 = the flow's `min_rto_ms` floor or RTT + 4·RTT/2 (RFC 6298 with
//! RTTVAR = RTT/2), whichever is larger; Wmax = `rwnd_bytes` / MSS; b = 2 with delayed ACKs
//! (`delayed_ack_ms` above 0), else 1. And p = the bottleneck's forward loss rate: `per` of a `packet_error` model, or for
//! `bit_error` the simulator's own rule 1 − (1 − BER)^(8·wire bytes)
//! ([`crate::error_model::bit_error::corruption_probability`]) for a full data segment plus the
//! link's framing. Other error models have no single p and are refused. Neither formula knows the
//! bottleneck's capacity or its queue: they describe loss-limited flows.

use crate::error_model::bit_error::corruption_probability;
use crate::error_model::ErrorSpec;
use crate::net::Topology;
use crate::Scenario;

/// Which analytic throughput.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Model {
    /// Mathis et al. 1997 (fast retransmits only).
    Mathis,
    /// Padhye et al. 1998 (with timeouts and the receiver's window).
    Padhye,
}

impl Model {
    /// Every model's name, as a lesson writes it.
    pub const NAMES: &'static [&'static str] = &["mathis", "padhye"];

    /// The model named `s`.
    pub fn from_name(s: &str) -> Option<Model> {
        match s {
            "mathis" => Some(Model::Mathis),
            "padhye" => Some(Model::Padhye),
            _ => None,
        }
    }
}

/// Mathis et al.: throughput in bit/s of a flow with `mss_bytes` segments, round trip `rtt_s`
/// and packet loss rate `p` (infinite at p = 0).
pub fn mathis_bps(mss_bytes: f64, rtt_s: f64, p: f64) -> f64 {
    8.0 * mss_bytes / rtt_s * libm::sqrt(1.5) / libm::sqrt(p)
}

/// Padhye et al. (eq. 31): throughput in bit/s; `rto_s` is T0, `b` the packets per ACK,
/// `wmax_pkts` the receiver's window in segments (the cap at p = 0).
pub fn padhye_bps(mss_bytes: f64, rtt_s: f64, rto_s: f64, b: f64, wmax_pkts: f64, p: f64) -> f64 {
    let cap = wmax_pkts / rtt_s;
    let loss = rtt_s * libm::sqrt(2.0 * b * p / 3.0)
        + rto_s * f64::min(1.0, 3.0 * libm::sqrt(3.0 * b * p / 8.0)) * p * (1.0 + 32.0 * p * p);
    let pkts = if loss > 0.0 {
        f64::min(cap, 1.0 / loss)
    } else {
        cap
    };
    8.0 * mss_bytes * pkts
}

/// What the formulas read from a scenario (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PathFacts {
    /// Segment payload, bytes.
    pub mss_bytes: f64,
    /// Base round-trip time, seconds.
    pub rtt_s: f64,
    /// First timeout's length T0, seconds.
    pub rto_s: f64,
    /// Packets acknowledged per ACK.
    pub b: f64,
    /// Receiver's window, segments.
    pub wmax_pkts: f64,
    /// Packet loss rate of the bottleneck's forward direction.
    pub p: f64,
}

/// The facts of `sc`'s first flow over its dumbbell, or why there are none.
pub fn path_facts(sc: &Scenario) -> Result<PathFacts, String> {
    let Topology::Dumbbell { access, bottleneck } = &sc.topology else {
        return Err("the theory curves need a dumbbell topology".into());
    };
    let flow = sc
        .flows
        .first()
        .ok_or_else(|| "the scenario has no flow".to_string())?;
    let tcp = &flow.tcp;
    let data = tcp.data_packet_bytes(tcp.mss_bytes) as f64;
    let ack = tcp.ack_packet_bytes() as f64;
    let ser = |bytes: f64, framing: u32, rate_bps: f64| 8.0 * (bytes + framing as f64) / rate_bps;
    let rtt_s = (access.forward.delay_ms
        + bottleneck.forward.delay_ms
        + bottleneck.reverse.delay_ms
        + access.reverse.delay_ms)
        / 1000.0
        + ser(data, access.framing_bytes, access.forward.rate_bps)
        + ser(data, bottleneck.framing_bytes, bottleneck.forward.rate_bps)
        + ser(ack, bottleneck.framing_bytes, bottleneck.reverse.rate_bps)
        + ser(ack, access.framing_bytes, access.reverse.rate_bps);
    let p = match &bottleneck.forward.errors {
        ErrorSpec::None => 0.0,
        ErrorSpec::PacketError(e) => e.per,
        ErrorSpec::BitError(e) => {
            corruption_probability(e.ber, data + bottleneck.framing_bytes as f64)
        }
        // Listed one by one (no `_` arm): a new error model must be placed here on purpose.
        ErrorSpec::GilbertElliott(_)
        | ErrorSpec::DropList(_)
        | ErrorSpec::Burst(_)
        | ErrorSpec::LossTrace(_) => {
            return Err(
                "the theory curves need packet_error, bit_error or no errors on the bottleneck"
                    .into(),
            )
        }
    };
    let mss = tcp.mss_bytes as f64;
    Ok(PathFacts {
        mss_bytes: mss,
        rtt_s,
        rto_s: f64::max(tcp.min_rto_ms / 1000.0, 3.0 * rtt_s),
        b: if tcp.delayed_ack_ms > 0.0 { 2.0 } else { 1.0 },
        wmax_pkts: libm::floor(tcp.rwnd_bytes as f64 / mss).max(1.0),
        p,
    })
}

/// The model's throughput in kbit/s for these facts.
pub fn throughput_kbps(model: Model, f: &PathFacts) -> f64 {
    let bps = match model {
        Model::Mathis => mathis_bps(f.mss_bytes, f.rtt_s, f.p),
        Model::Padhye => padhye_bps(f.mss_bytes, f.rtt_s, f.rto_s, f.b, f.wmax_pkts, f.p),
    };
    bps / 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, rel: f64) -> bool {
        (a - b).abs() <= rel * b.abs()
    }

    #[test]
    fn mathis_matches_hand_computed_values() {
        // 1460 B, 100 ms, p = 1 %: 8·1460/0.1 = 116 800 bit/s; · 1.224 745 / 0.1 = 1 430 502 bit/s.
        assert!(close(mathis_bps(1460.0, 0.1, 0.01), 1_430_502.0, 1e-6));
        // Four times the loss, half the throughput.
        assert!(close(
            mathis_bps(1460.0, 0.1, 0.04),
            mathis_bps(1460.0, 0.1, 0.01) / 2.0,
            1e-12
        ));
    }

    #[test]
    fn padhye_matches_hand_computed_values() {
        // 1460 B, RTT 0.1 s, T0 1 s, b = 2, p = 1 %, Wmax large:
        // 0.1·√(0.04/3) = 0.011 547 0; min(1, 3·√0.0075) = 0.259 808; ·0.01·1.0032 = 0.002 606 39;
        // 1 / 0.014 153 4 = 70.654 pkt/s → ·11 680 = 825 243 bit/s.
        assert!(close(
            padhye_bps(1460.0, 0.1, 1.0, 2.0, 1e6, 0.01),
            825_243.0,
            1e-5
        ));
        // The receiver's window caps it: 10 segments per 100 ms = 100 pkt/s = 1 168 000 bit/s.
        assert!(close(
            padhye_bps(1460.0, 0.1, 1.0, 2.0, 10.0, 1e-6),
            1_168_000.0,
            1e-12
        ));
        assert!(close(
            padhye_bps(1460.0, 0.1, 1.0, 2.0, 10.0, 0.0),
            1_168_000.0,
            1e-12
        ));
    }

    #[test]
    fn padhye_falls_below_mathis_where_timeouts_matter() {
        let (m, p) = (
            mathis_bps(1460.0, 0.1, 0.1),
            padhye_bps(1460.0, 0.1, 1.0, 1.0, 1e6, 0.1),
        );
        assert!(p < m / 3.0, "mathis {m}, padhye {p}");
    }

    #[test]
    fn facts_come_from_the_scenario() {
        let sc = crate::parse(
            r#"{ "schema": 1, "id": "t", "flows": [{}],
                 "topology": { "kind": "dumbbell",
                   "access": { "rate_bps": 1e8, "delay_ms": 1 },
                   "bottleneck": { "rate_bps": 1e6, "delay_ms": 20, "errors": { "kind": "bit_error", "ber": 1e-5 } } } }"#,
        )
        .unwrap();
        let f = path_facts(&sc).unwrap();
        let tcp = &sc.flows[0].tcp;
        let data = tcp.data_packet_bytes(tcp.mss_bytes) as f64;
        // The direct form 1 − (1 − BER)^n loses about n·2⁻⁵³ ≈ 1e-12 to rounding at this n (≈ 12 000
        // bits); corruption_probability keeps those digits, so the two agree to 1e-10, not 1e-12.
        assert!(close(
            f.p,
            1.0 - (1.0f64 - 1e-5).powf(8.0 * (data + sc_framing(&sc))),
            1e-10
        ));
        // 42 ms of propagation plus serialization, no more than a few ms.
        assert!(f.rtt_s > 0.042 && f.rtt_s < 0.06, "{}", f.rtt_s);
        assert_eq!(f.mss_bytes, tcp.mss_bytes as f64);
        assert!(f.rto_s >= tcp.min_rto_ms / 1000.0);
    }

    fn sc_framing(sc: &Scenario) -> f64 {
        match &sc.topology {
            Topology::Dumbbell { bottleneck, .. } => bottleneck.framing_bytes as f64,
            _ => 0.0,
        }
    }
}
