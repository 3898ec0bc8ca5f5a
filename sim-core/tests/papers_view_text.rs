//! The texts the Papers view shows its readers (a reproduction file's title, summary, source and
//! departures, and each claim's text, paper value, departure and mechanism) name no repository
//! file and no design-note label: those belong to the report, which lives in the repository.

use crate::common::schemas::{json_files, root};
use serde_json::Value;

/// Words the Papers view must not show its readers: repository paths, file names and the
/// design notes' internal labels (assumption ids like "A8", milestone ids like "M2"). The fields
/// a reader sees are the item's title, summary, source and departures and each claim's text,
/// paper value, departure and mechanism; `doc` (where to read more) is for the report only.
fn internal_reference(text: &str) -> Option<&'static str> {
    const PATHS: [&str; 8] = [
        "docs/", "content/", "tests/", "src/", ".rs", ".json", ".md", "[ASSUME]",
    ];
    if let Some(p) = PATHS.iter().find(|p| text.contains(*p)) {
        return Some(p);
    }
    // A label: a capital A or M followed by digits, standing alone ("A8", "M2").
    let labelled = text.split(|c: char| !c.is_alphanumeric()).any(|w| {
        let mut cs = w.chars();
        matches!(cs.next(), Some('A' | 'M')) && w.len() > 1 && cs.all(|c| c.is_ascii_digit())
    });
    labelled.then_some("a label such as A8 or M2")
}

#[test]
fn the_papers_view_shows_no_internal_references() {
    assert_eq!(
        internal_reference("LossLab's reading (docs/design.md A8)"),
        Some("docs/")
    );
    assert_eq!(
        internal_reference("needs M2 (shadow accuracies)"),
        Some("a label such as A8 or M2")
    );
    assert_eq!(
        internal_reference("At 2 Mbit/s, A_w is 0.9 (MSS 536)"),
        None
    );
    let papers = std::fs::read_dir(root().join("content/reproductions")).unwrap();
    let mut dirs: Vec<String> = papers
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .map(|p| p.strip_prefix(root()).unwrap().display().to_string())
        .collect();
    dirs.sort();
    let files: Vec<_> = dirs.iter().flat_map(|d| json_files(d)).collect();
    assert!(files.len() > 50, "the reproduction files: {}", files.len());
    let mut found = Vec::new();
    for f in files {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(&f).unwrap()).unwrap();
        let mut shown: Vec<(String, &Value)> = ["title", "source", "departs"]
            .iter()
            .map(|k| (k.to_string(), &v[*k]))
            .collect();
        if let Some(m) = v["summary"].as_object() {
            shown.extend(m.iter().map(|(k, x)| (format!("summary.{k}"), x)));
        }
        for (i, e) in v["expect"].as_array().into_iter().flatten().enumerate() {
            for k in ["claim", "paper", "departs"] {
                shown.push((format!("expect[{i}].{k}"), &e[k]));
            }
            shown.push((
                format!("expect[{i}].if_missed.mechanism"),
                &e["if_missed"]["mechanism"],
            ));
        }
        for (at, x) in shown {
            if let Some(t) = x.as_str() {
                if let Some(why) = internal_reference(t) {
                    found.push(format!("{}: {at} contains {why:?}: {t}", f.display()));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}
