//! `losslab aggregate <runs.csv>… --out agg.csv`: merge raw sweep files (shards) into the
//! aggregate CSV with [`sim_core::sweep::merge`] — the same bytes as `losslab sweep --out`.
//!
//! When the raw files have their `.meta.json` sidecars, they must all come from the same sweep
//! (same `sweep.sha256` and `base_sha256`), and the sweep's point and replication counts are
//! checked, so a missing shard is an error rather than a silently smaller n. The output gets its
//! own sidecar listing the inputs with their SHA-256.

use crate::args::AggregateArgs;
use crate::files::{meta_base, read_input, sha256, Outputs};
use crate::Failure;
use serde_json::{json, Value};

/// The `aggregate` command.
pub fn aggregate(a: AggregateArgs) -> Result<(), Failure> {
    if a.files.iter().filter(|f| *f == "-").count() > 1 {
        return Err(Failure::usage("aggregate: stdin (-) can be given once"));
    }
    let mut texts = Vec::new();
    let mut problems = Vec::new();
    for f in &a.files {
        match read_input(f) {
            Ok(t) => texts.push(t),
            Err(Failure::Invalid(l)) => problems.extend(l),
            Err(other) => return Err(other),
        }
    }
    if !problems.is_empty() {
        return Err(Failure::Invalid(problems));
    }
    // Sidecars of the inputs, where present.
    let mut sweep_meta: Option<(String, Value)> = None;
    for f in a.files.iter().filter(|f| *f != "-") {
        let side = format!("{f}.meta.json");
        let Ok(text) = std::fs::read_to_string(&side) else {
            continue;
        };
        let Ok(m) = serde_json::from_str::<Value>(&text) else {
            problems.push(format!("{side}: not valid JSON"));
            continue;
        };
        let sw = m.get("sweep").cloned().unwrap_or(Value::Null);
        let key = |v: &Value| (v.get("sha256").cloned(), v.get("base_sha256").cloned());
        match &sweep_meta {
            None => sweep_meta = Some((side, sw)),
            Some((first, s0)) if key(s0) != key(&sw) => problems.push(format!(
                "{side}: from another sweep than {first} (sweep.sha256 or base_sha256 differ)"
            )),
            Some(_) => {}
        }
    }
    if !problems.is_empty() {
        return Err(Failure::Invalid(problems));
    }
    let expect = sweep_meta.as_ref().and_then(|(_, s)| {
        Some((
            s.get("points")?.as_u64()? as usize,
            s.get("replications")?.as_u64()?,
        ))
    });
    let named: Vec<(&str, &str)> = a
        .files
        .iter()
        .map(String::as_str)
        .zip(texts.iter().map(String::as_str))
        .collect();
    let merged = sim_core::sweep::merge::merge(&named, expect).map_err(Failure::Invalid)?;
    let mut m = meta_base("aggregate", &a.out);
    m.insert(
        "inputs".into(),
        json!(a
            .files
            .iter()
            .zip(&texts)
            .map(|(f, t)| json!({ "file": f, "sha256": sha256(t.as_bytes()) }))
            .collect::<Vec<_>>()),
    );
    m.insert(
        "sweep".into(),
        sweep_meta.map(|(_, s)| s).unwrap_or(Value::Null),
    );
    m.insert(
        "included".into(),
        json!({ "points": merged.points, "replications": merged.replications,
                "runs": merged.points as u64 * merged.replications }),
    );
    m.insert(
        "seeds".into(),
        json!({ "min": merged.seeds.map(|s| s.0), "max": merged.seeds.map(|s| s.1) }),
    );
    let mut out = Outputs::default();
    out.add(&a.out, merged.csv);
    out.add_meta(&a.out, Value::Object(m));
    out.commit()?;
    let line = format!(
        "{} raw files: {} points × {} replications → {}",
        a.files.len(),
        merged.points,
        merged.replications,
        a.out
    );
    if a.out == "-" {
        eprintln!("{line}");
        Ok(())
    } else {
        outln!("{line}")
    }
}
