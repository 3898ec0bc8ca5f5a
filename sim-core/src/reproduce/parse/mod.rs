//! Reading a reproduction file (`content/reproductions/FORMAT.md`): every problem at once, each
//! with its JSON path (`plot.series[1].at.flows[0].tcp.cc`, `expect[2].check.a.x`), like
//! [`crate::scenario::parse`]. The sweep inside is validated by [`crate::sweep::parse_value`]
//! (its problems are prefixed `sweep.`), and every cell a series or a check names is looked up
//! in the expanded sweep, so a file that parses can be run and evaluated without surprises.

use super::check::{Check, Shape};
use super::timeseq::TimeSeqSpec;
use super::*;
use crate::json_reader::ConfigError;
use crate::json_reader::{closest, kind, plain_id, show, Obj, Problems};
use crate::sweep::{parse_path, show_value, Point, Vary};

mod cells;
mod every;
use cells::*;

/// An optional one-line text field: `None` when absent; an empty string or a second line is an
/// error.
fn opt_line(o: &mut Obj<'_>, key: &'static str, p: &mut Problems) -> Option<String> {
    if !o.has(key) {
        return None;
    }
    let s = o.string(key, None, p);
    if s.trim().is_empty() {
        p.push(o.at(key), "must say how (or be left out)");
        return None;
    }
    if s.contains('\n') {
        p.push(o.at(key), "must be one line");
    }
    Some(s)
}

/// Most time-sequence plots in one file (each is one more run).
const MAX_TIMESEQ: usize = 4;

/// Parse and validate reproduction JSON text; `resolve` loads scenarios, sweeps and references.
/// The text goes through [`crate::json_reader::read_document`] like a scenario's: a duplicated
/// key, a document too large or nested too deep is a problem at its path, not silently merged.
pub fn parse(text: &str, resolve: &mut Resolve<'_>) -> Result<Reproduction, Vec<ConfigError>> {
    parse_value(&crate::json_reader::read_document(text)?, resolve)
}

const NUM: f64 = 1e300;

/// Two JSON values equal as sweep values (numbers compared as numbers: 1 = 1.0).
fn same(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

fn list(vs: &[Value]) -> String {
    vs.iter().map(show_value).collect::<Vec<_>>().join(", ")
}

fn read_reference(v: &Value, path: &str, p: &mut Problems) -> Reference {
    // Only the fields the report draws are read; the reference schema (content/schema/
    // reference.schema.json) checks the rest.
    let at = format!("reference ({path})");
    let mut q = Problems::default();
    let mut o = Obj::new(Some(v), String::new(), &mut q);
    let how_read = o.string("how_read", Some(""), &mut q);
    let axis = |o: &mut Obj, key: &'static str, q: &mut Problems| {
        if !o.has(key) {
            return None;
        }
        let mut a = o.obj(key, q);
        Some((
            a.string("label", Some(""), q),
            a.string("unit", Some(""), q),
        ))
    };
    let x = axis(&mut o, "x", &mut q);
    let y = axis(&mut o, "y", &mut q);
    let mut series = Vec::new();
    for (sp, sv) in o.array("series", &mut q) {
        let mut s = Obj::new(Some(sv), sp, &mut q);
        let id = s.string("id", None, &mut q);
        let label = s.string("label", Some(&id), &mut q);
        let y_unit = y.as_ref().map_or("", |(_, u)| u.as_str());
        let unit = s.string("unit", Some(y_unit), &mut q);
        let mut points = Vec::new();
        for (pp, pv) in s.array("points", &mut q) {
            // A table's row key or a printed cell may be text (ON/OFF); such points have no place
            // on a numeric axis.
            let text = |k: &str| pv.get(k).is_some_and(|v| !v.is_number());
            if text("x") || text("y") {
                continue;
            }
            let mut pt = Obj::new(Some(pv), pp, &mut q);
            points.push(RefPoint {
                x: pt.num("x", -NUM, NUM, None, &mut q),
                y: pt.num("y", -NUM, NUM, None, &mut q),
                uncertainty: pt.num("uncertainty", 0.0, NUM, Some(0.0), &mut q),
            });
        }
        series.push(RefSeries {
            id,
            label,
            unit,
            points,
        });
    }
    for e in q.0 {
        p.push(format!("{at}.{}", e.path), e.message);
    }
    Reference {
        path: path.to_string(),
        how_read,
        x,
        y,
        series,
    }
}

/// Validate an already parsed reproduction document (see the module docs).
pub fn parse_value(v: &Value, resolve: &mut Resolve<'_>) -> Result<Reproduction, Vec<ConfigError>> {
    let mut p = Problems::default();
    if !v.is_object() {
        p.push("", format!("must be an object (got {})", kind(v)));
        return Err(p.0);
    }
    let mut o = Obj::new(Some(v), String::new(), &mut p);
    o.int("schema", 1, 1, None, &mut p);
    let paper = o.choice("paper", PAPERS, None, &mut p).to_string();
    let id = o.string("id", None, &mut p);
    if !id.is_empty() && !plain_id(&id) {
        p.push(
            "id",
            format!("\"{id}\" must use letters, digits, - and _ (the file name)"),
        );
    }
    let title = o.string("title", None, &mut p);
    let mut sm = o.obj("summary", &mut p);
    let setup = sm.string("setup", None, &mut p);
    let claim = sm.string("claim", None, &mut p);
    sm.finish(&mut p);
    for (key, text) in [("summary.setup", &setup), ("summary.claim", &claim)] {
        if text.contains('\n') {
            p.push(key, "must be one line");
        }
    }
    let source = o.string("source", None, &mut p);
    // How every row of the file departs from the paper's procedure, if it does.
    let file_departs = opt_line(&mut o, "departs", &mut p);

    // The paper's citation: `paper` of `content/reference/<paper>.json`, when that file is there.
    let citation = if PAPERS.contains(&paper.as_str()) {
        match resolve(Resource::Reference, &format!("{paper}.json")) {
            Ok(Some(doc)) => doc.get("paper").and_then(Value::as_str).map(String::from),
            _ => None,
        }
    } else {
        None
    };

    // ----- reference -----
    let reference_path = o
        .has("reference")
        .then(|| o.string("reference", Some(""), &mut p))
        .filter(|s| !s.is_empty());
    let mut reference = None;
    if let Some(r) = &reference_path {
        let ok = r.ends_with(".json")
            && !r.starts_with('/')
            && r.split('/').all(|seg| {
                !seg.is_empty()
                    && !seg.starts_with('.')
                    && seg
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
            });
        if !ok {
            p.push(
                "reference",
                format!("\"{r}\" must be a path under content/reference/ such as gb04/fig4.json"),
            );
        } else {
            match resolve(Resource::Reference, r) {
                Ok(Some(doc)) => reference = Some(read_reference(&doc, r, &mut p)),
                Ok(None) => {}
                Err(e) => p.push("reference", e),
            }
        }
    }

    // ----- replications -----
    let replications = o.int(
        "replications",
        1,
        crate::sweep::limits::MAX_REPLICATIONS,
        None,
        &mut p,
    );
    let replications_test = o.int("replications_test", 1, replications.max(1), None, &mut p);

    // ----- sweep -----
    let (sweep_name, mut sweep_doc) = match o.get("sweep") {
        None | Some(Value::Null) => {
            p.push(
                "sweep",
                "is required (a sweep object or a content/sweeps id)",
            );
            (String::new(), None)
        }
        Some(Value::String(sid)) => match resolve(Resource::Sweep, sid) {
            Ok(Some(d)) => (sid.clone(), Some(d)),
            Ok(None) => {
                p.push("sweep", format!("no sweep \"{sid}\" in content/sweeps"));
                (sid.clone(), None)
            }
            Err(e) => {
                p.push("sweep", e);
                (sid.clone(), None)
            }
        },
        Some(obj @ Value::Object(_)) => ("inline".to_string(), Some(obj.clone())),
        Some(other) => {
            p.push(
                "sweep",
                format!("must be a sweep object or a sweep id (got {})", kind(other)),
            );
            (String::new(), None)
        }
    };
    let mut sweep = None;
    if let Some(doc) = sweep_doc.as_mut().and_then(Value::as_object_mut) {
        let prefix = if sweep_name == "inline" {
            "sweep".to_string()
        } else {
            format!("sweep ({sweep_name})")
        };
        if let Some(Value::String(base)) = doc.get("base").cloned() {
            match resolve(Resource::Scenario, &base) {
                Ok(Some(sc)) => {
                    doc.insert("base".into(), sc);
                }
                Ok(None) => p.push(
                    format!("{prefix}.base"),
                    format!("no scenario \"{base}\" in content/scenarios"),
                ),
                Err(e) => p.push(format!("{prefix}.base"), e),
            }
        }
        doc.insert("replications".into(), Value::from(replications));
        if !doc.get("base").is_some_and(Value::is_string) {
            let d = Value::Object(doc.clone());
            match crate::sweep::parse_value(&d, &mut |id| {
                Err(format!("scenario \"{id}\" not found"))
            }) {
                Ok(s) => sweep = Some(s),
                Err(errs) => {
                    for e in errs {
                        p.push(format!("{prefix}.{}", e.path), e.message);
                    }
                }
            }
        }
    }

    // ----- plot -----
    let mut po = o.obj("plot", &mut p);
    let x_path = po.string("x", None, &mut p);
    if let Err(e) = parse_path(&x_path) {
        if !x_path.is_empty() {
            p.push("plot.x", e);
        }
    }
    let ref_x = reference.as_ref().and_then(|r: &Reference| r.x.clone());
    let ref_y = reference.as_ref().and_then(|r| r.y.clone());
    let x_label = po.string(
        "x_label",
        Some(&ref_x.as_ref().map_or(x_path.clone(), |x| x.0.clone())),
        &mut p,
    );
    let x_unit = po.string(
        "x_unit",
        Some(&ref_x.as_ref().map_or(String::new(), |x| x.1.clone())),
        &mut p,
    );
    let x_scale = match po.choice("x_scale", X_SCALES, Some("linear"), &mut p) {
        "log" => Scale::Log,
        _ => Scale::Linear,
    };
    let x_map = XMap::from_name(po.choice("x_map", XMap::NAMES, Some("identity"), &mut p))
        .unwrap_or(XMap::Identity);
    let metric = po.string("metric", None, &mut p);
    let y_label = po.string(
        "y_label",
        Some(&ref_y.as_ref().map_or(metric.clone(), |y| y.0.clone())),
        &mut p,
    );
    let y_unit = po.string(
        "y_unit",
        Some(&ref_y.as_ref().map_or(String::new(), |y| y.1.clone())),
        &mut p,
    );
    let series_items = po.array("series", &mut p);
    if series_items.is_empty() {
        p.push("plot.series", "needs at least one series");
    }
    let kx = sweep.as_ref().and_then(|s| {
        let k = s.vary.iter().position(|v| v.path == x_path);
        if k.is_none() && !x_path.is_empty() {
            p.push(
                "plot.x",
                format!(
                    "\"{x_path}\" is not a varied path of the sweep (varied: {})",
                    s.vary
                        .iter()
                        .map(|v| v.path.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        let k = k?;
        for (j, v) in s.vary[k].values.iter().enumerate() {
            if x_number(v).is_none() {
                p.push(
                    "plot.x",
                    format!(
                        "the x values must be numbers (value {j} is {})",
                        show_value(v)
                    ),
                );
                return None;
            }
        }
        Some(k)
    });
    let mut series: Vec<Series> = Vec::new();
    for (sp, sv) in series_items {
        let mut so = Obj::new(Some(sv), sp.clone(), &mut p);
        let sid = so.string("id", None, &mut p);
        if series.iter().any(|s| s.id == sid) {
            p.push(so.at("id"), format!("\"{sid}\" is used twice"));
        }
        let label = so.string("label", Some(&sid), &mut p);
        let smetric = so.string("metric", Some(&metric), &mut p);
        let flow = so
            .has("flow")
            .then(|| so.string("flow", Some(""), &mut p))
            .filter(|f| !f.is_empty());
        let sref = so
            .has("reference")
            .then(|| so.string("reference", Some(""), &mut p))
            .filter(|f| !f.is_empty());
        if let (Some(r), Some(rf)) = (&sref, &reference) {
            if !rf.series.iter().any(|s| s.id == *r) {
                let ids: Vec<&str> = rf.series.iter().map(|s| s.id.as_str()).collect();
                p.push(
                    so.at("reference"),
                    format!(
                        "the reference file has no series \"{r}\" (its series: {})",
                        ids.join(", ")
                    ),
                );
            }
        }
        let at_v = so.get("at");
        let at_path = so.at("at");
        let at_metric = so.at("metric");
        so.finish(&mut p);
        let mut cells = Vec::new();
        if let (Some(sw), Some(kx)) = (&sweep, kx) {
            if let Some(choice) = read_at(at_v, &at_path, &sw.vary, Some(kx), &mut p) {
                let row = row_name(&smetric, flow.as_deref());
                for (j, raw) in sw.vary[kx].values.iter().enumerate() {
                    let mut c: Vec<usize> = choice.iter().map(|c| c.unwrap_or(0)).collect();
                    for &col in &sw.axes[sw.vary[kx].axis].columns {
                        c[col] = j; // the x path and any path zipped with it
                    }
                    let Some(point) = point_with(sw, &c) else {
                        continue;
                    };
                    if !has_row(point, &row, &at_metric, &mut p) {
                        break;
                    }
                    let mx = x_map.apply(x_number(raw).unwrap_or(f64::NAN));
                    let unit = if x_unit.is_empty() {
                        String::new()
                    } else {
                        format!(" {x_unit}")
                    };
                    cells.push((
                        raw.clone(),
                        mx,
                        CellRef {
                            point: point.index,
                            row: row.clone(),
                            label: format!("{label} at x = {}{unit}", num(mx)),
                        },
                    ));
                }
                cells.sort_by(|a, b| a.1.total_cmp(&b.1));
            }
        }
        series.push(Series {
            id: sid,
            label,
            reference: sref,
            cells,
        });
    }
    po.finish(&mut p);
    let plot = Plot {
        x_path,
        x_label,
        x_unit,
        x_scale,
        x_map,
        metric,
        y_label,
        y_unit,
        series,
    };

    // ----- expect -----
    let items = o.array("expect", &mut p);
    if !o.has("expect") {
        p.push("expect", "is required (an array of claims; may be empty)");
    }
    let mut expect = Vec::new();
    let ctx = match (&sweep, kx) {
        (Some(sw), Some(kx)) => Some(Ctx {
            sweep: sw,
            kx,
            plot: &plot,
        }),
        _ => None,
    };
    for (ep, ev) in items {
        let mut eo = Obj::new(Some(ev), ep.clone(), &mut p);
        let eid = eo.string("id", None, &mut p);
        if expect.iter().any(|e: &Expect| e.id == eid) {
            p.push(eo.at("id"), format!("\"{eid}\" is used twice"));
        }
        let claim = eo.string("claim", None, &mut p);
        let paper_says = eo.string("paper", None, &mut p);
        let tolerance_why = eo.string("tolerance_why", None, &mut p);
        let holds = ev.get("holds_at_test_count").is_some_and(|x| !x.is_null());
        let holds_at_test_count = eo.bool("holds_at_test_count", false, &mut p);
        if !holds {
            p.push(eo.at("holds_at_test_count"), "is required (true or false)");
        }
        let class = match eo.choice("class", EXPECT_CLASSES, Some("claim"), &mut p) {
            "sanity" => Class::Sanity,
            _ => Class::Claim,
        };
        let departs = match (opt_line(&mut eo, "departs", &mut p), &file_departs) {
            (Some(a), Some(b)) => Some(format!("{b}; {a}")),
            (a, b) => a.or_else(|| b.clone()),
        };
        let mut mo = eo.obj("if_missed", &mut p);
        let if_missed = IfMissed {
            mechanism: mo.string("mechanism", None, &mut p),
            knob: mo.string("knob", None, &mut p),
            doc: mo.string("doc", None, &mut p),
        };
        if !if_missed.knob.is_empty() {
            if let Err(e) = parse_path(&if_missed.knob) {
                p.push(mo.at("knob"), e);
            }
        }
        mo.finish(&mut p);
        let cv = eo.get("check");
        let cat = eo.at("check");
        eo.finish(&mut p);
        let check = ctx.as_ref().and_then(|c| every::check(c, cv, cat, &mut p));
        if let Some(check) = check {
            expect.push(Expect {
                class,
                departs,
                id: eid,
                claim,
                paper: paper_says,
                check,
                tolerance_why,
                holds_at_test_count,
                if_missed,
            });
        }
    }
    // ----- timeseq (M12) -----
    let mut timeseq: Vec<TimeSeqSpec> = Vec::new();
    let ts_items = o.array("timeseq", &mut p);
    if ts_items.len() > MAX_TIMESEQ {
        p.push(
            "timeseq",
            format!("at most {MAX_TIMESEQ} plots (got {})", ts_items.len()),
        );
    }
    for (tp, tv) in ts_items.into_iter().take(MAX_TIMESEQ) {
        let mut to = Obj::new(Some(tv), tp.clone(), &mut p);
        let tid = to.string("id", None, &mut p);
        if !tid.is_empty() && !plain_id(&tid) {
            p.push(
                to.at("id"),
                format!("\"{tid}\" must use letters, digits, - and _"),
            );
        }
        if timeseq.iter().any(|t| t.id == tid) {
            p.push(to.at("id"), format!("\"{tid}\" is used twice"));
        }
        let ttitle = to.string("title", None, &mut p);
        let replication = to.int("replication", 0, 1_000_000, Some(0), &mut p);
        let flow = to.has("flow").then(|| to.string("flow", None, &mut p));
        let from_s = to
            .has("from_s")
            .then(|| to.num("from_s", 0.0, 1e9, None, &mut p));
        let to_s = to
            .has("to_s")
            .then(|| to.num("to_s", 0.0, 1e9, None, &mut p));
        if let (Some(a), Some(b)) = (from_s, to_s) {
            if b <= a {
                p.push(to.at("to_s"), "must be after from_s");
            }
        }
        let mut marks = Vec::new();
        for (mp, mv) in to.array("marks", &mut p) {
            match mv.as_str() {
                Some(m) => {
                    match (&reference_path, &reference) {
                        (_, Some(r)) if !r.series.iter().any(|s| s.id == m) => {
                            let ids: Vec<&str> = r.series.iter().map(|s| s.id.as_str()).collect();
                            p.push(
                                &mp,
                                format!(
                                    "\"{m}\" is not a series of the reference file (its series: {})",
                                    ids.join(", ")
                                ),
                            );
                        }
                        (None, _) => p.push(
                            &mp,
                            "names a reference series, but the file has no reference",
                        ),
                        _ => {}
                    }
                    marks.push(m.to_string());
                }
                None => p.push(
                    &mp,
                    format!("must be a reference series id (got {})", kind(mv)),
                ),
            }
        }
        let at_v = to.get("at");
        let at_path = to.at("at");
        to.finish(&mut p);
        let Some(sw) = &sweep else { continue };
        let Some(choice) = read_at(at_v, &at_path, &sw.vary, None, &mut p) else {
            continue;
        };
        let choice: Vec<usize> = choice.into_iter().map(|c| c.unwrap_or(0)).collect();
        let Some(point) = point_with(sw, &choice) else {
            continue;
        };
        let ids: Vec<&str> = point.scenario.flows.iter().map(|f| f.id.as_str()).collect();
        let flow = match flow {
            Some(fl) if !ids.contains(&fl.as_str()) => {
                p.push(
                    format!("{tp}.flow"),
                    format!(
                        "\"{fl}\" is not a flow of the point (its flows: {})",
                        ids.join(", ")
                    ),
                );
                continue;
            }
            Some(fl) => fl,
            None => ids.first().map(|s| s.to_string()).unwrap_or_default(),
        };
        let at_label = if sw.vary.is_empty() {
            "the sweep's one point".to_string()
        } else {
            sw.point_words(&choice, " = ")
        };
        timeseq.push(TimeSeqSpec {
            id: tid,
            title: ttitle,
            choice,
            at_label,
            replication,
            flow,
            from_s,
            to_s,
            marks,
        });
    }
    o.finish(&mut p);

    match (p.0.is_empty(), sweep, sweep_doc) {
        (true, Some(sweep), Some(sweep_doc)) => Ok(Reproduction {
            paper,
            id,
            title,
            setup,
            claim,
            source,
            reference_path,
            reference,
            citation,
            sweep_name,
            replications,
            replications_test,
            plot,
            expect,
            timeseq,
            sweep_doc,
            sweep,
        }),
        _ => {
            if p.0.is_empty() {
                p.push("sweep", "could not be read");
            }
            Err(p.0)
        }
    }
}
