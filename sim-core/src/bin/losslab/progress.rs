//! A progress bar on stderr, drawn only when stderr is a terminal and `--quiet` is not given, so
//! logs, pipes and tests never see it: `sweep  [#########...........]  45/100 runs  45 %  ETA 12 s`.
//! Redrawn at most ten times a second, from any thread; cleared when done.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// A shared counter with an optional bar.
pub struct Progress {
    label: String,
    unit: &'static str,
    total: u64,
    done: AtomicU64,
    shown: bool,
    start: Instant,
    last: Mutex<Option<Instant>>,
}

impl Progress {
    /// A bar for `total` units, shown if stderr is a terminal and not `quiet`.
    pub fn new(label: &str, unit: &'static str, total: u64, quiet: bool) -> Self {
        Progress {
            label: label.to_string(),
            unit,
            total,
            done: AtomicU64::new(0),
            shown: !quiet && std::io::stderr().is_terminal() && total > 0,
            start: Instant::now(),
            last: Mutex::new(None),
        }
    }

    /// `n` more units done.
    pub fn add(&self, n: u64) {
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        self.draw(done, false);
    }

    /// Set the units done (for a single run measured in simulated time).
    pub fn set(&self, done: u64) {
        self.done.store(done, Ordering::Relaxed);
        self.draw(done, false);
    }

    fn draw(&self, done: u64, force: bool) {
        if !self.shown {
            return;
        }
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        let now = Instant::now();
        if !force && last.is_some_and(|l| now.duration_since(l).as_millis() < 100) {
            return;
        }
        *last = Some(now);
        let frac = (done as f64 / self.total as f64).min(1.0);
        let width = 24;
        let filled = (frac * width as f64) as usize;
        let elapsed = self.start.elapsed().as_secs_f64();
        let eta = if done > 0 && frac < 1.0 {
            format!("  ETA {:.0} s", elapsed / frac - elapsed)
        } else {
            String::new()
        };
        let _ = write!(
            std::io::stderr().lock(),
            "\r{}  [{}{}]  {done}/{} {}  {:.0} %{eta}\x1b[K",
            self.label,
            "#".repeat(filled),
            ".".repeat(width - filled),
            self.total,
            self.unit,
            frac * 100.0
        );
    }

    /// Clear the bar's line.
    pub fn finish(&self) {
        if self.shown {
            let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
        }
    }
}

/// Estimated seconds of computing from which a sweep says what it will cost before it starts
/// (shorter ones just run; the bar, on a terminal, shows the ETA either way).
pub const ANNOUNCE_FROM_S: f64 = 10.0;

/// Before a long sweep (or one writing more than 100 MB), one line on stderr with its estimate,
/// unless `quiet`: `sweep.json: about 2.1 billion simulator events, up to 12 minutes of
/// computing, about 230 MB of CSV`. The estimate is an upper bound (`docs/limits.md`).
pub fn announce(name: &str, events: f64, seconds: f64, bytes: f64, quiet: bool) {
    if quiet || (seconds < ANNOUNCE_FROM_S && bytes < 1e8) {
        return;
    }
    eprintln!(
        "{name}: about {} simulator events, up to {} of computing, about {} of CSV",
        sim_core::budget::count_text(events),
        sim_core::budget::duration_text(seconds),
        sim_core::budget::bytes_text(bytes)
    );
}
