//! The catalog: everything a scenario can choose, with its knobs — what the UI builds its controls
//! from (`catalog()` in wasm, `losslab catalog --json`; DESIGN §3, §7).
//!
//! - `variants` (`tcp.cc`, knobs in `tcp.cc_params`) and `classifiers` (`tcp.classifier`, knobs in
//!   `tcp.classifier_params` or a shadow's `params`).
//! - `queues` (`queue.kind`) and `queue_options` (`queue.congestion_warning`, on any queue).
//! - `errors` (`errors.kind`; `gilbert_elliott` appears once per `mode`).
//! - `profiles` (`tcp.profile`) with the TCP defaults each one resolves to.
//! - `cross_traffic` (`cross_traffic[].kind`) and `tcp`: the per-flow TCP options.
//!
//! Each entry is `{ id, mode?, title, description, reference, params: [ParamSpec] }`. The ranges
//! of the queue, error, cross-traffic and TCP knobs mirror `scenario/parse.rs`; the tests at the
//! end of this file build a scenario at every bound and default to keep the two in step. A `null`
//! default means "derived" (the description says from what); a `required` knob's default is a
//! suggested starting value.

use crate::param::{Info, ParamSpec};
use crate::scenario::limits::{MAX_QUEUE_PKTS, MAX_RATE_BPS, MAX_TIME_S};
use crate::tcp::{cc, classify, profile, CwndGrowth, FlightSize, NewRenoExit, PrrBound, RecoverHeuristic, Recovery, RttSampling, TcpConfig};
use serde::Serialize;
use serde_json::{json, Map, Value};

/// Everything a scenario can choose.
#[derive(Clone, Debug, Serialize)]
pub struct Catalog {
    /// Core version ([`crate::VERSION`]).
    pub version: &'static str,
    /// Congestion-control variants (`tcp.cc`).
    pub variants: Vec<Entry>,
    /// Loss classifiers (`tcp.classifier`, `observe.shadow_classifiers`).
    pub classifiers: Vec<Entry>,
    /// Queue disciplines (`queue.kind`).
    pub queues: Vec<Entry>,
    /// Options any queue may carry, each an object under its id (`queue.congestion_warning`).
    pub queue_options: Vec<Entry>,
    /// Error models (`errors.kind`, with `errors.mode` where an entry has one).
    pub errors: Vec<Entry>,
    /// Stack profiles (`tcp.profile`).
    pub profiles: Vec<ProfileEntry>,
    /// Cross-traffic sources (`cross_traffic[].kind`).
    pub cross_traffic: Vec<Entry>,
    /// Per-flow TCP options (`flows[].tcp`), defaults of the `rfc` profile.
    pub tcp: Vec<ParamSpec>,
}

/// One choosable thing and its knobs.
#[derive(Clone, Debug, Serialize)]
pub struct Entry {
    /// DESIGN §3 id (the `kind` / `cc` / `classifier` value).
    pub id: &'static str,
    /// Value of the entry's `mode` key, for kinds with several forms (`gilbert_elliott`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mode: Option<&'static str>,
    /// Short human name.
    pub title: &'static str,
    /// One line on what it does.
    pub description: &'static str,
    /// Paper, RFC or SPEC section.
    pub reference: &'static str,
    /// Its knobs.
    pub params: Vec<ParamSpec>,
}

/// A stack profile and the TCP settings it resolves to.
#[derive(Clone, Debug, Serialize)]
pub struct ProfileEntry {
    /// Profile id.
    pub id: &'static str,
    /// Short human name.
    pub title: &'static str,
    /// One line on where it comes from.
    pub description: &'static str,
    /// Paper or SPEC section.
    pub reference: &'static str,
    /// Every `tcp` option's value under this profile (as [`tcp_json`] writes it).
    pub defaults: Map<String, Value>,
}

fn entry(info: &Info, params: Vec<ParamSpec>) -> Entry {
    Entry {
        id: info.id,
        mode: None,
        title: info.title,
        description: info.description,
        reference: info.reference,
        params,
    }
}

const fn info(
    id: &'static str,
    title: &'static str,
    description: &'static str,
    reference: &'static str,
) -> Info {
    Info {
        id,
        title,
        description,
        reference,
    }
}

/// The whole catalog.
pub fn catalog() -> Catalog {
    Catalog {
        version: crate::VERSION,
        variants: cc::AVAILABLE
            .iter()
            .filter_map(|id| cc::info(id).map(|i| entry(i, cc::specs(id))))
            .collect(),
        classifiers: classify::AVAILABLE
            .iter()
            .filter_map(|id| classify::info(id).map(|i| entry(i, classify::specs(id))))
            .collect(),
        queues: queues(),
        queue_options: vec![entry(&CONGESTION_WARNING, congestion_warning_params())],
        errors: errors(),
        profiles: profiles(),
        cross_traffic: cross_traffic(),
        tcp: tcp_params(),
    }
}

// ===== Queues =====

const QUEUES: &[Info] = &[
    info("drop_tail", "Drop tail", "FIFO that drops arrivals while limit_pkts packets are queued.", "Classic router FIFO (ns-2 DropTail)"),
    info(
        "red",
        "RED",
        "Random Early Detection: drops arrivals with a probability that rises with the average queue.",
        "Floyd & Jacobson, \"Random early detection gateways for congestion avoidance\", IEEE/ACM ToN 1(4), 1993 (SPEC A7)",
    ),
    info(
        "dual_threshold",
        "Dual threshold",
        "Drops one arrival when the queue reaches a soft limit, again after rearm_pkts more accepted; tail drop at the hard limit.",
        "Gurtov, \"TCP performance in the presence of congestion and corruption losses\" §6",
    ),
];

const CONGESTION_WARNING: Info = info(
    "congestion_warning",
    "Congestion-warning marking",
    "Routers mark data packets while the average queue is at or above a threshold; receivers echo the mark (Jersey, NJ+).",
    "Xu, Tian & Ansari, IEEE JSAC 2004; Kim, Koo & Choo (TCP NJ+) §3 (SPEC §3.3, A15)",
);

fn queues() -> Vec<Entry> {
    let max_q = MAX_QUEUE_PKTS as i64;
    let common = |min_limit: i64| {
        vec![
            ParamSpec::integer("limit_pkts", "packets", min_limit, max_q, 100, "Hard capacity; an arrival that finds it full is dropped (access link default 1000)."),
            ParamSpec::boolean("counts_in_service", false, "The packet being transmitted counts against the limit and the averages (SPEC A24)."),
        ]
    };
    let mut red = common(1);
    red.extend([
        ParamSpec::number("min_th_pkts", "packets", 0.0, MAX_QUEUE_PKTS as f64, 25.0, "Average queue where early drops start (null = limit_pkts/4); below max_th_pkts.")
            .with_default(Value::Null),
        ParamSpec::number("max_th_pkts", "packets", 0.0, MAX_QUEUE_PKTS as f64, 75.0, "Average queue where the drop probability reaches max_p (null = 3·limit_pkts/4); above min_th_pkts.")
            .with_default(Value::Null),
        ParamSpec::number("max_p", "", 0.0, 1.0, 0.1, "Drop probability at max_th_pkts."),
        ParamSpec::number("w_q", "", 1e-6, 1.0, 0.002, "EWMA weight of the average queue."),
        ParamSpec::boolean("gentle", false, "Gentle RED: the probability rises from max_p to 1 between max_th and 2·max_th."),
        ParamSpec::integer("mean_packet_bytes", "bytes", 1, 65_535, 1500, "Typical packet size for the idle-time correction (null = the arriving packet's size).")
            .with_default(Value::Null),
    ]);
    let mut dual = common(1);
    dual.extend([
        ParamSpec::integer("soft_pkts", "packets", 1, max_q, 33, "Soft limit: the first arrival finding this many queued is dropped (null = limit_pkts/3); below limit_pkts.")
            .with_default(Value::Null),
        ParamSpec::integer("rearm_pkts", "packets", 1, max_q, 66, "Accepted arrivals above the soft limit before another early drop (null = 2·soft_pkts).")
            .with_default(Value::Null),
    ]);
    vec![
        entry(&QUEUES[0], common(1)),
        entry(&QUEUES[1], red),
        entry(&QUEUES[2], dual),
    ]
}

fn congestion_warning_params() -> Vec<ParamSpec> {
    vec![
        ParamSpec::number(
            "w_q",
            "",
            1e-6,
            1.0,
            0.002,
            "EWMA weight of the average queue (SPEC A15).",
        ),
        ParamSpec::number(
            "threshold_pkts",
            "packets",
            0.0,
            MAX_QUEUE_PKTS as f64,
            5.0,
            "Mark while the queue is at least this long (SPEC A15: 5).",
        ),
        ParamSpec::boolean(
            "instantaneous",
            false,
            "Compare the instantaneous queue instead of the average.",
        ),
    ]
}

// ===== Error models =====

const ERRORS: &[Info] = &[
    info("none", "Error-free", "No transmission errors.", "—"),
    info(
        "bit_error",
        "Bit errors",
        "Independent bit errors along the link's bit stream, paired across runs; a hit in the first header_bytes makes a packet unattributable.",
        "Garcia & Brunstrom (ICETE 2004) bit-error patterns (SPEC §0, A2)",
    ),
    info("packet_error", "Packet errors", "Each packet is lost independently with probability per.", "Bernoulli packet loss (ns-2 ErrorModel)"),
    info(
        "gilbert_elliott",
        "Gilbert–Elliott (Lim & Jang)",
        "Good and Bad states with fixed sojourn times, the next one Bad with p_next_bad, each with its own loss probability.",
        "Lim & Jang §4.2 (SPEC §8.3)",
    ),
    info(
        "gilbert_elliott",
        "Gilbert–Elliott (Markov)",
        "Packet-indexed two-state chain: Good loses nothing, Bad loses everything, with a given mean loss and burst length.",
        "Gilbert, Bell Syst. Tech. J. 1960; Elliott, Bell Syst. Tech. J. 1963",
    ),
    info("drop_list", "Drop list", "Loses exactly the listed 0-based packet numbers of the link direction (lessons, tests).", "ns-3 ListErrorModel"),
    info(
        "burst",
        "Error burst",
        "Packets departing between start_s and start_s + duration_s are lost with probability loss.",
        "Gurtov, \"TCP performance in the presence of congestion and corruption losses\" §6",
    ),
];

fn errors() -> Vec<Entry> {
    let t = MAX_TIME_S;
    let params = vec![
        vec![],
        vec![
            ParamSpec::number("ber", "", 0.0, 0.5, 1e-5, "Bit error rate.").required(),
            ParamSpec::integer("header_bytes", "bytes", 0, 1500, 24, "Leading bytes (IP header + ports) whose corruption makes the packet unattributable (SPEC A2)."),
        ],
        vec![ParamSpec::number("per", "", 0.0, 1.0, 0.01, "Loss probability per packet.").required()],
        vec![
            ParamSpec::number("good_s", "s", 1e-4, t, 1.0, "Length of a Good sojourn."),
            ParamSpec::number("bad_s", "s", 1e-4, t, 0.1, "Length of a Bad sojourn.").required(),
            ParamSpec::number("p_next_bad", "", 0.0, 1.0, 0.5, "Probability that the next sojourn is Bad, whatever the current state."),
            ParamSpec::number("loss_good", "", 0.0, 1.0, 0.001, "Loss probability in Good."),
            ParamSpec::number("loss_bad", "", 0.0, 1.0, 0.1, "Loss probability in Bad."),
            ParamSpec::boolean("lazy_transitions", false, "ns-2 MultiState behaviour: change state only when a packet crosses (SPEC §8.3)."),
        ],
        vec![
            ParamSpec::number("mean_loss", "", 0.0, 1.0, 0.01, "Stationary loss probability; at most mean_burst_pkts/(1 + mean_burst_pkts).").required(),
            ParamSpec::number("mean_burst_pkts", "packets", 1.0, 1e9, 3.0, "Mean length of a loss burst.").required(),
        ],
        vec![ParamSpec::integer_list("packets", "packets", 0, 9_000_000_000_000_000, "0-based packet numbers of the direction to lose.")
            .with_default(json!([20, 21]))
            .required()],
        vec![
            ParamSpec::number("start_s", "s", 0.0, t, 1.0, "Burst start.").required(),
            ParamSpec::number("duration_s", "s", 0.0, t, 0.5, "Burst length.").required(),
            ParamSpec::number("loss", "", 0.0, 1.0, 1.0, "Loss probability inside the burst."),
        ],
    ];
    let modes = [
        None,
        None,
        None,
        Some("lim_jang"),
        Some("markov"),
        None,
        None,
    ];
    ERRORS
        .iter()
        .zip(params)
        .zip(modes)
        .map(|((i, p), mode)| Entry {
            mode,
            ..entry(i, p)
        })
        .collect()
}

// ===== Profiles =====

const PROFILES: &[Info] = &[
    info("rfc", "RFC defaults", "Current IETF recommendations: RFC 5681 initial window (from the MSS), byte counting, 1 s minimum RTO.", "RFC 5681, RFC 3465, RFC 6298 (SPEC §1.13)"),
    info("freebsd45", "FreeBSD 4.5", "Garcia & Brunstrom's testbed hosts: 1448-byte MSS with timestamps (1500-byte packets), 100 ms delayed ACKs.", "Garcia & Brunstrom, ICETE 2004 (SPEC §1.13)"),
    info("linux24", "Linux 2.4", "Gurtov's Seawind hosts: no timestamps, 200 ms minimum RTO, 32 696-byte receiver window.", "Gurtov, Table 1 (SPEC §1.13)"),
    info("ns2", "ns-2 2.27", "Lim & Jang's simulator: 1000-byte segments, no delayed ACKs, 100-packet receiver window.", "Lim & Jang §4; ns-2 ns-default.tcl (SPEC §1.13, A13)"),
    info("ns2_2006", "ns-2 (2006)", "The TCP NJ+ simulations: 762-byte segments, 20-packet receiver window, 200 ms minimum RTO.", "Kim, Koo & Choo (TCP NJ+) §4 (SPEC §1.13)"),
    info("ns3", "ns-3.44", "ns-3.44 TcpSocketBase defaults: 536-byte segments, IW 10, SACK, timestamps, Limited Transmit, PRR recovery, delayed ACK every 2nd segment or 200 ms, 1 s minimum RTO, 128 KiB receive buffer.", "ns-3.44 src/internet/model/tcp-socket.cc, tcp-socket-base.cc, tcp-congestion-ops.cc, tcp-prr-recovery.cc, rtt-estimator.cc"),
];

fn profiles() -> Vec<ProfileEntry> {
    profile::PROFILES
        .iter()
        .map(|id| {
            let i = PROFILES
                .iter()
                .find(|i| i.id == *id)
                .unwrap_or(&PROFILES[0]);
            ProfileEntry {
                id,
                title: i.title,
                description: i.description,
                reference: i.reference,
                defaults: tcp_json(&profile::defaults(id)),
            }
        })
        .collect()
}

/// Every `tcp` option of `c` as scenario JSON (the keys of [`Catalog::tcp`]).
pub fn tcp_json(c: &TcpConfig) -> Map<String, Value> {
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
        "dupack_threshold": c.dupack_threshold,
        "rtt_tick_ms": c.rtt_tick_ms,
        "rtt_sampling": match c.rtt_sampling {
            RttSampling::PerAck => "per_ack",
            RttSampling::OnePerRtt => "one_per_rtt",
        },
        "limited_transmit": c.limited_transmit,
        "newreno_exit": match c.newreno_exit {
            NewRenoExit::Base => "base",
            NewRenoExit::Rfc => "rfc",
        },
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

// ===== Per-flow TCP options =====

fn tcp_params() -> Vec<ParamSpec> {
    let d = profile::defaults("rfc");
    let ms = |name, min, max, default, text| ParamSpec::number(name, "ms", min, max, default, text);
    vec![
        ParamSpec::choice("cc", cc::AVAILABLE, d.cc, "Congestion-control variant (see variants; its knobs go in cc_params)."),
        ParamSpec::choice("classifier", classify::AVAILABLE, d.classifier, "Loss classifier driving the reaction (see classifiers; its knobs go in classifier_params)."),
        ParamSpec::choice("profile", profile::PROFILES, d.profile, "Stack profile the other defaults come from (see profiles)."),
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
        ParamSpec::integer("dupack_threshold", "ACKs", 1, 100, d.dupack_threshold as i64, "Duplicate ACKs that trigger a fast retransmit."),
        ms("rtt_tick_ms", 0.0, 1000.0, d.rtt_tick_ms, "RTT samples rounded to this tick (ns-2 tcpTick_); 0 = exact."),
        ParamSpec::choice("rtt_sampling", &["per_ack", "one_per_rtt"], "per_ack", "RTT samples from every ACK, or one timed segment per RTT (BSD / ns-2)."),
        ParamSpec::boolean("limited_transmit", d.limited_transmit, "RFC 3042 Limited Transmit on the first two duplicate ACKs."),
        ParamSpec::choice("newreno_exit", &["base", "rfc"], "base", "Window at NewReno recovery exit: ssthresh (ns-2) or RFC 6582's min(ssthresh, FlightSize + SMSS)."),
        ParamSpec::boolean("recover_guard", d.recover_guard, "Reno refuses a second fast retransmit until recover is acknowledged (Gurtov's fix)."),
        ParamSpec::boolean("ld_rto_keep_window", d.ld_rto_keep_window, "Checksum LD: on a timeout of a notified (corrupted) segment keep ssthresh and cwnd (SPEC §7.4)."),
        ParamSpec::boolean("pacing", d.pacing, "Pace new segments at the rate the variant reports (BBR); variants without a rate are unpaced."),
        ParamSpec::boolean("rto_restart_every_partial", d.rto_restart_every_partial, "NewReno restarts the retransmission timer on every partial ACK, not only the first (RFC 6582 §3.2 allows both)."),
        ms("send_overhead_ms", 0.0, 1000.0, d.send_overhead_ms, "Random sending delay per data segment, uniform in [0, this] (ns-2 overhead_): breaks phase effects between identical flows; about one bottleneck packet time is the usual choice; 0 = off."),
        ParamSpec::choice("flight_size", FlightSize::IDS, d.flight_size.id(), "FlightSize of the loss reactions: data outstanding (RFC 5681) or, with SACK, the RFC 6675 pipe (ns-3's BytesInFlight)."),
        ParamSpec::choice("recover_heuristic", RecoverHeuristic::IDS, d.recover_heuristic.id(), "Fast retransmit on duplicate ACKs that do not cover more than recover (e.g. after a timeout): never (RFC 6582 §3.2), or the RFC 6582 §4 ACK or timestamp heuristic."),
        ParamSpec::choice("recovery", Recovery::IDS, d.recovery.id(), "Window during fast recovery: RFC 5681/6582 inflation (RFC 6675 cwnd = ssthresh with SACK) or RFC 6937 Proportional Rate Reduction."),
        ParamSpec::choice("prr_bound", PrrBound::IDS, d.prr_bound.id(), "PRR reduction bound once pipe ≤ ssthresh: slow-start (SSRB, RFC 6937's default) or conservative (CRB)."),
    ]
}

// ===== Cross traffic =====

const CROSS: &[Info] = &[
    info(
        "cbr",
        "Constant bit rate",
        "UDP datagrams evenly spaced: one every packet_bytes·8/rate_bps.",
        "UDP CBR source (ns-2 Application/Traffic/CBR)",
    ),
    info(
        "poisson",
        "Poisson",
        "UDP datagrams with exponential gaps at mean rate rate_bps.",
        "Poisson arrivals",
    ),
    info(
        "on_off",
        "On/off",
        "Exponential on and off periods; constant bit rate at rate_bps while on.",
        "Exponential on/off source (ns-2 Application/Traffic/Exponential)",
    ),
];

fn cross_traffic() -> Vec<Entry> {
    let common = || {
        vec![
            ParamSpec::number(
                "rate_bps",
                "bit/s",
                1.0,
                MAX_RATE_BPS,
                100_000.0,
                "Mean rate of IP datagrams (the rate while on for on_off).",
            )
            .required(),
            ParamSpec::integer(
                "packet_bytes",
                "bytes",
                28,
                65_535,
                1500,
                "IP datagram size (UDP and IP headers included).",
            ),
            ParamSpec::number(
                "start_s",
                "s",
                0.0,
                MAX_TIME_S,
                0.0,
                "First datagram; at most stop.time_s.",
            ),
            ParamSpec::number(
                "stop_s",
                "s",
                0.0,
                MAX_TIME_S,
                60.0,
                "No datagram from this time on (null = stop.time_s); not before start_s.",
            )
            .with_default(Value::Null),
            ParamSpec::choice(
                "direction",
                &["forward", "reverse"],
                "forward",
                "Dumbbell only: along the data path or the ACK path (a graph uses from/to nodes).",
            ),
        ]
    };
    let mut on_off = common();
    on_off.extend([
        ParamSpec::number("on_s", "s", 1e-6, MAX_TIME_S, 1.0, "Mean on period."),
        ParamSpec::number("off_s", "s", 1e-6, MAX_TIME_S, 1.0, "Mean off period."),
    ]);
    vec![
        entry(&CROSS[0], common()),
        entry(&CROSS[1], common()),
        entry(&CROSS[2], on_off),
    ]
}

#[cfg(test)]
mod tests;
