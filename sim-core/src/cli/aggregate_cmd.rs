//! `losslab aggregate <runs.csv>… --out agg.csv`: merge raw sweep files (shards) into the
//! aggregate CSV with [`crate::sweep::merge`] — the same bytes as `losslab sweep --out` —
//! reading the files as it merges them (memory is one point's rows, whatever the files' size).
//!
//! When the raw files have their `.meta.json` sidecars, they must all come from the same sweep
//! (same `sweep.sha256` and `base_sha256`), and the sweep's point and replication counts are
//! checked, so a missing shard is an error rather than a silently smaller n. The output gets its
//! own sidecar listing the inputs with their SHA-256.

use crate::cli::args::AggregateArgs;
use crate::cli::files::{meta_base, Outputs};
use crate::cli::Failure;
use crate::sweep::merge::{merge, MergeError};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::io::{BufRead, Read};

/// A reader that hashes what passes through it.
struct Hashing {
    inner: Box<dyn Read>,
    hash: Sha256,
}

impl Read for Hashing {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The `aggregate` command.
pub fn aggregate(a: AggregateArgs) -> Result<(), Failure> {
    if a.files.iter().filter(|f| *f == "-").count() > 1 {
        return Err(Failure::usage("aggregate: stdin (-) can be given once"));
    }
    // Inputs are read as they are merged (memory is one point's rows, not the files),
    // each through a SHA-256 for the sidecar.
    let mut readers: Vec<std::io::BufReader<Hashing>> = Vec::new();
    let mut problems = Vec::new();
    for f in &a.files {
        crate::cli::guard::note_input(f);
        let inner: Box<dyn Read> = if f == "-" {
            Box::new(std::io::stdin())
        } else {
            match std::fs::File::open(f) {
                Ok(file) => Box::new(file),
                Err(e) => {
                    problems.push(format!("{f}: cannot read: {e}"));
                    continue;
                }
            }
        };
        readers.push(std::io::BufReader::with_capacity(
            1 << 16,
            Hashing {
                inner,
                hash: Sha256::new(),
            },
        ));
    }
    if !problems.is_empty() {
        return Err(Failure::Invalid(problems));
    }
    // Sidecars of the inputs, where present.
    let mut sweep_meta: Option<(String, Value)> = None;
    for f in a.files.iter().filter(|f| *f != "-") {
        let side = format!("{f}.meta.json");
        if !std::path::Path::new(&side).exists() {
            continue;
        }
        let text = match crate::cli::files::read_text(&side) {
            Ok(t) => t,
            Err(e) => {
                problems.push(e);
                continue;
            }
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
    // The output replaces no raw file, sidecar or other output (checked before the merge).
    crate::cli::guard::check_outputs(
        "aggregate",
        &crate::cli::guard::with_sidecar("--out", &a.out),
    )?;
    let mut named: Vec<(&str, &mut dyn BufRead)> = a
        .files
        .iter()
        .map(String::as_str)
        .zip(readers.iter_mut().map(|r| r as &mut dyn BufRead))
        .collect();
    let mut csv: Vec<u8> = Vec::new();
    let merged = match merge(&mut named, expect, &mut csv) {
        Ok(m) => m,
        Err(MergeError::Invalid(p)) => return Err(Failure::Invalid(p)),
        Err(MergeError::Write(e)) => return Err(Failure::Internal(format!("cannot write: {e}"))),
    };
    // What the merge did not read (nothing, for a whole file) still counts in the hash.
    let mut hashes = Vec::new();
    for (f, mut r) in a.files.iter().zip(readers) {
        std::io::copy(&mut r, &mut std::io::sink())
            .map_err(|e| Failure::Invalid(vec![format!("{f}: cannot read: {e}")]))?;
        hashes.push(hex(&r.into_inner().hash.finalize()));
    }
    let mut m = meta_base("aggregate", &a.out);
    m.insert(
        "inputs".into(),
        json!(a
            .files
            .iter()
            .zip(&hashes)
            .map(|(f, h)| json!({ "file": f, "sha256": h }))
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
    out.add(
        &a.out,
        String::from_utf8(csv).map_err(|e| Failure::Internal(e.to_string()))?,
    );
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
