//! The estimate behind the budget: memory and work of one run of a validated scenario,
//! from its resolved fields alone, in time linear in the scenario's size. Every figure is an upper
//! bound of the kind "at most this many packets can cross this link", so an accepted run does not
//! outgrow its estimate; `tests/budget.rs` compares the estimate with real runs of the content.
//!
//! Each contribution is a [`Part`]: what it is, how much, and the field a person would change to
//! shrink it, so a refusal can name the biggest one.

use crate::error_model::{ErrorSpec, GilbertSpec};
use crate::net::{Network, Topology};
use crate::scenario::{DirSpec, Scenario};
use crate::tcp::classify::ClassifierSpec;

/// Bytes one series point costs on the command line: 3 `f64` in the point buffer (24 B, twice
/// that while the buffer grows) plus its line of series CSV (about 60 B, twice while the text
/// grows). The browser's figure is its budget's ([`super::Budget::bytes_per_point`]).
pub const BYTES_PER_POINT: f64 = 150.0;
/// Bytes one trace event costs: the event (48 B), its CSV line (about 50 B) and growth slack.
pub const BYTES_PER_TRACE_EVENT: f64 = 150.0;
/// Bytes one packet in flight or queued costs (arena slot, calendar entry, queue slot).
pub const BYTES_PER_PACKET: f64 = 160.0;
/// Bytes of sender and receiver state per segment in flight (scoreboard, retransmission truth,
/// out-of-order ranges).
pub const BYTES_PER_SEGMENT: f64 = 100.0;
/// Bytes of one slot of a jitter-ratio history ring (`history_segments`).
pub const BYTES_PER_RING_SLOT: f64 = 48.0;
/// Fixed cost of one connection (sender, receiver, classifier, series names, summary row).
pub const BYTES_PER_FLOW: f64 = 16_384.0;
/// Fixed cost of one link direction (queue, error model, counters).
pub const BYTES_PER_CHANNEL: f64 = 4_096.0;
/// Fixed cost of one run (scenario, tables, buffers).
pub const BYTES_PER_RUN: f64 = 1_048_576.0;
/// Simulator events per data packet beyond its hops: the send, the ACK's processing, a delayed-ACK,
/// pacing or retransmission timer.
const ENDPOINT_EVENTS: f64 = 4.0;
/// Bytes on the wire of an ACK (IP + TCP headers).
const ACK_BYTES: f64 = 40.0;
/// A run that ends when its transfers are done is expected to last at most this many times its
/// slowest transfer at its path's full rate, plus [`DONE_SLACK_S`] (losses and timeouts); the
/// engine stops a run that outgrows the budget anyway (`Budget::max_samples`, the work budget).
pub const DONE_FACTOR: f64 = 10.0;
/// See [`DONE_FACTOR`], seconds.
pub const DONE_SLACK_S: f64 = 60.0;

/// The memory part of the series points.
const SERIES: &str = "series points";

/// One contribution to the estimate.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    /// What it is, for people ("series points", "packets on link \"bottleneck\"").
    pub what: String,
    /// Bytes (memory parts) or events (work parts).
    pub amount: f64,
    /// JSON path of the field to change.
    pub field: String,
    /// What to do, for people ("raise observe.sample_ms or shorten stop.time_s").
    pub advice: String,
}

/// Memory and work of one run.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Estimate {
    /// Memory contributions, bytes (series points priced at [`BYTES_PER_POINT`]).
    pub memory: Vec<Part>,
    /// Work contributions, simulator events.
    pub work: Vec<Part>,
    /// Series points the run records (`samples` × `series`).
    pub points: f64,
    /// Samples of each series.
    pub samples: f64,
    /// Series the run records.
    pub series: f64,
}

impl Estimate {
    /// Total bytes (series points at [`BYTES_PER_POINT`]).
    pub fn memory_bytes(&self) -> f64 {
        self.memory.iter().map(|p| p.amount).sum()
    }
    /// The same with the series points priced as `budget` keeps them: `series` × min(`samples`,
    /// `points_per_series`) points at `bytes_per_point` each.
    pub fn priced(&self, budget: &super::Budget) -> Estimate {
        let mut e = self.clone();
        let held = self.series * self.samples.min(budget.points_per_series);
        for p in &mut e.memory {
            if p.what == SERIES {
                p.amount = held * budget.bytes_per_point;
            }
        }
        e
    }
    /// Total events.
    pub fn events(&self) -> f64 {
        self.work.iter().map(|p| p.amount).sum()
    }
    /// The biggest memory part.
    pub fn biggest_memory(&self) -> Option<&Part> {
        biggest(&self.memory)
    }
    /// The biggest work part.
    pub fn biggest_work(&self) -> Option<&Part> {
        biggest(&self.work)
    }
}

fn biggest(parts: &[Part]) -> Option<&Part> {
    parts.iter().max_by(|a, b| a.amount.total_cmp(&b.amount))
}

/// Merge parts with the same `what` and `field` (one line per kind of cost, not per flow).
fn add(parts: &mut Vec<Part>, what: String, amount: f64, field: String, advice: &str) {
    // Nothing to add; a NaN is kept, so the total is NaN and the budget refuses it.
    if amount <= 0.0 {
        return;
    }
    if let Some(p) = parts
        .iter_mut()
        .find(|p| p.what == what && p.field == field)
    {
        p.amount += amount;
    } else {
        parts.push(Part {
            what,
            amount,
            field,
            advice: advice.to_string(),
        });
    }
}

/// A link direction as the estimate sees it.
struct Dir<'a> {
    name: String,
    /// JSON path of the link (for advice).
    path: String,
    spec: &'a DirSpec,
    framing: f64,
    /// Packets offered to it (before the capacity bound).
    demand: f64,
    /// Smallest packet crossing it, bytes.
    min_packet: f64,
}

impl Dir<'_> {
    /// Packets the link can carry in `time_s`, plus a full queue.
    /// A trace's capacity is what it carries in the whole laps covering `time_s` (a short run may
    /// fall in the trace's fast part, so not mean rate × time).
    fn capacity(&self, time_s: f64) -> f64 {
        self.spec.bits_within(time_s) / (8.0 * (self.min_packet + self.framing))
            + self.spec.queue.limit_pkts as f64
    }
    /// Packets that can be inside it at once: its queue plus the wire (rate × delay).
    fn holds(&self) -> f64 {
        self.spec.queue.limit_pkts as f64
            + self.spec.rate_bps * self.spec.delay_ms
                / 1000.0
                / (8.0 * (self.min_packet + self.framing))
            + 1.0
    }
}

fn dirs(topology: &Topology) -> Vec<Dir<'_>> {
    let dir = |name: String, path: String, spec, framing: u32| Dir {
        name,
        path,
        spec,
        framing: framing as f64,
        demand: 0.0,
        min_packet: f64::INFINITY,
    };
    match topology {
        Topology::Dumbbell { access, bottleneck } => vec![
            dir(
                "access".into(),
                "topology.access".into(),
                &access.forward,
                access.framing_bytes,
            ),
            dir(
                "bottleneck".into(),
                "topology.bottleneck".into(),
                &bottleneck.forward,
                bottleneck.framing_bytes,
            ),
            dir(
                "bottleneck.reverse".into(),
                "topology.bottleneck".into(),
                &bottleneck.reverse,
                bottleneck.framing_bytes,
            ),
            dir(
                "access.reverse".into(),
                "topology.access".into(),
                &access.reverse,
                access.framing_bytes,
            ),
        ],
        Topology::Graph { links, .. } => links
            .iter()
            .enumerate()
            .flat_map(|(i, l)| {
                [
                    dir(
                        l.id.clone(),
                        format!("topology.links[{i}]"),
                        &l.link.forward,
                        l.link.framing_bytes,
                    ),
                    dir(
                        format!("{}.reverse", l.id),
                        format!("topology.links[{i}]"),
                        &l.link.reverse,
                        l.link.framing_bytes,
                    ),
                ]
            })
            .collect(),
    }
}

/// Slots of the jitter-ratio history ring a classifier keeps (0 for the others).
fn ring_slots(id: &str, params: &[(&'static str, serde_json::Value)]) -> f64 {
    if id != "jitter_ratio" && id != "jtcp" {
        return 0.0;
    }
    params
        .iter()
        .rev()
        .find(|(k, _)| *k == "history_segments")
        .and_then(|(_, v)| v.as_f64())
        .unwrap_or(1024.0)
        .max(2.0)
}

fn shadow_slots(shadows: &[ClassifierSpec]) -> f64 {
    shadows.iter().map(|s| ring_slots(s.id, &s.params)).sum()
}

/// Long-run fraction of packets of `bytes` that `errors` loses: `ber` over every bit (1 − (1 −
/// ber)^(8·bytes)), `per`, Lim & Jang's π_B-weighted mean (`lim_jang.rs`), the Markov form's
/// `mean_loss`. A drop list and a burst lose finitely many packets, so they delay a transfer by a
/// bounded amount: 0 here.
pub fn loss_fraction(errors: &ErrorSpec, bytes: f64) -> f64 {
    match errors {
        ErrorSpec::BitError(b) => 1.0 - (1.0 - b.ber).powf(8.0 * bytes),
        ErrorSpec::PacketError(p) => p.per,
        ErrorSpec::GilbertElliott(GilbertSpec::LimJang(g)) => {
            // π_B = q·d_B / (q·d_B + (1 − q)·d_G)
            let bad = g.p_next_bad * g.bad_s;
            let pi_b = bad / (bad + (1.0 - g.p_next_bad) * g.good_s).max(f64::MIN_POSITIVE);
            g.loss_good * (1.0 - pi_b) + g.loss_bad * pi_b
        }
        ErrorSpec::GilbertElliott(GilbertSpec::Markov(m)) => m.mean_loss,
        ErrorSpec::None | ErrorSpec::DropList(_) | ErrorSpec::Burst(_) => 0.0,
        // A trace played once loses finitely many packets, like a drop list. A looping one loses at
        // most (events per lap) / (packets per lap), which needs the link's rate; it is taken as 0
        // too, and the engine's work limit stops a run that outlasts this estimate.
        ErrorSpec::LossTrace(_) => 0.0,
    }
}

/// How long the run is expected to last, seconds: `stop.time_s`, or less when it ends with its
/// transfers (every flow finite and `stop.when_transfers_done`) and every transfer can be shown to
/// finish. A segment and its ACK both get through with probability s = Π(1 − loss) over the data
/// route (at the data packet's size) and the ACK route (at [`ACK_BYTES`]); each segment then takes
/// 1/s tries on average, so a transfer is expected to end by
///
///   start_s + (DONE_FACTOR · bits / rate + DONE_SLACK_S) / s
///
/// When s = 0 (PER 1, or a BER that loses every packet) no transfer can finish and the run lasts
/// `stop.time_s`: its cross traffic, timers and samples run that long.
fn horizon(sc: &Scenario, net: &Network, dirs: &[Dir]) -> f64 {
    let time_s = sc.stop.time_s;
    if !sc.stop.when_transfers_done || sc.flows.iter().any(|f| f.bytes.is_none()) {
        return time_s;
    }
    let mut end: f64 = 0.0;
    for (i, f) in sc.flows.iter().enumerate() {
        let (d, a) = net.flow_routes[i];
        let route = &net.routes[d as usize];
        let rate = route
            .iter()
            .map(|&c| dirs[c as usize].spec.rate_bps)
            .fold(f64::INFINITY, f64::min);
        let pkt = f.tcp.data_packet_bytes(f.tcp.mss_bytes) as f64;
        let through = |r: &[u32], bytes: f64| -> f64 {
            r.iter()
                .map(|&c| 1.0 - loss_fraction(&dirs[c as usize].spec.errors, bytes))
                .product()
        };
        let s = through(route, pkt) * through(&net.routes[a as usize], ACK_BYTES);
        if s.is_nan() || s <= 0.0 {
            return time_s;
        }
        let bits = f.bytes.unwrap_or(0) as f64 * 8.0;
        end = end.max(f.start_s + (DONE_FACTOR * bits / rate + DONE_SLACK_S) / s);
    }
    end.min(time_s)
}

/// Estimate the memory and work of one run of `sc`.
pub fn estimate(sc: &Scenario) -> Estimate {
    let mut e = Estimate::default();
    let net = Network::build(sc);
    let mut dirs = dirs(&sc.topology);
    let time_s = horizon(sc, &net, &dirs);

    // Data packets each connection can send: what its slowest hop carries in its time, or its
    // bytes (twice, for retransmissions) when it has fewer; connections sharing a link share what
    // it carries (each gets at most its part of the link's data capacity).
    let packets = |i: usize| {
        let f = &sc.flows[i];
        let route = &net.routes[net.flow_routes[i].0 as usize];
        let pkt = f.tcp.data_packet_bytes(f.tcp.mss_bytes) as f64;
        let active = (time_s - f.start_s).max(0.0);
        let slowest = route
            .iter()
            .map(|&c| {
                let c = &dirs[c as usize];
                c.spec.bits_within(active) / (8.0 * (pkt + c.framing))
            })
            .fold(f64::INFINITY, f64::min);
        let by_bytes = f
            .bytes
            .map_or(f64::INFINITY, |b| 2.0 * b as f64 / f.tcp.mss_bytes as f64);
        (slowest.min(by_bytes), pkt, active)
    };
    let raws: Vec<(f64, f64, f64)> = (0..sc.flows.len()).map(packets).collect();
    let mut offered = vec![0.0; dirs.len()];
    for (i, r) in raws.iter().enumerate() {
        for &c in &net.routes[net.flow_routes[i].0 as usize] {
            offered[c as usize] += r.0;
        }
    }
    let mut data = Vec::with_capacity(sc.flows.len());
    for (i, f) in sc.flows.iter().enumerate() {
        let (d, a) = net.flow_routes[i];
        let route = &net.routes[d as usize];
        let (raw, pkt, active) = raws[i];
        let share = route
            .iter()
            .map(|&c| {
                let dir = &dirs[c as usize];
                let carries = dir.spec.bits_within(time_s) / (8.0 * (pkt + dir.framing))
                    + dir.spec.queue.limit_pkts as f64;
                (carries / offered[c as usize].max(1.0)).min(1.0)
            })
            .fold(1.0, f64::min);
        // A retransmission timer that fires every min_rto sends a packet each time, whatever the
        // link's rate (the "RTO storm": min_rto_ms = 1 on a slow link).
        let fastest_rto_ms = f.tcp.min_rto_ms.min(f.tcp.initial_rto_ms).max(1e-3);
        let storm = active * 1000.0 / fastest_rto_ms;
        let n = raw * share + f.tcp.initial_window_pkts as f64 + 3.0;
        data.push((n, pkt, d, a));
        for &c in route {
            let c = &mut dirs[c as usize];
            c.demand += n + storm;
            c.min_packet = c.min_packet.min(pkt);
        }
        for &c in &net.routes[a as usize] {
            let c = &mut dirs[c as usize];
            c.demand += n + storm;
            c.min_packet = c.min_packet.min(ACK_BYTES);
        }
        let group = format!("flows[{}]", f.group);
        add(
            &mut e.work,
            "sends, ACKs and timers of the connections".into(),
            n * ENDPOINT_EVENTS,
            "stop.time_s".into(),
            "shorten stop.time_s, lower the link rates or use fewer connections",
        );
        if storm > n {
            add(
                &mut e.work,
                "retransmission timeouts (a tiny RTO fires again and again)".into(),
                storm * 2.0,
                format!("{group}.tcp.min_rto_ms"),
                "raise tcp.min_rto_ms and tcp.initial_rto_ms",
            );
        }
        // State per segment in flight: at most the receiver's window, the packets the path can hold,
        // or every packet it sends.
        let holds: f64 = route
            .iter()
            .chain(&net.routes[a as usize])
            .map(|&c| dirs[c as usize].holds())
            .sum();
        let window = f.tcp.rwnd_bytes as f64 / f.tcp.mss_bytes as f64;
        add(
            &mut e.memory,
            "segments in flight (sender and receiver state)".into(),
            window.min(holds).min(n) * BYTES_PER_SEGMENT,
            format!("{group}.tcp.rwnd_bytes"),
            "lower tcp.rwnd_bytes or the queue limits",
        );
        let own = ring_slots(f.tcp.classifier, &f.tcp.classifier_params)
            + ring_slots(f.tcp.cc, &f.tcp.cc_params);
        add(
            &mut e.memory,
            "classifier history rings".into(),
            own * BYTES_PER_RING_SLOT,
            format!("{group}.tcp.classifier_params.history_segments"),
            "lower history_segments (tcp.classifier_params or tcp.cc_params) or use fewer connections",
        );
        add(
            &mut e.memory,
            "shadow classifiers' history rings".into(),
            shadow_slots(&sc.observe.shadow_classifiers) * BYTES_PER_RING_SLOT,
            "observe.shadow_classifiers".into(),
            "use fewer shadow classifiers, lower their history_segments or use fewer connections",
        );
        add(
            &mut e.memory,
            "connections".into(),
            BYTES_PER_FLOW * (1.0 + sc.observe.shadow_classifiers.len() as f64 * 0.25),
            "flows".into(),
            "use fewer connections",
        );
    }

    // Cross traffic: every datagram is sent whatever the links can carry.
    for (i, (c, &r)) in sc.cross_traffic.iter().zip(&net.cross_routes).enumerate() {
        let active = (c.stop_s.min(time_s) - c.start_s).max(0.0);
        let n = c.rate_bps * active / (8.0 * c.packet_bytes as f64) + 1.0;
        for &d in &net.routes[r as usize] {
            let d = &mut dirs[d as usize];
            d.demand += n;
            d.min_packet = d.min_packet.min(c.packet_bytes as f64);
        }
        add(
            &mut e.work,
            "cross-traffic datagrams".into(),
            n,
            format!("cross_traffic[{i}].rate_bps"),
            "lower the cross traffic's rate_bps or raise its packet_bytes",
        );
        if let crate::net::CrossKind::OnOff(k) = c.kind {
            add(
                &mut e.work,
                "on/off periods of cross traffic".into(),
                2.0 * active / (k.on_s + k.off_s).max(1e-9),
                format!("cross_traffic[{i}].on_s"),
                "lengthen the on_s and off_s periods",
            );
        }
    }

    // Lim & Jang's channel steps through every sojourn that ends before a packet departs
    // (`GilbertElliott::advance`), whether or not packets cross during it: on a direction that
    // carries traffic that is time_s / mean sojourn state changes, the mean sojourn being
    // q·d_B + (1 − q)·d_G. Each is priced as one event (an upper bound: a coin and an addition).
    // With lazy_transitions the state changes only when a packet crosses (counted as arrivals).
    for d in &dirs {
        if let ErrorSpec::GilbertElliott(GilbertSpec::LimJang(g)) = &d.spec.errors {
            if d.demand > 0.0 && !g.lazy_transitions {
                let mean = g.p_next_bad * g.bad_s + (1.0 - g.p_next_bad) * g.good_s;
                add(
                    &mut e.work,
                    "Gilbert–Elliott state changes".into(),
                    time_s / mean,
                    if d.name.ends_with(".reverse") {
                        format!("{}.reverse.errors.bad_s", d.path)
                    } else {
                        format!("{}.errors.bad_s", d.path)
                    },
                    "lengthen the Gilbert–Elliott good_s and bad_s, or shorten stop.time_s",
                );
            }
        }
    }

    // Every packet crossing a link direction is one arrival event, bounded by what the link can
    // carry; the packets it holds at once are memory.
    for d in &dirs {
        if d.demand == 0.0 {
            add(
                &mut e.memory,
                "link directions".into(),
                BYTES_PER_CHANNEL,
                "topology".into(),
                "use fewer links",
            );
            continue;
        }
        if let Some(t) = &d.spec.rate_trace {
            // Held once per run; the serialiser walks at most every entry once per lap.
            add(
                &mut e.memory,
                "capacity traces".into(),
                t.entries() as f64 * 16.0,
                format!("{}.rate_trace", d.path),
                "use a shorter trace",
            );
            add(
                &mut e.work,
                format!("trace entries of link \"{}\"", d.name),
                t.entries() as f64 * (time_s / t.period_s()).ceil(),
                format!("{}.rate_trace", d.path),
                "use a shorter trace or shorten stop.time_s",
            );
        }
        let arrivals = d.demand.min(d.capacity(time_s));
        add(
            &mut e.work,
            format!("packets crossing link \"{}\"", d.name),
            arrivals,
            format!("{}.rate_bps", d.path),
            "shorten stop.time_s, lower this link's rate_bps or the traffic over it",
        );
        add(
            &mut e.memory,
            "packets queued and on the wires".into(),
            d.holds().min(arrivals) * BYTES_PER_PACKET + BYTES_PER_CHANNEL,
            format!("{}.queue.limit_pkts", d.path),
            "lower the queues' limit_pkts or the links' delay_ms",
        );
    }

    // Series: one point per sample of every series (4 per connection, 5 per link direction, Jain).
    let samples = time_s * 1000.0 / sc.observe.sample_ms + 2.0;
    let series = (4 * sc.flows.len() + 5 * dirs.len() + 1) as f64;
    e.samples = samples;
    e.series = series;
    e.points = samples * series;
    add(
        &mut e.memory,
        SERIES.into(),
        e.points * BYTES_PER_POINT,
        "observe.sample_ms".into(),
        "raise observe.sample_ms, shorten stop.time_s or use fewer connections",
    );
    add(
        &mut e.work,
        "series samples".into(),
        samples * (1.0 + series / 16.0),
        "observe.sample_ms".into(),
        "raise observe.sample_ms",
    );
    let ring = (sc.observe.throughput_window_ms / sc.observe.sample_ms + 2.0).min(samples);
    add(
        &mut e.memory,
        "throughput windows".into(),
        ring * 16.0 * sc.flows.len() as f64,
        "observe.throughput_window_ms".into(),
        "shorten observe.throughput_window_ms or raise observe.sample_ms",
    );
    if sc.observe.trace {
        let events: f64 = data.iter().map(|(n, ..)| 3.0 * n).sum();
        add(
            &mut e.memory,
            "trace events".into(),
            events.min(crate::limits::MAX_TRACE_EVENTS as f64) * BYTES_PER_TRACE_EVENT,
            "observe.trace".into(),
            "turn observe.trace off or shorten stop.time_s",
        );
    }
    add(
        &mut e.memory,
        "the run itself".into(),
        BYTES_PER_RUN,
        "(root)".into(),
        "",
    );
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    fn events(doc: &str) -> f64 {
        estimate(&crate::scenario::parse(doc).unwrap()).events()
    }

    /// A transfer that loses every packet never finishes: its run lasts all of `stop.time_s`, and
    /// its cross traffic is priced that long; a loss-free one is priced until it is expected done.
    #[test]
    fn a_transfer_that_cannot_finish_is_priced_over_stop_time() {
        let doc = |errors: &str| {
            format!(
                r#"{{"stop":{{"time_s":100000}},"flows":[{{"bytes":1000}}],"topology":{{"kind":"dumbbell","bottleneck":{{"rate_bps":100000000,"errors":{errors}}}}},"cross_traffic":[{{"kind":"cbr","rate_bps":90000000,"packet_bytes":1000}}],"observe":{{"sample_ms":10000}}}}"#
            )
        };
        // 90 Mbit/s of 1000-byte datagrams for 100 000 s.
        let cross = 90e6 * 1e5 / 8000.0;
        for lossy in [
            r#"{"kind":"bit_error","ber":0.5}"#,
            r#"{"kind":"packet_error","per":1}"#,
        ] {
            assert!(events(&doc(lossy)) > cross, "{lossy}");
        }
        assert!(events(&doc(r#"{"kind":"none"}"#)) < cross / 100.0);
        // 50 % loss each way: each segment takes about four tries, the horizon four times longer.
        let clean = events(&doc(r#"{"kind":"none"}"#));
        let half = events(&doc(r#"{"kind":"packet_error","per":0.5}"#));
        assert!(half > 1.5 * clean && half < cross, "{clean} {half}");
    }

    /// Lim & Jang's channel steps through every sojourn of a direction that carries traffic.
    #[test]
    fn gilbert_elliott_sojourns_are_priced() {
        let doc = |bad_s: f64, lazy: bool| {
            format!(
                r#"{{"stop":{{"time_s":1000}},"flows":[{{}}],"topology":{{"kind":"dumbbell","bottleneck":{{"rate_bps":1000000,"errors":{{"kind":"gilbert_elliott","good_s":{bad_s},"bad_s":{bad_s},"lazy_transitions":{lazy}}}}}}},"observe":{{"sample_ms":1000}}}}"#
            )
        };
        let slow = events(&doc(1.0, false));
        let fast = events(&doc(1e-4, false));
        // 1000 s / 0.1 ms = 10⁷ state changes on the bottleneck's forward direction.
        assert!((fast - slow - (1e7 - 1e3)).abs() < 1.0, "{slow} {fast}");
        assert_eq!(events(&doc(1e-4, true)), events(&doc(1.0, true)));
    }
}
