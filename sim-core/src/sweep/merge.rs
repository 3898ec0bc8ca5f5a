//! `losslab aggregate`: raw sweep files (shards over points and replications) merged back into
//! the aggregate CSV ([`super::output`]), byte-identical to the file the unsharded sweep writes.
//!
//! The raw files carry everything the aggregate needs — the point, its varied values, the
//! replication, entity, metric and value — so no sweep file is read. Values are gathered per
//! (point, row) in replication order and go through the same [`stats_cells`] as the direct sweep;
//! numbers were written in shortest round-trip form, so they read back as the same `f64` and the
//! bytes agree.
//!
//! Checked, each a problem with its file and line: every file has the same header; a (point,
//! replication) appears in one file only; a point's varied values and rows are the same in every
//! replication; every point has replications 0..R−1 with the same R; and, when the caller knows
//! them (from the raw files' `.meta.json`), the number of points and replications. Sans-IO: the
//! CLI reads the files.

use super::output::{stats_cells, AGGREGATE_TAIL, RAW_TAIL};
use crate::csv::{field, parse_records};
use std::collections::BTreeMap;

/// What the merged files held.
#[derive(Clone, Debug, PartialEq)]
pub struct Merged {
    /// The aggregate CSV.
    pub csv: String,
    /// Points found.
    pub points: usize,
    /// Replications per point.
    pub replications: u64,
    /// Smallest and largest seed of the runs (`None` with no rows).
    pub seeds: Option<(u64, u64)>,
}

type Row = (String, String, Option<f64>);

struct PointAcc {
    lead: Vec<String>,
    /// replication → (seed, file index, rows in order).
    reps: BTreeMap<u64, (u64, usize, Vec<Row>)>,
}

/// Merge raw files given as `(name, text)`; `expect` = (points, replications) when known.
pub fn merge(files: &[(&str, &str)], expect: Option<(usize, u64)>) -> Result<Merged, Vec<String>> {
    let mut problems: Vec<String> = Vec::new();
    let mut header: Option<(String, Vec<String>)> = None;
    let mut points: BTreeMap<usize, PointAcc> = BTreeMap::new();
    for (fi, (name, text)) in files.iter().enumerate() {
        let recs = match parse_records(text) {
            Ok(r) => r,
            Err(e) => {
                problems.push(format!("{name}: {e}"));
                continue;
            }
        };
        let Some((_, head)) = recs.first() else {
            problems.push(format!("{name}: empty file (expected the raw header)"));
            continue;
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
            None => header = Some((name.to_string(), head.clone())),
            Some((first, h)) if h != head => {
                problems.push(format!(
                    "{name}: line 1: header differs from {first}'s (another sweep?)"
                ));
                continue;
            }
            Some(_) => {}
        }
        let nv = k - 1 - RAW_TAIL.len();
        for (line, rec) in &recs[1..] {
            let at = |msg: String| format!("{name}: line {line}: {msg}");
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
            let value = match rec[k - 1].as_str() {
                "" => None,
                v => match v.parse::<f64>() {
                    Ok(x) => Some(x),
                    Err(_) => {
                        problems.push(at(format!("value \"{v}\" is not a number")));
                        continue;
                    }
                },
            };
            let lead = rec[1..1 + nv].to_vec();
            let acc = points.entry(point as usize).or_insert_with(|| PointAcc {
                lead: lead.clone(),
                reps: BTreeMap::new(),
            });
            if acc.lead != lead {
                problems.push(at(format!(
                    "point {point}'s varied values differ from an earlier row's"
                )));
                continue;
            }
            let slot = acc
                .reps
                .entry(rep)
                .or_insert_with(|| (seed, fi, Vec::new()));
            if slot.1 != fi {
                problems.push(at(format!(
                    "point {point} replication {rep} is also in {} (overlapping shards?)",
                    files[slot.1].0
                )));
                continue;
            }
            if slot.0 != seed {
                problems.push(at(format!(
                    "point {point} replication {rep}: seed {seed} differs from {}",
                    slot.0
                )));
                continue;
            }
            slot.2
                .push((rec[3 + nv].clone(), rec[4 + nv].clone(), value));
        }
    }
    if problems.len() > 50 {
        let more = problems.len() - 50;
        problems.truncate(50);
        problems.push(format!("… and {more} more problems"));
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let Some((_, head)) = header else {
        return Err(vec!["no raw file given".into()]);
    };
    let nv = head.len() - 1 - RAW_TAIL.len();
    // Completeness.
    let reps = points
        .values()
        .filter_map(|p| p.reps.keys().next_back())
        .max()
        .map_or(0, |r| r + 1);
    let (want_points, want_reps) = expect.unwrap_or((points.len(), reps));
    let mut missing = Vec::new();
    for i in 0..want_points {
        match points.get(&i) {
            None => missing.push(format!("point {i}: no rows (a shard missing?)")),
            Some(p) => {
                let absent: Vec<String> = (0..want_reps)
                    .filter(|r| !p.reps.contains_key(r))
                    .map(|r| r.to_string())
                    .collect();
                if !absent.is_empty() {
                    missing.push(format!(
                        "point {i}: replication{} {} missing (a shard missing?)",
                        if absent.len() == 1 { "" } else { "s" },
                        absent.join(", ")
                    ));
                }
            }
        }
    }
    if let Some(&extra) = points.keys().find(|&&i| i >= want_points) {
        missing.push(format!(
            "point {extra}: beyond the {want_points} points of the sweep"
        ));
    }
    if reps > want_reps {
        missing.push(format!(
            "replication {}: beyond the {want_reps} replications of the sweep",
            reps - 1
        ));
    }
    if !missing.is_empty() {
        missing.truncate(50);
        return Err(missing);
    }
    let mut csv = String::new();
    let mut cols: Vec<String> = head[..1 + nv].iter().map(|c| field(c)).collect();
    cols.extend(AGGREGATE_TAIL.iter().map(|s| s.to_string()));
    csv.push_str(&cols.join(","));
    csv.push('\n');
    let mut seeds: Option<(u64, u64)> = None;
    for (&i, p) in &points {
        let mut lead = i.to_string();
        for c in &p.lead {
            lead.push(',');
            lead.push_str(&field(c));
        }
        let reps: Vec<&(u64, usize, Vec<Row>)> = p.reps.values().collect();
        for (seed, _, _) in &reps {
            seeds = Some(seeds.map_or((*seed, *seed), |(a, b)| (a.min(*seed), b.max(*seed))));
        }
        let first = &reps[0].2;
        let mut values: Vec<Vec<f64>> = vec![Vec::new(); first.len()];
        for (rep, (_, _, rows)) in p.reps.iter() {
            // Rows are compared by position: the writer emits them in the point's row order.
            let same = rows.len() == first.len()
                && rows
                    .iter()
                    .zip(first)
                    .all(|((e, m, _), (e0, m0, _))| e == e0 && m == m0);
            if !same {
                return Err(vec![format!(
                    "point {i} replication {rep}: its rows (entity, metric) differ from replication {}'s",
                    p.reps.keys().next().unwrap_or(&0)
                )]);
            }
            for (j, (_, _, v)) in rows.iter().enumerate() {
                if let Some(v) = v {
                    values[j].push(*v);
                }
            }
        }
        for ((e, m, _), xs) in first.iter().zip(&values) {
            csv.push_str(&format!(
                "{lead},{},{},{}\n",
                field(e),
                field(m),
                stats_cells(xs)
            ));
        }
    }
    Ok(Merged {
        csv,
        points: points.len(),
        replications: want_reps,
        seeds,
    })
}
