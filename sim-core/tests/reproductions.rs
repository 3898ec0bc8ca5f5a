//! Reproductions (`sim_core::reproduce`, `content/reproductions/FORMAT.md`): every file
//! under `content/reproductions/` parses and sits at `<paper>/<id>.json`; every one runs at its
//! `replications_test` and each claim marked `holds_at_test_count` holds in its strict form; the
//! report is byte-deterministic and its SVG well-formed; bad files are rejected with paths; every
//! reference file under `content/reference/<paper>/` is used by some reproduction.

use serde_json::Value;
use sim_core::reproduce::{self, report, svg, Reproduction, Resource, Verdict};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/reproduce")
}

fn load(path: &Path) -> Result<Option<Value>, String> {
    if !path.is_file() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The CLI's resolver, with references read from `reference_root`.
fn resolver(
    reference_root: PathBuf,
) -> impl FnMut(Resource, &str) -> Result<Option<Value>, String> {
    move |kind, name| {
        let content = repo().join("content");
        match kind {
            Resource::Scenario => load(&content.join("scenarios").join(format!("{name}.json")))?
                .map(Some)
                .ok_or_else(|| format!("scenario \"{name}\" not found")),
            Resource::Sweep => load(&content.join("sweeps").join(format!("{name}.json"))),
            Resource::Reference => load(&reference_root.join(name)),
        }
    }
}

fn parse_file(path: &Path, reference_root: PathBuf) -> Result<Reproduction, Vec<String>> {
    let text = std::fs::read_to_string(path).unwrap();
    reproduce::parse(&text, &mut resolver(reference_root)).map_err(|e| {
        e.iter()
            .map(|e| format!("{}: {e}", path.display()))
            .collect()
    })
}

fn json_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            json_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "json") {
            out.push(p);
        }
    }
}

fn all_reproductions() -> Vec<(PathBuf, Reproduction)> {
    let mut files = Vec::new();
    json_files(&repo().join("content/reproductions"), &mut files);
    let mut problems = Vec::new();
    let mut out = Vec::new();
    for f in files {
        match parse_file(&f, repo().join("content/reference")) {
            Ok(r) => {
                let stem = f.file_stem().unwrap().to_str().unwrap();
                let folder = f.parent().unwrap().file_name().unwrap().to_str().unwrap();
                if r.id != stem || r.paper != folder {
                    problems.push(format!(
                        "{}: must be content/reproductions/{}/{}.json",
                        f.display(),
                        r.paper,
                        r.id
                    ));
                }
                out.push((f, r));
            }
            Err(e) => problems.extend(e),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    out
}

/// A minimal well-formedness check of the XML we write: tags nest and close, attributes are
/// quoted, `&` starts an entity, the root is one `<svg>` element.
fn assert_well_formed(xml: &str) {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = xml;
    let mut roots = 0;
    while let Some(i) = rest.find('<') {
        check_text(&rest[..i]);
        let end = rest[i..].find('>').expect("a tag is closed") + i;
        let tag = &rest[i + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                stack.pop().as_deref(),
                Some(name.trim()),
                "closing </{name}>"
            );
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name: String = body.chars().take_while(|c| !c.is_whitespace()).collect();
        assert!(
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()),
            "tag name in <{tag}>"
        );
        assert_eq!(body.matches('"').count() % 2, 0, "quotes in <{tag}>");
        check_text(body);
        if stack.is_empty() {
            roots += 1;
            assert_eq!(name, "svg", "the root is <svg>");
        }
        if !self_closing {
            stack.push(name);
        }
    }
    check_text(rest);
    assert!(stack.is_empty(), "unclosed: {stack:?}");
    assert_eq!(roots, 1);
}

fn check_text(t: &str) {
    for (i, _) in t.match_indices('&') {
        let ent = &t[i..];
        assert!(
            ["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"]
                .iter()
                .any(|e| ent.starts_with(e)),
            "bare & in {t:?}"
        );
    }
}

#[test]
fn every_reproduction_file_parses_where_it_belongs() {
    let all = all_reproductions();
    assert!(all.len() >= 2, "expected the first reproductions");
    for (f, r) in &all {
        assert!(r.replications_test <= r.replications, "{}", f.display());
        assert!(!r.expect.is_empty(), "{}: no claims", f.display());
    }
}

#[test]
fn every_reproduction_holds_its_test_count_claims() {
    // Each reproduction is independent and deterministic, so they are shared out over the
    // machine's cores (the whole set is about two minutes of simulation on one core); the
    // failures are reported in file order whatever thread ran them.
    let all = all_reproductions();
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut failures: Vec<(usize, String)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut found = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some((f, r)) = all.get(i) else {
                            return found;
                        };
                        found.extend(test_count_failures(f, r).into_iter().map(|m| (i, m)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    failures.sort();
    let failures: Vec<String> = failures.into_iter().map(|(_, m)| m).collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Run one reproduction at its `replications_test` and list the claims marked
/// `holds_at_test_count` whose strict form does not hold on the means.
fn test_count_failures(f: &Path, r: &Reproduction) -> Vec<String> {
    let sweep = r.plan(r.replications_test).unwrap();
    let samples = reproduce::run_sequential(&sweep).unwrap();
    let item = r.evaluate(&sweep, &samples);
    assert_well_formed(&svg::figure(&item.plot));
    let mut failures = Vec::new();
    for (e, o) in r.expect.iter().zip(&item.outcomes) {
        println!("{} {}: {} — {}", r.key(), o.id, o.verdict.text(), o.losslab);
        // The promise is about the means (the strict form on the means holds); the intervals
        // at the reduced count may leave it inconclusive, never ruled out.
        if e.holds_at_test_count && o.point_verdict != Verdict::Reproduced {
            failures.push(format!(
                "{}: {} is {} at {} replications: {} [{}]",
                f.display(),
                e.id,
                o.verdict.text(),
                r.replications_test,
                o.losslab,
                o.test
            ));
        }
    }
    failures
}

fn fixture() -> Reproduction {
    parse_file(&fixtures().join("tiny.json"), fixtures().join("reference")).unwrap()
}

#[test]
fn the_report_is_deterministic_and_its_svg_well_formed() {
    let write = || {
        let r = fixture();
        let sweep = r.plan(r.replications_test).unwrap();
        let samples = reproduce::run_sequential(&sweep).unwrap();
        let item = r.evaluate(&sweep, &samples);
        let items = [item];
        (
            report::markdown(&items, "header"),
            report::html(&items, "header"),
            svg::figure(&items[0].plot),
            items[0].csv.clone(),
            items,
        )
    };
    let (md, html, fig, csv, items) = write();
    let again = write();
    assert_eq!(md, again.0);
    assert_eq!(html, again.1);
    assert_eq!(fig, again.2);
    assert_eq!(csv, again.3);
    assert_well_formed(&fig);
    // The verdicts of the fixture at its 2 replications: the intervals decide only the timeout
    // range; the others straddle their thresholds (on the means, below, three hold and the
    // deliberately unreachable ratio is direction only).
    let verdicts: Vec<(&str, Verdict)> = items[0]
        .outcomes
        .iter()
        .map(|o| (o.id.as_str(), o.verdict))
        .collect();
    assert_eq!(
        verdicts,
        vec![
            ("falls", Verdict::Inconclusive),
            ("ld-vs-plain", Verdict::Inconclusive),
            ("cells-by-at", Verdict::Inconclusive),
            ("timeouts-range", Verdict::Reproduced),
        ]
    );
    let t = items[0].tally();
    assert_eq!(
        (
            t.reproduced,
            t.direction_only,
            t.inconclusive,
            t.not_reproduced
        ),
        (1, 0, 3, 0),
        "{t:?}"
    );
    assert!(
        items[0].outcomes[0]
            .verdict_text()
            .starts_with("inconclusive at "),
        "{}",
        items[0].outcomes[0].verdict_text()
    );
    // On the means alone, the same three hold and the ratio is direction only.
    let points: Vec<Verdict> = items[0].outcomes.iter().map(|o| o.point_verdict).collect();
    assert_eq!(
        points,
        vec![
            Verdict::Reproduced,
            Verdict::DirectionOnly,
            Verdict::Reproduced,
            Verdict::Reproduced
        ]
    );
    // The overlay: the paired reference series takes its LossLab series' colour, labels are
    // escaped, the x axis is mapped to packet loss in % (BER 8.78e-6 → 10 %).
    assert!(fig.contains("Paper: 1 flow"), "{fig}");
    assert!(fig.contains("1 flow &amp; &lt;plain&gt;"));
    assert!(fig.contains("Packet loss rate (%)"));
    let tenth = &items[0].plot.series[0].points[1].0;
    assert!((tenth - 10.0).abs() < 0.01, "{tenth}");
    // Markdown: summary table, figure link, claims table, the miss with its knob.
    assert!(md.contains("| gb04 | tiny — Test fixture"));
    assert!(md.contains("![Test fixture"));
    assert!(md.contains("(gb04/tiny.svg)"));
    assert!(md.contains("| claim | paper | LossLab | verdict |"));
    assert!(
        md.contains(
            "ld-vs-plain (inconclusive): m Knob: flows\\[0\\].tcp.ld\\_rto\\_keep\\_window."
        ),
        "{md}"
    );
    // Text from the files is escaped in the Markdown as it is in the HTML.
    assert!(md.contains("1 flow \\& \\<plain\\>"), "{md}");
    assert!(!md.contains("<plain>"));
    // The paper's numbers beside LossLab's, with the summary line and "±" defined first.
    assert!(
        md.contains("The paper's numbers beside LossLab's ("),
        "{md}"
    );
    assert!(md.contains("| LossLab series | x | paper | LossLab mean ± 95 % CI | deviation |"));
    let pm = md.find('±').unwrap();
    assert!(
        md[..pm].contains("Intervals: "),
        "± is defined before its first use"
    );
    // HTML: one page, inline SVG, no scripts.
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(html.contains("<svg xmlns="));
    assert!(!html.contains("<script"));
    assert!(csv.starts_with(
        "point,topology.bottleneck.errors.ber,flows[0].tcp.classifier,entity,metric,mean,sd,ci95_low,ci95_high,n\n"
    ));
}

/// Parse the fixture with `edit` applied; the problems as text.
fn problems_of(edit: impl Fn(&mut Value)) -> Vec<String> {
    let text = std::fs::read_to_string(fixtures().join("tiny.json")).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    edit(&mut v);
    match reproduce::parse_value(&v, &mut resolver(fixtures().join("reference"))) {
        Ok(_) => Vec::new(),
        Err(e) => e.iter().map(|e| e.to_string()).collect(),
    }
}

fn has(problems: &[String], want: &str) {
    assert!(
        problems.iter().any(|p| p.contains(want)),
        "no problem containing {want:?} in {problems:#?}"
    );
}

#[test]
fn bad_reproduction_files_are_rejected_with_paths() {
    assert!(problems_of(|_| {}).is_empty());
    let p = problems_of(|v| {
        v["paper"] = "gb05".into();
        v["replications_test"] = 9.into();
        v["plot"]["x_scale"] = "logg".into();
        v["plot"]["x_map"] = "ber_to_plr".into();
        v["summary"] = serde_json::json!({ "setup": "one" });
        v["extra"] = 1.into();
    });
    has(&p, "paper: unknown value \"gb05\"");
    has(&p, "replications_test: must be between 1 and 3 (got 9)");
    has(
        &p,
        "plot.x_scale: unknown value \"logg\" (did you mean \"log\"?",
    );
    has(&p, "plot.x_map: unknown value \"ber_to_plr\"");
    has(&p, "summary.claim: is required");
    has(&p, "extra: unknown field \"extra\"");

    let p = problems_of(|v| {
        v["plot"]["series"][0]["at"] = serde_json::json!({ "flows[0].tcp.clasifier": "oracle" });
        v["plot"]["series"][1]["at"]["flows[0].tcp.classifier"] = "oracle".into();
        v["plot"]["series"][1]["reference"] = "nope".into();
    });
    has(
        &p,
        "plot.series[0].at.flows[0].tcp.clasifier: \"flows[0].tcp.clasifier\" is not a varied path of the sweep (did you mean \"flows[0].tcp.classifier\"?)",
    );
    has(
        &p,
        "plot.series[1].at.flows[0].tcp.classifier: oracle is not among the sweep's values (always_congestion, checksum)",
    );
    has(
        &p,
        "plot.series[1].reference: the reference file has no series \"nope\" (its series: plain, other)",
    );
    assert_eq!(
        p.len(),
        3,
        "no follow-on problems from the broken series: {p:#?}"
    );

    let p = problems_of(|v| {
        v["expect"][0]["check"]["form"] = "rising".into();
        v["expect"][1]["check"]["a"]["x"] = 0.5.into();
        v["expect"][1]["check"]["b"] = serde_json::json!({ "series": "ldd", "x": 0 });
        v["expect"][2]["check"]["cells"][0]["metric"] = "goodput_kbps".into();
        v["expect"][3]["check"]["kind"] = "between".into();
        v["expect"][3]["if_missed"]["knob"] = "flows[0.tcp".into();
        v["expect"][0]["holds_at_test_count"] = Value::Null;
    });
    has(&p, "expect[0].check.form: unknown value \"rising\"");
    has(&p, "expect[0].holds_at_test_count: is required");
    has(
        &p,
        "expect[1].check.a.x: 0.5 is not among the x values (0, 8.78e-6)",
    );
    has(
        &p,
        "expect[1].check.b.series: no plot series \"ldd\" (did you mean \"ld\"?)",
    );
    has(
        &p,
        "expect[2].check.cells[0].metric: point 0 has no row \"goodput_kbps\"",
    );
    has(&p, "expect[3].check.kind: unknown value \"between\"");
    has(&p, "expect[3].if_missed.knob: invalid path \"flows[0.tcp\"");

    let p = problems_of(|v| {
        v["sweep"]["vary"][0]["path"] = "topology.bottleneck.errors.bre".into();
        v["reference"] = "../secrets.json".into();
    });
    has(
        &p,
        "sweep.vary[0].values[0]: topology.bottleneck.errors.bre: unknown field \"bre\" (did you mean \"ber\"?)",
    );
    has(
        &p,
        "reference: \"../secrets.json\" must be a path under content/reference/",
    );

    let p = problems_of(|v| v["sweep"] = "no-such-sweep".into());
    has(&p, "sweep: no sweep \"no-such-sweep\" in content/sweeps");

    let p = problems_of(|v| {
        v["expect"][2]["check"]["cells"][0]["at"] =
            serde_json::json!({ "topology.bottleneck.errors.ber": 0 });
    });
    has(
        &p,
        "expect[2].check.cells[0].at: must fix every varied path; missing: flows[0].tcp.classifier",
    );

    let p = reproduce::parse("{ not json", &mut resolver(fixtures().join("reference")))
        .err()
        .unwrap();
    assert!(p[0]
        .to_string()
        .starts_with("(root): invalid JSON at line 1"));

    // Read like a scenario (json_reader::read_document): a duplicated key is a problem.
    let p = reproduce::parse(
        r#"{ "schema": 1, "paper": "gb04", "paper": "lj" }"#,
        &mut resolver(fixtures().join("reference")),
    )
    .err()
    .unwrap();
    assert!(
        p.iter().any(|e| e.to_string().starts_with("paper:")),
        "{p:?}"
    );
}

/// Every reproduction file (and the test fixture) validates against
/// `content/schema/reproduction.schema.json`, and the schema rejects what the parser rejects in
/// the simple cases (unknown fields, a check without bounds).
#[test]
fn reproduction_files_match_their_schema() {
    let uri = |name: &str| format!("file://{}/content/schema/{name}", repo().display());
    let schema = |name: &str| {
        load(&repo().join("content/schema").join(name))
            .unwrap()
            .unwrap()
    };
    let registry = jsonschema::Registry::new()
        .add(uri("scenario.schema.json"), schema("scenario.schema.json"))
        .expect("scenario schema")
        .add(uri("sweep.schema.json"), schema("sweep.schema.json"))
        .expect("sweep schema")
        .prepare()
        .expect("registry");
    let v = jsonschema::options()
        .with_registry(&registry)
        .with_base_uri(uri("reproduction.schema.json"))
        .build(&schema("reproduction.schema.json"))
        .expect("reproduction schema compiles");
    let mut files = Vec::new();
    json_files(&repo().join("content/reproductions"), &mut files);
    files.push(fixtures().join("tiny.json"));
    for f in &files {
        let doc = load(f).unwrap().unwrap();
        let errors: Vec<String> = v
            .iter_errors(&doc)
            .map(|e| format!("{}: {e}", e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{}: {errors:#?}", f.display());
    }
    let mut bad = load(&fixtures().join("tiny.json")).unwrap().unwrap();
    bad["expect"][1]["check"]
        .as_object_mut()
        .unwrap()
        .remove("min");
    assert!(!v.is_valid(&bad), "a ratio needs min or max");
    let mut bad = load(&fixtures().join("tiny.json")).unwrap().unwrap();
    bad["plot"]["colour"] = "red".into();
    assert!(!v.is_valid(&bad), "unknown plot field");
}

/// M12: a reproduction's `timeseq` plot is in the report, with one mark per dropped and per
/// retransmitted segment of its run and the reference's marked points; byte-deterministic.
#[test]
fn time_sequence_plots_are_in_the_report_with_their_marks() {
    let make = || {
        let r = parse_file(
            &fixtures().join("timeseq.json"),
            fixtures().join("reference"),
        )
        .unwrap();
        let sweep = r.plan(r.replications_test).unwrap();
        let samples = reproduce::run_sequential(&sweep).unwrap();
        let mut item = r.evaluate(&sweep, &samples);
        item.timeseq = r.time_sequences(&sweep).unwrap();
        let items = [item];
        (
            report::markdown(&items, "h"),
            report::html(&items, "h"),
            items,
        )
    };
    let (md, html, items) = make();
    let again = make();
    assert_eq!((&md, &html), (&again.0, &again.1));
    let ts = &items[0].timeseq;
    assert_eq!(ts.len(), 2);
    let whole = &ts[0];
    assert_well_formed(&whole.svg);
    // The drop list loses link packets 5, 6 and 20 (the SYN is packet 0): three data drops.
    assert_eq!(whole.counts.drops, 3, "{}", whole.caption);
    assert_eq!(whole.svg.matches("class=\"drop\"").count(), 3);
    // One retransmission mark per resend the run's summary counts (replication 0 is the plot's).
    let retx = items[0].plot.series[0].points[0].1.mean;
    assert!(retx >= 3.0, "{retx}");
    assert_eq!(whole.counts.retransmits as f64, retx);
    assert_eq!(
        whole.svg.matches("class=\"retx\"").count(),
        whole.counts.retransmits
    );
    // 30 kB in 1460-byte segments: 21 new segments.
    assert_eq!(whole.counts.sends, 21);
    assert_eq!(whole.counts.paper, 2);
    assert_eq!(whole.svg.matches("class=\"paper-mark\"").count(), 2);
    // A window after the run: no marks at all.
    assert_eq!(ts[1].counts, Default::default());
    // The report links and inlines them.
    assert!(md.contains("(gb04/timeseq-whole.svg)"), "{md}");
    assert!(md.contains("3 dropped"), "{md}");
    assert_eq!(html.matches("class=\"drop\"").count(), 3);
    // A mark naming no reference series is rejected with its path.
    let p = problems_of_file("timeseq.json", |v| {
        v["timeseq"][0]["marks"][0] = "nope".into();
        v["timeseq"][1]["flow"] = "g".into();
    });
    has(
        &p,
        "timeseq[0].marks[0]: \"nope\" is not a series of the reference file",
    );
    has(&p, "timeseq[1].flow: \"g\" is not a flow of the point");
}

/// Parse fixture `name` with `edit` applied; the problems as text.
fn problems_of_file(name: &str, edit: impl Fn(&mut Value)) -> Vec<String> {
    let text = std::fs::read_to_string(fixtures().join(name)).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    edit(&mut v);
    match reproduce::parse_value(&v, &mut resolver(fixtures().join("reference"))) {
        Ok(_) => Vec::new(),
        Err(e) => e.iter().map(|e| e.to_string()).collect(),
    }
}

/// A zipped sweep axis: `at` fixes it by naming any one of its paths; two of its
/// paths at different positions, or a path zipped with the x path, are refused with their paths.
#[test]
fn at_fixes_a_zipped_axis_by_any_of_its_paths() {
    let zip = |v: &mut Value| {
        v["sweep"]["vary"][1] = serde_json::json!({ "label": "scheme", "zip": [
            { "path": "flows[0].tcp.classifier", "values": ["always_congestion", "checksum"] },
            { "path": "flows[0].bytes", "values": [60000, 50000] } ] });
    };
    // The series and checks name only the classifier: the bytes follow.
    assert_eq!(problems_of(zip), Vec::<String>::new());
    let p = problems_of(|v| {
        zip(v);
        v["expect"][2]["check"]["cells"][0]["at"]["flows[0].bytes"] = 50000.into();
    });
    has(
        &p,
        "expect[2].check.cells[0].at.flows[0].bytes: is zipped with \"flows[0].tcp.classifier\" (they vary together): where flows[0].tcp.classifier = always_congestion, flows[0].bytes = 60000; name one of them",
    );
    let p = problems_of(|v| {
        zip(v);
        v["expect"][2]["check"]["cells"][0]["at"] =
            serde_json::json!({ "topology.bottleneck.errors.ber": 0 });
    });
    has(
        &p,
        "expect[2].check.cells[0].at: must fix every varied path; missing: one of flows[0].tcp.classifier / flows[0].bytes (zipped)",
    );
    let p = problems_of(|v| {
        zip(v);
        v["plot"]["x"] = "flows[0].bytes".into();
        v["plot"]["x_map"] = "identity".into();
    });
    has(
        &p,
        "plot.series[0].at.flows[0].tcp.classifier: is zipped with the x axis path (they vary together)",
    );
}

/// The fixture with `edit` applied, run at its test count.
fn run_edited(edit: impl Fn(&mut Value)) -> reproduce::ItemReport {
    let text = std::fs::read_to_string(fixtures().join("tiny.json")).unwrap();
    let mut v: Value = serde_json::from_str(&text).unwrap();
    edit(&mut v);
    let r = reproduce::parse_value(&v, &mut resolver(fixtures().join("reference"))).unwrap();
    let sweep = r.plan(r.replications_test).unwrap();
    let samples = reproduce::run_sequential(&sweep).unwrap();
    r.evaluate(&sweep, &samples)
}

#[test]
fn a_sanity_check_is_counted_apart_and_departures_are_shown_and_counted() {
    // "timeouts-range" is reproduced at the test count: as a claim it counts as reproduced, as
    // a sanity check it counts only among the sanity checks.
    let claim = run_edited(|_| {});
    let sanity = run_edited(|v| v["expect"][3]["class"] = "sanity".into());
    assert_eq!(claim.outcomes[3].verdict, Verdict::Reproduced);
    let (c, s) = (claim.tally(), sanity.tally());
    assert_eq!((c.reproduced, c.sanity_held, c.sanity), (1, 0, 0));
    assert_eq!((s.reproduced, s.sanity_held, s.sanity), (0, 1, 1));
    let md = report::markdown(std::slice::from_ref(&sanity), "h");
    let apart = md
        .find("Sanity checks (structural")
        .expect("a sanity table");
    assert!(md[apart..].contains("timeouts"), "{md}");
    // Departures: the file's note joins the row's; a reduced replication count adds its own.
    let d = run_edited(|v| {
        v["departs"] = "bulk flows".into();
        v["expect"][0]["departs"] = "one seed range".into();
    });
    assert_eq!(
        d.outcomes[0].departs.as_deref(),
        Some("bulk flows; one seed range; 2 replications per point where the paper's count is 3")
    );
    assert_eq!(
        d.tally().departs,
        4,
        "every row departs (the replication count)"
    );
    let md = report::markdown(std::slice::from_ref(&d), "h");
    assert!(
        md.contains("Departs from the paper: bulk flows; one seed range"),
        "{md}"
    );
    // Bad values are refused with their paths.
    let p = problems_of(|v| {
        v["expect"][0]["class"] = "structural".into();
        v["expect"][1]["departs"] = " ".into();
    });
    has(&p, "expect[0].class");
    has(&p, "expect[1].departs: must say how");
}

#[test]
fn the_losslab_column_says_the_units_of_its_values() {
    let r = run_edited(|_| {});
    // A throughput ratio quotes kbit/s; the timeout range quotes a count.
    assert!(
        r.outcomes[1].losslab.ends_with("— unit: kbit/s"),
        "{}",
        r.outcomes[1].losslab
    );
    assert!(
        r.outcomes[3].losslab.ends_with("— unit: count"),
        "{}",
        r.outcomes[3].losslab
    );
}

#[test]
fn a_claim_for_every_cell_holds_only_where_it_holds_in_every_cell() {
    // "No timeouts" at BER 0 holds (fixture claim 3); taken for every BER, the lossy cell (10 %
    // packet loss, 60 kB) has timeouts, so the claim no longer holds.
    let one = run_edited(|_| {});
    assert_eq!(one.outcomes[3].verdict, Verdict::Reproduced);
    let every = run_edited(|v| {
        let cell = &mut v["expect"][3]["check"]["cell"]["at"];
        cell.as_object_mut()
            .unwrap()
            .remove("topology.bottleneck.errors.ber");
        v["expect"][3]["check"]["for_every"] = "topology.bottleneck.errors.ber".into();
    });
    let o = &every.outcomes[3];
    assert_ne!(o.verdict, Verdict::Reproduced, "{}", o.losslab);
    assert!(o.losslab.contains("holds in 1 of 2 cases"), "{}", o.losslab);
    assert!(o.test.contains("in each of the 2 cases"), "{}", o.test);
    // A path the cells all fix, or one that is not varied, is refused with its path.
    let p = problems_of(|v| {
        v["expect"][3]["check"]["for_every"] = "topology.bottleneck.errors.ber".into();
    });
    has(&p, "expect[3].check.for_every: no cell leaves");
    let p = problems_of(|v| v["expect"][3]["check"]["for_every"] = "flows[0].bytes".into());
    has(&p, "is not a varied path");
}

#[test]
fn a_claim_against_every_series_is_taken_against_each_and_the_x_axis_fills_series_cells() {
    // The error-free plain flow against both lossy flows, at every x where the series cell
    // leaves x out: 2 comparators × 2 BERs = 4 cases, less the one that would compare the plain
    // series at BER 0 with itself (no comparison: left out).
    let r = run_edited(|v| {
        v["expect"][1]["check"] = serde_json::json!({
            "kind": "ratio",
            "for_every": "topology.bottleneck.errors.ber",
            "a": { "series": "plain", "x": 0 },
            "b": { "series": ["plain", "ld"] },
            "min": 1
        });
    });
    let o = &r.outcomes[1];
    assert!(o.losslab.contains("of 3 cases"), "{}", o.losslab);
    assert!(o.losslab.contains("against 1 LD flow"), "{}", o.losslab);
    // A check whose every case compares a cell with itself is refused.
    let p = problems_of(|v| {
        v["expect"][1]["check"] = serde_json::json!({
            "kind": "ratio",
            "for_every": "topology.bottleneck.errors.ber",
            "a": { "series": "plain" },
            "b": { "series": "plain" },
            "min": 1
        });
    });
    has(
        &p,
        "expect[1].check: every case compares a cell with itself",
    );
    assert_ne!(o.verdict, Verdict::Reproduced, "{}", o.losslab);
    // Only the lossy x: one case per comparator, each named (at n = 2 the intervals are wide).
    let r = run_edited(|v| {
        v["expect"][1]["check"] = serde_json::json!({
            "kind": "ratio",
            "a": { "series": "plain", "x": 0 },
            "b": { "series": ["plain", "ld"], "x": 8.78e-6 },
            "min": 1
        });
    });
    let o = &r.outcomes[1];
    assert!(o.losslab.contains(" of 2 cases"), "{}", o.losslab);
    assert!(
        o.losslab.contains("against 1 flow & <plain>:"),
        "{}",
        o.losslab
    );
    assert!(o.losslab.contains("against 1 LD flow:"), "{}", o.losslab);
    let p = problems_of(|v| {
        v["expect"][1]["check"]["b"]["series"] = serde_json::json!(["plain", "nope"]);
    });
    has(&p, "expect[1].check.b.series: no plot series \"nope\"");
}
