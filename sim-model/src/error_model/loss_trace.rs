//! Loss trace: replay timestamped loss or corruption events measured on a link
//! (`errors.kind: "loss_trace"`, docs/traces.md "Replaying loss events").
//!
//! `ms` lists event times in whole milliseconds (non-decreasing). Each event hits the first packet
//! of the direction that finishes serialization at or after it ([`TxContext::depart`]); an event
//! that falls while the link is idle waits for the next packet, and several events before one
//! packet hit that one packet. `hit` says what an event does: `loss` (the packet disappears,
//! [`Hit::Lost`]) or `corruption` (its payload fails the checksum, [`Hit::Payload`]: the receiver
//! discards it, and a classifier that reads checksums knows the flow). With `period_ms` > 0 the
//! trace repeats as `mm-link` repeats a capacity trace: the events of lap k are at
//! `ms[i] + k · period_ms`.
//!
//!   packet j (departing at d_j) is hit  ⇔  some event time t has d_{j−1} < t ≤ d_j

use super::ErrorKind;
use super::ErrorSpec;
use super::{ErrorModel, TxContext};
use crate::json_reader::{show, truncate, Obj, Problems};
use crate::limits::MAX_TRACE_ENTRIES;
use crate::packet::Hit;
use crate::param::{Component, Info, Knobs, ParamKind, ParamSpec};
use crate::rng::SimRng;
use serde::Serialize;
use serde_json::json;

/// Longest trace or loop, ms (one day).
const MAX_MS: i64 = 86_400_000;

/// What an event does to the packet it hits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EventHit {
    /// The packet is lost on the link.
    Loss,
    /// The packet arrives with a corrupted payload (the checksum fails).
    Corruption,
}

/// Catalog entry and knobs of `loss_trace`.
pub(crate) const KIND: ErrorKind = Component {
    info: Info {
        id: "loss_trace",
        title: "Loss trace",
        description: "Replays measured loss or corruption events: each hits the first packet to leave the link at or after its time.",
        reference: "—",
    },
    mode: None,
    params,
    read: |o, _, p| ErrorSpec::LossTrace(read(o, p)),
};

fn params() -> Vec<ParamSpec> {
    vec![
        ParamSpec::integer_list(
            "ms",
            "ms",
            0,
            MAX_MS,
            "Event times, whole milliseconds, non-decreasing.",
        )
        .with_default(json!([1000, 1002, 5000]))
        .required(),
        ParamSpec::choice(
            "hit",
            &["loss", "corruption"],
            "loss",
            "What an event does to the packet it hits.",
        ),
        ParamSpec::integer(
            "period_ms",
            "ms",
            0,
            MAX_MS,
            0,
            "Loop length (0: play the events once).",
        ),
    ]
}

/// The knobs of `loss_trace` (`ErrorSpec::LossTrace`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Params {
    /// Event times, ms, non-decreasing.
    pub ms: Vec<u64>,
    /// What an event does.
    pub hit: EventHit,
    /// Loop length, ms (0: once).
    pub period_ms: u64,
}

/// The `loss_trace` fields of an `errors` object.
pub(crate) fn read(o: &mut Obj, p: &mut Problems) -> Params {
    let ParamKind::IntegerList { min, max } = params()[0].kind else {
        unreachable!("ms is a list")
    };
    // The events' file name, for people (as a capacity trace's `name`): it does not change the run.
    o.short_text("name", crate::net::rate_trace::MAX_NAME_CHARS, p);
    let at = o.at("ms");
    if o.has("file") {
        let path = o.at("file");
        o.get("file");
        p.push(
            path,
            "a loss-event file is read by the command line and Python (relative to the scenario file); here give the events inline (ms)",
        );
    } else if !o.has("ms") {
        p.push(
            &at,
            "is required (event times in whole milliseconds, e.g. [1000, 1002])",
        );
    }
    let items = o.array("ms", p);
    if items.len() > MAX_TRACE_ENTRIES {
        p.push(
            &at,
            format!(
                "too many events: {} (at most {MAX_TRACE_ENTRIES})",
                items.len()
            ),
        );
    }
    let mut ms: Vec<u64> = Vec::new();
    for (path, v) in items.into_iter().take(MAX_TRACE_ENTRIES) {
        match v.as_f64() {
            Some(x) if x.fract() == 0.0 && (min as f64..=max as f64).contains(&x) => {
                let t = x as u64;
                if let Some(&before) = ms.last() {
                    if t < before {
                        p.push(
                            &path,
                            format!("times must not decrease ({t} ms after {before} ms)"),
                        );
                    }
                }
                ms.push(t);
            }
            _ => p.push(
                &path,
                format!("must be a whole number of milliseconds from {min} to {max} (got {v})"),
            ),
        }
    }
    let mut k = Knobs::new(o, params()[1..].to_vec());
    let hit = match k.pick("hit", p) {
        "corruption" => EventHit::Corruption,
        _ => EventHit::Loss,
    };
    let period_ms = k.int("period_ms", p);
    if let Some(&last) = ms.last() {
        if period_ms > 0 && period_ms <= last {
            p.push(
                k.at("period_ms"),
                format!(
                    "must be longer than the last event time ({} ms), or 0 to play the events once",
                    show(last as f64)
                ),
            );
        }
    }
    Params { ms, hit, period_ms }
}

/// The event times of a loss-event file, whole ms: a CSV whose header names `time_ms` or `time_s`
/// (seconds, rounded to the nearest ms), one row per event — or, when the header also names
/// `lost`, one row per packet (the packet log `losslab fit-ge` reads), the rows with `lost` 1 being
/// the events. Blank lines and lines starting with `#` are skipped; times must not decrease.
/// Errors name the file and the line.
pub fn parse_events_csv(name: &str, text: &str) -> Result<Vec<u64>, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
    let Some((_, first)) = lines.next() else {
        return Err(format!("{name}: the file is empty"));
    };
    let header: Vec<&str> = first.split(',').map(str::trim).collect();
    let col = |h: &str| header.iter().position(|&c| c == h);
    let (time, scale) = match (col("time_ms"), col("time_s")) {
        (Some(c), None) => (c, 1.0),
        (None, Some(c)) => (c, 1000.0),
        _ => {
            return Err(format!(
            "{name}: line 1: the header must name one time column, time_ms or time_s (it has: {})",
            header.join(", ")
        ))
        }
    };
    let lost = col("lost");
    let mut ms: Vec<u64> = Vec::new();
    for (no, l) in lines {
        let cells: Vec<&str> = l.split(',').map(str::trim).collect();
        let cell = |c: usize| {
            cells.get(c).copied().ok_or_else(|| {
                format!(
                    "{name}: line {no}: no value in column {} ({})",
                    c + 1,
                    header[c]
                )
            })
        };
        if let Some(c) = lost {
            let v = cell(c)?;
            match super::gilbert_elliott::fit::value(v) {
                Some(true) => {}
                Some(false) => continue,
                None => {
                    return Err(format!(
                        "{name}: line {no}: lost must be 0 or 1 (got \"{}\")",
                        truncate(v, 40)
                    ))
                }
            }
        }
        let v = cell(time)?;
        let t = v.parse::<f64>().ok().map(|x| x * scale).filter(|x| {
            x.is_finite() && (0.0..=MAX_MS as f64).contains(x) && (scale != 1.0 || x.fract() == 0.0)
        });
        let Some(t) = t else {
            return Err(format!(
                "{name}: line {no}: {} must be {} from 0 to one day (got \"{}\")",
                header[time],
                if scale == 1.0 {
                    "a whole number of milliseconds"
                } else {
                    "a number of seconds"
                },
                truncate(v, 40)
            ));
        };
        let t = t.round() as u64;
        if let Some(&before) = ms.last() {
            if t < before {
                return Err(format!(
                    "{name}: line {no}: times must not decrease ({t} ms after {before} ms)"
                ));
            }
        }
        if ms.len() == MAX_TRACE_ENTRIES {
            return Err(format!("{name}: more than {MAX_TRACE_ENTRIES} events"));
        }
        ms.push(t);
    }
    if ms.is_empty() {
        return Err(format!(
            "{name}: no events (no rows{})",
            if lost.is_some() { " with lost 1" } else { "" }
        ));
    }
    Ok(ms)
}

impl Params {
    /// The model of these knobs (deterministic: it draws nothing from `_rng`).
    pub fn build(&self, _rng: SimRng) -> Box<dyn ErrorModel> {
        Box::new(LossTrace::new(self))
    }
}

/// Replays a list of event times against the packets leaving the link.
#[derive(Debug)]
pub struct LossTrace {
    /// Event times, ns, sorted.
    events_ns: Vec<u64>,
    /// Loop length, ns (0: once).
    period_ns: u64,
    /// What an event does.
    hit: Hit,
    /// Index of the next event not yet used, in the current lap.
    next: usize,
    /// Start of the current lap, ns.
    lap_ns: u64,
}

impl LossTrace {
    /// The trace of `p`.
    pub fn new(p: &Params) -> Self {
        LossTrace {
            events_ns: p.ms.iter().map(|&m| m * 1_000_000).collect(),
            period_ns: p.period_ms * 1_000_000,
            hit: match p.hit {
                EventHit::Loss => Hit::Lost,
                EventHit::Corruption => Hit::Payload,
            },
            next: 0,
            lap_ns: 0,
        }
    }

    /// The time of the next unused event, ns (`None` when the trace is used up).
    fn next_event(&mut self) -> Option<u64> {
        if self.next == self.events_ns.len() {
            if self.period_ns == 0 || self.events_ns.is_empty() {
                return None;
            }
            self.next = 0;
            self.lap_ns += self.period_ns;
        }
        Some(self.lap_ns + self.events_ns[self.next])
    }
}

impl ErrorModel for LossTrace {
    fn judge(&mut self, tx: &TxContext) -> Hit {
        let depart = tx.depart.0;
        let mut hit = false;
        // Every event due by this packet's departure is used up on it.
        while let Some(t) = self.next_event() {
            if t > depart {
                break;
            }
            hit = true;
            self.next += 1;
        }
        if hit {
            self.hit
        } else {
            Hit::None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::SimTime;

    /// Seconds as a [`SimTime`].
    fn at(s: f64) -> SimTime {
        SimTime::from_secs_f64(s)
    }

    fn tx(depart: SimTime) -> TxContext {
        TxContext {
            bit_offset: 0,
            bits: 12_000,
            sensitive_bits: 0,
            index: 0,
            depart,
        }
    }

    fn trace(ms: &[u64], hit: EventHit, period_ms: u64) -> LossTrace {
        LossTrace::new(&Params {
            ms: ms.to_vec(),
            hit,
            period_ms,
        })
    }

    #[test]
    fn an_event_hits_the_first_packet_leaving_at_or_after_it() {
        let mut m = trace(&[100, 100, 250], EventHit::Loss, 0);
        let fates: Vec<Hit> = [0.05, 0.1, 0.2, 0.3, 0.4]
            .iter()
            .map(|&s| m.judge(&tx(at(s))))
            .collect();
        // Two events at 100 ms hit the one packet leaving at 100 ms; 250 ms waits for 300 ms.
        assert_eq!(
            fates,
            [Hit::None, Hit::Lost, Hit::None, Hit::Lost, Hit::None]
        );
    }

    #[test]
    fn corruption_events_corrupt_the_payload() {
        let mut m = trace(&[10], EventHit::Corruption, 0);
        assert_eq!(m.judge(&tx(at(0.02))), Hit::Payload);
    }

    #[test]
    fn a_period_repeats_the_events() {
        let mut m = trace(&[100], EventHit::Loss, 1000);
        let hits = (1..=40)
            .map(|i| m.judge(&tx(at(i as f64 * 0.1))))
            .filter(|h| *h == Hit::Lost)
            .count();
        // Events at 0.1, 1.1, 2.1, 3.1 s within 4 s.
        assert_eq!(hits, 4);
        let mut once = trace(&[100], EventHit::Loss, 0);
        let hits = (1..=40)
            .filter(|i| once.judge(&tx(at(*i as f64 * 0.1))) == Hit::Lost)
            .count();
        assert_eq!(hits, 1);
    }
}
