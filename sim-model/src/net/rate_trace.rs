//! Trace-driven capacity of a link direction (`rate_trace`, docs/traces.md): the link's rate follows
//! a recorded trace instead of a constant, looping at the trace's end as Mahimahi's `mm-link` does.
//!
//! Two forms, both held inline in the scenario (the CLI and Python read a `file` into them,
//! [`crate::scenario::trace_files`]):
//!
//! - `mahimahi`: `ms` = delivery opportunities, integer milliseconds, non-decreasing; each carries
//!   [`OPPORTUNITY_BYTES`] bytes. The trace repeats with period `P = ms[last]` (`mm-link`). A packet
//!   of `b` bits starting at `t` uses the unused bytes of the current opportunity (several small
//!   packets share one), then whole later opportunities; it departs at the opportunity holding its
//!   last bit. Opportunities passing while the link is idle are wasted. Mean rate
//!   `= n · 8 · 1500 / P`.
//! - `steps`: `time_s[i]`, `rate_bps[i]` = piecewise-constant rate `rate_bps[i]` on
//!   `[time_s[i], time_s[i+1])`, `time_s[0] = 0`; the last step lasts as long as the one before it
//!   (a single step holds for ever), so the period is `P = time_s[n−1] + (time_s[n−1] − time_s[n−2])`.
//!   A packet of `b` bits starting at `t` departs at the first `d` with `∫_t^d rate = b`.
//!   Mean rate `= Σ rate_i · len_i / P`.
//!
//! The direction's `rate_bps` becomes the trace's mean rate (used by the budget, RED's idle decay
//! and the base-RTT estimate); serialisation follows the trace exactly.

use crate::json_reader::{show, Obj, Problems};
use crate::limits::{MAX_RATE_BPS, MAX_TRACE_ENTRIES};
use crate::time::SimTime;
use serde::Serialize;
use serde_json::Value;

/// Bytes of one Mahimahi delivery opportunity (one MTU-sized packet).
pub const OPPORTUNITY_BYTES: u64 = 1500;
const OPPORTUNITY_BITS: u64 = OPPORTUNITY_BYTES * 8;
/// Longest trace period accepted, ms (one day).
const MAX_PERIOD_MS: f64 = 86_400_000.0;
/// Lowest mean rate of a trace, bit/s (below it one packet would take minutes).
const MIN_MEAN_BPS: f64 = 1000.0;

/// Longest `name` of a trace (capacity or loss), characters.
pub const MAX_NAME_CHARS: usize = 200;

/// A capacity trace, as held in a scenario.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "format", rename_all = "snake_case")]
pub enum RateTrace {
    /// Mahimahi delivery opportunities, integer ms.
    Mahimahi {
        /// Opportunity times, ms, non-decreasing, last > 0.
        ms: Vec<u64>,
    },
    /// Piecewise-constant rate.
    Steps {
        /// Step start times, s, increasing, first 0.
        time_s: Vec<f64>,
        /// Rate of each step, bit/s.
        rate_bps: Vec<f64>,
    },
}

impl RateTrace {
    /// Entries of the trace (what it costs to hold: 8 or 16 bytes each).
    pub fn entries(&self) -> usize {
        match self {
            RateTrace::Mahimahi { ms } => ms.len(),
            RateTrace::Steps { time_s, .. } => time_s.len(),
        }
    }

    /// Period of the loop, seconds.
    pub fn period_s(&self) -> f64 {
        match self {
            RateTrace::Mahimahi { ms } => *ms.last().unwrap_or(&1) as f64 / 1000.0,
            RateTrace::Steps { time_s, .. } => steps_period(time_s),
        }
    }

    /// Most bits the trace carries from 0 to `time_s`: the whole laps covering it.
    pub fn bits_within(&self, time_s: f64) -> f64 {
        let p = self.period_s();
        (time_s / p).ceil().max(1.0) * p * self.mean_rate_bps()
    }

    /// Mean rate over one period, bit/s.
    pub fn mean_rate_bps(&self) -> f64 {
        match self {
            RateTrace::Mahimahi { ms } => {
                ms.len() as f64 * OPPORTUNITY_BITS as f64 / self.period_s()
            }
            RateTrace::Steps { time_s, rate_bps } => {
                let p = steps_period(time_s);
                let mut bits = 0.0;
                for i in 0..time_s.len() {
                    let end = time_s.get(i + 1).copied().unwrap_or(p);
                    bits += rate_bps[i] * (end - time_s[i]);
                }
                bits / p
            }
        }
    }

    /// Read a `rate_trace` object; every problem names its path.
    pub fn read(mut o: Obj, p: &mut Problems) -> Option<RateTrace> {
        // The trace's file name, for people (the lab shows it; a share link too long to carry
        // the trace names it instead): it does not change the run.
        o.short_text("name", MAX_NAME_CHARS, p);
        if o.has("file") {
            let path = o.at("file");
            o.get("file");
            p.push(
                path,
                "a trace file is read by the command line and Python (relative to the scenario file); here give the trace inline (ms, or time_s and rate_bps)",
            );
            o.finish(p);
            return None;
        }
        let root = o.path.clone();
        let format = o.choice("format", &["mahimahi", "steps"], None, p);
        let before = p.0.len() + p.1;
        let t = if format == "mahimahi" {
            read_mahimahi(&mut o, p)
        } else {
            read_steps(&mut o, p)
        };
        o.finish(p);
        if p.0.len() + p.1 > before {
            return None;
        }
        let t = t?;
        let mean = t.mean_rate_bps();
        if mean.is_nan() || mean < MIN_MEAN_BPS {
            p.push(
                root,
                format!(
                    "the trace's mean rate is {} bit/s (at least {} needed)",
                    show(mean),
                    show(MIN_MEAN_BPS)
                ),
            );
            return None;
        }
        Some(t)
    }
}

/// Period of a steps trace: the last step lasts as long as the one before it.
fn steps_period(time_s: &[f64]) -> f64 {
    match time_s {
        [] => 1.0,
        [_] => 1.0,
        [.., a, b] => b + (b - a),
    }
}

/// Check the entry count of an array field before reading it.
fn sized<'v>(
    o: &mut Obj<'v>,
    key: &'static str,
    p: &mut Problems,
) -> Option<Vec<(String, &'v Value)>> {
    let path = o.at(key);
    if !o.has(key) {
        o.get(key);
        p.push(&path, "is required (a non-empty array)");
        return None;
    }
    let items = o.array(key, p);
    if items.is_empty() {
        p.push(&path, "must not be empty");
        return None;
    }
    if items.len() > MAX_TRACE_ENTRIES {
        p.push(
            &path,
            format!("has {} entries (at most {MAX_TRACE_ENTRIES})", items.len()),
        );
        return None;
    }
    Some(items)
}

fn read_mahimahi(o: &mut Obj, p: &mut Problems) -> Option<RateTrace> {
    let path = o.at("ms");
    let items = sized(o, "ms", p)?;
    let mut ms = Vec::with_capacity(items.len());
    let mut prev = 0u64;
    for (at, v) in items {
        let x = v.as_f64().unwrap_or(f64::NAN);
        if !(x.is_finite() && x >= 0.0 && x.fract() == 0.0 && x <= MAX_PERIOD_MS) {
            p.push(
                &at,
                format!(
                    "must be a whole number of milliseconds from 0 to {} (got {v})",
                    show(MAX_PERIOD_MS)
                ),
            );
            return None;
        }
        let x = x as u64;
        if x < prev {
            p.push(
                &at,
                format!("times must not decrease ({x} ms after {prev} ms)"),
            );
            return None;
        }
        prev = x;
        ms.push(x);
    }
    if prev == 0 {
        p.push(
            &path,
            "the last time must be above 0 ms (it is the length of the loop)",
        );
        return None;
    }
    Some(RateTrace::Mahimahi { ms })
}

fn read_steps(o: &mut Obj, p: &mut Problems) -> Option<RateTrace> {
    let times = sized(o, "time_s", p);
    let rates = sized(o, "rate_bps", p);
    let (times, rates) = (times?, rates?);
    if times.len() != rates.len() {
        p.push(
            o.at("rate_bps"),
            format!(
                "has {} entries but time_s has {} (one rate per step)",
                rates.len(),
                times.len()
            ),
        );
        return None;
    }
    let mut time_s = Vec::with_capacity(times.len());
    let mut rate_bps = Vec::with_capacity(times.len());
    for (i, ((tp, tv), (rp, rv))) in times.into_iter().zip(rates).enumerate() {
        let t = tv.as_f64().unwrap_or(f64::NAN);
        if !t.is_finite() || !(0.0..=MAX_PERIOD_MS / 1000.0).contains(&t) {
            p.push(
                &tp,
                format!(
                    "must be a time from 0 to {} s (got {tv})",
                    show(MAX_PERIOD_MS / 1000.0)
                ),
            );
            return None;
        }
        if i == 0 && t != 0.0 {
            p.push(&tp, format!("the first step must start at 0 s (got {tv})"));
            return None;
        }
        if let Some(&prev) = time_s.last() {
            if t <= prev {
                p.push(
                    &tp,
                    format!("times must increase ({} s after {} s)", show(t), show(prev)),
                );
                return None;
            }
        }
        let r = rv.as_f64().unwrap_or(f64::NAN);
        if !r.is_finite() || !(0.0..=MAX_RATE_BPS).contains(&r) {
            p.push(
                &rp,
                format!(
                    "must be a rate from 0 to {} bit/s (got {rv})",
                    show(MAX_RATE_BPS)
                ),
            );
            return None;
        }
        time_s.push(t);
        rate_bps.push(r);
    }
    Some(RateTrace::Steps { time_s, rate_bps })
}

/// The serialiser of a link direction whose capacity follows a trace (state of one run).
#[derive(Clone, Debug)]
pub struct TraceCapacity {
    kind: Kind,
}

#[derive(Clone, Debug)]
enum Kind {
    Mahimahi {
        /// Opportunity times within one period, ns.
        at_ns: Vec<u64>,
        period_ns: u64,
        /// Current opportunity (absolute index over all laps) and its unused bits.
        cur: Option<(u64, u64)>,
    },
    Steps {
        /// Step starts within one period, ns.
        start_ns: Vec<u64>,
        rate_bps: Vec<f64>,
        period_ns: u64,
    },
}

impl TraceCapacity {
    /// The serialiser of `t` for one run.
    pub fn new(t: &RateTrace) -> Self {
        let kind = match t {
            RateTrace::Mahimahi { ms } => Kind::Mahimahi {
                at_ns: ms.iter().map(|m| m * 1_000_000).collect(),
                period_ns: ms.last().copied().unwrap_or(1) * 1_000_000,
                cur: None,
            },
            RateTrace::Steps { time_s, rate_bps } => Kind::Steps {
                start_ns: time_s
                    .iter()
                    .map(|s| SimTime::from_secs_f64(*s).0)
                    .collect(),
                rate_bps: rate_bps.clone(),
                period_ns: SimTime::from_secs_f64(steps_period(time_s)).0.max(1),
            },
        };
        TraceCapacity { kind }
    }

    /// When a packet of `bits` whose serialisation starts at `start` has been fully sent.
    pub fn finish(&mut self, start: SimTime, bits: u64) -> SimTime {
        match &mut self.kind {
            Kind::Mahimahi {
                at_ns,
                period_ns,
                cur,
            } => {
                let n = at_ns.len() as u64;
                let time = |k: u64| -> u64 {
                    (k / n)
                        .saturating_mul(*period_ns)
                        .saturating_add(at_ns[(k % n) as usize])
                };
                let (mut k, mut left) = match *cur {
                    Some((k, left)) if left > 0 && time(k) >= start.0 => (k, left),
                    Some((k, _)) => (
                        first_at(at_ns, *period_ns, start.0).max(k + 1),
                        OPPORTUNITY_BITS,
                    ),
                    None => (first_at(at_ns, *period_ns, start.0), OPPORTUNITY_BITS),
                };
                let mut bits = bits;
                while bits > left {
                    bits -= left;
                    k += 1;
                    left = OPPORTUNITY_BITS;
                }
                *cur = Some((k, left - bits));
                SimTime(time(k))
            }
            Kind::Steps {
                start_ns,
                rate_bps,
                period_ns,
            } => {
                let n = start_ns.len();
                let lap = start.0 / *period_ns;
                let within = start.0 % *period_ns;
                let mut i = start_ns.partition_point(|&s| s <= within).saturating_sub(1);
                let mut base = lap.saturating_mul(*period_ns);
                let mut t = start.0;
                let mut bits = bits as f64;
                loop {
                    let end = base
                        + if i + 1 < n {
                            start_ns[i + 1]
                        } else {
                            *period_ns
                        };
                    let r = rate_bps[i];
                    if r > 0.0 {
                        let need_ns = bits / r * 1e9;
                        if need_ns <= (end - t) as f64 {
                            return SimTime(t + need_ns.ceil() as u64);
                        }
                        bits -= r * (end - t) as f64 * 1e-9;
                    }
                    t = end;
                    i += 1;
                    if i == n {
                        i = 0;
                        base += *period_ns;
                    }
                }
            }
        }
    }
}

/// Absolute index of the first opportunity at or after `t_ns` (an opportunity at the very end of
/// one lap and one at the start of the next may share an instant, as in `mm-link`).
fn first_at(at_ns: &[u64], period_ns: u64, t_ns: u64) -> u64 {
    let n = at_ns.len() as u64;
    let lap = t_ns / period_ns;
    let within = t_ns % period_ns;
    if within == 0 && lap > 0 && at_ns[at_ns.len() - 1] == period_ns {
        // The previous lap's last opportunity falls exactly at t.
        let mut i = at_ns.len() - 1;
        while i > 0 && at_ns[i - 1] == period_ns {
            i -= 1;
        }
        return (lap - 1) * n + i as u64;
    }
    let i = at_ns.partition_point(|&a| a < within) as u64;
    lap * n + i
}

/// Parse a Mahimahi trace file: one integer millisecond timestamp per line (blank lines and lines
/// starting with `#` skipped). Errors name the file and line.
pub fn parse_mahimahi(name: &str, text: &str) -> Result<Value, String> {
    let mut ms = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let x: u64 = l.parse().map_err(|_| {
            format!(
                "{name}: line {}: expected a whole number of milliseconds (got \"{}\")",
                i + 1,
                crate::json_reader::truncate(l, 40)
            )
        })?;
        ms.push(Value::from(x));
        if ms.len() > MAX_TRACE_ENTRIES {
            return Err(format!(
                "{name}: more than {MAX_TRACE_ENTRIES} delivery opportunities"
            ));
        }
    }
    Ok(serde_json::json!({ "format": "mahimahi", "ms": ms }))
}

/// Parse a `time_s,rate_bps` CSV (an optional header line; `#` comments skipped).
pub fn parse_steps_csv(name: &str, text: &str) -> Result<Value, String> {
    let (mut ts, mut rs) = (Vec::new(), Vec::new());
    for (i, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let mut cols = l.split(',').map(str::trim);
        let (a, b) = (cols.next().unwrap_or(""), cols.next().unwrap_or(""));
        match (a.parse::<f64>(), b.parse::<f64>()) {
            (Ok(t), Ok(r)) if cols.next().is_none() => {
                ts.push(Value::from(t));
                rs.push(Value::from(r));
            }
            _ if ts.is_empty() && a == "time_s" && b == "rate_bps" => {}
            _ => {
                return Err(format!(
                    "{name}: line {}: expected time_s,rate_bps (two numbers; got \"{}\")",
                    i + 1,
                    crate::json_reader::truncate(l, 40)
                ))
            }
        }
        if ts.len() > MAX_TRACE_ENTRIES {
            return Err(format!("{name}: more than {MAX_TRACE_ENTRIES} steps"));
        }
    }
    Ok(serde_json::json!({ "format": "steps", "time_s": ts, "rate_bps": rs }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(v: &[u64]) -> TraceCapacity {
        TraceCapacity::new(&RateTrace::Mahimahi { ms: v.to_vec() })
    }

    #[test]
    fn mahimahi_packets_share_and_span_opportunities_and_the_trace_loops() {
        // Opportunities at 1, 1, 3 ms; period 3 ms.
        let mut c = ms(&[1, 1, 3]);
        // 750 B + 750 B share the first opportunity (1 ms); the next 1500 B takes the second.
        assert_eq!(c.finish(SimTime::ZERO, 6000), SimTime(1_000_000));
        assert_eq!(c.finish(SimTime::ZERO, 6000), SimTime(1_000_000));
        assert_eq!(c.finish(SimTime::ZERO, 12000), SimTime(1_000_000));
        // 1512 B: the 3 ms opportunity plus 12 B of the next lap's first (3 + 1 = 4 ms).
        assert_eq!(c.finish(SimTime::ZERO, 12096), SimTime(4_000_000));
        // Idle until 5 ms: the rest of the 4 ms opportunity is wasted; next is 4 ms (lap 1,
        // second entry) — no, 4 ms < 5 ms, so the 6 ms one (lap 1's last).
        assert_eq!(c.finish(SimTime(5_000_000), 800), SimTime(6_000_000));
        // Lap 1's last (6 ms) and lap 2 start at 6 ms + 1 ms: from exactly 6 ms the leftover is used.
        assert_eq!(c.finish(SimTime(6_000_000), 800), SimTime(6_000_000));
    }

    #[test]
    fn steps_integrate_the_rate_and_loop() {
        // 1 Mbit/s for 1 s, 0 for 1 s (outage), period 2 s.
        let t = RateTrace::Steps {
            time_s: vec![0.0, 1.0],
            rate_bps: vec![1e6, 0.0],
        };
        assert_eq!(t.mean_rate_bps(), 5e5);
        let mut c = TraceCapacity::new(&t);
        assert_eq!(c.finish(SimTime::ZERO, 12000), SimTime(12_000_000));
        // Starting 6 ms before the outage: 6000 bits now, the rest after it (at 2 s).
        assert_eq!(
            c.finish(SimTime(994_000_000), 12000),
            SimTime(2_006_000_000)
        );
        // Third lap.
        assert_eq!(
            c.finish(SimTime(4_000_000_000), 1000),
            SimTime(4_001_000_000)
        );
    }

    #[test]
    fn trace_files_are_parsed_with_line_numbers() {
        assert_eq!(
            parse_mahimahi("a.trace", "1\n# c\n\n2\n").unwrap(),
            serde_json::json!({"format": "mahimahi", "ms": [1, 2]})
        );
        assert_eq!(
            parse_mahimahi("a.trace", "1\n2.5\n").unwrap_err(),
            "a.trace: line 2: expected a whole number of milliseconds (got \"2.5\")"
        );
        assert_eq!(
            parse_steps_csv("b.csv", "time_s,rate_bps\n0,1e6\n1,2e6\n").unwrap(),
            serde_json::json!({"format": "steps", "time_s": [0.0, 1.0], "rate_bps": [1e6, 2e6]})
        );
        assert!(parse_steps_csv("b.csv", "0,1e6\nx,1\n")
            .unwrap_err()
            .starts_with("b.csv: line 2:"));
    }
}
