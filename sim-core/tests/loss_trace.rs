//! Replayed loss events (`errors.kind: "loss_trace"`, docs/traces.md): over a link kept busy by a
//! bulk flow, every event costs the flow exactly one data packet, as a loss or as a corruption;
//! a looping trace repeats; malformed traces are refused with their JSON path.

use serde_json::{json, Value};

/// A bulk NewReno flow for 10 s over 2 Mbit/s, 20 ms each way, with `errors` on the data
/// direction of the bottleneck.
fn scenario(errors: Value) -> String {
    json!({
        "schema": 1, "id": "loss-trace", "seed": 1,
        "stop": {"time_s": 10},
        "topology": {"bottleneck": {"rate_bps": 2_000_000, "delay_ms": 20, "errors": errors}},
        "flows": [{"id": "bulk"}]
    })
    .to_string()
}

fn run(errors: Value) -> sim_core::metrics::FlowSummary {
    let mut sim = sim_core::budget::simulation(&scenario(errors)).expect("valid scenario");
    sim.run().unwrap();
    sim.summary().flows[0].clone()
}

#[test]
fn each_event_costs_the_busy_flow_one_data_packet() {
    // One event a second from 1 s to 9 s; the link is busy from the first second on.
    let ms: Vec<u64> = (1..=9).map(|s| s * 1000).collect();
    let lost = run(json!({"kind": "loss_trace", "ms": ms}));
    assert_eq!(lost.losses_corruption, 9, "{lost:?}");
    assert_eq!(lost.losses_queue, 0);
    let corrupted = run(json!({"kind": "loss_trace", "ms": ms, "hit": "corruption"}));
    assert_eq!(corrupted.losses_corruption, 9, "{corrupted:?}");
    // Two events in the same millisecond hit one packet.
    let twice = run(json!({"kind": "loss_trace", "ms": [2000, 2000]}));
    assert_eq!(twice.losses_corruption, 1);
}

#[test]
fn a_looping_trace_repeats_its_events() {
    // Events at 1.5 s and 1.6 s of every 2 s lap: 1.5, 1.6, 3.5, 3.6, … 9.5, 9.6 s.
    let looped = run(json!({"kind": "loss_trace", "ms": [1500, 1600], "period_ms": 2000}));
    assert_eq!(looped.losses_corruption, 10, "{looped:?}");
    let once = run(json!({"kind": "loss_trace", "ms": [1500, 1600]}));
    assert_eq!(once.losses_corruption, 2);
    assert!(looped.goodput_kbps < once.goodput_kbps);
}

#[test]
fn malformed_traces_are_refused_with_their_path() {
    let problems = |errors: Value| sim_core::scenario::problems(&scenario(errors));
    assert_eq!(
        problems(json!({"kind": "loss_trace", "ms": [5, 3, 1.5]})),
        [
            "topology.bottleneck.errors.ms[1]: times must not decrease (3 ms after 5 ms)",
            "topology.bottleneck.errors.ms[2]: must be a whole number of milliseconds from 0 to 86400000 (got 1.5)",
        ]
    );
    assert_eq!(
        problems(json!({"kind": "loss_trace", "ms": [100, 900], "period_ms": 900})),
        ["topology.bottleneck.errors.period_ms: must be longer than the last event time (900 ms), or 0 to play the events once"]
    );
    assert_eq!(
        problems(json!({"kind": "loss_trace"})),
        ["topology.bottleneck.errors.ms: is required (event times in whole milliseconds, e.g. [1000, 1002])"]
    );
    assert_eq!(
        problems(json!({"kind": "loss_trace", "ms": [1], "hit": "drop"})).len(),
        1
    );
}

#[test]
fn a_loss_event_file_reads_event_times_or_a_packet_log() {
    use sim_core::error_model::loss_trace::parse_events_csv;
    // One event per row, in ms or in seconds (rounded to the ms); comments and blank lines skipped.
    assert_eq!(
        parse_events_csv("e.csv", "# measured\ntime_ms\n1000\n\n1000\n2500\n").unwrap(),
        [1000, 1000, 2500]
    );
    assert_eq!(
        parse_events_csv("e.csv", "time_s,note\n1.0004,a\n2.5,b\n").unwrap(),
        [1000, 2500]
    );
    // A packet log (the file `losslab fit-ge` reads, with times): the lost packets are the events.
    assert_eq!(
        parse_events_csv(
            "p.csv",
            "time_s,lost\n0.001,0\n0.002,1\n0.003,true\n0.004,0\n"
        )
        .unwrap(),
        [2, 3]
    );
    let err = |text: &str| parse_events_csv("e.csv", text).unwrap_err();
    assert_eq!(
        err("t,lost\n1,1\n"),
        "e.csv: line 1: the header must name one time column, time_ms or time_s (it has: t, lost)"
    );
    assert_eq!(
        err("time_ms\n20\n10\n"),
        "e.csv: line 3: times must not decrease (10 ms after 20 ms)"
    );
    assert_eq!(
        err("time_ms\n1.5\n"),
        "e.csv: line 2: time_ms must be a whole number of milliseconds from 0 to one day (got \"1.5\")"
    );
    assert_eq!(
        err("time_s,lost\n1,maybe\n"),
        "e.csv: line 2: lost must be 0 or 1 (got \"maybe\")"
    );
    assert_eq!(
        err("time_s,lost\n1,0\n"),
        "e.csv: no events (no rows with lost 1)"
    );
    assert_eq!(
        err("time_s,lost\n1\n"),
        "e.csv: line 2: no value in column 2 (lost)"
    );
}

#[test]
fn a_scenario_names_a_loss_event_file_and_runs_as_with_the_events_inline() {
    use sim_core::scenario::trace_files::inline_files;
    let ms: Vec<u64> = (1..=9).map(|s| s * 1000).collect();
    let file = format!(
        "time_s\n{}\n",
        ms.iter()
            .map(|m| format!("{}", *m as f64 / 1000.0))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let mut v: Value = serde_json::from_str(&scenario(
        json!({"kind": "loss_trace", "file": "events.csv", "hit": "corruption"}),
    ))
    .unwrap();
    // Before the file is read, the parser says who reads it.
    assert_eq!(
        sim_core::scenario::problems(&v.to_string()),
        ["topology.bottleneck.errors.file: a loss-event file is read by the command line and Python (relative to the scenario file); here give the events inline (ms)"]
    );
    let mut asked = Vec::new();
    inline_files(&mut v, &mut |f| {
        asked.push(f.to_string());
        Ok(file.clone())
    })
    .unwrap();
    assert_eq!(asked, ["events.csv"]);
    assert_eq!(
        v["topology"]["bottleneck"]["errors"],
        json!({"kind": "loss_trace", "ms": ms, "hit": "corruption"})
    );
    let from_file = {
        let mut sim = sim_core::budget::simulation(&v.to_string()).unwrap();
        sim.run().unwrap();
        serde_json::to_string(&sim.summary()).unwrap()
    };
    let inline = {
        let text = scenario(json!({"kind": "loss_trace", "ms": ms, "hit": "corruption"}));
        let mut sim = sim_core::budget::simulation(&text).unwrap();
        sim.run().unwrap();
        serde_json::to_string(&sim.summary()).unwrap()
    };
    assert_eq!(from_file, inline);
    // Both forms at once, and a bad line, are refused with the path of `file`.
    let mut both: Value = serde_json::from_str(&scenario(
        json!({"kind": "loss_trace", "file": "e.csv", "ms": [1]}),
    ))
    .unwrap();
    assert_eq!(
        inline_files(&mut both, &mut |_| Ok(file.clone())).unwrap_err(),
        ["topology.bottleneck.errors.file: e.csv: give either the events (ms) or a file, not both"]
    );
    let mut bad: Value =
        serde_json::from_str(&scenario(json!({"kind": "loss_trace", "file": "e.csv"}))).unwrap();
    assert_eq!(
        inline_files(&mut bad, &mut |_| Ok("time_ms\n5\nsoon\n".into())).unwrap_err(),
        ["topology.bottleneck.errors.file: e.csv: line 3: time_ms must be a whole number of milliseconds from 0 to one day (got \"soon\")"]
    );
}

#[test]
fn the_command_line_reads_a_loss_event_file_beside_the_scenario() {
    let dir = std::env::temp_dir().join(format!("losslab-loss-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("events.csv"), "time_ms\n1000\n2000\n3000\n").unwrap();
    let scenario_path = dir.join("s.json");
    std::fs::write(
        &scenario_path,
        scenario(json!({"kind": "loss_trace", "file": "events.csv"})),
    )
    .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_losslab"))
        .args(["run", "--json", "-q"])
        .arg(&scenario_path)
        .current_dir(std::env::temp_dir())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(summary["flows"][0]["losses_corruption"], 3, "{summary}");
    std::fs::remove_dir_all(&dir).unwrap();
}
