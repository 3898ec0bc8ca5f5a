//! One memory and work budget, checked at validation (documented in `docs/limits.md`).
//!
//! The structural caps of [`crate::limits`] bound what a file may *say*; the budget bounds what a
//! run would *cost*. [`estimate::estimate`] reads the validated scenario — series recorded per flow
//! and per link direction, classifier history rings, shadows, segments and packets in flight,
//! trace events; packets each link can carry in the run, cross-traffic datagrams, on/off periods,
//! retransmission-timer storms — and [`check`] refuses a scenario over the [`Budget`] with the
//! estimate, the field to change and what to do, in plain words:
//!
//! > `observe.sample_ms: this scenario needs about 3.1 GB of memory (the budget is 1 GB), most of it
//! > for series points; raise observe.sample_ms, shorten stop.time_s or use fewer connections`
//!
//! The browser's budget ([`Budget::BROWSER`], wasm builds) is smaller than the command line's
//! ([`Budget::CLI`]); the CLI may raise or lower its own (`--max-memory-mb` the memory of one run,
//! `--max-events` the events of one command — one run, or a whole sweep — and `losslab sweep
//! --max-output-mb` its files; [`Budget::cli`]), each refusal naming the option that raises what
//! it refuses, and lowers it to half the process's address-space limit (`ulimit -v`) so an
//! accepted run cannot abort for want of memory. The engine stops a run that outgrows the work
//! budget anyway ([`Budget::events`]), so no accepted run runs longer than its budget.

pub mod estimate;

pub use crate::amounts::{bytes_text, count_text, duration_text};
use crate::engine::{Limits, Simulation};
use crate::json_reader::ConfigError;
use crate::scenario::Scenario;
use crate::sweep::Sweep;
pub use estimate::{estimate, Estimate, Part};

/// What one run (or one sweep) may cost.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Budget {
    /// Where this budget applies, for messages ("in the browser", "on the command line").
    pub place: &'static str,
    /// The options that raise each part here, for refusals (empty in the browser, which has none):
    /// memory, events, files.
    pub flags: Flags,
    /// Most bytes of memory one run may need.
    pub memory_bytes: f64,
    /// Most simulator events one run may process.
    pub events: f64,
    /// Most simulator events a whole sweep may process (all points × replications).
    pub sweep_events: f64,
    /// Simulator events per second assumed to say how long a run would take.
    pub events_per_s: f64,
    /// Bytes one series point costs here (the CLI also writes it as CSV text; the browser's
    /// worker hands points to the page, which keeps two numbers per point).
    pub bytes_per_point: f64,
    /// Most bytes of files one sweep may write (its raw and aggregate CSV together; the command
    /// line's `--max-output-mb`).
    pub output_bytes: f64,
    /// Most points of one series kept in memory at once: every point on the command line (it
    /// writes them all at the end), [`BROWSER_POINTS_PER_SERIES`] in the browser (the worker hands
    /// each frame's points on; the page keeps a bounded min/max copy).
    pub points_per_series: f64,
}

/// The command-line options that change a budget's parts (empty strings where there are none).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Flags {
    /// Raises or lowers [`Budget::memory_bytes`].
    pub memory: &'static str,
    /// Raises or lowers [`Budget::events`] and [`Budget::sweep_events`].
    pub events: &'static str,
    /// Raises or lowers [`Budget::output_bytes`].
    pub output: &'static str,
}

impl Flags {
    /// `, or raise the budget with <flag>` (nothing when there is no such option).
    fn raise(flag: &str) -> String {
        if flag.is_empty() {
            String::new()
        } else {
            format!(", or raise the budget with {flag}")
        }
    }
}

/// Most points the lab page keeps of one live series: `web/src/sim/series.ts` keeps at most
/// `MAX_BUCKETS` = 4096 min/max buckets per series, two points each (memory bounded by
/// pixels, not by run length). `series.test.ts` checks the page's bound against this figure.
pub const BROWSER_POINTS_PER_SERIES: f64 = 8192.0;

/// 2^30 bytes.
const GIB: f64 = 1_073_741_824.0;

impl Budget {
    /// The command line's default: 2 GiB and 3·10⁹ events a run (about a quarter of an hour),
    /// 10¹² events a sweep (estimates run high, up to about 100 times the real count).
    pub const CLI: Budget = Budget {
        place: "on the command line",
        flags: Flags {
            memory: "--max-memory-mb",
            events: "--max-events",
            output: "--max-output-mb",
        },
        memory_bytes: 2.0 * GIB,
        events: 3e9,
        sweep_events: 1e12,
        events_per_s: 3e6,
        bytes_per_point: estimate::BYTES_PER_POINT,
        output_bytes: GIB,
        points_per_series: f64::INFINITY,
    };

    /// The Python package's: the command line's limits, named for Python, which has no options
    /// to change them (a refusal says what to change in the scenario instead).
    pub const PYTHON: Budget = Budget {
        place: "in Python",
        flags: Flags {
            memory: "",
            events: "",
            output: "",
        },
        ..Budget::CLI
    };
    /// The browser's: 512 MiB and 3·10⁸ events a run (a few minutes in the worker), 3·10¹⁰
    /// events a sweep. A series costs at most [`BROWSER_POINTS_PER_SERIES`] points, whatever the
    /// run's length.
    pub const BROWSER: Budget = Budget {
        place: "in the browser",
        flags: Flags {
            memory: "",
            events: "",
            output: "",
        },
        memory_bytes: 0.5 * GIB,
        events: 3e8,
        sweep_events: 3e10,
        events_per_s: 1.5e6,
        bytes_per_point: 48.0,
        output_bytes: 0.5 * GIB,
        points_per_series: BROWSER_POINTS_PER_SERIES,
    };

    /// What the engine may spend on one run under this budget (it stops a run past them).
    pub fn limits(&self) -> Limits {
        Limits {
            events: (self.events as u64).min(crate::limits::MAX_EVENTS),
            memory_bytes: self.memory_bytes,
            bytes_per_point: self.bytes_per_point,
            place: self.place,
        }
    }

    /// The budget of this build before any command-line option: [`Budget::BROWSER`] in wasm, else
    /// [`Budget::CLI`].
    pub fn here() -> Budget {
        if cfg!(target_arch = "wasm32") {
            Budget::BROWSER
        } else {
            Budget::CLI
        }
    }

    /// The command line's budget: [`Budget::CLI`] with `--max-memory-mb` (`memory_mb`) and
    /// `--max-events` (`events`) where given, then no more memory than half of
    /// `address_space_limit` (bytes, from `ulimit -v`; see [`address_space_limit`]), whatever was
    /// asked. `--max-events N` makes N the most events of one run and of a whole sweep alike (a
    /// sweep's runs together; each of them is then within N too). The CLI builds it once and hands
    /// it to each command; nothing is kept process-wide.
    pub fn cli(
        memory_mb: Option<u64>,
        events: Option<u64>,
        address_space_limit: Option<u64>,
    ) -> Budget {
        let mut b = Budget::CLI;
        let mut memory = memory_mb.map_or(b.memory_bytes as u64, |m| m.saturating_mul(1 << 20));
        if let Some(limit) = address_space_limit {
            memory = memory.min(limit / 2);
        }
        b.memory_bytes = memory.max(1) as f64;
        if let Some(e) = events {
            b.events = e.max(1) as f64;
            b.sweep_events = b.events;
        }
        b
    }

    /// This budget with its file budget set to `mb` MiB when given (`--max-output-mb` of
    /// `losslab sweep` and `losslab reproduce`).
    pub fn with_output_mb(mut self, mb: Option<u64>) -> Budget {
        if let Some(mb) = mb {
            self.output_bytes = mb.saturating_mul(1 << 20).max(1) as f64;
        }
        self
    }
}

/// The "Max address space" soft limit in the text of `/proc/self/limits` (bytes), `None` when
/// unlimited or absent.
pub fn address_space_limit(proc_limits: &str) -> Option<u64> {
    let line = proc_limits
        .lines()
        .find(|l| l.starts_with("Max address space"))?;
    line["Max address space".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// True when `x` exceeds `limit` or is not a number (a NaN estimate is refused, not accepted).
fn over(x: f64, limit: f64) -> bool {
    x.is_nan() || x > limit
}

/// The refusals of an estimate over `budget` (empty when it fits), each at the field to change.
/// `what` names the thing ("this scenario", "point 3 of this sweep").
pub fn refusals(e: &Estimate, budget: &Budget, what: &str) -> Vec<ConfigError> {
    let e = &e.priced(budget);
    let mut out = Vec::new();
    let memory = e.memory_bytes();
    // An estimate that is not a number is refused, never waved through.
    if over(memory, budget.memory_bytes) {
        let big = e.biggest_memory().expect("memory parts");
        out.push(ConfigError {
            path: big.field.clone(),
            message: format!(
                "{what} needs about {} of memory (the budget {} is {}), most of it for {} (about {}); {}{}",
                bytes_text(memory),
                budget.place,
                bytes_text(budget.memory_bytes),
                big.what,
                bytes_text(big.amount),
                big.advice,
                Flags::raise(budget.flags.memory)
            ),
        });
    }
    let events = e.events();
    if over(events, budget.events) {
        let big = e.biggest_work().expect("work parts");
        out.push(ConfigError {
            path: big.field.clone(),
            message: format!(
                "{what} needs about {} simulator events, about {} of computing (the budget {} is {} events), most of them for {}; {}{}",
                count_text(events),
                duration_text(events / budget.events_per_s),
                budget.place,
                count_text(budget.events),
                big.what,
                big.advice,
                Flags::raise(budget.flags.events)
            ),
        });
    }
    out
}

/// Why the series CSV of `sc`'s first `until_s` simulated seconds cannot be written within
/// `budget` (None when it can). A file of every point is priced as the command line prices its
/// points ([`estimate::BYTES_PER_POINT`]: the point and its CSV line), whatever the budget keeps
/// of a live run: the browser's export re-simulates the run and holds the whole file once.
pub fn series_export_refusal(sc: &Scenario, until_s: f64, budget: &Budget) -> Option<String> {
    let e = estimate(sc);
    let samples = e
        .samples
        .min(until_s.max(0.0) * 1000.0 / sc.observe.sample_ms + 2.0);
    let bytes = e.series * samples * estimate::BYTES_PER_POINT;
    over(bytes, budget.memory_bytes).then(|| {
        format!(
            "the series file of this run would hold about {} values, about {} of memory (the budget {} is {}); use a longer sample period (observe.sample_ms), export a shorter part of the run, or write the file with the command line: losslab run --series",
            count_text(e.series * samples),
            bytes_text(bytes),
            budget.place,
            bytes_text(budget.memory_bytes)
        )
    })
}

/// Check a validated scenario against `budget`: its estimate, or the refusals.
pub fn check(sc: &Scenario, budget: &Budget) -> Result<Estimate, Vec<ConfigError>> {
    let e = estimate(sc).priced(budget);
    let r = refusals(&e, budget, "this scenario");
    if r.is_empty() {
        Ok(e)
    } else {
        Err(r)
    }
}

/// Parse, validate and price scenario JSON text against `budget` and build its run under the same
/// budget's limits (what `losslab run` uses).
pub fn simulation_within(text: &str, budget: &Budget) -> Result<Simulation, Vec<ConfigError>> {
    let sc = parse_value_within(&crate::json_reader::read_document(text)?, budget)?;
    Ok(Simulation::new(&sc, budget.limits()))
}

/// [`simulation_within`] this build's default budget ([`Budget::here`]).
pub fn simulation(text: &str) -> Result<Simulation, Vec<ConfigError>> {
    simulation_within(text, &Budget::here())
}

/// Parse scenario JSON text and check it against this build's default budget ([`Budget::here`]):
/// what the browser's validator uses.
pub fn parse(text: &str) -> Result<Scenario, Vec<ConfigError>> {
    parse_value(&crate::json_reader::read_document(text)?)
}

/// [`parse`] of an already read JSON value.
pub fn parse_value(v: &serde_json::Value) -> Result<Scenario, Vec<ConfigError>> {
    parse_value_within(v, &Budget::here())
}

/// [`parse_value`] checked against `budget` (`losslab validate` with the command's options).
pub fn parse_value_within(
    v: &serde_json::Value,
    budget: &Budget,
) -> Result<Scenario, Vec<ConfigError>> {
    let sc = crate::scenario::parse_value(v)?;
    check(&sc, budget)?;
    Ok(sc)
}

/// Every problem of scenario JSON text, budget included (`path: message`); empty when valid.
pub fn problems(text: &str) -> Vec<String> {
    parse(text)
        .err()
        .unwrap_or_default()
        .iter()
        .map(|e| e.to_string())
        .collect()
}

/// Bytes one sweep result costs per row, whatever the replications (the sweep streams
/// each point's statistics, `sweep::RowStats`, 40 bytes, and holds the row's name and its
/// aggregate CSV line).
pub const BYTES_PER_SWEEP_ROW: f64 = 256.0;
/// Bytes one finished run waiting in the reorder buffer costs per row (its value, 16 bytes, and
/// the sample's share of the buffer).
const BYTES_PER_BUFFERED_VALUE: f64 = 32.0;
/// Finished runs the reorder buffer may hold per job (the CLI's `REORDER_WINDOW_PER_JOB`).
pub const REORDER_WINDOW_PER_JOB: f64 = 16.0;
/// Bytes one held point costs beyond its connections (its scenario, rows and choice).
const BYTES_PER_SWEEP_POINT: f64 = 8192.0;

/// Bytes one packet number of a `drop_list` costs in a held scenario (a `u64`).
const BYTES_PER_DROP: f64 = 8.0;

/// Packet numbers in every `drop_list` error model and event times in every `loss_trace` of a
/// scenario document — the lists a held scenario carries, 8 bytes an entry (an explicit stack: no
/// recursion tied to the input's depth).
pub fn drop_list_entries(doc: &serde_json::Value) -> u64 {
    let mut stack = vec![doc];
    let mut n = 0u64;
    while let Some(v) = stack.pop() {
        match v {
            serde_json::Value::Object(o) => {
                let list = match o.get("kind").and_then(|k| k.as_str()) {
                    Some("drop_list") => o.get("packets"),
                    Some("loss_trace") => o.get("ms"),
                    _ => None,
                };
                n = n.saturating_add(
                    list.and_then(|p| p.as_array())
                        .map_or(0, |a| a.len() as u64),
                );
                stack.extend(o.values());
            }
            serde_json::Value::Array(a) => stack.extend(a.iter()),
            _ => {}
        }
    }
    n
}

/// What a sweep's points hold before any runs, priced from the base *before* they are built:
///
///   points × (BYTES_PER_SWEEP_POINT + connections × BYTES_PER_FLOW / 8 + drops × 8)
///
/// every point keeps its validated scenario, its own copy of the base's drop lists included
/// (`check_sweep` prices the built points the same way).
pub fn sweep_points_bytes(points: u64, connections: u64, drops: u64) -> f64 {
    points as f64
        * (BYTES_PER_SWEEP_POINT
            + connections as f64 * estimate::BYTES_PER_FLOW / 8.0
            + drops as f64 * BYTES_PER_DROP)
}

/// What a sweep's results hold in memory: a fixed part per point and row (streamed statistics,
/// not samples: nothing grows with `replications`) plus the reorder buffer of `jobs` workers.
pub fn sweep_results_bytes(s: &Sweep, jobs: usize) -> f64 {
    let mut t = SweepTally::new(s, false);
    s.points.iter().for_each(|p| t.add(s, p));
    t.results_bytes(jobs)
}

/// Most numbers (drop-list packet numbers) a sweep whose points are built one at a time may copy
/// and check while building them ([`sweep_build_values`]): about a minute of work.
pub const MAX_SWEEP_BUILD_VALUES: f64 = 1e9;

/// The work of building every point of a sweep from its base, in numbers copied and checked:
///
///   points × drops
///
/// (a point is the base with its varied values set, parsed and checked again; a drop list is the
/// only part of a base that can be large). A point built, priced and dropped holds nothing.
pub fn sweep_build_values(points: u64, drops: u64) -> f64 {
    points as f64 * drops as f64
}

/// A sweep's price, gathered one point at a time ([`SweepTally::add`]) so that points built when
/// needed ([`crate::sweep::LazySweep`]) are priced without being kept: each point's run against
/// the budget (the first refusal), the events of all its replications, the biggest run, the rows
/// of results, what kept points hold, and the bytes of the raw and aggregate files
/// ([`sweep_output_bytes`]).
#[derive(Clone, Debug)]
pub struct SweepTally {
    /// Points are kept ([`Sweep::points`]): each holds its scenario.
    keeps_points: bool,
    reps: u64,
    first_refusal: Vec<ConfigError>,
    events: f64,
    biggest_run: f64,
    held_points: f64,
    rows: f64,
    widest: f64,
    raw_bytes: f64,
    aggregate_bytes: f64,
}

impl SweepTally {
    /// An empty tally for `s` (its headers counted), whose points are kept when `keeps_points`.
    pub fn new(s: &Sweep, keeps_points: bool) -> Self {
        SweepTally {
            keeps_points,
            reps: s.replications.max(1),
            first_refusal: Vec::new(),
            events: 0.0,
            biggest_run: 0.0,
            held_points: 0.0,
            rows: 0.0,
            widest: 0.0,
            raw_bytes: s.raw_header().len() as f64,
            aggregate_bytes: s.csv_header().len() as f64,
        }
    }

    /// Add point `p` of sweep `s`.
    pub fn add(&mut self, s: &Sweep, p: &crate::sweep::Point) {
        self.add_run(s, p, None);
    }

    /// Add point `p`, its run priced against `budget` (the first refusal is kept).
    fn add_run(&mut self, s: &Sweep, p: &crate::sweep::Point, budget: Option<&Budget>) {
        if let Some(budget) = budget {
            let e = estimate(&p.scenario).priced(budget);
            if self.first_refusal.is_empty() {
                self.first_refusal.extend(
                    refusals(&e, budget, &format!("point {} of this sweep", p.index))
                        .into_iter()
                        .map(|mut r| {
                            r.path = format!("base.{}", r.path).replace("base.(root)", "base");
                            r
                        }),
                );
            }
            self.events += e.events() * self.reps as f64;
            self.biggest_run = self.biggest_run.max(e.memory_bytes());
        }
        if self.keeps_points {
            self.held_points += sweep_points_bytes(1, p.scenario.flows.len() as u64, 0);
        }
        let rows = p.rows().len() as f64;
        self.rows += rows;
        self.widest = self.widest.max(rows);
        // The files' lines (see `sweep_output_bytes`).
        let reps = self.reps;
        let lead = s.point_lead(p).len() as f64;
        let seed = digits(p.scenario.seed.saturating_add(reps - 1));
        for r in p.rows() {
            let names = crate::csv::field(crate::sweep::entity_name(p, r)).len() as f64
                + crate::csv::field(r.metric).len() as f64;
            self.raw_bytes +=
                reps as f64 * (lead + digits(reps - 1) + seed + names + BYTES_PER_CSV_VALUE + 6.0);
            self.aggregate_bytes += lead + names + 4.0 * BYTES_PER_CSV_VALUE + digits(reps) + 7.0;
        }
    }

    /// What the results hold with `jobs` workers ([`sweep_results_bytes`]).
    fn results_bytes(&self, jobs: usize) -> f64 {
        self.rows * BYTES_PER_SWEEP_ROW
            + jobs.max(1) as f64 * REORDER_WINDOW_PER_JOB * self.widest * BYTES_PER_BUFFERED_VALUE
    }

    /// The whole sweep's events: every point's estimate × replications.
    pub fn events(&self) -> f64 {
        self.events
    }

    /// The raw and aggregate files' bytes ([`sweep_output_bytes`]).
    pub fn output_bytes(&self) -> (f64, f64) {
        (self.raw_bytes, self.aggregate_bytes)
    }
}

/// Price a sweep's points one at a time against `budget` with `jobs` runs at once
/// ([`check_sweep`] of points that `points` yields, built or kept): the tally when every point's
/// run, the whole sweep's events and its memory fit, else the refusals. An `Err` of the iterator
/// stops at once (a point that cannot be built).
pub fn price_sweep<P: std::borrow::Borrow<crate::sweep::Point>>(
    s: &Sweep,
    points: impl Iterator<Item = Result<P, String>>,
    keeps_points: bool,
    budget: &Budget,
    jobs: usize,
) -> Result<Result<SweepTally, Vec<ConfigError>>, String> {
    let mut t = SweepTally::new(s, keeps_points);
    for p in points {
        t.add_run(s, p?.borrow(), Some(budget));
    }
    let mut out = std::mem::take(&mut t.first_refusal);
    let total_events = t.events;
    if over(total_events, budget.sweep_events) {
        out.push(ConfigError {
            path: "replications".into(),
            message: format!(
                "this sweep needs about {} simulator events in all, about {} of computing (the budget {} is {} events a sweep); use fewer values or replications, or shorten the base's stop.time_s{}",
                count_text(total_events),
                duration_text(total_events / budget.events_per_s / jobs.max(1) as f64),
                budget.place,
                count_text(budget.sweep_events),
                Flags::raise(budget.flags.events)
            ),
        });
    }
    let held = t.held_points + t.results_bytes(jobs);
    let memory = held + t.biggest_run * jobs.max(1) as f64;
    if over(memory, budget.memory_bytes) {
        out.push(ConfigError {
            path: "vary".into(),
            message: format!(
                "this sweep needs about {} of memory (the budget {} is {}): {} for its points and results, {} for {} runs at once; use fewer values or replications, or fewer jobs{}",
                bytes_text(memory),
                budget.place,
                bytes_text(budget.memory_bytes),
                bytes_text(held),
                bytes_text(t.biggest_run * jobs.max(1) as f64),
                jobs.max(1),
                Flags::raise(budget.flags.memory)
            ),
        });
    }
    Ok(if out.is_empty() { Ok(t) } else { Err(out) })
}

/// Check a validated sweep against `budget`: every point's run, the whole sweep's work and what
/// the sweep holds (its points' scenarios and results, and `jobs` runs at once). Its estimate of
/// the whole sweep's events when it fits.
pub fn check_sweep(s: &Sweep, budget: &Budget, jobs: usize) -> Result<f64, Vec<ConfigError>> {
    price_sweep(s, s.points.iter().map(Ok), true, budget, jobs)
        .unwrap_or_else(|e| unreachable!("kept points are built: {e}"))
        .map(|t| t.events)
}

/// Longest text of one value in a sweep CSV: Rust writes an `f64` in its shortest round-trip
/// form without an exponent, at most 17 significant digits; with a sign, a point and up to six
/// leading zeros (values down to 10⁻⁶) that is 17 + 1 + 1 + 7 = 26 bytes.
pub const BYTES_PER_CSV_VALUE: f64 = 26.0;

/// Decimal digits of `n`.
fn digits(n: u64) -> f64 {
    (n.max(1) as f64).log10().floor() + 1.0
}

/// Bytes of the raw and aggregate CSV files of a sweep, from its points' rows
/// (`sweep::output`). Every line is `<point lead>,<tail>\n`:
///
///   raw line       = lead + digits(replication) + digits(seed) + entity + metric + value + 6
///   aggregate line = lead + entity + metric + 4 values (mean, sd, low, high) + digits(n) + 7
///
/// with the lead (`point,<varied values…>`), entity and metric exact, a value at most
/// [`BYTES_PER_CSV_VALUE`]; the raw file has one line per row per replication, the aggregate one
/// per row.
pub fn sweep_output_bytes(s: &Sweep) -> (f64, f64) {
    let mut t = SweepTally::new(s, true);
    s.points.iter().for_each(|p| t.add(s, p));
    t.output_bytes()
}

/// Bytes of a reproduction's figure per byte of its aggregate CSV, beyond
/// [`FIGURE_FIXED_BYTES`]: the figure draws the rows the CSV lists. Measured on the Gurtov and
/// GB04 reproductions (one replication): at most about 0.4 (most are under their fixed part).
pub const FIGURE_BYTES_PER_CSV_BYTE: f64 = 1.0;
/// Bytes of a figure or a time-sequence plot whatever its data (frame, axes, legend, title).
pub const FIGURE_FIXED_BYTES: f64 = 16_384.0;
/// One reproduction's share of the report (its sections of index.md and index.html: its
/// claims, verdicts and notes). Measured: about 28 kB each.
pub const REPORT_ITEM_BYTES: f64 = 65_536.0;
/// Most bytes one traced event adds to a time-sequence plot (a send tick is about 16 bytes, a
/// retransmission's or a drop's own element about 90).
pub const TIMESEQ_BYTES_PER_EVENT: f64 = 100.0;

/// The files `losslab reproduce` writes for one reproduction, an upper bound priced from its
/// planned sweep before any run:
///
///   aggregate CSV (exact, [`sweep_output_bytes`])
///   + figure: FIGURE_FIXED_BYTES + FIGURE_BYTES_PER_CSV_BYTE × the CSV's bytes
///   + REPORT_ITEM_BYTES
///   + per time-sequence plot (`timeseq_events`: the events each may draw, [`timeseq_events`]):
///     FIGURE_FIXED_BYTES + TIMESEQ_BYTES_PER_EVENT × its events
pub fn reproduction_output_bytes(s: &Sweep, timeseq_events: &[f64]) -> f64 {
    let (_, csv) = sweep_output_bytes(s);
    csv + FIGURE_FIXED_BYTES
        + FIGURE_BYTES_PER_CSV_BYTE * csv
        + REPORT_ITEM_BYTES
        + timeseq_events
            .iter()
            .map(|e| FIGURE_FIXED_BYTES + TIMESEQ_BYTES_PER_EVENT * e)
            .sum::<f64>()
}

/// Events a time-sequence plot of `sc` may draw: its estimated events, at most the trace cap.
pub fn timeseq_events(sc: &Scenario) -> f64 {
    estimate(sc)
        .events()
        .min(crate::limits::MAX_TRACE_EVENTS as f64)
}

/// Check what a whole `losslab reproduce` would write (`bytes`, [`reproduction_output_bytes`]
/// summed; `biggest` names the reproduction writing most) against `budget`'s file budget.
pub fn check_reproduce_output(bytes: f64, biggest: &str, budget: &Budget) -> Result<(), String> {
    if over(bytes, budget.output_bytes) {
        return Err(format!(
            "reproduce: the report would write about {} of files (figures, CSV and time-sequence plots; the budget for files is {}), most of it for {biggest}; reproduce fewer figures (--paper, --figure), use fewer values or time-sequence plots in the reproduction file{}",
            bytes_text(bytes),
            bytes_text(budget.output_bytes),
            Flags::raise(budget.flags.output)
        ));
    }
    Ok(())
}

/// Check the files a sweep would write against `budget`'s output budget: the raw CSV when `raw`,
/// the aggregate when `aggregate` ([`sweep_output_bytes`]).
pub fn check_sweep_output(
    s: &Sweep,
    budget: &Budget,
    raw: bool,
    aggregate: bool,
) -> Result<(f64, f64), ConfigError> {
    check_output_bytes(sweep_output_bytes(s), budget, raw, aggregate)
}

/// [`check_sweep_output`] of files' bytes already counted (raw, aggregate), e.g. by a
/// [`SweepTally`].
pub fn check_output_bytes(
    (r, a): (f64, f64),
    budget: &Budget,
    raw: bool,
    aggregate: bool,
) -> Result<(f64, f64), ConfigError> {
    let (r, a) = (if raw { r } else { 0.0 }, if aggregate { a } else { 0.0 });
    if over(r + a, budget.output_bytes) {
        let (field, advice) = if r > a {
            (
                "replications",
                "use fewer replications or values, or leave out the raw file (--raw)",
            )
        } else {
            ("vary", "use fewer values")
        };
        return Err(ConfigError {
            path: field.into(),
            message: format!(
                "this sweep would write about {} of CSV ({} raw, {} aggregate; the budget for files is {}); {advice}{}",
                bytes_text(r + a),
                bytes_text(r),
                bytes_text(a),
                bytes_text(budget.output_bytes),
                Flags::raise(budget.flags.output)
            ),
        });
    }
    Ok((r, a))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_for_sizes() {
        assert_eq!(bytes_text(3.14e9), "3.1 GB");
        assert_eq!(bytes_text(512.0 * 1024.0 * 1024.0), "537 MB");
        assert_eq!(count_text(4.5e8), "450 million");
        assert_eq!(duration_text(3000.0), "50 minutes");
        assert_eq!(duration_text(20_000.0), "5.6 hours");
    }

    #[test]
    fn reads_the_address_space_limit() {
        let text = "Limit                     Soft Limit           Hard Limit           Units\nMax address space         1073741824           unlimited            bytes\n";
        assert_eq!(address_space_limit(text), Some(1 << 30));
        assert_eq!(
            address_space_limit(
                "Max address space         unlimited            unlimited            bytes"
            ),
            None
        );
    }

    #[test]
    fn sweep_results_do_not_grow_with_replications() {
        let doc = |reps: u64| {
            format!(
                r#"{{"base":{{"flows":[{{"count":3}}]}},"vary":[{{"path":"seed","values":[1,2]}}],"replications":{reps}}}"#
            )
        };
        let sweep = |reps| crate::sweep::parse(&doc(reps), &mut |_| Err("no".into())).unwrap();
        let (few, many) = (sweep(3), sweep(90_000));
        assert_eq!(sweep_results_bytes(&few, 2), sweep_results_bytes(&many, 2));
        // 2 points × (4 metrics × (3 flows + 1 group row)) rows, and 2 jobs' reorder buffers.
        let rows = 2.0 * 16.0;
        assert_eq!(
            sweep_results_bytes(&many, 2),
            rows * BYTES_PER_SWEEP_ROW + 2.0 * REORDER_WINDOW_PER_JOB * 16.0 * 32.0
        );
        assert!(check_sweep(&many, &Budget::BROWSER, 2)
            .err()
            .is_none_or(|e| e.iter().all(|e| e.path != "vary")));
    }

    #[test]
    fn the_default_scenario_is_far_inside_both_budgets() {
        let sc = crate::scenario::parse(r#"{"flows":[{}]}"#).unwrap();
        let e = estimate(&sc);
        assert!(e.memory_bytes() < 20e6, "{e:?}");
        assert!(e.events() < 1e6, "{e:?}");
        assert!(check(&sc, &Budget::BROWSER).is_ok());
    }

    #[test]
    fn a_refusal_names_the_field_and_the_estimate() {
        let sc = crate::scenario::parse(
            r#"{"stop":{"time_s":100},"flows":[{"count":100}],"observe":{"sample_ms":1}}"#,
        );
        let errs = match sc {
            Ok(sc) => check(&sc, &Budget::CLI).unwrap_err(),
            Err(e) => e,
        };
        let text = errs[0].to_string();
        assert!(
            text.starts_with("observe.sample_ms: this scenario needs about "),
            "{text}"
        );
        assert!(text.contains("most of it for series points"), "{text}");
    }

    /// The page keeps a bounded copy of each live series, so the browser prices a
    /// series at most [`BROWSER_POINTS_PER_SERIES`] points, while the command line, which writes
    /// every point, prices them all.
    #[test]
    fn the_browser_prices_a_series_by_what_the_page_keeps() {
        let doc = |count: u32, time_s: u32| {
            format!(
                r#"{{"stop":{{"time_s":{time_s}}},"flows":[{{"count":{count}}}],"observe":{{"sample_ms":10}}}}"#
            )
        };
        let series_bytes = |time_s, b: &Budget| {
            let sc = crate::scenario::parse(&doc(1, time_s)).unwrap();
            let e = estimate(&sc).priced(b);
            let p = e.memory.iter().find(|p| p.what == "series points").unwrap();
            (p.amount, e.series)
        };
        let (short, series) = series_bytes(60, &Budget::BROWSER);
        let (long, _) = series_bytes(3600, &Budget::BROWSER);
        let (longer, _) = series_bytes(10_800, &Budget::BROWSER);
        assert_eq!(long, series * BROWSER_POINTS_PER_SERIES * 48.0);
        assert_eq!(long, longer, "bounded: the same whatever the length");
        assert!(short < long, "{short} {long}");
        let (cli, _) = series_bytes(3600, &Budget::CLI);
        let (cli_longer, _) = series_bytes(10_800, &Budget::CLI);
        assert!((cli_longer / cli - 3.0).abs() < 0.01, "{cli} {cli_longer}");
        // A 3600 s run of 30 flows at 10 ms: refused before (48 B for every one of its 45
        // million points, about 2.2 GB), accepted now; the command line (150 B a point) refuses it.
        let sc = crate::scenario::parse(&doc(30, 3600)).unwrap();
        assert!(check(&sc, &Budget::BROWSER).is_ok());
        assert!(check(&sc, &Budget::CLI).is_err());
        // Its series file is still every point: too big to write in the browser, and said so.
        let why = series_export_refusal(&sc, 3600.0, &Budget::BROWSER).expect("refused");
        assert!(why.contains("losslab run --series"), "{why}");
        assert!(
            why.contains("use a longer sample period (observe.sample_ms)"),
            "{why}"
        );
        // Its first minute is small enough.
        assert_eq!(series_export_refusal(&sc, 60.0, &Budget::BROWSER), None);
    }
}
