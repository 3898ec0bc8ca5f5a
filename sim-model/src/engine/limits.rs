//! What one run may spend, handed to the engine by whoever starts the run (the CLI, the browser's
//! worker, Python, a sweep): the engine reads no process-wide setting. The budget
//! (`sim_core::budget`, docs/limits.md) prices a scenario before it runs and builds these limits
//! with `Budget::limits`; the engine stops a run that outgrows them anyway, so an estimate that
//! ran low cannot run away:
//!
//! ```text
//! events processed ≥ events                                   → stopped (work)
//! series samples held undrained > memory_bytes / (bytes_per_point · series)  → stopped (memory)
//! ```

use crate::amounts::{bytes_text, count_text};

/// The work and memory a run may use.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Most simulator events the run may process.
    pub events: u64,
    /// Most bytes the run's undrained series points may hold.
    pub memory_bytes: f64,
    /// Bytes one series point costs where the run is held.
    pub bytes_per_point: f64,
    /// Where these limits apply, for the stop messages ("in the browser", "on the command line").
    pub place: &'static str,
}

impl Limits {
    /// Most samples of `series` series a run may hold at once within the memory limit.
    pub fn max_samples(&self, series: usize) -> u64 {
        (self.memory_bytes / (self.bytes_per_point * series.max(1) as f64)) as u64
    }

    /// The message of a run stopped at the work limit.
    pub(super) fn events_message(&self) -> String {
        format!(
            "stopped: the run exceeded {} simulator events, the work budget {}; shorten stop.time_s or lower the rates",
            count_text(self.events as f64),
            self.place
        )
    }

    /// The message of a run stopped at the memory limit at `now_s` seconds.
    pub(super) fn memory_message(&self, now_s: f64) -> String {
        format!(
            "stopped: the run's series outgrew the memory budget {} ({}) at {} s; raise observe.sample_ms or shorten stop.time_s",
            self.place,
            bytes_text(self.memory_bytes),
            (now_s * 10.0).round() / 10.0
        )
    }
}
