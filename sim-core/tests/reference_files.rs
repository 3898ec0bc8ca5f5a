//! The papers' reference data and the reproduction inventory.
//!
//! - Every `content/reference/<paper>/<item>.json` validates against
//!   `content/schema/reference.schema.json`, sits in its paper's folder under its own item name, and
//!   names its figure or table: a `figure` item is `fig<N>[a-z]` with `Fig. N` in its `source`, a
//!   `table` item is `table<N>` with `Table N`; every point carries `uncertainty` and `read` (the
//!   schema); a file with no points says "series is empty" in `how_read` and has statements.
//! - Statements (and titles and `how_read`) are in our words: no run of 12 consecutive words of them
//!   appears in the paper's text (words = lower-case letters and digits; line-end hyphenation of
//!   the PDF extraction joined).
//! - `content/reproductions/README.md` lists every `Fig. N` / `Figure N` / `Table N` found in each
//!   paper's text, and every reference file, each with a status: `covered by <file>` (which must
//!   exist and draw that reference file), `planned: <file>` or `not simulable here: <reason>`;
//!   and every reproduction file is named `covered by` in its paper's section.
//!
//! The papers (text copies, not part of the repository) are read from the folder in
//! `LOSSLAB_PAPERS`, default `/work/shared/papers`, and recognised by their titles. Without them the
//! checks that need the papers' text are skipped with a notice — unless `LOSSLAB_REQUIRE_PAPERS=1`,
//! which turns the notice into a failure.

use jsonschema::Validator;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::path::{Path, PathBuf};

const PAPERS: [&str; 4] = ["gb04", "lj", "gurtov", "njplus"];
/// Words in a run that must not be copied from a paper.
const RUN: usize = 12;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn load(p: &Path) -> Value {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Every reference file as (paper folder, item = file stem, path, document).
fn reference_files() -> Vec<(String, String, PathBuf, Value)> {
    let dir = root().join("content/reference");
    let mut out = vec![];
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        if !p.is_dir() {
            continue; // the older flat files (gb04.json, lj-table1.csv, …)
        }
        let paper = p.file_name().unwrap().to_string_lossy().to_string();
        assert!(
            PAPERS.contains(&paper.as_str()),
            "content/reference/{paper}/: unknown paper folder (expected one of {PAPERS:?})"
        );
        for f in std::fs::read_dir(&p).unwrap() {
            let f = f.unwrap().path();
            assert!(
                f.extension().is_some_and(|x| x == "json"),
                "{}: only .json files belong here",
                f.display()
            );
            let item = f.file_stem().unwrap().to_string_lossy().to_string();
            let doc = load(&f);
            out.push((paper.clone(), item, f, doc));
        }
    }
    out.sort_by(|a, b| a.2.cmp(&b.2));
    out
}

/// `fig12b` → Some(("fig", 12, "b")); `table1` → Some(("table", 1, "")); else None.
fn numbered(item: &str) -> Option<(&str, u32, &str)> {
    for prefix in ["fig", "table"] {
        if let Some(rest) = item.strip_prefix(prefix) {
            let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
            let tail = &rest[digits.len()..];
            if !digits.is_empty() && tail.chars().all(|c| c.is_ascii_lowercase()) && tail.len() <= 1
            {
                return Some((prefix, digits.parse().unwrap(), tail));
            }
        }
    }
    None
}

fn validator() -> Validator {
    let schema = load(&root().join("content/schema/reference.schema.json"));
    jsonschema::options()
        .build(&schema)
        .expect("reference schema compiles")
}

#[test]
fn reference_files_validate_and_name_their_figure_or_table() {
    let v = validator();
    let files = reference_files();
    let mut problems = vec![];
    let mut per_paper: BTreeMap<String, usize> = BTreeMap::new();
    for (paper, item, path, doc) in &files {
        let at = path.strip_prefix(root()).unwrap().display().to_string();
        *per_paper.entry(paper.clone()).or_default() += 1;
        for e in v.iter_errors(doc) {
            problems.push(format!("{at}: {}: {e}", e.instance_path()));
        }
        if doc["paper"] != paper.as_str() {
            problems.push(format!("{at}: paper is {} (folder {paper})", doc["paper"]));
        }
        if doc["item"] != item.as_str() {
            problems.push(format!("{at}: item is {} (file {item})", doc["item"]));
        }
        let kind = doc["kind"].as_str().unwrap_or("");
        let source = doc["source"].as_str().unwrap_or("");
        match (kind, numbered(item)) {
            ("figure", Some(("fig", n, _))) => {
                if !source.contains(&format!("Fig. {n}")) {
                    problems.push(format!("{at}: source {source:?} does not name Fig. {n}"));
                }
            }
            ("table", Some(("table", n, _))) => {
                if !source.contains(&format!("Table {n}")) {
                    problems.push(format!("{at}: source {source:?} does not name Table {n}"));
                }
            }
            ("text", None) => {}
            _ => problems.push(format!(
                "{at}: kind {kind:?} does not fit the item name {item:?} (figure = fig<N>, table = table<N>, text = another name)"
            )),
        }
        let series = doc["series"].as_array().cloned().unwrap_or_default();
        let statements = doc["statements"].as_array().cloned().unwrap_or_default();
        let points: usize = series
            .iter()
            .map(|s| s["points"].as_array().map_or(0, Vec::len))
            .sum();
        if points == 0 {
            if !doc["how_read"]
                .as_str()
                .unwrap_or("")
                .contains("series is empty")
            {
                problems.push(format!(
                    "{at}: no points, so how_read must say plainly that the series is empty and why"
                ));
            }
            if statements.is_empty() {
                problems.push(format!("{at}: neither points nor statements"));
            }
        }
        for (what, list) in [("series", &series), ("statements", &statements)] {
            let mut seen = HashSet::new();
            for x in list.iter() {
                let id = x["id"].as_str().unwrap_or("");
                if !seen.insert(id.to_string()) {
                    problems.push(format!("{at}: {what} id {id:?} repeated"));
                }
            }
        }
    }
    eprintln!("reference files per paper: {per_paper:?}");
    for p in PAPERS {
        if !per_paper.contains_key(p) {
            problems.push(format!("content/reference/{p}/ has no reference file"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

// ------------------------------------------------------------------------------------------------
// The papers' text

struct Paper {
    /// Lower-case words of every copy of the paper, one list per copy.
    words: Vec<Vec<String>>,
    /// Figure and table numbers mentioned anywhere in the text.
    figures: BTreeSet<u32>,
    tables: BTreeSet<u32>,
}

/// The papers in `LOSSLAB_PAPERS` (default `/work/shared/papers`), keyed by our paper id, or None
/// when the folder is missing (then the caller skips, unless `LOSSLAB_REQUIRE_PAPERS=1`).
fn papers() -> Option<BTreeMap<&'static str, Paper>> {
    let dir = std::env::var("LOSSLAB_PAPERS").unwrap_or_else(|_| "/work/shared/papers".to_string());
    let Ok(entries) = std::fs::read_dir(&dir) else {
        let msg = format!("paper texts not found in {dir} (set LOSSLAB_PAPERS)");
        assert!(
            std::env::var("LOSSLAB_REQUIRE_PAPERS").as_deref() != Ok("1"),
            "{msg}"
        );
        eprintln!("SKIPPED the checks against the papers' text: {msg}");
        return None;
    };
    let titles = [
        ("gb04", "performance and fairness of loss differentiation"),
        ("lj", "adaptive end to end loss differentiation"),
        (
            "gurtov",
            "tcp performance in the presence of congestion and corruption",
        ),
        ("njplus", "tcp nj packet loss differentiated"),
    ];
    let mut out: BTreeMap<&'static str, Paper> = BTreeMap::new();
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        // The title, whitespace collapsed (the extractions break it across lines).
        let head = words(&text.chars().take(600).collect::<String>()).join(" ");
        let Some((id, _)) = titles.iter().find(|(_, t)| head.contains(t)) else {
            panic!(
                "{}: not one of the four papers (title not recognised)",
                f.display()
            );
        };
        let p = out.entry(id).or_insert_with(|| Paper {
            words: vec![],
            figures: BTreeSet::new(),
            tables: BTreeSet::new(),
        });
        p.words.push(words(&text.replace("-\n", "")));
        let (figs, tabs) = scan_items(&text);
        p.figures.extend(figs);
        p.tables.extend(tabs);
    }
    for (id, _) in titles {
        assert!(out.contains_key(id), "no text of paper {id} in {dir}");
    }
    Some(out)
}

/// Lower-case words (runs of ASCII letters and digits; anything else separates).
fn words(text: &str) -> Vec<String> {
    text.to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_string)
        .collect()
}

/// Numbers after `Fig`, `Fig.`, `Figure`, `Figures`, `Figure .` (the extraction's stray dot) and
/// after `Table `, each starting a word.
fn scan_items(text: &str) -> (BTreeSet<u32>, BTreeSet<u32>) {
    let b = text.as_bytes();
    let (mut figs, mut tabs) = (BTreeSet::new(), BTreeSet::new());
    let number_at = |mut i: usize| -> Option<u32> {
        while i < b.len() && (b[i] == b' ' || b[i] == b'.' || b[i] == b'\t') {
            i += 1;
        }
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        (i > start)
            .then(|| std::str::from_utf8(&b[start..i]).ok()?.parse().ok())
            .flatten()
    };
    for i in 0..b.len() {
        if i > 0 && b[i - 1].is_ascii_alphanumeric() {
            continue;
        }
        let rest = &b[i..];
        if rest.starts_with(b"Fig") {
            let mut j = i + 3;
            for suffix in ["ures", "ure", "s"] {
                if b[j..].starts_with(suffix.as_bytes()) {
                    j += suffix.len();
                    break;
                }
            }
            if let Some(n) = number_at(j) {
                figs.insert(n);
            }
        } else if rest.starts_with(b"Table ") {
            if let Some(n) = number_at(i + 5) {
                tabs.insert(n);
            }
        }
    }
    (figs, tabs)
}

#[test]
fn statements_do_not_copy_twelve_word_runs_of_the_paper() {
    let Some(papers) = papers() else { return };
    let runs: BTreeMap<&str, HashSet<Vec<String>>> = papers
        .iter()
        .map(|(id, p)| {
            let set = p
                .words
                .iter()
                .flat_map(|w| w.windows(RUN).map(<[String]>::to_vec))
                .collect();
            (*id, set)
        })
        .collect();
    let mut problems = vec![];
    let mut checked = 0;
    for (paper, _, path, doc) in reference_files() {
        let at = path.strip_prefix(root()).unwrap().display().to_string();
        let mut texts = vec![
            (
                "title".to_string(),
                doc["title"].as_str().unwrap_or("").to_string(),
            ),
            (
                "how_read".to_string(),
                doc["how_read"].as_str().unwrap_or("").to_string(),
            ),
        ];
        for s in doc["statements"].as_array().into_iter().flatten() {
            texts.push((
                format!("statement {}", s["id"]),
                s["text"].as_str().unwrap_or("").to_string(),
            ));
        }
        for (what, t) in texts {
            checked += 1;
            let w = words(&t);
            for run in w.windows(RUN) {
                if runs[paper.as_str()].contains(run) {
                    problems.push(format!(
                        "{at}: {what} copies the paper: \"{}\"",
                        run.join(" ")
                    ));
                    break;
                }
            }
        }
    }
    eprintln!("{checked} texts checked against the papers for copied {RUN}-word runs");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

// ------------------------------------------------------------------------------------------------
// The inventory

/// One row of the inventory: its item cell and its status cell.
struct Row {
    item: String,
    status: String,
}

/// The inventory's rows per paper (`## <paper> — …` sections, table rows `| item | … | status |`).
fn inventory() -> BTreeMap<String, Vec<Row>> {
    let p = root().join("content/reproductions/README.md");
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let mut out: BTreeMap<String, Vec<Row>> = BTreeMap::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            let id = h.split_whitespace().next().unwrap_or("");
            current = PAPERS.contains(&id).then(|| id.to_string());
            continue;
        }
        let Some(paper) = &current else { continue };
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // "| a | b | c | d |" splits into ["", a, b, c, d, ""].
        if cells.len() < 4 || !line.starts_with('|') {
            continue;
        }
        let item = cells[1];
        if item == "Item" || item.starts_with("---") {
            continue;
        }
        let status = cells[cells.len() - 2];
        out.entry(paper.clone()).or_default().push(Row {
            item: item.to_string(),
            status: status.to_string(),
        });
    }
    out
}

/// `Fig. 12`, `Fig. 8(b)–(c)` → ("fig", 12); `Table 1` → ("table", 1); `Text: bursts` → ("text:bursts", 0).
fn row_key(item: &str) -> Option<(String, u32)> {
    if let Some(name) = item.strip_prefix("Text: ") {
        return Some((format!("text:{name}"), 0));
    }
    let (kind, rest) = if let Some(r) = item.strip_prefix("Fig. ") {
        ("fig", r)
    } else if let Some(r) = item.strip_prefix("Table ") {
        ("table", r)
    } else {
        return None;
    };
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    let n = digits.parse().ok()?;
    Some((kind.to_string(), n))
}

/// The reproduction file a status names, checked for form: `content/reproductions/<paper>/<item>.json`.
fn status_file<'a>(status: &'a str, paper: &str) -> Result<&'a str, String> {
    let file = status.split_whitespace().next().unwrap_or("");
    let prefix = format!("content/reproductions/{paper}/");
    match file
        .strip_prefix(&prefix)
        .and_then(|s| s.strip_suffix(".json"))
    {
        Some(item) if !item.is_empty() && !item.contains('/') => Ok(file),
        _ => Err(format!(
            "names {file:?}, expected content/reproductions/{paper}/<item>.json"
        )),
    }
}

#[test]
fn inventory_lists_every_figure_table_and_reference_file_with_a_status() {
    let inv = inventory();
    let mut problems = vec![];
    let mut listed: BTreeMap<String, BTreeSet<(String, u32)>> = BTreeMap::new();
    for paper in PAPERS {
        let Some(rows) = inv.get(paper) else {
            problems.push(format!("README.md has no '## {paper} — …' section"));
            continue;
        };
        for r in rows {
            let Some(key) = row_key(&r.item) else {
                problems.push(format!(
                    "{paper}: row {:?}: the item must be 'Fig. N…', 'Table N' or 'Text: <item>'",
                    r.item
                ));
                continue;
            };
            listed.entry(paper.to_string()).or_default().insert(key);
            let s = r.status.as_str();
            let checked = if let Some(rest) = s.strip_prefix("covered by ") {
                status_file(rest, paper).and_then(|f| {
                    if root().join(f).is_file() {
                        Ok(())
                    } else {
                        Err(format!("{f} does not exist"))
                    }
                })
            } else if let Some(rest) = s.strip_prefix("planned: ") {
                status_file(rest, paper).map(|_| ())
            } else if let Some(reason) = s.strip_prefix("not simulable here: ") {
                if reason.trim().len() < 10 {
                    Err("gives no reason".to_string())
                } else {
                    Ok(())
                }
            } else {
                Err(
                    "status must start with 'covered by ', 'planned: ' or 'not simulable here: '"
                        .to_string(),
                )
            };
            if let Err(e) = checked {
                problems.push(format!("{paper}: row {:?}: {e}", r.item));
            }
        }
    }
    // Every reference file has a row; a row "covered by F" means F draws that reference file (so a
    // reference file is used by a reproduction, planned for one, or a table of settings no
    // simulation reproduces).
    for (paper, item, _, _) in reference_files() {
        let key = match numbered(&item) {
            Some((kind, n, _)) => (kind.to_string(), n),
            None => (format!("text:{item}"), 0),
        };
        if !listed.get(&paper).is_some_and(|s| s.contains(&key)) {
            problems.push(format!(
                "content/reference/{paper}/{item}.json has no row in content/reproductions/README.md"
            ));
            continue;
        }
        let rows = inv.get(&paper).map(Vec::as_slice).unwrap_or_default();
        for r in rows
            .iter()
            .filter(|r| row_key(&r.item).as_ref() == Some(&key))
        {
            let Some(file) = r
                .status
                .strip_prefix("covered by ")
                .map(|f| f.split_whitespace().next().unwrap_or(""))
            else {
                continue;
            };
            // Sub-figures share a row key (Fig. 5(a)…(d)): only the row covered by this item's file.
            if file != format!("content/reproductions/{paper}/{item}.json") {
                continue;
            }
            let want = format!("{paper}/{item}.json");
            let path = root().join(file);
            let uses = path.is_file()
                && load(&path).get("reference").and_then(Value::as_str) == Some(want.as_str());
            if !uses {
                problems.push(format!(
                    "{paper}: row {:?} is covered by {file}, which does not draw content/reference/{want}",
                    r.item
                ));
            }
        }
    }
    // Every reproduction file is named "covered by" in its paper's section.
    for paper in PAPERS {
        let dir = root().join("content/reproductions").join(paper);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        let mut files: Vec<String> = entries
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".json"))
            .collect();
        files.sort();
        for f in files {
            let rel = format!("content/reproductions/{paper}/{f}");
            let covered = inv.get(paper).is_some_and(|rows| {
                rows.iter().any(|r| {
                    r.status
                        .strip_prefix("covered by ")
                        .is_some_and(|s| s.split_whitespace().next() == Some(rel.as_str()))
                })
            });
            if !covered {
                problems.push(format!(
                    "{rel} is not named 'covered by' in content/reproductions/README.md"
                ));
            }
        }
    }
    // Every figure and table of the papers' text has a row, and no row names one the paper lacks.
    if let Some(papers) = papers() {
        for (id, p) in &papers {
            let found: BTreeSet<(String, u32)> = p
                .figures
                .iter()
                .map(|n| ("fig".to_string(), *n))
                .chain(p.tables.iter().map(|n| ("table".to_string(), *n)))
                .collect();
            eprintln!(
                "{id}: figures {:?}, tables {:?} in the text",
                p.figures, p.tables
            );
            let rows = listed.get(*id).cloned().unwrap_or_default();
            for k in &found {
                if !rows.contains(k) {
                    problems.push(format!("{id}: {} {} is not in the inventory", k.0, k.1));
                }
            }
            for k in rows.iter().filter(|k| !k.0.starts_with("text:")) {
                if !found.contains(k) {
                    problems.push(format!(
                        "{id}: the inventory lists {} {}, which the paper's text never mentions",
                        k.0, k.1
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn scanner_finds_the_spellings_of_the_extractions() {
    let (f, t) = scan_items(
        "see Figure .6(b), Fig. 12, Figures 4-10, Figure. 3 and Table 2; a Configure 9 and Tables are not",
    );
    assert_eq!(f, BTreeSet::from([3, 4, 6, 12]));
    assert_eq!(t, BTreeSet::from([2]));
    assert_eq!(numbered("fig5a"), Some(("fig", 5, "a")));
    assert_eq!(numbered("table10"), Some(("table", 10, "")));
    assert_eq!(numbered("first-15kb"), None);
    assert_eq!(row_key("Fig. 8(b)–(c)"), Some(("fig".to_string(), 8)));
}
