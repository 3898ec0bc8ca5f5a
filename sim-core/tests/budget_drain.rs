//! The engine's memory stop counts the series points it holds, not every point it ever took
//!: a live run whose points are drained as it goes (the browser's worker hands each
//! frame's points to the page, which keeps a bounded copy) runs as long as its events allow,
//! while a run that keeps every point (the command line) stops at the memory budget.
//!
//! Its own test binary: it lowers the process-wide command-line budget.

use sim_core::budget::set_cli_budget;
use sim_core::time::SimTime;
use sim_core::Simulation;

fn sim() -> Simulation {
    let sc = sim_core::scenario::parse(
        r#"{"stop":{"time_s":10},"flows":[{}],"observe":{"sample_ms":1}}"#,
    )
    .unwrap();
    Simulation::new(&sc, sim_core::budget::Budget::active().limits())
}

#[test]
fn a_drained_run_is_not_stopped_by_the_series_it_no_longer_holds() {
    // 1 MB: a few hundred samples of the run's series at 150 B a point; the run takes 10 000.
    set_cli_budget(Some(1), None, None);

    let mut kept = sim();
    let err = kept
        .run_until(SimTime::from_secs_f64(10.0), u64::MAX)
        .expect_err("a run that holds every point stops at the memory budget");
    assert!(err.contains("series outgrew the memory budget"), "{err}");

    let mut drained = sim();
    let mut points = 0;
    for step in 1..=100 {
        drained
            .run_until(SimTime::from_secs_f64(step as f64 * 0.1), u64::MAX)
            .expect("drained every 100 ms, it never holds more than 100 samples");
        points += drained.take_points().len() / 3;
    }
    assert!(points > 10_000, "{points} points handed on");
}
