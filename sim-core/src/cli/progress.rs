//! Progress on stderr, unless `--quiet`:
//!
//! - on a terminal, a bar redrawn at most ten times a second, from any thread, and cleared when
//!   done: `sweep  [#########...........]  45/100 runs  45 %  ETA 12 s`;
//! - elsewhere (a log file, a pipe, a batch job), only for long work (a sweep that announced its
//!   estimate, [`announce`]), whole lines: one each time another tenth of the units is done, at
//!   most one every [`LINE_EVERY_S`] seconds after the first, and a last one when all are done —
//!   `sweep: 450/1000 runs (45 %), 12 s so far, ETA 15 s` … `sweep: 1000/1000 runs done in 27 s`.
//!   Short work prints nothing there, so scripts and tests of quick runs see no progress.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Least seconds between two progress lines (after the first) when stderr is not a terminal.
pub const LINE_EVERY_S: f64 = 1.0;

/// How progress is shown.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Show {
    Nothing,
    Bar,
    Lines,
}

/// A shared counter with an optional bar or progress lines.
pub struct Progress {
    label: String,
    unit: &'static str,
    total: u64,
    done: AtomicU64,
    show: Show,
    start: Instant,
    /// When the bar was drawn or a line written, and the tenth of the units it showed.
    last: Mutex<(Option<Instant>, u64)>,
}

impl Progress {
    /// A bar for `total` units, shown if stderr is a terminal and not `quiet`.
    pub fn new(label: &str, unit: &'static str, total: u64, quiet: bool) -> Self {
        Self::for_work(label, unit, total, quiet, false)
    }

    /// Like [`Progress::new`]; when `long` (the work announced its estimate) and stderr is not a
    /// terminal, progress lines instead of nothing.
    pub fn for_work(label: &str, unit: &'static str, total: u64, quiet: bool, long: bool) -> Self {
        let show = if quiet || total == 0 {
            Show::Nothing
        } else if std::io::stderr().is_terminal() {
            Show::Bar
        } else if long {
            Show::Lines
        } else {
            Show::Nothing
        };
        Progress {
            label: label.to_string(),
            unit,
            total,
            done: AtomicU64::new(0),
            show,
            start: Instant::now(),
            last: Mutex::new((None, 0)),
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
        if self.show == Show::Lines {
            return self.line(done);
        }
        if self.show != Show::Bar {
            return;
        }
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        let now = Instant::now();
        if !force
            && last
                .0
                .is_some_and(|l| now.duration_since(l).as_millis() < 100)
        {
            return;
        }
        last.0 = Some(now);
        let frac = (done as f64 / self.total as f64).min(1.0);
        let width = 24;
        let filled = (frac * width as f64) as usize;
        let elapsed = self.start.elapsed().as_secs_f64();
        let eta = if done > 0 && frac < 1.0 {
            format!("  ETA {}", eta_text(elapsed, frac))
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

    /// A progress line when another tenth is done (the first at once, the next ones at most every
    /// [`LINE_EVERY_S`] seconds); none for the last unit ([`Progress::finish`] says it).
    fn line(&self, done: u64) {
        let tenth = done.saturating_mul(10) / self.total.max(1);
        if done >= self.total {
            return;
        }
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        let now = Instant::now();
        let (at, shown) = *last;
        let due = at.is_none_or(|l| now.duration_since(l).as_secs_f64() >= LINE_EVERY_S);
        if tenth <= shown || !due {
            return;
        }
        *last = (Some(now), tenth);
        let frac = done as f64 / self.total as f64;
        let elapsed = self.start.elapsed().as_secs_f64();
        eprintln!(
            "{}: {done}/{} {} ({:.0} %), {} so far, ETA {}",
            self.label,
            self.total,
            self.unit,
            frac * 100.0,
            crate::budget::duration_text(elapsed),
            eta_text(elapsed, frac)
        );
    }

    /// Clear the bar's line, or write the last progress line.
    pub fn finish(&self) {
        match self.show {
            Show::Bar => {
                let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
            }
            Show::Lines => eprintln!(
                "{}: {}/{} {} done in {}",
                self.label,
                self.done.load(Ordering::Relaxed),
                self.total,
                self.unit,
                crate::budget::duration_text(self.start.elapsed().as_secs_f64())
            ),
            Show::Nothing => {}
        }
    }
}

/// The time left at this pace: elapsed ÷ fraction done − elapsed, in words.
fn eta_text(elapsed: f64, frac: f64) -> String {
    crate::budget::duration_text(elapsed / frac - elapsed)
}

/// Estimated seconds of computing from which a sweep says what it will cost before it starts
/// (shorter ones just run; the bar, on a terminal, shows the ETA either way).
pub const ANNOUNCE_FROM_S: f64 = 10.0;

/// Before a long sweep (or one writing more than 100 MB), one line on stderr with its estimate,
/// unless `quiet`: `sweep.json: about 2.1 billion simulator events, up to 12 minutes of
/// computing, about 230 MB of CSV`. The estimate is an upper bound (`docs/limits.md`). True
/// when it is long work (said, or would have been said without `quiet`).
pub fn announce(name: &str, events: f64, seconds: f64, bytes: f64, quiet: bool) -> bool {
    if seconds < ANNOUNCE_FROM_S && bytes < 1e8 {
        return false;
    }
    if quiet {
        return true;
    }
    eprintln!(
        "{name}: about {} simulator events, up to {} of computing, about {} of CSV",
        crate::budget::count_text(events),
        crate::budget::duration_text(seconds),
        crate::budget::bytes_text(bytes)
    );
    true
}
