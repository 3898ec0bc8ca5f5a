//! Engine-level tests of the network layer: cross traffic through real queues, per-direction error
//! models acting on TCP, AQM drops and congestion-warning marks reaching the packets, and routing
//! on a graph topology. Expected values are worked out in the comments.

use super::Simulation;
use crate::net::{ChannelStats, CrossStats};
use serde_json::{json, Value};

/// A dumbbell: 100 Mbit/s, 0.1 ms access; bottleneck 1 Mbit/s, 10 ms, drop-tail `limit` packets,
/// with `bottleneck` fields merged over these defaults.
fn dumbbell(limit: u64, bottleneck: Value, flows: Value, cross: Value, time_s: f64) -> Value {
    let mut b = json!({ "rate_bps": 1e6, "delay_ms": 10, "queue": { "kind": "drop_tail", "limit_pkts": limit } });
    for (k, v) in bottleneck.as_object().unwrap() {
        b[k] = v.clone();
    }
    json!({
        "schema": 1, "id": "engine-test", "seed": 1,
        "stop": { "time_s": time_s, "when_transfers_done": true },
        "topology": { "kind": "dumbbell",
            "access": { "rate_bps": 100e6, "delay_ms": 0.1, "queue": { "kind": "drop_tail", "limit_pkts": 1000 } },
            "bottleneck": b },
        "flows": flows,
        "cross_traffic": cross,
        "observe": { "sample_ms": 100 }
    })
}

/// A TCP flow that only opens its connection when the run ends (scenarios need one flow).
fn idle_flow(at_s: f64) -> Value {
    json!([{ "id": "idle", "start_s": at_s, "bytes": null }])
}

fn run(v: &Value) -> Simulation {
    let mut sim = super::test_simulation(&v.to_string()).unwrap_or_else(|e| panic!("{e:?}"));
    sim.run().expect("run");
    sim
}

fn link(sim: &Simulation, name: &str) -> ChannelStats {
    sim.link_stats()
        .into_iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no link {name}"))
        .1
}

fn cross(sim: &Simulation, id: &str) -> CrossStats {
    sim.cross_stats()
        .into_iter()
        .find(|(n, _)| n == id)
        .unwrap()
        .1
}

// ===== Cross traffic =====

#[test]
fn cbr_at_half_the_bottleneck_loses_nothing() {
    // 1000-B datagrams at 0.5 Mbit/s: T = 8000/0.5e6 = 16 ms; from 0 to 10 s: t = k·16 ms < 10 s
    // → k = 0 … 624: rate·time/size = 0.5e6·10/8000 = 625 datagrams. Each takes 8 ms of the 16 ms
    // spacing on the 1 Mbit/s bottleneck, so no queue ever builds. All arrive by 10.02 s < 20 s.
    let sim = run(&dumbbell(
        10,
        json!({}),
        idle_flow(20.0),
        json!([{ "id": "cbr1", "rate_bps": 0.5e6, "packet_bytes": 1000, "stop_s": 10 }]),
        20.0,
    ));
    let s = cross(&sim, "cbr1");
    assert_eq!(s.sent, 625);
    assert!((s.delivered as i64 - 625).abs() <= 1, "{s:?}");
    assert_eq!((s.drops_queue, s.drops_aqm, s.lost), (0, 0, 0));
    assert_eq!(s.bytes_delivered, s.delivered * 1000);
    assert_eq!(link(&sim, "bottleneck").drops_queue, 0);
    // The TCP flow is untouched by datagrams (their `flow` index is a source index, not a flow's).
    assert_eq!(sim.summary().flows[0].losses_queue, 0);
}

#[test]
fn cbr_at_150_percent_loses_about_a_third() {
    // 1000 B at 1.5 Mbit/s: T = 8000/1.5e6 = 5.333 ms; in [0, 10 s): ⌈10/0.005333⌉ = 1875 datagrams.
    // The bottleneck serves one per 8 ms: the share it can take is 1/1.5 = 2/3, so ≈ 1/3 is lost:
    // by the last arrival (≈ 9.995 s) it has finished ⌊9.995/0.008⌋ = 1249 and holds 10 waiting + 1 in
    // service, all delivered later: 1249 + 11 = 1260 delivered, 1875 − 1260 = 615 dropped
    // (1875/3 = 625 minus the 11 the buffer absorbs at the end); ±2 for the boundary rounding.
    let sim = run(&dumbbell(
        10,
        json!({}),
        idle_flow(20.0),
        json!([{ "id": "cbr1", "rate_bps": 1.5e6, "packet_bytes": 1000, "stop_s": 10 }]),
        20.0,
    ));
    let s = cross(&sim, "cbr1");
    assert_eq!(s.sent, 1875);
    assert!((s.drops_queue as i64 - 615).abs() <= 2, "{s:?}");
    assert_eq!(s.delivered + s.drops_queue, s.sent);
    assert!((s.drops_queue as f64 / s.sent as f64 - 1.0 / 3.0).abs() < 0.01);
    assert_eq!(link(&sim, "bottleneck").drops_queue, s.drops_queue);
}

#[test]
fn reverse_cross_traffic_loads_the_ack_path_only() {
    // Reverse CBR at 0.5 Mbit/s crosses bottleneck.reverse and access.reverse, never the data path.
    let sim = run(&dumbbell(
        10,
        json!({}),
        idle_flow(5.0),
        json!([{ "id": "up", "rate_bps": 0.5e6, "packet_bytes": 500, "direction": "reverse", "stop_s": 2 }]),
        5.0,
    ));
    // T = 4000/0.5e6 = 8 ms over 2 s → 250 datagrams.
    assert_eq!(cross(&sim, "up").delivered, 250);
    assert_eq!(link(&sim, "bottleneck.reverse").sent, 250);
    // The idle flow's SYN leaves at t = 5 s (the stop time) and never reaches the bottleneck.
    assert_eq!(link(&sim, "bottleneck").sent, 0);
}

#[test]
fn cross_traffic_runs_are_deterministic_per_seed() {
    let v = dumbbell(
        20,
        json!({}),
        json!([{ "id": "tcp", "bytes": 300000 }]),
        json!([{ "id": "p", "kind": "poisson", "rate_bps": 0.3e6, "packet_bytes": 700 },
               { "id": "o", "kind": "on_off", "rate_bps": 0.4e6, "on_s": 0.5, "off_s": 0.5 }]),
        30.0,
    );
    let (a, b) = (run(&v), run(&v));
    assert_eq!(a.summary(), b.summary());
    assert_eq!(a.cross_stats(), b.cross_stats());
    assert!(cross(&a, "p").delivered > 0 && cross(&a, "o").delivered > 0);
}

// ===== Error models on TCP =====

#[test]
fn ack_direction_packet_error_counts_as_other_losses() {
    // 5 % loss on bottleneck.reverse only: every lost packet there is an ACK (or the SYN-ACK) of
    // the flow, so losses_other equals that direction's loss count, and no data is corrupted.
    // ≈ 1 MB/1460 = 718 segments, one ACK each (delayed ACKs off) → ≈ 36 ACKs lost.
    let sim = run(&dumbbell(
        100,
        json!({ "reverse": { "errors": { "kind": "packet_error", "per": 0.05 } } }),
        json!([{ "id": "tcp", "bytes": 1_000_000, "tcp": { "delayed_ack_ms": 0 } }]),
        json!([]),
        600.0,
    ));
    let f = &sim.summary().flows[0];
    let rev = link(&sim, "bottleneck.reverse");
    assert_eq!(f.bytes_delivered, 1_000_000);
    assert_eq!(f.losses_other, rev.lost);
    assert!((15..=70).contains(&f.losses_other), "{}", f.losses_other);
    assert_eq!(f.losses_corruption, 0);
    assert_eq!(link(&sim, "bottleneck").lost, 0);
}

#[test]
fn drop_list_drops_exactly_the_listed_data_packets() {
    // On the bottleneck data direction the SYN is packet 0 and data segments follow: packets 5 and
    // 12 are data segments 5 and 12 (0-based numbers on the link). A 1000-packet buffer rules out
    // queue losses, so the flow sees exactly two wireless losses and retransmits exactly twice.
    let sim = run(&dumbbell(
        1000,
        json!({ "errors": { "kind": "drop_list", "packets": [12, 5] } }),
        json!([{ "id": "tcp", "bytes": 100_000, "tcp": { "delayed_ack_ms": 0 } }]),
        json!([]),
        600.0,
    ));
    let f = &sim.summary().flows[0];
    assert_eq!(f.bytes_delivered, 100_000);
    assert_eq!(
        (f.losses_corruption, f.losses_queue, f.losses_other),
        (2, 0, 0)
    );
    assert_eq!(f.retransmissions, 2);
    assert_eq!(link(&sim, "bottleneck").lost, 2);
}

#[test]
fn error_burst_stalls_the_flow_and_gilbert_elliott_loses_packets() {
    // A total burst from 1 s to 3 s: every data packet departing then is lost (WirelessLoss).
    let sim = run(&dumbbell(
        100,
        json!({ "errors": { "kind": "burst", "start_s": 1.0, "duration_s": 2.0 } }),
        json!([{ "id": "tcp", "bytes": 400_000 }]),
        json!([]),
        600.0,
    ));
    let f = &sim.summary().flows[0];
    assert_eq!(f.bytes_delivered, 400_000);
    assert!(f.losses_corruption > 0 && f.timeouts > 0, "{f:?}");
    assert_eq!(f.losses_corruption, link(&sim, "bottleneck").lost);
    // Lim & Jang Gilbert–Elliott with 100 ms Bad sojourns (mean loss 1 %).
    let sim = run(&dumbbell(
        100,
        json!({ "errors": { "kind": "gilbert_elliott", "bad_s": 0.1 } }),
        json!([{ "id": "tcp", "bytes": null }]),
        json!([]),
        120.0,
    ));
    let b = link(&sim, "bottleneck");
    assert_eq!(sim.summary().flows[0].losses_corruption, b.lost);
    assert!(b.lost > 0, "{b:?}");
}

// ===== Queue disciplines =====

#[test]
fn red_drops_are_aqm_drops_counted_as_congestion() {
    // A bulk flow with a large window into RED (B = 40: min_th 10, max_th 30 by default) on the
    // bottleneck: the average climbs and early drops happen, attributed to queues (congestion).
    let sim = run(&dumbbell(
        40,
        json!({ "queue": { "kind": "red", "limit_pkts": 40 } }),
        json!([{ "id": "tcp", "bytes": null, "tcp": { "rwnd_bytes": 1_000_000 } }]),
        json!([]),
        60.0,
    ));
    let b = link(&sim, "bottleneck");
    let f = &sim.summary().flows[0];
    assert!(b.drops_aqm > 0, "{b:?}");
    assert_eq!(f.losses_queue, b.drops_aqm + b.drops_queue);
    assert_eq!(f.losses_corruption, 0);
}

#[test]
fn congestion_warning_marks_data_packets_when_the_queue_builds() {
    // Instantaneous CW at 3 packets on the bottleneck: slow start queues more than 3 segments
    // behind the one in service, so some data packets leave marked; no packet is dropped by it.
    let cw = json!({ "queue": { "kind": "drop_tail", "limit_pkts": 1000,
                                "congestion_warning": { "threshold_pkts": 3, "instantaneous": true } } });
    let sim = run(&dumbbell(
        1000,
        cw,
        json!([{ "id": "tcp", "bytes": 200_000 }]),
        json!([]),
        600.0,
    ));
    let b = link(&sim, "bottleneck");
    assert!(b.marked > 0, "{b:?}");
    assert_eq!((b.drops_queue, b.drops_aqm), (0, 0));
    // ACKs on the reverse direction inherit the queue but are never marked.
    assert_eq!(link(&sim, "bottleneck.reverse").marked, 0);
}

// ===== Graph topology =====

#[test]
fn nj_plus_background_topology_runs_with_cross_traffic_both_ways() {
    let v: Value = serde_json::from_str(crate::net::tests::NJ_PLUS_BACKGROUND).unwrap();
    let sim = run(&v);
    let f = &sim.summary().flows[0];
    assert!(f.bytes_delivered > 100_000, "{f:?}");
    // 5 % packet errors on the 2 Mbit/s wireless downlink only.
    assert_eq!(f.losses_corruption, link(&sim, "wireless").lost);
    assert!(f.losses_corruption > 0);
    assert_eq!(link(&sim, "wireless.reverse").lost, 0);
    // ACKs use the 1 Mbit/s uplink and then the wired links back; the cross traffic never touches
    // the wireless hop. A few ACKs are still on their way when the run stops at 10 s.
    let (up, back) = (
        link(&sim, "wireless.reverse").sent,
        link(&sim, "s_r1.reverse").sent,
    );
    assert!(
        up >= back && up - back <= 5,
        "{up} ACKs up, {back} at the sender's link"
    );
    // Each 1 Mbit/s CBR of 1500-B datagrams over [0, 9 s): 1e6·9/12 000 = 750 datagrams
    // (t = k·12 ms < 9 s, k = 0 … 749), all delivered by the 100 Mbit/s links within 40 ms.
    for id in ["fwd", "rev"] {
        let c = cross(&sim, id);
        assert_eq!((c.sent, c.delivered), (750, 750), "{id}: {c:?}");
    }
    // R1 → BS carries the flow's data and the forward CBR; BS → R1 its ACKs and the reverse CBR.
    // Up to a window's worth of packets is still in propagation on the previous hop at 10 s
    // (10 ms on S—R1 at ≈ 2 Mbit/s of data ≈ 3 packets; 1 ms of ACKs on the uplink): allow 10.
    let behind = |upstream: u64, here: u64| here <= upstream && upstream - here <= 10;
    assert!(behind(
        link(&sim, "s_r1").sent + 750,
        link(&sim, "r1_bs").sent
    ));
    assert!(behind(up + 750, link(&sim, "r1_bs.reverse").sent));
}
