//! A claim taken in every case ([`Check::All`]: every cell the paper's figure covers, every
//! comparator the paper names). Its forms are the cases' forms joined: the strict form holds
//! when every case's strict comparison holds, fails when one fails; likewise the direction form
//! (present when every case has one). So one case that misses makes the claim miss, and one case
//! the intervals leave open keeps it inconclusive. What LossLab measured: how many cases hold,
//! then the cases that do not (or, when all hold, the first few), each with its numbers.

use super::{verdict_of, Cells, Check, Plot, Prepared, Verdict};

/// Cases written out in the LossLab column, at most.
const SHOWN: usize = 6;

pub(super) fn prepare(
    cases: &[(String, Check)],
    cells: &Cells<'_>,
    plot: &Plot,
) -> Result<Prepared, (String, usize)> {
    let mut all = Prepared {
        strict: Vec::new(),
        direction: Some(Vec::new()),
        point_strict: Vec::new(),
        point_direction: Some(Vec::new()),
        text: String::new(),
        n: usize::MAX,
    };
    let mut held = 0;
    let mut others: Vec<String> = Vec::new();
    let mut holding: Vec<String> = Vec::new();
    for (words, c) in cases {
        let f = c
            .prepare(cells, plot)
            .map_err(|(why, n)| (format!("{words}: {why}"), n))?;
        let (v, _) = verdict_of(&f.strict, f.direction.as_deref(), f.n);
        let line = format!("{words}: {} ({})", f.text, v.text());
        if v == Verdict::Reproduced {
            held += 1;
            holding.push(line);
        } else {
            others.push(line);
        }
        all.strict.extend(f.strict);
        all.point_strict.extend(f.point_strict);
        all.direction = match (all.direction, f.direction) {
            (Some(mut a), Some(b)) => {
                a.extend(b);
                Some(a)
            }
            _ => None,
        };
        all.point_direction = match (all.point_direction, f.point_direction) {
            (Some(mut a), Some(b)) => {
                a.extend(b);
                Some(a)
            }
            _ => None,
        };
        all.n = all.n.min(f.n);
    }
    if cases.is_empty() {
        all.n = 0;
    }
    let listed = if others.is_empty() { holding } else { others };
    let mut text = format!(
        "the strict form holds in {held} of {} cases{}",
        cases.len(),
        if held == cases.len() { "" } else { "; not in" }
    );
    for l in listed.iter().take(SHOWN) {
        text.push_str(&format!(" — {l}"));
    }
    if listed.len() > SHOWN {
        text.push_str(&format!(" — … {} more", listed.len() - SHOWN));
    }
    all.text = text;
    Ok(all)
}
