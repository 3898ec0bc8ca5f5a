//! libFuzzer target: arbitrary bytes as scenario JSON (and as a sweep), then a short capped run.
//!
//! Invariants: parsing never panics; text and value parsing agree; the budget's estimate and
//! check never panic (the budget is on, the browser's); a scenario the budget accepts
//! runs 2 s simulated / 200 000 events without panicking; a sweep's points go through the sweep
//! budget. See ../README.md.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sim_core::time::SimTime;
use sim_core::budget::{self, Budget};
use sim_core::{csv, json_reader, scenario, sweep, Simulation};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let from_text = scenario::parse(text);
    // The text reader refuses what a plain JSON value cannot show (duplicate keys, the size cap):
    // then the text parse must give exactly its problems; otherwise text and value agree.
    let value = match json_reader::read_document(text) {
        Ok(v) => v,
        Err(errs) => {
            assert_eq!(from_text, Err(errs), "text parse and text reader disagree");
            return;
        }
    };
    let from_value = scenario::parse_value(&value);
    assert_eq!(from_text, from_value, "text and value parse differently");
    if sweep::is_sweep(&value) {
        if let Ok(s) = sweep::parse_value(&value, &mut |id| {
            Err(format!("no scenario {id} while fuzzing"))
        }) {
            let _ = budget::check_sweep(&s, &Budget::BROWSER, 1);
        }
    }
    if let Ok(sc) = from_value {
        let e = budget::estimate(&sc);
        assert!(
            e.events() >= 0.0 && e.memory_bytes() > 0.0,
            "estimate out of range: {e:?}"
        );
        if budget::check(&sc, &Budget::BROWSER).is_err() {
            return;
        }
        let mut sim = Simulation::new(&sc, Budget::CLI.limits());
        let _ = sim.run_until(SimTime::from_secs_f64(2.0), 200_000);
        let summary = sim.summary();
        let points = sim.take_points();
        csv::summary_csv(&summary);
        csv::series_csv(sim.series_names(), &points);
    }
});
