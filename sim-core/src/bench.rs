//! The four benchmark workloads (docs/design.md §D10), shared by `losslab bench` and the criterion benches.
//!
//! | id | link | buffer | flows | errors | runs |
//! |---|---|---|---|---|---|
//! | `w1` | 1 Mbit/s, 10 ms | 99 pkts | 1 NewReno, 1 MB (2^20 B), `freebsd45` | BER ∈ 7 values | 7 BER × 10 seeds = 70 |
//! | `w2` | 1 Mbit/s, 10 ms | 99 pkts | 5 parallel NewReno (`count: 5`), 1 MB each, `freebsd45` | BER ∈ 7 values | 70 |
//! | `w3` | 100 Mbit/s, 10 ms | 200 pkts | 10 bulk NewReno, `ns2` | BER 1e-7 | 1 × 20 s simulated |
//! | `w4` | 2 Mbit/s, 70 ms | 50 pkts | 10 bulk NewReno, `ns2` | BER 1e-6 | 1 × 200 s simulated |
//!
//! The seven BERs are those of Garcia & Brunstrom's scenario 1 (docs/design.md §10.1): 0, 8.375e-7,
//! 1.684e-6, 4.274e-6, 6.497e-6, 8.780e-6, 1.354e-5. The access link is 10× the bottleneck so the
//! bottleneck is where queues build. `quick` shrinks every workload (one seed; w3 and w4 a tenth of
//! the simulated time) for smoke runs.
//!
//! W1 and W2 are sweeps, so they run as `losslab sweep` runs them: summary only
//! ([`RunMode::SummaryOnly`], no series); W3 and W4 are single long runs as the lab runs them, with
//! series sampled and drained. [`scaling_cases`] is the scaling profile of `losslab bench
//! --scaling` (flows 1 → 1000, link rate 1 Mbit/s → 10 Gbit/s; `docs/performance.md`).
//!
//! [`run_documents`] writes a workload's runs as scenario JSON (`losslab bench --scenarios DIR`)
//! for `npm run bench:ns3`, which runs the same scenarios and seeds through the ns-3 harness
//! (`sim-core/crosscheck/`).
//!
//! The library never reads a clock: [`measure`] takes one from its caller (the CLI passes a
//! closure over `std::time::Instant`).

use crate::engine::{RunMode, Simulation};
use crate::scenario::{parse_value, Scenario};
use serde::Serialize;
use serde_json::{json, Value};

/// Garcia & Brunstrom's bit error rates (scenario 1).
pub const GB04_BERS: [f64; 7] = [
    0.0, 8.375e-7, 1.684e-6, 4.274e-6, 6.497e-6, 8.780e-6, 1.354e-5,
];

/// A named set of runs.
#[derive(Clone, Debug)]
pub struct Workload {
    /// Short id (`w1` … `w4`).
    pub id: &'static str,
    /// What it is.
    pub title: &'static str,
    /// The runs, each a validated scenario.
    pub runs: Vec<Scenario>,
    /// The JSON each run was parsed from (same order as `runs`), for [`run_documents`].
    pub sources: Vec<Value>,
    /// How the runs record: summary only for the sweeps (W1, W2), series for W3 and W4.
    pub mode: RunMode,
}

/// Totals of one pass over a workload's runs.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Totals {
    /// Runs completed.
    pub runs: usize,
    /// Events processed, summed over the runs.
    pub events: u64,
    /// Simulated time, summed over the runs, seconds.
    pub simulated_s: f64,
}

/// One workload's measurement.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Measurement {
    /// Workload id.
    pub id: &'static str,
    /// Workload title.
    pub title: &'static str,
    /// Runs.
    pub runs: usize,
    /// Simulated events.
    pub events: u64,
    /// Simulated seconds.
    pub simulated_s: f64,
    /// Wall time, ms.
    pub wall_ms: f64,
    /// Events per wall-clock second.
    pub events_per_s: f64,
}

fn scenario(v: Value) -> Scenario {
    match parse_value(&v) {
        Ok(sc) => sc,
        Err(errs) => panic!("benchmark workload is invalid: {errs:?}"),
    }
}

fn link(rate_bps: f64, delay_ms: f64, limit_pkts: u32, ber: f64) -> Value {
    json!({ "rate_bps": rate_bps, "delay_ms": delay_ms,
            "queue": { "kind": "drop_tail", "limit_pkts": limit_pkts },
            "errors": if ber > 0.0 { json!({ "kind": "bit_error", "ber": ber }) } else { json!({ "kind": "none" }) },
            "reverse": { "errors": { "kind": "none" } } })
}

fn access(rate_bps: f64) -> Value {
    json!({ "rate_bps": rate_bps, "delay_ms": 0.1, "queue": { "kind": "drop_tail", "limit_pkts": 1000 } })
}

/// W1/W2: `count` parallel 1 MB transfers over GB04 scenario 1, for every BER and seed.
fn gb04(id: &'static str, title: &'static str, count: u32, seeds: u64) -> Workload {
    let mut sources = Vec::new();
    for ber in GB04_BERS {
        for seed in 1..=seeds {
            sources.push(json!({
                "id": format!("bench-{id}"), "seed": seed,
                "stop": { "time_s": 600, "when_transfers_done": true },
                "topology": { "kind": "dumbbell", "access": access(100e6), "bottleneck": link(1e6, 10.0, 99, ber) },
                "flows": [{ "id": "ld", "count": count, "bytes": 1_048_576,
                            "tcp": { "cc": "new_reno", "profile": "freebsd45" } }]
            }));
        }
    }
    Workload {
        id,
        title,
        runs: sources.iter().cloned().map(scenario).collect(),
        sources,
        mode: RunMode::SummaryOnly,
    }
}

/// W3/W4: 10 bulk flows for `time_s` simulated seconds.
fn bulk(
    id: &'static str,
    title: &'static str,
    rate_bps: f64,
    delay_ms: f64,
    limit: u32,
    ber: f64,
    time_s: f64,
) -> Workload {
    let source = json!({
        "id": format!("bench-{id}"), "seed": 1,
        "stop": { "time_s": time_s },
        "topology": { "kind": "dumbbell", "access": access(rate_bps * 10.0), "bottleneck": link(rate_bps, delay_ms, limit, ber) },
        "flows": [{ "id": "bulk", "count": 10, "bytes": null, "tcp": { "cc": "new_reno", "profile": "ns2" } }]
    });
    Workload {
        id,
        title,
        runs: vec![scenario(source.clone())],
        sources: vec![source],
        mode: RunMode::Full,
    }
}

/// The four workloads; `quick` makes each one small (one seed, a tenth of the simulated time).
pub fn workloads(quick: bool) -> Vec<Workload> {
    let seeds = if quick { 1 } else { 10 };
    let scale = if quick { 0.1 } else { 1.0 };
    vec![
        gb04(
            "w1",
            "1 Mbit/s 10 ms 99 pkts, 1 NewReno flow, 1 MB, 7 BER x seeds",
            1,
            seeds,
        ),
        gb04(
            "w2",
            "1 Mbit/s 10 ms 99 pkts, 5 parallel NewReno flows, 1 MB each, 7 BER x seeds",
            5,
            seeds,
        ),
        bulk(
            "w3",
            "100 Mbit/s 10 ms 200 pkts, 10 bulk NewReno flows, BER 1e-7, 20 s",
            100e6,
            10.0,
            200,
            1e-7,
            20.0 * scale,
        ),
        bulk(
            "w4",
            "2 Mbit/s 70 ms 50 pkts, 10 bulk NewReno flows, BER 1e-6, 200 s",
            2e6,
            70.0,
            50,
            1e-6,
            200.0 * scale,
        ),
    ]
}

impl Workload {
    /// Run every scenario of the workload to its end.
    pub fn run(&self) -> Result<Totals, String> {
        let mut t = Totals::default();
        for sc in &self.runs {
            let mut sim =
                Simulation::with_mode(sc, self.mode, crate::budget::Budget::active().limits());
            sim.run()
                .map_err(|e| format!("{} seed {}: {e}", self.id, sc.seed))?;
            // Drain the series like a real consumer would (and keep memory flat).
            drop(sim.take_points());
            t.runs += 1;
            t.events += sim.events_done();
            t.simulated_s += sim.now().as_secs_f64();
        }
        Ok(t)
    }
}

/// The workload's runs as scenario JSON (`losslab bench --scenarios DIR`, read by
/// `npm run bench:ns3`): each run's source with the values its profile and defaults resolved to
/// written out (`flows[0].start_s`, the `tcp` knobs the ns-3 harness maps, each link's
/// `framing_bytes`), so a reader needs no copy of the profiles. Every document parses back to
/// the run it came from (a test checks).
pub fn run_documents(w: &Workload) -> Value {
    let runs: Vec<Value> = w
        .sources
        .iter()
        .zip(&w.runs)
        .map(|(src, sc)| explicit(src, sc))
        .collect();
    json!({ "id": w.id, "title": w.title,
            "mode": if w.mode == RunMode::SummaryOnly { "summary_only" } else { "full" },
            "runs": runs })
}

fn explicit(src: &Value, sc: &Scenario) -> Value {
    let mut v = src.clone();
    let f = &sc.flows[0];
    let t = &f.tcp;
    if let Some(flow) = v["flows"].get_mut(0) {
        flow["start_s"] = json!(f.start_s);
        let tcp = &mut flow["tcp"];
        for (k, x) in [
            ("classifier", json!(t.classifier)),
            ("mss_bytes", json!(t.mss_bytes)),
            ("rwnd_bytes", json!(t.rwnd_bytes)),
            ("initial_window_pkts", json!(t.initial_window_pkts)),
            ("sack", json!(t.sack)),
            ("timestamps", json!(t.timestamps)),
            ("delayed_ack_ms", json!(t.delayed_ack_ms)),
            ("min_rto_ms", json!(t.min_rto_ms)),
            ("initial_rto_ms", json!(t.initial_rto_ms)),
            ("max_rto_ms", json!(t.max_rto_ms)),
            ("clock_granularity_ms", json!(t.clock_granularity_ms)),
            ("limited_transmit", json!(t.limited_transmit)),
            ("dupack_threshold", json!(t.dupack_threshold)),
        ] {
            tcp[k] = x;
        }
    }
    if let crate::scenario::Topology::Dumbbell { access, bottleneck } = &sc.topology {
        v["topology"]["access"]["framing_bytes"] = json!(access.framing_bytes);
        v["topology"]["bottleneck"]["framing_bytes"] = json!(bottleneck.framing_bytes);
    }
    v
}

/// Run `w` once, timing it with `clock` (seconds on any monotonic scale).
pub fn measure(w: &Workload, clock: &dyn Fn() -> f64) -> Result<Measurement, String> {
    let t0 = clock();
    let totals = w.run()?;
    let wall_s = (clock() - t0).max(1e-9);
    Ok(Measurement {
        id: w.id,
        title: w.title,
        runs: totals.runs,
        events: totals.events,
        simulated_s: totals.simulated_s,
        wall_ms: wall_s * 1000.0,
        events_per_s: totals.events as f64 / wall_s,
    })
}

/// One case of the scaling profile (`losslab bench --scaling`).
#[derive(Clone, Debug)]
pub struct ScalingCase {
    /// Which axis this case belongs to: `flows` (fixed link) or `rate` (fixed flow count).
    pub axis: &'static str,
    /// Bulk NewReno flows.
    pub flows: u32,
    /// Bottleneck rate, bit/s.
    pub rate_bps: f64,
    /// The run.
    pub scenario: Scenario,
}

/// One row of the scaling profile.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ScalingRow {
    /// `flows` or `rate`.
    pub axis: &'static str,
    /// Bulk flows.
    pub flows: u32,
    /// Bottleneck rate, bit/s.
    pub rate_bps: f64,
    /// Simulated seconds.
    pub simulated_s: f64,
    /// Events processed.
    pub events: u64,
    /// Data segments sent by all flows (with retransmissions).
    pub packets: u64,
    /// Wall time, ms.
    pub wall_ms: f64,
    /// Events per wall-clock second.
    pub events_per_s: f64,
    /// Wall-clock ms per simulated second.
    pub wall_ms_per_sim_s: f64,
    /// Wall-clock ns per data segment sent.
    pub ns_per_packet: f64,
}

/// The scaling profile: bulk NewReno flows (`ns2` profile, BER 1e-7) over a dumbbell whose access
/// links are 10× the bottleneck, 10 ms one way, a 1000-packet buffer.
/// - axis `flows`: 1, 10, 100, 1000 flows at 100 Mbit/s for 2 s simulated;
/// - axis `rate`: 10 flows at 1 Mbit/s … 10 Gbit/s, the simulated time shrinking with the rate
///   (100 s at 1 Mbit/s down to 0.2 s at 10 Gbit/s) so each case sends a comparable number of
///   packets once the flows are past slow start.
///
/// Series are not recorded ([`RunMode::SummaryOnly`]): the profile measures the packet path. With
/// `quick`, every simulated time is a tenth.
pub fn scaling_cases(quick: bool) -> Vec<ScalingCase> {
    let scale = if quick { 0.1 } else { 1.0 };
    let case = |axis, flows: u32, rate_bps: f64, time_s: f64| ScalingCase {
        axis,
        flows,
        rate_bps,
        scenario: scenario(json!({
            "id": format!("scaling-{axis}-{flows}-{rate_bps}"), "seed": 1,
            "stop": { "time_s": time_s * scale },
            "topology": { "kind": "dumbbell", "access": access(rate_bps * 10.0),
                          "bottleneck": link(rate_bps, 10.0, 1000, 1e-7) },
            "flows": [{ "id": "bulk", "count": flows, "bytes": null,
                        "tcp": { "cc": "new_reno", "profile": "ns2" } }]
        })),
    };
    let mut v = Vec::new();
    for n in [1, 10, 100, 1000] {
        v.push(case("flows", n, 100e6, 2.0));
    }
    for (rate, t) in [
        (1e6, 100.0),
        (10e6, 10.0),
        (100e6, 2.0),
        (1e9, 1.0),
        (10e9, 0.2),
    ] {
        v.push(case("rate", 10, rate, t));
    }
    v
}

impl ScalingCase {
    /// `flows<N>` on the flows axis, `rate<R>` (R as `1e6` … `1e10`) on the rate axis.
    pub fn id(&self) -> String {
        if self.axis == "flows" {
            format!("flows{}", self.flows)
        } else {
            format!("rate{:e}", self.rate_bps)
        }
    }
}

/// Run one scaling case (summary only), timing it with `clock` (seconds).
pub fn measure_scaling(c: &ScalingCase, clock: &dyn Fn() -> f64) -> Result<ScalingRow, String> {
    let t0 = clock();
    let mut sim = Simulation::with_mode(
        &c.scenario,
        RunMode::SummaryOnly,
        crate::budget::Budget::active().limits(),
    );
    sim.run()?;
    let wall_s = (clock() - t0).max(1e-9);
    let summary = sim.summary();
    let packets: u64 = summary.flows.iter().map(|f| f.segments_sent).sum();
    let sim_s = sim.now().as_secs_f64();
    Ok(ScalingRow {
        axis: c.axis,
        flows: c.flows,
        rate_bps: c.rate_bps,
        simulated_s: sim_s,
        events: sim.events_done(),
        packets,
        wall_ms: wall_s * 1000.0,
        events_per_s: sim.events_done() as f64 / wall_s,
        wall_ms_per_sim_s: wall_s * 1000.0 / sim_s.max(1e-12),
        ns_per_packet: wall_s * 1e9 / packets.max(1) as f64,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn workloads_have_the_documented_shape() {
        let full = workloads(false);
        let ids: Vec<&str> = full.iter().map(|w| w.id).collect();
        assert_eq!(ids, ["w1", "w2", "w3", "w4"]);
        assert_eq!(full[0].runs.len(), 70);
        assert_eq!(full[1].runs.len(), 70);
        assert_eq!(full[1].runs[0].flows.len(), 5);
        assert_eq!(
            (full[2].runs[0].flows.len(), full[2].runs[0].stop.time_s),
            (10, 20.0)
        );
        assert_eq!(full[3].runs[0].stop.time_s, 200.0);
        assert!(full[3].runs[0]
            .flows
            .iter()
            .all(|f| f.bytes.is_none() && f.tcp.profile == "ns2"));
        assert_eq!(workloads(true)[0].runs.len(), 7);
        assert_eq!(full[0].mode, RunMode::SummaryOnly);
        assert_eq!(full[2].mode, RunMode::Full);
    }

    #[test]
    fn run_documents_parse_back_to_the_runs() {
        for w in workloads(false) {
            let doc = run_documents(&w);
            assert_eq!(doc["id"], w.id);
            let runs = doc["runs"].as_array().unwrap();
            assert_eq!(runs.len(), w.runs.len());
            for (v, sc) in runs.iter().zip(&w.runs) {
                assert_eq!(&parse_value(v).unwrap(), sc, "{} seed {}", w.id, sc.seed);
                // The resolved knobs are written out (W1/W2: the freebsd45 profile's).
                assert_eq!(v["flows"][0]["tcp"]["mss_bytes"], sc.flows[0].tcp.mss_bytes);
                assert!(v["topology"]["bottleneck"]["framing_bytes"].is_u64());
            }
        }
    }

    #[test]
    fn scaling_profile_has_both_axes() {
        let c = scaling_cases(true);
        let flows: Vec<u32> = c
            .iter()
            .filter(|c| c.axis == "flows")
            .map(|c| c.flows)
            .collect();
        assert_eq!(flows, [1, 10, 100, 1000]);
        let rates: Vec<f64> = c
            .iter()
            .filter(|c| c.axis == "rate")
            .map(|c| c.rate_bps)
            .collect();
        assert_eq!(rates, [1e6, 10e6, 100e6, 1e9, 10e9]);
        assert_eq!(c[3].scenario.flows.len(), 1000);
        // The smallest case runs and counts its packets.
        let row = measure_scaling(&c[0], &|| 0.0).unwrap();
        assert!(row.packets > 0 && row.events > row.packets);
    }

    #[test]
    fn measure_uses_the_callers_clock() {
        // A fake clock that advances 0.5 s per reading: wall time is exactly 500 ms.
        let mut w = workloads(true).remove(0);
        w.runs.truncate(1);
        w.runs[0].flows[0].bytes = Some(10_000);
        let ticks = std::cell::Cell::new(0.0);
        let clock = || {
            ticks.set(ticks.get() + 0.5);
            ticks.get()
        };
        let m = measure(&w, &clock).unwrap();
        assert_eq!((m.runs, m.wall_ms), (1, 500.0));
        assert!(m.events > 0 && (m.events_per_s - m.events as f64 / 0.5).abs() < 1e-6);
    }
}
