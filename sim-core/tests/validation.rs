//! Validation of the simulator against theory: capacity, window limits, queueing delay, the
//! Padhye et al. model under random loss, fairness and determinism.
//! Every expected value is computed in the test with its arithmetic written beside it.

use serde_json::{json, Value};
use sim_core::{csv, Simulation};

/// A dumbbell scenario with one bottleneck and the given flows.
fn dumbbell(
    rate_bps: f64,
    delay_ms: f64,
    limit: u64,
    errors: Value,
    flows: Value,
    time_s: f64,
) -> Value {
    json!({
        "schema": 1, "id": "validation", "seed": 1,
        "stop": { "time_s": time_s, "when_transfers_done": true },
        "topology": { "kind": "dumbbell",
            "access": { "rate_bps": 100e6, "delay_ms": 0.1, "queue": { "kind": "drop_tail", "limit_pkts": 1000 } },
            "bottleneck": { "rate_bps": rate_bps, "delay_ms": delay_ms,
                            "queue": { "kind": "drop_tail", "limit_pkts": limit }, "errors": errors } },
        "flows": flows,
        "observe": { "sample_ms": 100 }
    })
}

fn run(v: &Value) -> Simulation {
    let mut sim = sim_core::budget::simulation(&v.to_string()).expect("valid scenario");
    sim.run().expect("run");
    sim
}

#[test]
fn error_free_transfer_reaches_header_adjusted_capacity() {
    // 1 Mbit/s, 10 ms one way, 99-packet buffer, one 1 MB transfer, no errors.
    // freebsd45: 1448 B payload in 1500 B packets → payload capacity
    //   C_payload = 1e6 · 1448 / 1500 = 965.33 kbit/s.
    // Handshake (≈ 1 RTT ≈ 32 ms) and slow start cost a few RTTs out of ≈ 8.7 s, so the measured
    // throughput must lie within 5 % below that ceiling (and can never exceed it).
    let v = dumbbell(
        1e6,
        10.0,
        99,
        json!({ "kind": "none" }),
        json!([{ "id": "tcp", "bytes": 1_048_576, "tcp": { "profile": "freebsd45" } }]),
        600.0,
    );
    let s = run(&v).summary();
    let f = &s.flows[0];
    let ceiling = 1e6 * 1448.0 / 1500.0 / 1000.0;
    assert_eq!(f.bytes_delivered, 1_048_576);
    assert!(
        f.throughput_kbps <= ceiling,
        "{} > {ceiling}",
        f.throughput_kbps
    );
    assert!(
        f.throughput_kbps >= 0.95 * ceiling,
        "{} < 95 % of {ceiling}",
        f.throughput_kbps
    );
    assert_eq!((f.retransmissions, f.timeouts, f.losses_queue), (0, 0, 0));
}

#[test]
fn receiver_window_limits_throughput_to_rwnd_over_rtt() {
    // 10 Mbit/s, 50 ms one way, rwnd 16 384 B, MSS 1448, ACK every segment.
    // The sender keeps ⌊16384/1448⌋ = 11 segments = 15 928 B in flight.
    // RTT = 2·50 + 2·0.1 (access) + 1500·8/10e6 (1.2 ms) + 1500·8/100e6 (0.12) + ACKs 52·8/10e6
    //       (0.0416) + 52·8/100e6 (0.004) ≈ 101.57 ms → rate = 15 928·8 / 0.10157 = 1.2546 Mbit/s.
    // Capacity is 10 Mbit/s, so min(rwnd/RTT, C) = rwnd/RTT. Slow start and the handshake cost
    // ≈ 5 RTTs of 60 s; allow 3 %.
    let v = dumbbell(
        10e6,
        50.0,
        1000,
        json!({ "kind": "none" }),
        json!([{ "id": "w", "bytes": null,
                 "tcp": { "profile": "freebsd45", "rwnd_bytes": 16384, "delayed_ack_ms": 0 } }]),
        60.0,
    );
    let s = run(&v).summary();
    let rtt = 0.100 + 0.0002 + 0.0012 + 0.00012 + 0.0000416 + 0.00000416;
    let expect = 11.0 * 1448.0 * 8.0 / rtt / 1000.0;
    let got = s.flows[0].throughput_kbps;
    assert!(
        (got - expect).abs() / expect < 0.03,
        "got {got} kbit/s, expected {expect}"
    );
}

#[test]
fn full_buffer_adds_b_times_s_over_c_of_queueing_delay() {
    // One bulk flow with a huge window into a 20-packet buffer at 1 Mbit/s fills the buffer.
    // Queueing delay of a full buffer = B·S/C = 20 · 1500·8 / 1e6 = 240 ms. Base RTT = 2·10 +
    // 2·0.1 + 12 (own serialization) + 0.416 (ACK serialization) + access ≈ 32.7 ms.
    // The largest RTT sample is then ≈ 272.7 ms, plus up to one packet time (12 ms) of the
    // packet in service.
    let v = dumbbell(
        1e6,
        10.0,
        20,
        json!({ "kind": "none" }),
        json!([{ "id": "q", "bytes": null, "tcp": { "profile": "freebsd45", "rwnd_bytes": 1_000_000 } }]),
        30.0,
    );
    let sim = run(&v);
    let max_rtt_ms = sim.flows[0].sender.rtt.max_rtt_s * 1000.0;
    assert!(
        (260.0..=290.0).contains(&max_rtt_ms),
        "max RTT {max_rtt_ms} ms"
    );
    assert!(
        sim.summary().flows[0].losses_queue > 0,
        "the buffer must overflow"
    );
}

/// Padhye et al. 1998, packets/s: 1 / (RTT·√(2bp/3) + T0·min(1, 3·√(3bp/8))·p·(1 + 32p²)),
/// capped by W_max/RTT.
fn padhye(p: f64, rtt: f64, t0: f64, b: f64, wmax: f64) -> f64 {
    let denom = rtt * (2.0 * b * p / 3.0).sqrt()
        + t0 * (3.0 * (3.0 * b * p / 8.0).sqrt()).min(1.0) * p * (1.0 + 32.0 * p * p);
    (1.0 / denom).min(wmax / rtt)
}

#[test]
fn newreno_under_bernoulli_loss_tracks_padhye() {
    // docs/design.md §9: one NewReno flow, RTT ≈ 100 ms, Bernoulli loss p on the data direction, a large
    // buffer and a fast bottleneck (so queueing is negligible), ACK per segment (b = 1),
    // min RTO 1 s (T0 = 1 s). The usual agreement of the model is ±30 %; we check each p against
    // the mean of 4 seeds × 300 s (≈ 10⁴–10⁵ packets per point).
    for &p in &[0.01, 0.02, 0.05] {
        let mut total = 0.0;
        for seed in 1..=4 {
            let mut v = dumbbell(
                100e6,
                49.8,
                10_000,
                json!({ "kind": "packet_error", "per": p }),
                json!([{ "id": "r", "bytes": null,
                         "tcp": { "profile": "ns2", "mss_bytes": 1000, "rwnd_bytes": 1_000_000,
                                  "delayed_ack_ms": 0, "min_rto_ms": 1000, "clock_granularity_ms": 0 } }]),
                300.0,
            );
            v["seed"] = json!(seed);
            total += run(&v).summary().flows[0].throughput_kbps;
        }
        let sim_kbps = total / 4.0;
        // RTT = 2·49.8 + 2·0.1 + (1052·8/100e6 + 1052·8/100e6) + ACKs ≈ 100.0 ms.
        let model_kbps = padhye(p, 0.100, 1.0, 1.0, 1000.0) * 1000.0 * 8.0 / 1000.0;
        let ratio = sim_kbps / model_kbps;
        eprintln!("p = {p}: simulated {sim_kbps:.1} kbit/s, Padhye {model_kbps:.1} kbit/s, ratio {ratio:.3}");
        assert!(
            (0.7..=1.3).contains(&ratio),
            "p = {p}: simulated {sim_kbps:.1} kbit/s vs Padhye {model_kbps:.1} (ratio {ratio:.2})"
        );
    }
}

#[test]
fn two_identical_long_flows_share_fairly() {
    // Two bulk NewReno flows through one drop-tail bottleneck: Jain's index of their
    // throughputs over 200 s must be ≥ 0.95.
    let v = dumbbell(
        2e6,
        20.0,
        30,
        json!({ "kind": "none" }),
        json!([{ "id": "a", "bytes": null, "tcp": { "profile": "ns2" } },
               { "id": "b", "bytes": null, "start_s": 0.05, "tcp": { "profile": "ns2" } }]),
        200.0,
    );
    let s = run(&v).summary();
    let x: Vec<f64> = s.flows.iter().map(|f| f.throughput_kbps).collect();
    let j = sim_core::metrics::jain(&x).unwrap();
    eprintln!("two flows: {x:?}, Jain {j:.4}");
    assert!(j >= 0.95, "Jain {j} for {x:?}");
    // Together they fill the link: 2 Mbit/s · 1000/1052 (ns2 payload share) = 1901 kbit/s.
    let sum: f64 = x.iter().sum();
    assert!(sum > 0.9 * 1901.0, "aggregate {sum}");
}

#[test]
fn same_seed_is_byte_identical_and_seeds_differ() {
    let v = dumbbell(
        1e6,
        10.0,
        99,
        json!({ "kind": "bit_error", "ber": 4.274e-6 }),
        json!([{ "id": "tcp", "bytes": 1_048_576, "tcp": { "profile": "freebsd45" } }]),
        600.0,
    );
    let out = |v: &Value| {
        let mut sim = run(v);
        let pts = sim.take_points();
        let s = sim.summary();
        (
            csv::summary_csv(&s),
            csv::series_csv(sim.series_names(), &pts),
        )
    };
    let a = out(&v);
    assert_eq!(a, out(&v));
    let mut v2 = v.clone();
    v2["seed"] = json!(2);
    let b = out(&v2);
    assert_ne!(a.0, b.0);
}

#[test]
fn sack_repairs_a_window_of_losses_without_a_timeout() {
    // Slow start into a 20-packet buffer at 10 Mbit/s, 50 ms: the window doubles past
    // BDP + buffer ≈ 85 + 20 segments and dozens of segments of one window overflow.
    // RFC 6675 SACK recovery retransmits exactly the lost segments in one episode with no
    // timeout; NewReno repairs one loss per RTT and here falls back to an RTO and go-back-N.
    let base = |sack: bool| {
        dumbbell(
            10e6,
            50.0,
            20,
            json!({ "kind": "none" }),
            json!([{ "id": "x", "bytes": 2_000_000,
                     "tcp": { "profile": "ns2", "rwnd_bytes": 1_000_000, "sack": sack } }]),
            60.0,
        )
    };
    let sack = run(&base(true)).summary().flows[0].clone();
    let reno = run(&base(false)).summary().flows[0].clone();
    assert!(
        sack.losses_queue > 10,
        "needs a multi-loss window, got {}",
        sack.losses_queue
    );
    assert_eq!(sack.timeouts, 0);
    assert_eq!(sack.fast_retransmits, 1);
    assert_eq!(
        sack.retransmissions, sack.losses_queue,
        "SACK resends exactly what was lost"
    );
    assert!(reno.retransmissions > reno.losses_queue || reno.timeouts > 0);
    assert!(sack.completion_s.unwrap() < reno.completion_s.unwrap());
}

#[test]
fn throughput_series_is_a_trailing_window_average() {
    // Error-free 1 Mbit/s bottleneck, full window: payload arrives at 965.33 kbit/s
    // (1448/1500 of the line rate). A 500 ms window holds 500/12 ≈ 41.7 packets, so one packet
    // more or less moves a sample by 1/41.7 = 2.4 %; every sample between 3 s and 8 s (past slow
    // start, before the transfer ends at ≈ 8.7 s) must lie within 5 % of the line rate.
    let mut v = dumbbell(
        1e6,
        10.0,
        99,
        json!({ "kind": "none" }),
        json!([{ "id": "tcp", "bytes": 1_048_576, "tcp": { "profile": "freebsd45" } }]),
        600.0,
    );
    v["observe"] = json!({ "sample_ms": 10, "throughput_window_ms": 500 });
    let mut sim = run(&v);
    let pts = sim.take_points();
    let id = sim
        .series_names()
        .iter()
        .position(|(e, m)| e == "tcp" && *m == "throughput_kbps")
        .unwrap();
    let ceiling = 1e6 * 1448.0 / 1500.0 / 1000.0;
    let mut n = 0;
    for p in pts
        .chunks_exact(3)
        .filter(|p| p[0] as usize == id && (3000.0..=8000.0).contains(&p[1]))
    {
        assert!(
            (p[2] - ceiling).abs() / ceiling < 0.05,
            "sample at {} ms: {} kbit/s",
            p[1],
            p[2]
        );
        n += 1;
    }
    assert_eq!(n, 501, "one sample per 10 ms from 3 s to 8 s");
}

#[test]
fn trace_shows_newreno_one_rtt_per_loss_and_sack_repairing_at_once() {
    // Same slow-start overshoot as above, traced. The base RTT is ≈ 100 ms (2 × 50 ms).
    // NewReno retransmits one lost segment per partial ACK, i.e. one per RTT; SACK sends the
    // retransmissions of the window back to back as pipe allows.
    use sim_core::tcp::trace::TraceKind;
    let traced = |sack: bool| {
        let mut v = dumbbell(
            10e6,
            50.0,
            20,
            json!({ "kind": "none" }),
            json!([{ "id": "x", "bytes": 2_000_000,
                     "tcp": { "profile": "ns2", "rwnd_bytes": 1_000_000, "sack": sack } }]),
            60.0,
        );
        v["observe"]["trace"] = json!(true);
        let mut sim = sim_core::budget::simulation(&v.to_string()).unwrap();
        sim.run().unwrap();
        let trace = sim.take_trace();
        let s = sim.summary().flows[0].clone();
        (trace, s)
    };
    for sack in [false, true] {
        let (trace, s) = traced(sack);
        let count = |k| trace.iter().filter(|e| e.kind == k).count() as u64;
        assert_eq!(count(TraceKind::Drop), s.losses_queue);
        assert_eq!(count(TraceKind::Retransmit), s.retransmissions);
        assert_eq!(count(TraceKind::Verdict), s.fast_retransmits);
        assert_eq!(count(TraceKind::Timeout), s.timeouts);
        assert!(
            trace.windows(2).all(|w| w[0].t_ms <= w[1].t_ms),
            "time order"
        );
        let rtx: Vec<f64> = trace
            .iter()
            .filter(|e| e.kind == TraceKind::Retransmit)
            .map(|e| e.t_ms)
            .collect();
        if sack {
            // Every loss of the window is repaired within three round trips of the first
            // retransmission (RFC 6675 waits until pipe < cwnd, about one RTT, then sends the
            // retransmissions back to back).
            assert!(
                rtx.len() as u64 == s.losses_queue && rtx.last().unwrap() - rtx[0] < 3.0 * 100.0,
                "{rtx:?}"
            );
        } else {
            // Fast retransmit, then one retransmission per partial ACK ≥ one base RTT apart.
            for w in rtx.windows(2).take(4) {
                assert!(w[1] - w[0] >= 100.0, "NewReno retransmissions {rtx:?}");
            }
        }
    }
}

/// Editors find a file's JSON Schema through its `"$schema"` key: scenario and sweep
/// files may carry one, the simulator ignores it, and a misspelled key is still an error.
#[test]
fn a_schema_key_for_editors_is_accepted_and_ignored() {
    let plain = dumbbell(
        1e6,
        10.0,
        20,
        json!({ "kind": "none" }),
        json!([{ "bytes": 10000 }]),
        5.0,
    );
    let mut sc = plain.clone();
    sc["$schema"] = json!("https://example.org/schema/scenario.schema.json");
    assert_eq!(sim_core::problems(&sc.to_string()), Vec::<String>::new());
    assert_eq!(
        csv::summary_csv(&run(&sc).summary()),
        csv::summary_csv(&run(&plain).summary()),
        "the key changes nothing"
    );
    let mut bad = sc.clone();
    bad["$schema"] = json!(3);
    assert_eq!(
        sim_core::problems(&bad.to_string()),
        vec!["$schema: must be a string (got a number)".to_string()]
    );

    let messages =
        |e: Vec<sim_core::ConfigError>| e.iter().map(|e| e.to_string()).collect::<Vec<_>>();
    let mut no_ids = |id: &str| -> Result<Value, String> { Err(format!("no {id}")) };
    let sweep = json!({
        "$schema": "../schema/sweep.schema.json",
        "schema": 1, "base": sc,
        "vary": [{ "path": "seed", "values": [1, 2] }], "replications": 1
    });
    let parsed = sim_core::sweep::parse(&sweep.to_string(), &mut no_ids);
    assert!(parsed.is_ok(), "{:?}", parsed.err().map(messages));
    let mut typo = sweep.clone();
    typo["$shema"] = json!("x");
    let errs = messages(
        sim_core::sweep::parse(&typo.to_string(), &mut no_ids).expect_err("typo rejected"),
    );
    assert!(
        errs.iter().any(|e| e.starts_with("$shema: unknown field")),
        "{errs:?}"
    );
}
