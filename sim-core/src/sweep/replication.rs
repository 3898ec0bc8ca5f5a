//! One replication of a sweep point: its scenario (the point's, with seed `seed + rep`), the run
//! built from it within the caller's limits, and the run measured into the point's rows
//! ([`super::measure`]).

use super::{measure, Point, Sample};
use crate::engine::{Limits, RunMode, Simulation};
use crate::scenario::Scenario;

/// The scenario of replication `rep` (0-based) of `point`: the point's scenario with seed `seed + rep`.
pub fn replication_scenario(point: &Point, rep: u64) -> Scenario {
    let mut sc = point.scenario.clone();
    sc.seed += rep;
    sc
}

/// Replication `rep` (0-based) of `point`, built and ready to run, recording only its summary
/// ([`RunMode::SummaryOnly`]: a sweep reads nothing else, and the summary is the same as a sampled
/// run's). The point's validated scenario is reused (one copy with the seed changed; nothing is
/// parsed or resolved again), and the seed reaches every random stream as in
/// `Simulation::new(&replication_scenario(point, rep), limits)`. `limits` are what the run may
/// spend (the caller's budget, e.g. `Budget::limits` of the command line's options).
pub fn replication_sim(point: &Point, rep: u64, limits: Limits) -> Simulation {
    Simulation::build(
        replication_scenario(point, rep),
        RunMode::SummaryOnly,
        limits,
    )
}

/// Run replication `rep` (0-based) of `point` to its end within `limits` and measure every row of
/// the point.
pub fn run_replication(point: &Point, rep: u64, limits: Limits) -> Result<Sample, String> {
    run_replication_with(point, rep, limits, None)
}

/// [`run_replication`] with code of one's own (`tcp::custom`), put in before the run when the
/// point's scenario names `"custom"` (`code` None: such a point is refused with its reason).
pub fn run_replication_with(
    point: &Point,
    rep: u64,
    limits: Limits,
    code: Option<&mut dyn crate::tcp::custom::CustomCode>,
) -> Result<Sample, String> {
    let mut sim = replication_sim(point, rep, limits);
    if let Some(code) = code.filter(|_| sim.waits_for_code()) {
        sim.attach_custom(code)?;
    }
    sim.run().map_err(|e| {
        format!(
            "point {} replication {rep} (seed {}): {e}",
            point.index,
            sim.scenario().seed
        )
    })?;
    Ok(measure(point, &sim))
}
