//! The results-table module's own tests: how a cell merges its row and column, how each mistake
//! in a table is named, and how a prose number is read at its precision.

use crate::lessons::table;
use serde_json::json;

/// The controls and metrics of the validation tests below.
fn table_fixture() -> (Vec<table::Control>, Vec<String>) {
    (
        vec![
            table::Control {
                path: "topology.bottleneck.queue.limit_pkts".into(),
                values: vec![json!(5), json!(10)],
            },
            table::Control {
                path: "flows[0].tcp.cc".into(),
                values: vec![json!("newreno"), json!("reno")],
            },
        ],
        vec!["completion_s".into(), "timeouts".into()],
    )
}

#[test]
fn a_table_cell_merges_its_row_and_column() {
    let (controls, metrics) = table_fixture();
    let mut p = Vec::new();
    let cells = table::parse(
        "f",
        &json!({
            "rows": [ { "id": "small", "label": "5 packets", "at": { "topology.bottleneck.queue.limit_pkts": 5 } } ],
            "columns": [ { "id": "rto", "label": "Timeouts", "metric": "timeouts", "flow": "sum", "at": { "flows[0].tcp.cc": "reno" } } ]
        }),
        &controls,
        &metrics,
        &mut p,
    );
    assert!(p.is_empty(), "{p:?}");
    assert_eq!(cells.len(), 1);
    assert_eq!(cells[0].key(), "small/rto");
    assert_eq!(
        cells[0].engine_cell(),
        json!({ "at": { "topology.bottleneck.queue.limit_pkts": 5, "flows[0].tcp.cc": "reno" }, "metric": "timeouts", "flow": "sum" })
    );
    // An expect cell `{ "table": "row/column" }` becomes that cell; an unknown one is named.
    let mut check = json!({ "kind": "range", "cell": { "table": "small/rto" }, "min": 1 });
    table::resolve_refs(&mut check, &cells, "f: expect[0].check", &mut p);
    assert_eq!(check["cell"], cells[0].engine_cell());
    let mut check = json!({ "kind": "range", "cell": { "table": "big/rto" }, "min": 1 });
    table::resolve_refs(&mut check, &cells, "f: expect[0].check", &mut p);
    assert_eq!(
        p,
        vec!["f: expect[0].check: table cell \"big/rto\" is not in the figure's table (cells: small/rto)"]
    );
}

#[test]
fn a_table_names_the_path_and_the_allowed_values_of_each_mistake() {
    let (controls, metrics) = table_fixture();
    let mut p = Vec::new();
    let cells = table::parse(
        "f",
        &json!({
            "rows": [ { "id": "r", "label": "R", "at": { "topology.bottleneck.queue.limit_pkts": 7, "nope": 1 } } ],
            "columns": [ { "id": "c", "label": "C", "metric": "goodput_kbps", "colour": "red", "digits": 9 } ],
            "notes": "x"
        }),
        &controls,
        &metrics,
        &mut p,
    );
    assert!(cells.is_empty());
    for want in [
        "f: table: unknown field `notes` (allowed: rows, columns)",
        "f: table.rows[0].at.topology.bottleneck.queue.limit_pkts: 7 is not one of the control's values (5, 10)",
        "f: table.rows[0].at: \"nope\" is no control of the figure (controls: topology.bottleneck.queue.limit_pkts, flows[0].tcp.cc)",
        "f: table.columns[0].metric: \"goodput_kbps\" is not one of the figure's `metrics` (completion_s, timeouts)",
        "f: table.columns[0]: unknown field `colour` (allowed: id, label, at, metric, flow, digits)",
        "f: table.columns[0].digits: decimals shown, 0 … 4",
    ] {
        assert!(p.iter().any(|x| x == want), "missing {want:?} in {p:#?}");
    }
    let mut p = Vec::new();
    table::parse(
        "f",
        &json!({ "rows": [ { "id": "r", "label": "R", "metric": "timeouts" } ], "columns": [ { "id": "c", "label": "C", "metric": "completion_s" } ] }),
        &controls,
        &metrics,
        &mut p,
    );
    assert_eq!(
        p,
        vec![
            "f: table cell r/c: its row and column together must fix every control; missing: topology.bottleneck.queue.limit_pkts, flows[0].tcp.cc",
            "f: table cell r/c: exactly one of its row and column names a `metric`",
        ]
    );
}

#[test]
fn a_prose_number_links_to_a_cell_and_is_read_at_its_precision() {
    let links = table::links(
        "It takes [about 13 s](#cell:ld/ld-5/completion) against [25 s](#cell:ld/plain-5/completion).\nA [link](#/learn/x).",
    );
    let found: Vec<(usize, &str, &str, &str)> = links
        .iter()
        .map(|l| (l.line, l.text.as_str(), l.figure.as_str(), l.cell.as_str()))
        .collect();
    assert_eq!(
        found,
        vec![
            (1, "about 13 s", "ld", "ld-5/completion"),
            (1, "25 s", "ld", "plain-5/completion")
        ]
    );
    assert_eq!(table::quoted_number("about 13 s"), Some((13.0, 0)));
    assert_eq!(table::quoted_number("0.93"), Some((0.93, 2)));
    assert_eq!(table::quoted_number("none"), None);
    assert!(table::agrees(12.6, 13.0, 0));
    assert!(!table::agrees(12.4, 13.0, 0));
    assert!(table::agrees(0.934, 0.93, 2));
    assert!(!table::agrees(0.936, 0.93, 2));
}
