use super::*;
use serde_json::json;

fn no_ids(_: &str) -> Result<Value, String> {
    Err("no scenarios here".into())
}

fn problems(v: Value) -> Vec<String> {
    parse_value(&v, &mut no_ids)
        .err()
        .unwrap_or_default()
        .iter()
        .map(|e| e.to_string())
        .collect()
}

fn base() -> Value {
    json!({ "id": "t", "seed": 7, "stop": { "time_s": 5 },
            "topology": { "bottleneck": { "errors": { "kind": "bit_error", "ber": 1e-6 } } },
            "flows": [{ "id": "a", "bytes": 20000 }] })
}

#[test]
fn paths_parse_keys_and_indices() {
    use Step::*;
    assert_eq!(
        parse_path("a.b[2].c").unwrap(),
        vec![Key("a".into()), Key("b".into()), Index(2), Key("c".into())]
    );
    assert_eq!(
        parse_path("flows.0.tcp").unwrap(),
        vec![Key("flows".into()), Key("0".into()), Key("tcp".into())]
    );
    for bad in ["", "a..b", "a[", "a[x]", "a]", ".a", "a.", "a[1]b"] {
        assert!(parse_path(bad).is_err(), "{bad}");
    }
}

#[test]
fn set_path_creates_keys_and_checks_indices() {
    let mut d = json!({ "flows": [{ "id": "a" }] });
    set_path(
        &mut d,
        &parse_path("flows[0].tcp.cc").unwrap(),
        json!("reno"),
    )
    .unwrap();
    set_path(&mut d, &parse_path("flows.0.bytes").unwrap(), json!(5)).unwrap();
    assert_eq!(
        d,
        json!({ "flows": [{ "id": "a", "tcp": { "cc": "reno" }, "bytes": 5 }] })
    );
    let e = set_path(&mut d, &parse_path("flows[3].id").unwrap(), json!("x")).unwrap_err();
    assert_eq!(e, "flows has 1 element; index 3 is out of range");
    let e = set_path(&mut d, &parse_path("flows[0].id.x").unwrap(), json!(1)).unwrap_err();
    assert_eq!(e, "flows[0].id is a string, not an object");
}

#[test]
fn points_are_the_cartesian_product_first_path_slowest() {
    let v = json!({ "base": base(), "replications": 3, "vary": [
        { "path": "topology.bottleneck.errors.ber", "values": [0, 1e-6] },
        { "path": "flows[0].tcp.cc", "values": ["reno", "new_reno", "tahoe"] } ] });
    let s = parse_value(&v, &mut no_ids).unwrap();
    assert_eq!(s.points.len(), 6);
    let choices: Vec<Vec<usize>> = s.points.iter().map(|p| p.choice.clone()).collect();
    assert_eq!(choices, [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]);
    assert_eq!(s.points[4].scenario.flows[0].tcp.cc, "new_reno");
    assert_eq!(
        s.csv_header(),
        "point,topology.bottleneck.errors.ber,flows[0].tcp.cc,entity,metric,mean,sd,ci95_low,ci95_high,n\n"
    );
    assert_eq!(s.metrics, DEFAULT_METRICS);
}

#[test]
fn bad_values_are_reported_by_vary_index_all_at_once() {
    let errs = problems(json!({ "base": base(), "vary": [
        { "path": "topology.bottleneck.errors.ber", "values": [0, 2, 1e-5, -1] },
        { "path": "flows[0].tcp.cc", "values": ["reno", "renoo"] } ],
        "metrics": ["throughput_kbps", "thruput_kbps"], "flowz": 1 }));
    assert!(
        errs.contains(&"flowz: unknown field \"flowz\" (did you mean \"flows\"?)".to_string()),
        "{errs:?}"
    );
    assert!(
        errs.iter().any(|e| e.starts_with(
            "metrics[1]: unknown metric \"thruput_kbps\" (did you mean \"throughput_kbps\"?"
        )),
        "{errs:?}"
    );
    assert!(
        errs.contains(
            &"vary[0].values[1]: topology.bottleneck.errors.ber: must be between 0 and 0.5 (got 2)"
                .to_string()
        ),
        "{errs:?}"
    );
    assert!(errs.contains(&"vary[0].values[3]: topology.bottleneck.errors.ber: must be between 0 and 0.5 (got -1)".to_string()), "{errs:?}");
    assert!(
        errs.iter()
            .any(|e| e.starts_with("vary[1].values[1]: flows[0].tcp.cc: unknown value \"renoo\"")),
        "{errs:?}"
    );
    assert_eq!(errs.len(), 5, "{errs:?}");
}

#[test]
fn combination_and_base_problems_are_named_as_such() {
    // Each value is fine alone; together they exceed the per-link bit cap (rate × time).
    let errs = problems(json!({ "base": base(), "vary": [
        { "path": "stop.time_s", "values": [5, 90000] },
        { "path": "topology.bottleneck.rate_bps", "values": [1e6, 1e9] } ] }));
    assert_eq!(errs.len(), 2, "{errs:?}"); // forward and reverse direction
    assert!(errs[0].starts_with("point 3 (stop.time_s=90000, topology.bottleneck.rate_bps=1000000000.0): topology.bottleneck.rate_bps: rate"), "{errs:?}");
    let mut b = base();
    b["observe"] = json!({ "sample_ms": 0 });
    let errs = problems(json!({ "base": b, "vary": [{ "path": "seed", "values": [1, 2] }] }));
    assert_eq!(
        errs,
        ["base: observe.sample_ms: must be between 1 and 600000 (got 0)"]
    );
}

#[test]
fn structural_problems() {
    assert_eq!(
        problems(json!([])),
        ["(root): must be an object (got an array)"]
    );
    let errs = problems(
        json!({ "base": "nope", "vary": [{ "path": "a..b", "values": [] }, { "path": "flows[4].id", "values": ["x"] }], "replications": 0 }),
    );
    assert!(
        errs.contains(&"base: no scenarios here".to_string()),
        "{errs:?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.starts_with("vary[0].path: invalid path \"a..b\"")),
        "{errs:?}"
    );
    assert!(
        errs.contains(&"vary[0].values: needs at least one value".to_string()),
        "{errs:?}"
    );
    assert!(
        errs.contains(&"replications: must be a whole number from 1 to 100000 (got 0)".to_string()),
        "{errs:?}"
    );
    let errs =
        problems(json!({ "base": base(), "vary": [{ "path": "flows[4].id", "values": ["x"] }] }));
    assert_eq!(
        errs,
        ["vary[0].path: flows has 1 element; index 4 is out of range"]
    );
    let errs = problems(json!({ "base": base() }));
    assert!(errs[0].starts_with("vary: is required"), "{errs:?}");
    // With a broken vary, the base's own problems are still reported.
    let errs = problems(json!({ "base": { "flows": [] }, "vary": [{ "path": "seed" }] }));
    assert_eq!(
        errs,
        [
            "vary[0].values: is required (an array of values)",
            "base: flows: needs at least one flow"
        ]
    );
}

#[test]
fn multi_flow_rows_and_aggregation() {
    let mut b = base();
    b["flows"] = json!([{ "id": "ld", "count": 2, "bytes": 20000 }]);
    let v = json!({ "base": b, "vary": [], "replications": 2, "metrics": ["throughput_kbps", "jain_index", "completion_s"] });
    let s = parse_value(&v, &mut no_ids).unwrap();
    let p = &s.points[0];
    let names: Vec<&str> = p.metric_names().collect();
    assert_eq!(
        names,
        [
            "ld.0.throughput_kbps",
            "ld.1.throughput_kbps",
            "aggregate_throughput_kbps",
            "jain_index",
            "ld.0.completion_s",
            "ld.1.completion_s",
            "sum.completion_s"
        ]
    );
    let samples: Vec<Sample> = (0..2)
        .map(|r| run_replication(p, r, crate::budget::Budget::here().limits()).unwrap())
        .collect();
    for smp in &samples {
        // 40 000 bytes over the span of both transfers (both start at 0).
        let last = smp[4].unwrap().max(smp[5].unwrap());
        assert!((smp[2].unwrap() - 40_000.0 * 8.0 / last / 1000.0).abs() < 1e-9);
        assert!(smp[2].unwrap() <= smp[0].unwrap() + smp[1].unwrap());
        assert_eq!(smp[6], Some(last));
    }
    let csv = s.point_csv(p, &samples);
    assert_eq!(csv.lines().count(), 7);
    let entities: Vec<(&str, &str)> = csv
        .lines()
        .map(|l| {
            let c: Vec<&str> = l.split(',').collect();
            (c[1], c[2])
        })
        .collect();
    assert_eq!(
        entities,
        [
            ("ld.0", "throughput_kbps"),
            ("ld.1", "throughput_kbps"),
            ("run", "aggregate_throughput_kbps"),
            ("run", "jain_index"),
            ("ld.0", "completion_s"),
            ("ld.1", "completion_s"),
            ("sum", "completion_s")
        ]
    );
    assert!(
        csv.lines()
            .all(|l| l.starts_with("0,") && l.ends_with(",2")),
        "{csv}"
    );
    // The same replication twice gives the same sample (determinism); seeds differ per r.
    assert_eq!(
        run_replication(p, 1, crate::budget::Budget::here().limits()).unwrap(),
        samples[1]
    );
}

#[test]
fn aggregate_by_hand_and_missing_values() {
    let s = parse_value(
        &json!({ "base": base(), "vary": [], "metrics": ["throughput_kbps", "accuracy_wireless"] }),
        &mut no_ids,
    )
    .unwrap();
    let p = &s.points[0];
    // mean 2, s = 1, n = 3: half width = t_{0.975,2}·1/√3 = 4.302 65 / 1.732 05 = 2.484 13
    let samples = vec![
        vec![Some(1.0), None],
        vec![Some(2.0), None],
        vec![Some(3.0), Some(0.5)],
    ];
    let rows = aggregate(p, &samples);
    let t = rows[0].1.unwrap();
    assert!((t.high - 2.0 - 2.484_13).abs() < 1e-5 && t.n == 3, "{t:?}");
    assert_eq!(
        rows[1].1.unwrap(),
        MeanCi {
            mean: 0.5,
            low: 0.5,
            high: 0.5,
            n: 1
        }
    );
    let csv = s.point_csv(p, &[vec![Some(1.0), None]]);
    assert_eq!(
        csv,
        "0,a,throughput_kbps,1,,1,1,1\n0,a,accuracy_wireless,,,,,0\n"
    );
    // sd beside the mean: s = 1 for 1, 2, 3.
    let csv = s.point_csv(p, &samples);
    assert!(csv.starts_with("0,a,throughput_kbps,2,1,"), "{csv}");
    // The raw rows: one per row of the point, undefined values empty.
    assert_eq!(
        s.replication_csv(p, 2, &samples[0]),
        "0,2,9,a,throughput_kbps,1\n0,2,9,a,accuracy_wireless,\n"
    );
    assert_eq!(
        s.raw_header(),
        "point,replication,seed,entity,metric,value\n"
    );
}

/// Five 1 MB NewReno transfers sharing GB04's error-free 1 Mbit/s link (payload capacity
/// 1e6 · 1448/1500 = 965.3 kbit/s). Their own throughputs add up to ≈ 1094 kbit/s because each
/// divides by its own, shorter, duration; the group row must stay below the capacity.
#[test]
fn group_throughput_of_five_flows_fits_the_link() {
    let mut b = base();
    b["topology"]["bottleneck"]["rate_bps"] = json!(1_000_000);
    b["topology"]["bottleneck"]["delay_ms"] = json!(10);
    b["topology"]["bottleneck"]["queue"] = json!({ "kind": "drop_tail", "limit_pkts": 99 });
    b["topology"]["bottleneck"]["errors"] = json!({ "kind": "none" });
    b["flows"] =
        json!([{ "id": "tcp", "count": 5, "bytes": 1_048_576, "tcp": { "profile": "freebsd45" } }]);
    b["stop"] = json!({ "time_s": 600, "when_transfers_done": true });
    let v = json!({ "base": b, "vary": [], "replications": 1, "metrics": ["throughput_kbps"] });
    let s = parse_value(&v, &mut no_ids).unwrap();
    let p = &s.points[0];
    let names: Vec<&str> = p.metric_names().collect();
    let smp = run_replication(p, 0, crate::budget::Budget::here().limits()).unwrap();
    let own: f64 = (0..5).map(|i| smp[i].unwrap()).sum();
    let group = names
        .iter()
        .position(|n| *n == "aggregate_throughput_kbps")
        .map(|i| smp[i].unwrap());
    let capacity = 1e6 * 1448.0 / 1500.0 / 1000.0;
    assert!(
        own > capacity,
        "the flows' own rates add up past the capacity ({own:.1}), which is why a sum misleads"
    );
    let group = group.unwrap_or_else(|| panic!("no aggregate row in {names:?}"));
    assert!(
        group <= capacity && group > 0.9 * capacity,
        "aggregate {group:.1} kbit/s vs capacity {capacity:.1}"
    );
}

#[test]
fn group_rows_follow_each_metric_and_add_up_the_flows() {
    // Three connections of entry "a" and one "b": group "a" (sum), "mean_a" (mean), "all" ("*").
    let v = json!({ "base": { "id": "t", "seed": 3, "stop": { "time_s": 4 },
            "flows": [{ "id": "a", "count": 3, "bytes": 20000 }, { "id": "b", "bytes": 20000 }] },
        "vary": [], "metrics": ["throughput_kbps", "timeouts", "end_s"], "flows": "each",
        "groups": { "grp_a": "a", "mean_a": { "flows": ["a.*"], "combine": "mean" }, "all": "*" } });
    let s = parse_value(&v, &mut no_ids).unwrap();
    let names: Vec<&str> = s.points[0].metric_names().collect();
    assert_eq!(
        names,
        [
            "a.0.throughput_kbps",
            "a.1.throughput_kbps",
            "a.2.throughput_kbps",
            "b.throughput_kbps",
            "all.throughput_kbps",
            "grp_a.throughput_kbps",
            "mean_a.throughput_kbps",
            "a.0.timeouts",
            "a.1.timeouts",
            "a.2.timeouts",
            "b.timeouts",
            "all.timeouts",
            "grp_a.timeouts",
            "mean_a.timeouts",
            "end_s"
        ]
    );
    let x = run_replication(&s.points[0], 0, crate::budget::Budget::here().limits()).unwrap();
    let v = |i: usize| x[i].unwrap();
    // Groups come in name order: all, grp_a, mean_a.
    assert!((v(5) - (v(0) + v(1) + v(2))).abs() < 1e-9);
    assert!((v(6) - v(5) / 3.0).abs() < 1e-9);
    assert!((v(4) - (v(5) + v(3))).abs() < 1e-9);
    assert_eq!(s.points[0].rows()[5].entity, Entity::Group(1));
    assert_eq!(s.groups[1].name, "grp_a");
    // With one flow the group rows still come, after the plain metric.
    let v = json!({ "base": base(), "vary": [], "metrics": ["timeouts"], "groups": { "g": "a" } });
    let s = parse_value(&v, &mut no_ids).unwrap();
    assert_eq!(
        s.points[0].metric_names().collect::<Vec<_>>(),
        ["timeouts", "g.timeouts"]
    );
}

#[test]
fn group_problems_are_reported_with_their_path() {
    let errs = problems(json!({ "base": base(), "vary": [],
        "groups": { "none": "zzz", "a": "a", "sum": "a", "bad": { "flows": "a", "combine": 1 } } }));
    let has = |s: &str| errs.iter().any(|e| e.contains(s));
    assert!(
        has("groups.none: selects no flow at point 0 (its flows: a)"),
        "{errs:#?}"
    );
    assert!(has("groups.a: \"a\" is also a flow id"), "{errs:#?}");
    assert!(has("groups.sum: \"sum\" is reserved"), "{errs:#?}");
    assert!(
        has("groups.bad.combine: must be \"sum\" or \"mean\""),
        "{errs:#?}"
    );
}

#[test]
fn time_to_15kb_and_max_queue_are_measured() {
    // A 20 000-byte transfer passes 15 KB (15 360 bytes) before it completes; a 10 000-byte one
    // never does (undefined). The peak queue of a 5-packet drop-tail buffer is at most 5 waiting
    // packets and, with a bulk window far above the pipe, exactly 5.
    let v = json!({ "base": base(), "vary": [{ "path": "flows[0].bytes", "values": [20000, 10000] }],
        "metrics": ["time_to_15kb_s", "completion_s", "max_queue_pkts"] });
    let s = parse_value(&v, &mut no_ids).unwrap();
    let big = run_replication(&s.points[0], 0, crate::budget::Budget::here().limits()).unwrap();
    let (t15, done) = (big[0].unwrap(), big[1].unwrap());
    assert!(t15 > 0.0 && t15 < done, "{t15} vs {done}");
    let small = run_replication(&s.points[1], 0, crate::budget::Budget::here().limits()).unwrap();
    assert_eq!(small[0], None);
    let v = json!({ "base": { "id": "q", "seed": 1, "stop": { "time_s": 20, "when_transfers_done": false },
            "topology": { "bottleneck": { "rate_bps": 100000, "delay_ms": 10,
                "queue": { "kind": "drop_tail", "limit_pkts": 5 } } },
            "flows": [{ "id": "a" }] },
        "vary": [], "metrics": ["max_queue_pkts", "losses_queue"] });
    let s = parse_value(&v, &mut no_ids).unwrap();
    let x = run_replication(&s.points[0], 0, crate::budget::Budget::here().limits()).unwrap();
    assert!(
        x[1].unwrap() > 0.0,
        "the bulk flow must overflow the buffer"
    );
    assert_eq!(x[0], Some(5.0));
}

// ----- zipped axes (several paths varied together, one axis of the product) -----

fn zipped(label: &str, a: Value, b: Value) -> Value {
    json!({ "label": label, "zip": [
        { "path": "flows[0].bytes", "values": a },
        { "path": "flows[0].tcp.cc", "values": b } ] })
}

#[test]
fn a_zipped_axis_is_one_axis_of_the_product_its_paths_moving_together() {
    let v = json!({ "base": base(), "vary": [
        { "path": "topology.bottleneck.errors.ber", "values": [0, 1e-6] },
        zipped("size", json!([10000, 20000, 30000]), json!(["reno", "new_reno", "tahoe"])) ] });
    let s = parse_value(&v, &mut no_ids).unwrap();
    assert_eq!(s.points.len(), 6, "2 × 3, not 2 × 3 × 3");
    let choices: Vec<Vec<usize>> = s.points.iter().map(|p| p.choice.clone()).collect();
    assert_eq!(
        choices,
        [
            [0, 0, 0],
            [0, 1, 1],
            [0, 2, 2],
            [1, 0, 0],
            [1, 1, 1],
            [1, 2, 2]
        ]
    );
    let p4 = &s.points[4];
    assert_eq!(p4.scenario.flows[0].tcp.cc, "new_reno");
    assert_eq!(p4.scenario.flows[0].bytes, Some(20000));
    assert_eq!(s.axes.len(), 2);
    assert_eq!(s.axes[1].label, "size");
    assert_eq!(s.axes[1].columns, [1, 2]);
    assert_eq!(s.vary[2].at, "vary[1].zip[1]");
    // CSV: one column per zipped path, headed by its path, holding plain values.
    assert_eq!(
        s.csv_header(),
        "point,topology.bottleneck.errors.ber,flows[0].bytes,flows[0].tcp.cc,entity,metric,mean,sd,ci95_low,ci95_high,n\n"
    );
    assert_eq!(
        s.raw_header(),
        "point,topology.bottleneck.errors.ber,flows[0].bytes,flows[0].tcp.cc,replication,seed,entity,metric,value\n"
    );
    assert_eq!(s.point_lead(p4), "4,1e-6,20000,new_reno");
    let sample: Sample = vec![Some(1.5), None, Some(2.0), Some(0.0)];
    assert_eq!(
        s.point_csv(p4, std::slice::from_ref(&sample)),
        "4,1e-6,20000,new_reno,a,throughput_kbps,1.5,,1.5,1.5,1\n\
         4,1e-6,20000,new_reno,a,goodput_kbps,,,,,0\n\
         4,1e-6,20000,new_reno,a,retransmissions,2,,2,2,1\n\
         4,1e-6,20000,new_reno,a,timeouts,0,,0,0,1\n"
    );
    assert_eq!(
        s.replication_csv(p4, 1, &sample).lines().next().unwrap(),
        "4,1e-6,20000,new_reno,1,8,a,throughput_kbps,1.5"
    );
    // For people: the label with the paths' values (in parentheses when they differ).
    assert_eq!(
        s.point_words(&p4.choice, "="),
        "topology.bottleneck.errors.ber=1e-6, size=(20000, new_reno)"
    );
}

#[test]
fn a_zipped_axis_first_varies_slowest_and_equal_values_read_as_one() {
    let v = json!({ "base": base(), "vary": [
        { "label": "n", "zip": [
            { "path": "flows[0].bytes", "values": [2000, 3000] },
            { "path": "flows[0].tcp.rwnd_bytes", "values": [2000, 3000] } ] },
        { "path": "flows[0].tcp.cc", "values": ["reno", "new_reno", "tahoe"] } ] });
    let s = parse_value(&v, &mut no_ids).unwrap();
    let choices: Vec<Vec<usize>> = s.points.iter().map(|p| p.choice.clone()).collect();
    assert_eq!(
        choices,
        [
            [0, 0, 0],
            [0, 0, 1],
            [0, 0, 2],
            [1, 1, 0],
            [1, 1, 1],
            [1, 1, 2]
        ]
    );
    assert_eq!(
        s.point_words(&s.points[3].choice, " = "),
        "n = 3000, flows[0].tcp.cc = reno"
    );
    assert_eq!(s.axes[0].name(&s.vary), "n");
    assert_eq!(s.axes[1].name(&s.vary), "flows[0].tcp.cc");
}

#[test]
fn zipped_axes_are_checked_with_their_paths() {
    // Unequal lengths: named with both paths.
    let errs = problems(json!({ "base": base(), "vary": [
        zipped("n", json!([1000, 2000, 3000]), json!(["reno", "tahoe"])) ] }));
    assert_eq!(
        errs,
        ["vary[0].zip[1].values: has 2 values but vary[0].zip[0].values (\"flows[0].bytes\") has 3; the paths of a zipped axis take their values together, so their lists must have one length"]
    );
    // Empty zip, missing label, unknown keys.
    let errs = problems(json!({ "base": base(), "vary": [
        { "label": "n", "zip": [] },
        { "zip": [{ "path": "seed", "values": [1], "value": 2 }], "path": "x" } ] }));
    assert!(
        errs.iter()
            .any(|e| e.starts_with("vary[0].zip: needs at least one")),
        "{errs:?}"
    );
    assert!(
        errs.iter()
            .any(|e| e.starts_with("vary[1].label: is required for a zipped axis")),
        "{errs:?}"
    );
    assert!(
        errs.contains(
            &"vary[1].path: unknown field \"path\" (expected one of: label, zip)".to_string()
        ),
        "{errs:?}"
    );
    assert!(
        errs.contains(
            &"vary[1].zip[0].value: unknown field \"value\" (did you mean \"values\"?)".to_string()
        ),
        "{errs:?}"
    );
    // A path both zipped and plain, or zipped twice (another spelling).
    let errs = problems(json!({ "base": base(), "vary": [
        { "path": "flows[0].bytes", "values": [1000] },
        { "label": "n", "zip": [
            { "path": "flows[0].bytes", "values": [1000] },
            { "path": "flows[0].tcp.cc", "values": ["reno"] },
            { "path": "flows.0.tcp.cc", "values": ["reno"] } ] } ] }));
    assert_eq!(
        errs,
        [
            "vary[1].zip[0].path: \"flows[0].bytes\" is varied twice (also at vary[0])",
            "vary[1].zip[2].path: \"flows.0.tcp.cc\" names the same field as vary[1].zip[1].path \"flows[0].tcp.cc\" (a field may be varied once)",
        ]
    );
    // Two zipped axes of one label.
    let errs = problems(json!({ "base": base(), "vary": [
        { "label": "n", "zip": [{ "path": "seed", "values": [1] }] },
        { "label": "n", "zip": [{ "path": "flows[0].bytes", "values": [1000] }] } ] }));
    assert_eq!(errs, ["vary[1].label: \"n\" is also the label of vary[0]"]);
    // A bad value is blamed at its place in the zip; a bad path at its zip entry.
    let errs = problems(json!({ "base": base(), "vary": [
        zipped("n", json!([1000, 2000]), json!(["reno", "renoo"])) ] }));
    assert!(
        errs.iter()
            .any(|e| e
                .starts_with("vary[0].zip[1].values[1]: flows[0].tcp.cc: unknown value \"renoo\"")),
        "{errs:?}"
    );
    let errs = problems(json!({ "base": base(), "vary": [
        { "label": "n", "zip": [{ "path": "flows[3].bytes", "values": [1000] }] } ] }));
    assert_eq!(
        errs,
        ["vary[0].zip[0].path: flows has 1 element; index 3 is out of range"]
    );
}

#[test]
fn a_zipped_axis_counts_once_in_the_budgets() {
    // 101 points (not 101 × 101) × 100 000 replications is over the run cap, and said so.
    let bytes: Vec<u64> = (1000..1101).collect();
    let seeds: Vec<u64> = (1..102).collect();
    let errs = problems(json!({ "base": base(), "replications": 100_000, "vary": [
        { "label": "n", "zip": [{ "path": "flows[0].bytes", "values": bytes },
                                { "path": "seed", "values": seeds }] } ] }));
    assert_eq!(
        errs,
        ["replications: 101 points × 100000 replications = 10100000 runs (at most 10000000)"]
    );
    // Zipped counts add up to the connections a point holds (both maxima).
    let two = json!({ "id": "t", "seed": 7, "stop": { "time_s": 5 },
        "flows": [{ "id": "a", "bytes": 20000 }, { "id": "b", "bytes": 20000 }] });
    let v = json!({ "base": two, "vary": [{ "label": "n", "zip": [
        { "path": "flows[0].count", "values": [1, 3] },
        { "path": "flows[1].count", "values": [1, 3] } ] }] });
    let s = parse_value(&v, &mut no_ids).unwrap();
    assert_eq!(s.points.len(), 2);
    assert_eq!(s.points[1].scenario.flows.len(), 6);
    assert_eq!(connections_of(&v), 6);
}

fn connections_of(v: &Value) -> u64 {
    let s = parse_value(v, &mut no_ids).unwrap();
    super::parse::connections_per_point(&v["base"], &s.vary)
}
