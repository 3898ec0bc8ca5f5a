//! `losslab aggregate`: raw sweep files (shards over points and replications) merged back into
//! the aggregate CSV ([`super::output`]), byte-identical to the file the unsharded sweep writes —
//! streamed, so memory stays at one point's rows however large the files are.
//!
//! Every raw file is written in (point, replication) order (the sweep's reorder buffer sees to
//! it, sharded or not), so the files are read as a k-way merge: the smallest (point, replication)
//! at the head of any file is taken next, and a point's replications arrive in order, one
//! [`RowStats`] per row taking each value as it comes (the direct sweep's accumulator, fed in the
//! same order: the same bytes). A point's aggregate lines are written as soon as its last
//! replication is read. Numbers were written in shortest round-trip form, so they read back as
//! the same `f64`.
//!
//! Checked, each a problem with its file and line (the first 50 kept): every file has the same
//! header and is in (point, replication) order; a (point, replication) appears in one file only;
//! its rows share one seed; a point's varied values and rows are the same in every replication;
//! every point has replications 0..R−1 with the same R; and, when the caller knows them (from the
//! raw files' `.meta.json`), the number of points and replications. Sans-IO in spirit: the caller
//! hands in readers and a writer.

use super::accumulate::RowStats;
use super::limits::{MAX_REPLICATIONS, MAX_RUNS};
use super::output::{AGGREGATE_TAIL, RAW_TAIL};
use crate::csv::{field, parse_records};
use std::io::{BufRead, Read, Write};

/// What the merged files held.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// Points found.
    pub points: usize,
    /// Replications per point.
    pub replications: u64,
    /// Smallest and largest seed of the runs (`None` with no rows).
    pub seeds: Option<(u64, u64)>,
}

/// Why a merge stopped.
#[derive(Debug)]
pub enum MergeError {
    /// The inputs are not a complete, consistent set of raw files (messages with file and line).
    Invalid(Vec<String>),
    /// The output could not be written.
    Write(std::io::Error),
}

/// Problems kept in full; the rest are counted.
const MAX_PROBLEMS: usize = 50;

/// The longest record read (1 MiB): a raw row holds a few numbers, ids and varied values.
pub const MAX_RECORD_BYTES: usize = 1 << 20;

#[derive(Default)]
struct Problems {
    kept: Vec<String>,
    more: usize,
}

impl Problems {
    fn push(&mut self, p: String) {
        if self.kept.len() < MAX_PROBLEMS {
            self.kept.push(p);
        } else {
            self.more += 1;
        }
    }
    fn any(&self) -> bool {
        !self.kept.is_empty()
    }
    fn into_vec(mut self) -> Vec<String> {
        if self.more > 0 {
            self.kept.push(format!("… and {} more problems", self.more));
        }
        self.kept
    }
}

/// One data row of a raw file.
struct Rec {
    line: usize,
    point: u64,
    rep: u64,
    seed: u64,
    lead: Vec<String>,
    entity: String,
    metric: String,
    value: Option<f64>,
}

/// One raw file being read: its next valid row, and the key of the last one.
struct Source<'a> {
    name: &'a str,
    input: &'a mut dyn BufRead,
    /// Lines read so far.
    line: usize,
    next: Option<Rec>,
    last_key: Option<(u64, u64)>,
}

impl Source<'_> {
    /// The next CSV record (RFC 4180: a quoted field may span lines) with its first line.
    ///
    /// Quotes are counted in each new line only (a running parity, not a recount of the record
    /// at every line: an unclosed quote early in a big file stays linear), and a record is read
    /// no further than [`MAX_RECORD_BYTES`] (a file of zeros or one endless line stops there).
    fn record(&mut self) -> Result<Option<(usize, Vec<String>)>, String> {
        let start = self.line + 1;
        let mut text = String::new();
        let mut open_quote = false;
        loop {
            let before = text.len();
            let room = (MAX_RECORD_BYTES + 1).saturating_sub(before) as u64;
            let n = (&mut *self.input)
                .take(room)
                .read_line(&mut text)
                .map_err(|e| format!("{}: line {start}: cannot read: {e}", self.name))?;
            if text.len() > MAX_RECORD_BYTES {
                return Err(format!(
                    "{}: line {start}: a record longer than {MAX_RECORD_BYTES} bytes{} (a raw sweep \
                     file's rows are short)",
                    self.name,
                    if open_quote || text[before..].bytes().filter(|&b| b == b'"').count() % 2 == 1 {
                        ", inside a quoted field that is not closed"
                    } else {
                        ""
                    }
                ));
            }
            if n == 0 {
                if text.is_empty() {
                    return Ok(None);
                }
                return Err(format!(
                    "{}: line {start}: a quoted field is not closed",
                    self.name
                ));
            }
            self.line += 1;
            // An even number of quotes so far: the record is whole.
            if text[before..].bytes().filter(|&b| b == b'"').count() % 2 == 1 {
                open_quote = !open_quote;
            }
            if !open_quote {
                break;
            }
        }
        let mut recs = parse_records(&text).map_err(|e| format!("{}: {e}", self.name))?;
        Ok(recs.pop().map(|(_, r)| (start, r)))
    }

    /// Move to the next valid row, reporting bad ones (and rows out of order) as problems.
    fn advance(&mut self, k: usize, nv: usize, problems: &mut Problems) {
        self.next = None;
        loop {
            let (line, rec) = match self.record() {
                Ok(Some(r)) => r,
                Ok(None) => return,
                Err(e) => {
                    problems.push(e);
                    return;
                }
            };
            let at = |msg: String| format!("{}: line {line}: {msg}", self.name);
            if rec.len() != k {
                problems.push(at(format!("{} cells, expected {k}", rec.len())));
                continue;
            }
            let num = |i: usize| rec[i].parse::<u64>();
            let (Ok(point), Ok(rep), Ok(seed)) = (num(0), num(1 + nv), num(2 + nv)) else {
                problems.push(at(
                    "point, replication and seed must be whole numbers".into()
                ));
                continue;
            };
            if point >= MAX_RUNS || rep >= MAX_REPLICATIONS {
                problems.push(at(format!(
                    "point {point} replication {rep} is beyond any sweep (at most {MAX_RUNS} runs \
                     and {MAX_REPLICATIONS} replications)"
                )));
                continue;
            }
            let value = match rec[k - 1].as_str() {
                "" => None,
                v => match v.parse::<f64>() {
                    Ok(x) if x.is_finite() => Some(x),
                    Ok(_) => {
                        problems.push(at(format!(
                            "column value (column {k}): \"{}\" is not a finite number (an \
                             undefined value is an empty cell)",
                            crate::json_reader::quote(v)
                        )));
                        continue;
                    }
                    Err(_) => {
                        problems.push(at(format!(
                            "column value (column {k}): \"{}\" is not a number",
                            crate::json_reader::quote(v)
                        )));
                        continue;
                    }
                },
            };
            if let Some(last) = self.last_key {
                if (point, rep) < last {
                    problems.push(at(format!(
                        "point {point} replication {rep} comes after point {} replication {}: \
                         a raw file must be in (point, replication) order, as losslab writes it \
                         (give shards as separate files rather than concatenated)",
                        last.0, last.1
                    )));
                    continue;
                }
            }
            self.last_key = Some((point, rep));
            let mut rec = rec;
            let value_cell = rec.pop();
            let metric = rec.pop().unwrap_or_default();
            let entity = rec.pop().unwrap_or_default();
            debug_assert!(value_cell.is_some());
            self.next = Some(Rec {
                line,
                point,
                rep,
                seed,
                lead: rec[1..1 + nv].to_vec(),
                entity,
                metric,
                value,
            });
            return;
        }
    }

    fn key(&self) -> Option<(u64, u64)> {
        self.next.as_ref().map(|r| (r.point, r.rep))
    }
}

/// The point being accumulated.
struct Open {
    point: u64,
    lead: Vec<String>,
    first_rep: u64,
    rows: Vec<(String, String)>,
    stats: Vec<RowStats>,
    /// Replications 0..next_rep have been seen or reported missing.
    next_rep: u64,
}

/// Merge raw files given as `(name, reader)` into `out`; `expect` = (points, replications) when
/// known. On an error, what was written to `out` is incomplete (the CLI discards it).
pub fn merge(
    files: &mut [(&str, &mut dyn BufRead)],
    expect: Option<(usize, u64)>,
    out: &mut dyn Write,
) -> Result<Merged, MergeError> {
    let mut problems = Problems::default();
    if let Some((p, r)) = expect {
        if p as u64 > MAX_RUNS || r > MAX_REPLICATIONS || (p as u64).saturating_mul(r) > MAX_RUNS {
            return Err(MergeError::Invalid(vec![format!(
                "the sidecar declares {p} points × {r} replications; a sweep has at most \
                 {MAX_RUNS} runs and {MAX_REPLICATIONS} replications (an edited or damaged \
                 .meta.json?)"
            )]));
        }
    }
    let mut header: Option<(String, Vec<String>)> = None;
    let mut sources: Vec<Source> = Vec::new();
    for (name, input) in files.iter_mut() {
        let mut s = Source {
            name,
            input: &mut **input,
            line: 0,
            next: None,
            last_key: None,
        };
        let head = match s.record() {
            Ok(Some((_, h))) => h,
            Ok(None) => {
                problems.push(format!("{name}: empty file (expected the raw header)"));
                continue;
            }
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let k = head.len();
        if k < 1 + RAW_TAIL.len() || head[0] != "point" || head[k - RAW_TAIL.len()..] != *RAW_TAIL {
            problems.push(format!(
                "{name}: line 1: not a raw sweep file (expected point,<varied paths…>,{})",
                RAW_TAIL.join(",")
            ));
            continue;
        }
        match &header {
            None => header = Some((name.to_string(), head)),
            Some((first, h)) if *h != head => {
                problems.push(format!(
                    "{name}: line 1: header differs from {first}'s (another sweep?)"
                ));
                continue;
            }
            Some(_) => {}
        }
        sources.push(s);
    }
    let Some((_, head)) = header else {
        if !problems.any() {
            problems.push("no raw file given".into());
        }
        return Err(MergeError::Invalid(problems.into_vec()));
    };
    let k = head.len();
    let nv = k - 1 - RAW_TAIL.len();
    for s in &mut sources {
        s.advance(k, nv, &mut problems);
    }

    let mut w = Writer {
        out,
        failed: None,
        on: !problems.any(),
    };
    let mut cols: Vec<String> = head[..1 + nv].iter().map(|c| field(c)).collect();
    cols.extend(AGGREGATE_TAIL.iter().map(|s| s.to_string()));
    w.line(&cols.join(","));

    let mut open: Option<Open> = None;
    // (point, replications seen) of every closed point, in order: one pair per point.
    let mut closed: Vec<(u64, u64)> = Vec::new();
    let mut missing: Vec<String> = Vec::new();
    let mut seeds: Option<(u64, u64)> = None;
    while let Some(key) = sources.iter().filter_map(Source::key).min() {
        let holders: Vec<usize> = (0..sources.len())
            .filter(|&i| sources[i].key() == Some(key))
            .collect();
        for &j in &holders[1..] {
            let s = &sources[j];
            problems.push(format!(
                "{}: line {}: point {} replication {} is also in {} (overlapping shards?)",
                s.name,
                s.next.as_ref().map_or(0, |r| r.line),
                key.0,
                key.1,
                sources[holders[0]].name
            ));
        }
        // The replication's rows, from the first file that has it (the others' are skipped).
        let mut rows: Vec<Rec> = Vec::new();
        for (n, &j) in holders.iter().enumerate() {
            while sources[j].key() == Some(key) {
                let r = sources[j].next.take().expect("a row with this key");
                if n == 0 {
                    rows.push(r);
                }
                sources[j].advance(k, nv, &mut problems);
            }
        }
        let name = sources[holders[0]].name;
        let first = &rows[0];
        for r in &rows[1..] {
            if r.seed != first.seed {
                problems.push(format!(
                    "{name}: line {}: point {} replication {}: seed {} differs from {}",
                    r.line, key.0, key.1, r.seed, first.seed
                ));
            }
            if r.lead != first.lead {
                problems.push(format!(
                    "{name}: line {}: point {}'s varied values differ from an earlier row's",
                    r.line, key.0
                ));
            }
        }
        seeds = Some(seeds.map_or((first.seed, first.seed), |(a, b)| {
            (a.min(first.seed), b.max(first.seed))
        }));
        if open.as_ref().is_some_and(|o| o.point != key.0) {
            close(open.take(), &mut w, &mut closed);
        }
        let o = open.get_or_insert_with(|| {
            let expected = closed.last().map_or(0, |c| c.0 + 1);
            if expected < key.0 {
                missing.push(missing_points(expected..key.0));
            }
            Open {
                point: key.0,
                lead: first.lead.clone(),
                first_rep: key.1,
                rows: rows
                    .iter()
                    .map(|r| (r.entity.clone(), r.metric.clone()))
                    .collect(),
                stats: vec![RowStats::default(); rows.len()],
                next_rep: 0,
            }
        });
        if first.lead != o.lead {
            problems.push(format!(
                "{name}: line {}: point {}'s varied values differ from an earlier row's",
                first.line, key.0
            ));
        }
        if key.1 > o.next_rep {
            missing.push(missing_reps(o.point, o.next_rep..key.1));
        }
        o.next_rep = key.1 + 1;
        let same = rows.len() == o.rows.len()
            && rows
                .iter()
                .zip(&o.rows)
                .all(|(r, (e, m))| r.entity == *e && r.metric == *m);
        if !same {
            problems.push(format!(
                "point {} replication {}: its rows (entity, metric) differ from replication {}'s",
                key.0, key.1, o.first_rep
            ));
            w.on = false;
            continue;
        }
        for (st, r) in o.stats.iter_mut().zip(&rows) {
            st.push_opt(r.value);
        }
        if problems.any() || !missing.is_empty() {
            w.on = false;
        }
    }
    close(open.take(), &mut w, &mut closed);
    if problems.any() {
        return Err(MergeError::Invalid(problems.into_vec()));
    }

    // Completeness against the sweep's size (from the sidecars) or the largest seen.
    let reps = closed.iter().map(|c| c.1).max().unwrap_or(0);
    let (want_points, want_reps) = expect.unwrap_or((closed.len(), reps));
    let seen_points = closed.last().map_or(0, |c| c.0 + 1);
    for (p, n) in &closed {
        if *n < want_reps && *p < want_points as u64 {
            missing.push(missing_reps(*p, *n..want_reps));
        }
    }
    if seen_points < want_points as u64 {
        missing.push(missing_points(seen_points..want_points as u64));
    }
    if let Some(extra) = closed.iter().find(|c| c.0 >= want_points as u64) {
        missing.push(format!(
            "point {}: beyond the {want_points} points of the sweep",
            extra.0
        ));
    }
    if reps > want_reps {
        missing.push(format!(
            "replication {}: beyond the {want_reps} replications of the sweep",
            reps - 1
        ));
    }
    if !missing.is_empty() {
        missing.sort_by_key(|m| point_of(m));
        missing.truncate(MAX_PROBLEMS);
        return Err(MergeError::Invalid(missing));
    }
    if let Some(e) = w.failed {
        return Err(MergeError::Write(e));
    }
    Ok(Merged {
        points: closed.len(),
        replications: want_reps,
        seeds,
    })
}

/// `point 3: replications 2–5 missing (a shard missing?)`: a range, one line whatever its size.
fn missing_reps(point: u64, reps: std::ops::Range<u64>) -> String {
    format!(
        "point {point}: {} missing (a shard missing?)",
        range_words("replication", &reps)
    )
}

/// `point 4: no rows` or `point 4: no rows (nor points 5–9)`, keyed by its first point.
fn missing_points(points: std::ops::Range<u64>) -> String {
    if points.end - points.start == 1 {
        format!("point {}: no rows (a shard missing?)", points.start)
    } else {
        format!(
            "point {}: no rows, nor points {}–{} (a shard missing?)",
            points.start,
            points.start + 1,
            points.end - 1
        )
    }
}

/// `replication 2`, `replications 2, 3`, `replications 2–9`.
fn range_words(what: &str, r: &std::ops::Range<u64>) -> String {
    match r.end - r.start {
        1 => format!("{what} {}", r.start),
        2 => format!("{what}s {}, {}", r.start, r.start + 1),
        _ => format!("{what}s {}–{}", r.start, r.end - 1),
    }
}

/// The point a completeness message is about, for ordering the messages.
fn point_of(m: &str) -> u64 {
    m.strip_prefix("point ")
        .and_then(|r| r.split(':').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(u64::MAX)
}

/// Writes the aggregate's lines while nothing has gone wrong; keeps the first write error.
struct Writer<'a> {
    out: &'a mut dyn Write,
    failed: Option<std::io::Error>,
    on: bool,
}

impl Writer<'_> {
    fn line(&mut self, s: &str) {
        if !self.on || self.failed.is_some() {
            return;
        }
        if let Err(e) = self
            .out
            .write_all(s.as_bytes())
            .and_then(|()| self.out.write_all(b"\n"))
        {
            self.failed = Some(e);
        }
    }
}

/// Write a finished point's aggregate lines and remember how many replications it had.
fn close(open: Option<Open>, w: &mut Writer, closed: &mut Vec<(u64, u64)>) {
    let Some(o) = open else { return };
    let mut lead = o.point.to_string();
    for c in &o.lead {
        lead.push(',');
        lead.push_str(&field(c));
    }
    for ((e, m), st) in o.rows.iter().zip(&o.stats) {
        w.line(&format!("{lead},{},{},{}", field(e), field(m), st.cells()));
    }
    closed.push((o.point, o.next_rep));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(files: &[(&str, &str)], expect: Option<(usize, u64)>) -> Result<String, Vec<String>> {
        let mut readers: Vec<std::io::Cursor<&[u8]>> = files
            .iter()
            .map(|(_, t)| std::io::Cursor::new(t.as_bytes()))
            .collect();
        let mut named: Vec<(&str, &mut dyn BufRead)> = files
            .iter()
            .zip(readers.iter_mut())
            .map(|((n, _), r)| (*n, r as &mut dyn BufRead))
            .collect();
        let mut out = Vec::new();
        match merge(&mut named, expect, &mut out) {
            Ok(_) => Ok(String::from_utf8(out).unwrap()),
            Err(MergeError::Invalid(p)) => Err(p),
            Err(MergeError::Write(e)) => Err(vec![e.to_string()]),
        }
    }

    const HEAD: &str = "point,x,replication,seed,entity,metric,value\n";

    #[test]
    fn shards_by_run_merge_in_replication_order() {
        let a = format!("{HEAD}0,1,0,1,tcp,m,1\n0,1,2,3,tcp,m,3\n1,2,1,5,tcp,m,20\n");
        let b = format!("{HEAD}0,1,1,2,tcp,m,2\n1,2,0,4,tcp,m,10\n1,2,2,6,tcp,m,\n");
        let csv = run(&[("a", &a), ("b", &b)], Some((2, 3))).unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(
            lines[0],
            "point,x,entity,metric,mean,sd,ci95_low,ci95_high,n"
        );
        // mean 2, sd 1 over 1, 2, 3; point 1 has an undefined value: n = 2, mean 15.
        assert!(lines[1].starts_with("0,1,tcp,m,2,1,"), "{}", lines[1]);
        assert!(lines[2].starts_with("1,2,tcp,m,15,"), "{}", lines[2]);
        assert!(lines[2].ends_with(",2"), "{}", lines[2]);
        // The same rows in one file give the same bytes.
        let one = format!(
            "{HEAD}0,1,0,1,tcp,m,1\n0,1,1,2,tcp,m,2\n0,1,2,3,tcp,m,3\n\
             1,2,0,4,tcp,m,10\n1,2,1,5,tcp,m,20\n1,2,2,6,tcp,m,\n"
        );
        assert_eq!(run(&[("one", &one)], None).unwrap(), csv);
    }

    #[test]
    fn gaps_overlaps_and_disorder_are_named() {
        let a = format!("{HEAD}0,1,0,1,tcp,m,1\n0,1,2,3,tcp,m,3\n");
        let p = run(&[("a", &a)], Some((2, 3))).unwrap_err().join("\n");
        assert!(p.contains("point 0: replication 1 missing"), "{p}");
        assert!(p.contains("point 1: no rows"), "{p}");
        let b = format!("{HEAD}0,1,2,3,tcp,m,3\n");
        let p = run(&[("a", &a), ("b", &b)], None).unwrap_err().join("\n");
        assert!(
            p.contains("b: line 2: point 0 replication 2 is also in a"),
            "{p}"
        );
        let c = format!("{HEAD}0,1,1,2,tcp,m,1\n0,1,0,1,tcp,m,3\n");
        let p = run(&[("c", &c)], None).unwrap_err().join("\n");
        assert!(
            p.contains("c: line 3: point 0 replication 0 comes after"),
            "{p}"
        );
        let d = format!("{HEAD}0,1,0,1,tcp,m,1\n0,1,1,2,udp,m,3\n");
        let p = run(&[("d", &d)], None).unwrap_err().join("\n");
        assert!(p.contains("differ from replication 0's"), "{p}");
    }

    #[test]
    fn a_quoted_field_may_span_lines() {
        let head = "point,\"a\nb\",replication,seed,entity,metric,value\n";
        let t = format!("{head}0,\"x,\n\"\"y\"\"\",0,1,tcp,m,4\n");
        let csv = run(&[("q", &t)], None).unwrap();
        assert!(
            csv.starts_with("point,\"a\nb\",entity,metric,mean,sd,ci95_low,ci95_high,n\n0,\"x,\n\"\"y\"\"\",tcp,m,4,"),
            "{csv}"
        );
    }

    #[test]
    fn huge_numbers_and_gaps_are_ranges_not_lists() {
        let a = format!("{HEAD}0,1,0,1,tcp,m,1\n0,1,99999,2,tcp,m,1\n3000,1,0,3,tcp,m,1\n");
        let p = run(&[("a", &a)], None).unwrap_err();
        assert!(p.iter().all(|l| l.len() < 200), "{p:?}");
        let p = p.join("\n");
        assert!(p.contains("point 0: replications 1–99998 missing"), "{p}");
        assert!(p.contains("point 1: no rows, nor points 2–2999"), "{p}");
        let b = format!("{HEAD}0,1,0,1,tcp,m,1\n99999999999,1,0,1,tcp,m,1\n");
        let p = run(&[("b", &b)], None).unwrap_err().join("\n");
        assert!(
            p.contains("b: line 3: point 99999999999 replication 0 is beyond any sweep"),
            "{p}"
        );
        // A declared size past any sweep is refused before reading.
        let c = format!("{HEAD}0,1,0,1,tcp,m,1\n");
        let p = run(&[("c", &c)], Some((1_000_000_000_000_000, 3)))
            .unwrap_err()
            .join("\n");
        assert!(p.contains("declares 1000000000000000 points"), "{p}");
    }

    #[test]
    fn non_finite_values_are_refused_with_line_and_column() {
        let a = format!("{HEAD}0,1,0,1,tcp,m,NaN\n0,1,1,2,tcp,m,inf\n0,1,2,3,tcp,m,-infinity\n");
        let p = run(&[("a", &a)], None).unwrap_err().join("\n");
        for (line, v) in [(2, "NaN"), (3, "inf"), (4, "-infinity")] {
            let want =
                format!("a: line {line}: column value (column 7): \"{v}\" is not a finite number");
            assert!(p.contains(&want), "{p}");
        }
    }

    #[test]
    fn an_unclosed_quote_stops_at_the_record_limit() {
        let mut a = format!("{HEAD}0,\"1,0,1,tcp,m,1\n");
        while a.len() <= MAX_RECORD_BYTES + 100 {
            a.push_str("0,1,0,1,tcp,m,1\n");
        }
        let p = run(&[("a", &a)], None).unwrap_err().join("\n");
        assert!(p.contains("a: line 2: a record longer than 1048576 bytes, inside a quoted field that is not closed"), "{p}");
    }
}
