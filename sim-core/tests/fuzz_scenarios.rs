//! Bounded fuzzing of the scenario and sweep parsers and of the engine, inside `cargo test`.
//!
//! Random mutations of valid scenarios ([`mutate`]: replaced, removed and inserted fields, huge,
//! negative, subnormal and "NaN"-like values, wrong types, deep nesting) must never make
//! `parse` panic; parsing the JSON text and the parsed value must agree; and whenever the parser
//! accepts, a run capped at 2 s simulated and 200 000 events must not panic either.
//!
//! Deterministic by default (fixed seed). Explore further with, e.g.,
//! `LOSSLAB_FUZZ_SEED=7 LOSSLAB_FUZZ_CASES=5000 cargo test -p sim-core --release --test all fuzz_scenarios::`.
//! The unbounded libFuzzer target lives in `sim-core/fuzz/` (see its README).

use crate::common::mutate;

use mutate::{apply, bases, depth, op};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use serde_json::{json, Value};
use sim_core::scenario::{parse, parse_value};
use sim_core::time::SimTime;
use sim_core::{csv, Simulation};

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

fn runner(default_cases: u32) -> TestRunner {
    TestRunner::new(Config {
        cases: env("LOSSLAB_FUZZ_CASES", default_cases as u64) as u32,
        rng_seed: RngSeed::Fixed(env("LOSSLAB_FUZZ_SEED", 0x0105_51AB)),
        failure_persistence: None,
        ..Config::default()
    })
}

/// The base documents: every one must be valid, so that the mutations start from every feature
/// of the format (a failure here means the format changed under `tests/common/mutate.rs`).
fn valid_bases() -> Vec<Value> {
    let all = bases();
    let problems: Vec<_> = all
        .iter()
        .map(parse_value)
        .filter_map(Result::err)
        .collect();
    assert!(problems.is_empty(), "invalid fuzz bases: {problems:?}");
    all
}

#[test]
fn mutated_scenarios_never_panic_the_parser_or_the_engine() {
    let bases = valid_bases();
    let n = bases.len();
    let accepted = std::cell::Cell::new(0u64);
    let events = std::cell::Cell::new(0u64);
    let cases = runner(3000).config().cases as u64;
    runner(3000)
        .run(&(0..n, vec(op(), 1..6)), |(b, ops)| {
            let mut doc = bases[b].clone();
            apply(&mut doc, &ops);
            let direct = parse_value(&doc);
            if depth(&doc) < 120 {
                let via_text = parse(&doc.to_string());
                prop_assert_eq!(&via_text, &direct, "text and value parse differently");
            }
            if let Ok(sc) = direct {
                let mut sim = Simulation::new(&sc, sim_core::budget::Budget::active().limits());
                let _ = sim.run_until(SimTime::from_secs_f64(2.0), 200_000);
                accepted.set(accepted.get() + 1);
                events.set(events.get() + sim.events_done());
                prop_assert!(sim.now() <= SimTime::from_secs_f64(2.0).max(sim.stop_at()));
                let summary = sim.summary();
                let points = sim.take_points();
                prop_assert_eq!(points.len() % 3, 0);
                csv::summary_csv(&summary);
                csv::series_csv(sim.series_names(), &points);
            }
            Ok(())
        })
        .unwrap();
    eprintln!(
        "fuzz: {cases} cases, {} accepted and run, {} events",
        accepted.get(),
        events.get()
    );
    // Keep the fuzz honest: a fair share of the mutants must get past the parser into the engine.
    assert!(
        accepted.get() * 10 >= cases,
        "only {} of {cases} mutants were valid",
        accepted.get()
    );
}

#[test]
fn mutated_sweeps_never_panic_the_sweep_parser() {
    let bases = valid_bases();
    let n = bases.len();
    runner(400)
        .run(&(0..n, vec(op(), 1..5)), |(b, ops)| {
            let mut doc = json!({ "schema": 1, "base": bases[b].clone(), "replications": 3,
                "vary": [{ "path": "seed", "values": [1, 2] },
                         { "path": "flows[0].tcp.cc", "values": ["reno", "new_reno"] }],
                "metrics": ["throughput_kbps", "jain_index"] });
            apply(&mut doc, &ops);
            let mut resolve = |id: &str| {
                if id == "known" {
                    Ok(bases[0].clone())
                } else {
                    Err(format!("unknown id {id}"))
                }
            };
            if let Ok(s) = sim_core::sweep::parse_value(&doc, &mut resolve) {
                let expect: usize = s.axes.iter().map(|a| a.len).product();
                prop_assert_eq!(s.points.len(), expect);
                prop_assert!(s.points.iter().enumerate().all(|(i, p)| p.index == i));
            }
            Ok(())
        })
        .unwrap();
}
