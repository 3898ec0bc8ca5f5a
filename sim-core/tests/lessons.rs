//! Lessons (`content/lessons/FORMAT.md`): every `content/lessons/<id>.md` parses — its
//! front matter has the required fields, its `figure` blocks hold a valid scenario (a preset id or
//! inline, plus `set` overrides) whose every control value is accepted by the simulator's
//! validator, its `predict` blocks have a question, choices and an explanation — and every
//! figure's `expect` statements hold: the figure is run as a sweep over its controls' values with
//! its replications and the claims are evaluated by `sim_core::reproduce`, as a reproduction
//! file's are. A figure's run is the same scenario and seed the lesson page starts from. A
//! figure's `theory` names formulas of `sim_core::theory` the scenario can feed. A figure's
//! `table` (`lessons_table`) names cells of the same sweep; `expect` may read them, and every
//! number the prose links to a cell must be that cell's mean at the precision written.

#[path = "lessons_table/mod.rs"]
mod table;

use serde_json::{json, Map, Value};
use sim_core::reproduce::{self, Resource, Verdict, PAPERS};
use sim_core::sweep::{parse_path, set_path};
use sim_core::theory::{self, Model};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

const LEVELS: &[&str] = &["introductory", "intermediate", "advanced"];
const PANELS: &[&str] = &[
    "cwnd",
    "throughput",
    "queue",
    "fairness",
    "sequence",
    "classifier",
    "packets",
    "sweep",
];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// One lesson file, split.
struct Lesson {
    file: String,
    front: Value,
    /// `(info string, body, line)` of every fenced block.
    blocks: Vec<(String, String, usize)>,
    text: String,
}

fn read_lesson(path: &Path) -> Result<Lesson, String> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{file}: {e}"))?;
    let rest = text
        .strip_prefix("---\n")
        .ok_or_else(|| format!("{file}: must start with a front matter line `---`"))?;
    let end = rest
        .find("\n---\n")
        .ok_or_else(|| format!("{file}: the front matter is not closed by `---`"))?;
    let front: Value = serde_json::from_str(&rest[..end])
        .map_err(|e| format!("{file}: front matter is not JSON: {e}"))?;
    let mut blocks = Vec::new();
    let mut open: Option<(String, String, usize)> = None;
    for (i, line) in text.lines().enumerate() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.trim().to_string(), String::new(), i + 1)),
            (Some(_), Some("")) => blocks.push(open.take().unwrap()),
            (Some((_, body, _)), _) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    if let Some((_, _, line)) = open {
        return Err(format!("{file}:{line}: a fenced block is not closed"));
    }
    Ok(Lesson {
        file,
        front,
        blocks,
        text,
    })
}

fn lesson_files() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(repo().join("content/lessons"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.extension().is_some_and(|x| x == "md")
                && p.file_name().unwrap() != "FORMAT.md"
                && !p.to_string_lossy().ends_with(".teacher.md")
        })
        .collect();
    out.sort();
    out
}

fn preset(id: &str) -> Result<Value, String> {
    let p = repo().join("content/scenarios").join(format!("{id}.json"));
    let text = std::fs::read_to_string(&p).map_err(|_| format!("preset \"{id}\" not found"))?;
    serde_json::from_str(&text).map_err(|e| format!("preset \"{id}\": {e}"))
}

fn set(doc: &mut Value, path: &str, v: Value) -> Result<(), String> {
    let steps = parse_path(path)?;
    set_path(doc, &steps, v)
}

fn str_list(v: &Value) -> Option<Vec<String>> {
    v.as_array()?
        .iter()
        .map(|s| s.as_str().map(str::to_string))
        .collect()
}

fn check_front(l: &Lesson, stem: &str, ids: &BTreeSet<String>, p: &mut Vec<String>) {
    let f = &l.front;
    let mut need = |ok: bool, what: &str| {
        if !ok {
            p.push(format!("{}: front matter: {what}", l.file));
        }
    };
    need(f["id"] == stem, "`id` must be the file name without .md");
    need(
        f["title"].as_str().is_some_and(|s| !s.is_empty()),
        "`title` is required",
    );
    need(
        f["level"].as_str().is_some_and(|s| LEVELS.contains(&s)),
        "`level` must be introductory, intermediate or advanced",
    );
    need(
        f["minutes"]
            .as_u64()
            .is_some_and(|m| (1..=180).contains(&m)),
        "`minutes` must be 1 … 180",
    );
    let pre = str_list(&f["prerequisites"]);
    need(
        pre.is_some(),
        "`prerequisites` must be a list of lesson ids",
    );
    for id in pre.unwrap_or_default() {
        need(
            ids.contains(&id),
            &format!("prerequisite \"{id}\" is no lesson"),
        );
    }
    need(
        str_list(&f["objectives"]).is_some_and(|o| !o.is_empty()),
        "`objectives` must be a non-empty list",
    );
    need(
        f["paper"].is_null() || f["paper"].as_str().is_some_and(|s| PAPERS.contains(&s)),
        "`paper` must be null or one of gb04, lj, gurtov, njplus",
    );
    let known = [
        "id",
        "title",
        "level",
        "minutes",
        "prerequisites",
        "objectives",
        "paper",
    ];
    for k in f
        .as_object()
        .map(|o| o.keys().cloned().collect::<Vec<_>>())
        .unwrap_or_default()
    {
        need(known.contains(&k.as_str()), &format!("unknown field `{k}`"));
    }
    need(
        l.text.contains("\n## Teacher notes\n")
            || repo()
                .join(format!("content/lessons/{stem}.teacher.md"))
                .is_file(),
        "teacher notes are missing (a `## Teacher notes` section or <id>.teacher.md)",
    );
}

/// The values a control takes in the check's sweep: `values`, or `min`, `max` and `value`.
fn control_values(c: &Value) -> Option<Vec<Value>> {
    if let Some(v) = c["values"].as_array() {
        return (!v.is_empty()).then(|| v.clone());
    }
    let (min, max) = (c["min"].as_f64()?, c["max"].as_f64()?);
    let step = c["step"].as_f64()?;
    if !(min < max && step > 0.0) {
        return None;
    }
    let mut out = vec![json!(min), json!(max)];
    if let Some(v) = c["value"].as_f64() {
        if v > min && v < max {
            out.insert(1, json!(v));
        }
    }
    Some(out)
}

/// A figure that makes claims: its name for messages, the reproduction document its `expect`
/// statements are checked with, and its table's cells.
struct FigureCheck {
    name: String,
    /// The figure's id.
    id: String,
    doc: Value,
    cells: Vec<table::Cell>,
}

/// A figure: its base scenario (preset + `set`), problems found, and its check (if it has
/// `expect`).
fn check_figure(l: &Lesson, line: usize, body: &str, p: &mut Vec<String>) -> Option<FigureCheck> {
    let at = format!("{}:{line}", l.file);
    let fig: Value = match serde_json::from_str(body) {
        Ok(v) => v,
        Err(e) => {
            p.push(format!("{at}: figure is not JSON: {e}"));
            return None;
        }
    };
    let id = fig["id"].as_str().unwrap_or("").to_string();
    if id.is_empty() || fig["title"].as_str().is_none() {
        p.push(format!("{at}: a figure needs an `id` and a `title`"));
    }
    let mut base = match &fig["scenario"] {
        Value::String(s) => match preset(s) {
            Ok(v) => v,
            Err(e) => {
                p.push(format!("{at}: {e}"));
                return None;
            }
        },
        Value::Object(_) => fig["scenario"].clone(),
        _ => {
            p.push(format!(
                "{at}: `scenario` must be a preset id or a scenario object"
            ));
            return None;
        }
    };
    if let Some(s) = fig["set"].as_object() {
        for (k, v) in s {
            if let Err(e) = set(&mut base, k, v.clone()) {
                p.push(format!("{at}: set: {e}"));
            }
        }
    }
    for panel in fig["panels"].as_array().into_iter().flatten() {
        if !panel.as_str().is_some_and(|s| PANELS.contains(&s)) {
            p.push(format!("{at}: unknown panel {panel}"));
        }
    }
    let controls = fig["controls"].as_array().cloned().unwrap_or_default();
    // The page starts from every control's `value`: that scenario must validate.
    let mut start = base.clone();
    let mut vary = Vec::new();
    for c in &controls {
        let path = c["path"].as_str().unwrap_or("");
        if c["label"].as_str().is_none_or(str::is_empty) {
            p.push(format!("{at}: control {path}: a `label` is required"));
        }
        let Some(values) = control_values(c) else {
            p.push(format!(
                "{at}: control {path}: give `values` or `min` < `max` with `step` > 0"
            ));
            continue;
        };
        if let Some(labels) = c.get("value_labels") {
            if labels.as_array().map(Vec::len) != Some(values.len()) {
                p.push(format!(
                    "{at}: control {path}: one `value_labels` entry per value"
                ));
            }
        }
        // Every value the reader may choose is accepted by the simulator's validator.
        for v in &values {
            let mut s = base.clone();
            if let Err(e) = set(&mut s, path, v.clone()) {
                p.push(format!("{at}: control {path}: {e}"));
                continue;
            }
            if let Err(errs) = sim_core::scenario::parse_value(&s) {
                for e in errs {
                    p.push(format!("{at}: control {path} = {v}: {e}"));
                }
            }
        }
        match c.get("value") {
            Some(v) if values.contains(v) || v.is_number() => {
                let _ = set(&mut start, path, v.clone());
            }
            _ => p.push(format!(
                "{at}: control {path}: `value` (where the page starts) is required and must be one of `values`"
            )),
        }
        vary.push(json!({ "path": path, "values": values }));
    }
    match sim_core::scenario::parse_value(&start) {
        Err(errs) => {
            for e in errs {
                p.push(format!("{at}: the figure's starting scenario: {e}"));
            }
        }
        Ok(sc) => check_theory(&at, &fig, &sc, p),
    }
    check_flow_names(&at, &fig, &start, &vary, p);
    for a in fig["annotations"].as_array().into_iter().flatten() {
        if !(a["t_s"].as_f64().is_some_and(|t| t >= 0.0) && a["text"].is_string()) {
            p.push(format!("{at}: an annotation needs `t_s` ≥ 0 and `text`"));
        }
    }
    let cells = match fig.get("table") {
        None => Vec::new(),
        Some(t) => {
            let controls: Vec<table::Control> = vary
                .iter()
                .map(|v| table::Control {
                    path: v["path"].as_str().unwrap_or("").to_string(),
                    values: v["values"].as_array().cloned().unwrap_or_default(),
                })
                .collect();
            let metrics = str_list(&fig["metrics"]).unwrap_or_default();
            table::parse(&at, t, &controls, &metrics, p)
        }
    };
    let mut expect = fig["expect"].as_array().cloned().unwrap_or_default();
    if expect.is_empty() {
        if fig.get("table").is_some() {
            p.push(format!(
                "{at}: a figure with a `table` needs `expect` (the claims its cells support)"
            ));
        }
        return None;
    }
    for (i, e) in expect.iter_mut().enumerate() {
        if let Some(check) = e.get_mut("check") {
            table::resolve_refs(check, &cells, &format!("{at}: expect[{i}].check"), p);
        }
    }
    // The x of the check's plot: the first control whose values are all numbers.
    let x = vary.iter().find(|v| {
        v["values"]
            .as_array()
            .is_some_and(|a| a.iter().all(Value::is_number))
    });
    let Some(x) = x else {
        p.push(format!(
            "{at}: a figure with `expect` needs a numeric control (its x)"
        ));
        return None;
    };
    let x_path = x["path"].as_str().unwrap().to_string();
    let series = match fig.get("series") {
        Some(s) => s.clone(),
        None if vary.len() == 1 => json!([{ "id": "main", "label": id, "at": {} }]),
        None => {
            p.push(format!(
                "{at}: with several controls, `series` says which values of the others each line takes"
            ));
            return None;
        }
    };
    let metrics = fig["metrics"].clone();
    let metric = metrics[0].as_str().unwrap_or("throughput_kbps").to_string();
    let paper = l.front["paper"].as_str().unwrap_or(PAPERS[0]);
    let doc = json!({
        "schema": 1,
        // The reproduce parser names an item by paper and id; a lesson without a paper borrows
        // the first paper id as a label (nothing is read from that paper).
        "paper": paper,
        "id": id,
        "title": fig["title"],
        "summary": { "setup": l.front["title"], "claim": "the lesson's figure" },
        "source": format!("content/lessons/{}.md", l.front["id"].as_str().unwrap_or("")),
        "sweep": {
            "schema": 1,
            "base": base,
            "vary": vary,
            "metrics": metrics,
            "flows": fig.get("flows").cloned().unwrap_or(json!("sum")),
        },
        "replications": fig["replications"].as_u64().unwrap_or(4),
        "replications_test": fig["replications"].as_u64().unwrap_or(4),
        "plot": { "x": x_path, "metric": metric, "y_label": metric, "series": series },
        "expect": expect.iter().map(|e| json!({
            "id": e["id"],
            "claim": e["claim"],
            "paper": "the lesson's prose",
            "check": e["check"],
            "tolerance_why": e["why"],
            "holds_at_test_count": true,
            "if_missed": { "mechanism": "the prose claims what the model does not show", "knob": x_path, "doc": l.file },
        })).collect::<Vec<_>>(),
    });
    // Fields of the lesson's expect the reproduction has no room for are mistakes.
    for e in &expect {
        for k in e.as_object().map(Map::keys).into_iter().flatten() {
            if !["id", "claim", "check", "why"].contains(&k.as_str()) {
                p.push(format!("{at}: expect: unknown field `{k}`"));
            }
        }
    }
    Some(FigureCheck {
        name: format!("{at} figure {id}"),
        id,
        doc,
        cells,
    })
}

/// `theory`: `"mathis"`, `"padhye"` or a list of them, on a figure with a sweep panel whose
/// starting scenario the formulas can read (`sim_core::theory::path_facts`).
fn check_theory(at: &str, fig: &Value, sc: &sim_core::Scenario, p: &mut Vec<String>) {
    let t = &fig["theory"];
    if t.is_null() {
        return;
    }
    let names: Vec<Value> = match t {
        Value::Array(a) => a.clone(),
        v => vec![v.clone()],
    };
    for n in &names {
        if n.as_str().is_none_or(|s| Model::from_name(s).is_none()) {
            p.push(format!(
                "{at}: theory {n}: expected one of {}",
                Model::NAMES.join(", ")
            ));
        }
    }
    let sweep_panel = fig["panels"]
        .as_array()
        .is_some_and(|a| a.iter().any(|x| x == "sweep"));
    if !sweep_panel {
        p.push(format!(
            "{at}: `theory` is drawn on the sweep panel: add \"sweep\" to `panels`"
        ));
    }
    if let Err(e) = theory::path_facts(sc) {
        p.push(format!("{at}: theory: {e}"));
    }
}

/// Every key of a figure's `flow_names` is a flow (or link) the figure can show: an entity of its
/// starting scenario or of the scenario with one control set to one of its values. A misspelt key
/// would leave the legend showing the raw id.
fn check_flow_names(at: &str, fig: &Value, start: &Value, vary: &[Value], p: &mut Vec<String>) {
    let Some(names) = fig.get("flow_names").and_then(Value::as_object) else {
        return;
    };
    let mut docs = vec![start.clone()];
    for v in vary {
        let path = v["path"].as_str().unwrap_or("");
        for value in v["values"].as_array().into_iter().flatten() {
            let mut d = start.clone();
            if set(&mut d, path, value.clone()).is_ok() {
                docs.push(d);
            }
        }
    }
    let mut entities = BTreeSet::new();
    for d in &docs {
        if let Ok(sc) = sim_core::scenario::parse_value(d) {
            let sim = sim_core::Simulation::new(&sc, sim_core::budget::Budget::here().limits());
            entities.extend(sim.series_names().iter().map(|(e, _)| e.clone()));
        }
    }
    for key in names.keys() {
        if !entities.contains(key) {
            p.push(format!(
                "{at}: flow_names names \"{key}\", which is no flow of the figure (its flows: {})",
                entities.iter().cloned().collect::<Vec<_>>().join(", ")
            ));
        }
    }
}

fn check_predict(l: &Lesson, line: usize, body: &str, p: &mut Vec<String>) {
    let at = format!("{}:{line}", l.file);
    let Ok(v) = serde_json::from_str::<Value>(body) else {
        p.push(format!("{at}: predict block is not JSON"));
        return;
    };
    let choices = str_list(&v["choices"]);
    let ok = v["id"].is_string()
        && v["question"].as_str().is_some_and(|s| !s.is_empty())
        && v["explanation"].as_str().is_some_and(|s| !s.is_empty())
        && match &choices {
            Some(c) => c.len() >= 2 && v["answer"].as_u64().is_none_or(|a| (a as usize) < c.len()),
            None => v["choices"].is_null(), // a free answer
        };
    if !ok {
        p.push(format!(
            "{at}: a predict block needs `id`, `question`, `explanation`, and `choices` (≥ 2, `answer` an index) or none (a free answer)"
        ));
    }
}

/// A `challenge` block (`{ id, title, sweep }`) names a sweep of `content/sweeps/` that
/// validates and has a `scoreboard` ranking a flow's classifier, so the page can add the reader's
/// classifier ("custom") as one more value of that path.
fn check_challenge(l: &Lesson, line: usize, body: &str, p: &mut Vec<String>) {
    let at = format!("{}:{line}", l.file);
    let Ok(v) = serde_json::from_str::<Value>(body) else {
        p.push(format!("{at}: challenge block is not JSON"));
        return;
    };
    let (Some(_), Some(_), Some(sweep)) =
        (v["id"].as_str(), v["title"].as_str(), v["sweep"].as_str())
    else {
        p.push(format!(
            "{at}: a challenge block needs `id`, `title` and `sweep` (a file of content/sweeps/)"
        ));
        return;
    };
    let file = repo().join("content/sweeps").join(format!("{sweep}.json"));
    let Ok(text) = std::fs::read_to_string(&file) else {
        p.push(format!("{at}: no sweep content/sweeps/{sweep}.json"));
        return;
    };
    let doc: Value = match serde_json::from_str(&text) {
        Ok(d) => d,
        Err(e) => {
            p.push(format!("{at}: content/sweeps/{sweep}.json: {e}"));
            return;
        }
    };
    match sim_core::sweep::parse_value_lazy(&doc, &mut |id| preset(id)) {
        Err(errs) => p.extend(errs.iter().map(|e| format!("{at}: content/sweeps/{sweep}.json: {e}"))),
        Ok(s) => match &s.sweep.scoreboard {
            Some(b) if b.by.ends_with(".tcp.classifier") => {}
            _ => p.push(format!(
                "{at}: content/sweeps/{sweep}.json needs a `scoreboard` whose `by` is a flow's tcp.classifier"
            )),
        },
    }
}

/// A prediction's `setting` (`{ control path: value }`) names controls of the figure it asks about
/// (its `figure`, else the next figure after it, else the one before) at one of their values (or
/// inside a slider's range): the page unlocks the explanation only after a run with that setting,
/// so a setting the figure cannot run would lock it for ever.
fn check_settings(l: &Lesson, p: &mut Vec<String>) {
    let parsed: Vec<(&str, Value, usize)> = l
        .blocks
        .iter()
        .filter_map(|(info, body, line)| {
            serde_json::from_str::<Value>(body)
                .ok()
                .map(|v| (info.as_str(), v, *line))
        })
        .collect();
    for (i, (info, v, line)) in parsed.iter().enumerate() {
        if *info != "predict" || v.get("setting").is_none() {
            continue;
        }
        let at = format!("{}:{line}", l.file);
        let Some(setting) = v["setting"].as_object() else {
            p.push(format!(
                "{at}: `setting` is an object {{ control path: value }}"
            ));
            continue;
        };
        let is_fig = |(k, f, _): &&(&str, Value, usize)| *k == "figure" && f["id"].is_string();
        let figure = match v["figure"].as_str() {
            Some(id) => parsed.iter().filter(is_fig).find(|(_, f, _)| f["id"] == id),
            None => parsed[i..]
                .iter()
                .find(is_fig)
                .or_else(|| parsed[..i].iter().rev().find(is_fig)),
        };
        let Some((_, fig, _)) = figure else {
            p.push(format!("{at}: `setting` needs a figure to run it on"));
            continue;
        };
        let controls = fig["controls"].as_array().cloned().unwrap_or_default();
        for (path, want) in setting {
            let Some(c) = controls.iter().find(|c| c["path"] == path.as_str()) else {
                p.push(format!(
                    "{at}: setting \"{path}\" is no control of figure \"{}\"",
                    fig["id"].as_str().unwrap_or("")
                ));
                continue;
            };
            let ok = match c["values"].as_array() {
                Some(vals) => vals.contains(want),
                None => want.as_f64().is_some_and(|x| {
                    c["min"].as_f64().is_none_or(|m| x >= m)
                        && c["max"].as_f64().is_none_or(|m| x <= m)
                }),
            };
            if !ok {
                p.push(format!(
                    "{at}: setting \"{path}\" = {want} is not a value of that control"
                ));
            }
        }
    }
}

/// A prose link to a table cell, with the lesson file it is in.
struct ProseLink {
    file: String,
    link: table::Link,
}

/// Parse every lesson; the figures that make claims, and the prose's links to their tables.
fn all_lessons() -> (Vec<FigureCheck>, Vec<ProseLink>) {
    let files = lesson_files();
    assert!(files.len() >= 3, "at least three lessons");
    let ids: BTreeSet<String> = files
        .iter()
        .map(|f| f.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut problems = Vec::new();
    let mut docs = Vec::new();
    let mut links = Vec::new();
    for f in &files {
        let l = match read_lesson(f) {
            Ok(l) => l,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let stem = f.file_stem().unwrap().to_string_lossy();
        check_front(&l, &stem, &ids, &mut problems);
        let mut figures = 0;
        let mut predicts = 0;
        let first_check = docs.len();
        let mut block_ids = BTreeSet::new();
        for (info, body, line) in &l.blocks {
            let id = serde_json::from_str::<Value>(body)
                .ok()
                .and_then(|v| v["id"].as_str().map(str::to_string));
            if let Some(id) = id {
                if !block_ids.insert(id.clone()) {
                    problems.push(format!(
                        "{}:{line}: block id \"{id}\" is used twice",
                        l.file
                    ));
                }
            }
            match info.as_str() {
                "figure" => {
                    figures += 1;
                    docs.extend(check_figure(&l, *line, body, &mut problems));
                }
                "predict" => {
                    predicts += 1;
                    check_predict(&l, *line, body, &mut problems);
                }
                "challenge" => check_challenge(&l, *line, body, &mut problems),
                _ => {}
            }
        }
        let figure_ids: Vec<String> = l
            .blocks
            .iter()
            .filter(|(info, _, _)| info == "figure")
            .filter_map(|(_, b, _)| serde_json::from_str::<Value>(b).ok())
            .filter_map(|v| v["id"].as_str().map(str::to_string))
            .collect();
        for (info, body, line) in &l.blocks {
            let named = serde_json::from_str::<Value>(body)
                .ok()
                .and_then(|v| v["figure"].as_str().map(str::to_string));
            if let (true, Some(f)) = (info == "predict", named) {
                if !figure_ids.contains(&f) {
                    problems.push(format!(
                        "{}:{line}: the prediction's figure \"{f}\" is no figure of this lesson",
                        l.file
                    ));
                }
            }
        }
        check_settings(&l, &mut problems);
        let checks = &docs[first_check..];
        for link in table::links(&l.text) {
            let at = format!(
                "{}:{}: link #cell:{}/{}",
                l.file, link.line, link.figure, link.cell
            );
            match checks.iter().find(|c: &&FigureCheck| c.id == link.figure) {
                None => problems.push(format!(
                    "{at}: figure \"{}\" of this lesson has no `table`",
                    link.figure
                )),
                Some(c) if !c.cells.iter().any(|x| x.key() == link.cell) => {
                    let keys: Vec<String> = c.cells.iter().map(table::Cell::key).collect();
                    problems.push(format!(
                        "{at}: no cell \"{}\" in the figure's table (cells: {})",
                        link.cell,
                        keys.join(", ")
                    ));
                }
                Some(_) if table::quoted_number(&link.text).is_none() => problems.push(format!(
                    "{at}: the link's text \"{}\" quotes no number",
                    link.text
                )),
                Some(_) => links.push(ProseLink {
                    file: l.file.clone(),
                    link,
                }),
            }
        }
        if figures == 0 || predicts == 0 {
            problems.push(format!(
                "{}: a lesson has at least one figure and one prediction",
                l.file
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    (docs, links)
}

#[test]
fn every_lesson_parses_and_its_figures_validate() {
    all_lessons();
}

/// Whether a figure check (named `<path>/<lesson>.md:<line> figure <id>`) runs: while writing a
/// lesson, `LOSSLAB_LESSONS=name,name` narrows the slow sweep check to those lessons (file names
/// without `.md`); unset, as in `npm test`, every figure is checked. Parsing and every link are
/// still checked for all lessons.
fn selected(name: &str) -> bool {
    let Ok(list) = std::env::var("LOSSLAB_LESSONS") else {
        return true;
    };
    list.split(',')
        .any(|n| name.contains(&format!("/{}.md:", n.trim())))
}

#[test]
fn every_lesson_figure_shows_what_its_prose_claims() {
    let mut missed = Vec::new();
    let (mut checks, links) = all_lessons();
    checks.retain(|c| selected(&c.name));
    assert!(
        !checks.is_empty(),
        "LOSSLAB_LESSONS names no lesson with a checked figure"
    );
    for FigureCheck {
        name,
        id,
        doc,
        cells,
    } in checks
    {
        let mut resolve = |_: Resource, id: &str| -> Result<Option<Value>, String> {
            Err(format!("\"{id}\": a lesson figure's sweep is inline"))
        };
        let r = match reproduce::parse_value(&doc, &mut resolve) {
            Ok(r) => r,
            Err(errs) => {
                for e in errs {
                    missed.push(format!("{name}: {e}"));
                }
                continue;
            }
        };
        let sweep = r.plan(r.replications_test).unwrap();
        let samples = reproduce::run_sequential(&sweep).unwrap();
        // The table's cells: the means the page shows, from the same sweep as the claims. Every
        // number the prose links to a cell is that mean at the precision written.
        for c in &cells {
            let value = match c.mean(&sweep, &samples) {
                Ok(v) => v,
                Err(e) => {
                    missed.push(format!("{name}: {e}"));
                    continue;
                }
            };
            for pl in links
                .iter()
                .filter(|pl| pl.link.figure == id && pl.link.cell == c.key())
            {
                let (quoted, decimals) = table::quoted_number(&pl.link.text).unwrap();
                if !table::agrees(value, quoted, decimals) {
                    missed.push(format!(
                        "{}:{}: the prose says \"{}\" but cell {id}/{} is {value:.4}",
                        pl.file,
                        pl.link.line,
                        pl.link.text,
                        c.key()
                    ));
                }
            }
        }
        let item = r.evaluate(&sweep, &samples);
        for o in item.outcomes {
            // The prose describes what the figure shows: the means. At a lesson's few
            // replications the 95 % intervals may leave a claim inconclusive; the means must
            // still show it (the point verdict).
            if o.point_verdict != Verdict::Reproduced {
                missed.push(format!(
                    "{name}: expect \"{}\" ({}): {} — measured {} ({})",
                    o.id,
                    o.claim,
                    o.point_verdict.text(),
                    o.losslab,
                    o.test
                ));
            }
        }
    }
    assert!(missed.is_empty(), "{}", missed.join("\n"));
}
