//! Code of one's own through the adapters of `sim_model::tcp::custom`, with hosts written here in
//! Rust (the browser's and Python's hosts go through the same adapters): a custom classifier that
//! always answers congestion gives exactly the summary and confusion matrix of the built-in
//! `always_congestion`, as a shadow and as the flow's classifier; a NewReno written against the
//! interface gives the built-in NewReno's summary byte for byte; errors and broken invariants
//! stop the run with a sentence saying who, where and when.

use sim_core::budget::Budget;
use sim_core::tcp::custom::{
    AckView, CcHost, ClassifierHost, CustomCode, LossView, WindowChange, WindowView,
    WAITING_MESSAGE,
};
use sim_core::tcp::signal::Verdict;
use sim_core::Simulation;
use std::path::Path;

fn content(id: &str) -> serde_json::Value {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../content/scenarios")
        .join(format!("{id}.json"));
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// The summary (JSON text) of `doc`, run with `code` attached; or the run's error.
fn run(doc: &serde_json::Value, code: Option<&mut dyn CustomCode>) -> Result<String, String> {
    let sc = sim_core::scenario::parse(&doc.to_string()).map_err(|e| format!("{e:?}"))?;
    let mut sim = Simulation::new(&sc, Budget::here().limits());
    if let Some(code) = code {
        sim.attach_custom(code)?;
    }
    sim.run()?;
    Ok(serde_json::to_string(&sim.summary()).unwrap())
}

/// Every loss is congestion; ACKs are counted, and a loss can be made to fail.
#[derive(Default)]
struct AlwaysCongestion {
    acks: u64,
    fail_on_loss: Option<u32>,
    losses: u32,
}

impl ClassifierHost for AlwaysCongestion {
    fn on_acks(&mut self, acks: &[AckView]) -> Result<(), String> {
        self.acks += acks.len() as u64;
        Ok(())
    }
    fn on_loss(&mut self, _loss: &LossView) -> Result<Verdict, String> {
        self.losses += 1;
        if Some(self.losses) == self.fail_on_loss {
            return Err("TypeError: cannot read properties of undefined (line 7)".into());
        }
        Ok(Verdict::Congestion)
    }
}

/// RFC 5681 / RFC 6582 NewReno's window rules with packet counting (the sender keeps recovery).
struct NewReno {
    /// Answer this window on the first ACK instead (to break the sender's invariant).
    bad_cwnd: Option<f64>,
}

impl CcHost for NewReno {
    fn on_ack(&mut self, _ack: &AckView, w: &WindowView) -> Result<WindowChange, String> {
        if let Some(c) = self.bad_cwnd {
            return Ok(WindowChange {
                cwnd_bytes: Some(c),
                ssthresh_bytes: None,
            });
        }
        let grow = if w.cwnd_bytes < w.ssthresh_bytes {
            w.mss_bytes
        } else {
            w.mss_bytes * w.mss_bytes / w.cwnd_bytes
        };
        Ok(WindowChange {
            cwnd_bytes: Some(w.cwnd_bytes + grow),
            ssthresh_bytes: None,
        })
    }
    fn on_loss(&mut self, loss: &LossView, verdict: Verdict) -> Result<WindowChange, String> {
        if verdict == Verdict::Wireless {
            return Ok(WindowChange::default());
        }
        let half = (loss.flight_bytes / 2.0).max(2.0 * loss.mss_bytes);
        Ok(WindowChange {
            cwnd_bytes: Some(half),
            ssthresh_bytes: Some(half),
        })
    }
    fn on_timeout(&mut self, loss: &LossView) -> Result<WindowChange, String> {
        let ssthresh = if loss.repeated_timeout {
            loss.ssthresh_bytes
        } else {
            (loss.flight_bytes / 2.0).max(2.0 * loss.mss_bytes)
        };
        Ok(WindowChange {
            cwnd_bytes: Some(loss.mss_bytes),
            ssthresh_bytes: Some(ssthresh),
        })
    }
}

/// Makes the hosts above, counting the flows it was asked for.
#[derive(Default)]
struct Code {
    made: Vec<String>,
    fail_on_loss: Option<u32>,
    bad_cwnd: Option<f64>,
}

impl CustomCode for Code {
    fn classifier(&mut self, flow: &str, _seed: u64) -> Result<Box<dyn ClassifierHost>, String> {
        self.made.push(format!("classifier {flow}"));
        Ok(Box::new(AlwaysCongestion {
            fail_on_loss: self.fail_on_loss,
            ..Default::default()
        }))
    }
    fn congestion_control(&mut self, flow: &str, _seed: u64) -> Result<Box<dyn CcHost>, String> {
        self.made.push(format!("cc {flow}"));
        Ok(Box::new(NewReno {
            bad_cwnd: self.bad_cwnd,
        }))
    }
}

fn set_shadows(doc: &mut serde_json::Value, ids: &[&str]) {
    doc["observe"]["shadow_classifiers"] = serde_json::json!(ids);
}

#[test]
fn a_custom_classifier_that_always_answers_congestion_equals_the_built_in_as_a_shadow() {
    let mut builtin = content("gb04-s1-1mbps-10ms");
    set_shadows(&mut builtin, &["oracle", "always_congestion"]);
    let mut custom = builtin.clone();
    set_shadows(&mut custom, &["oracle", "custom"]);
    let mut code = Code::default();
    let ours = run(&custom, Some(&mut code)).unwrap();
    let theirs = run(&builtin, None).unwrap();
    assert!(
        ours.contains("\"custom\""),
        "the row is named custom: {ours}"
    );
    assert_eq!(ours.replace("\"custom\"", "\"always_congestion\""), theirs);
    assert_eq!(code.made, ["classifier tcp"]);
    // The run had losses to judge: the comparison is not of two empty matrices.
    let v: serde_json::Value = serde_json::from_str(&theirs).unwrap();
    assert!(
        v["flows"][0]["fast_retransmits"].as_u64().unwrap() > 5,
        "{theirs}"
    );
}

#[test]
fn a_custom_classifier_driving_each_of_five_flows_equals_the_built_in() {
    let builtin = content("gb04-s1-1mbps-10ms-5flows");
    let mut custom = builtin.clone();
    custom["flows"][0]["tcp"]["classifier"] = "custom".into();
    let mut code = Code::default();
    let ours = run(&custom, Some(&mut code)).unwrap();
    assert_eq!(
        ours.replace("\"custom\"", "\"always_congestion\""),
        run(&builtin, None).unwrap()
    );
    assert_eq!(
        code.made.len(),
        5,
        "one classifier per flow: {:?}",
        code.made
    );
}

#[test]
fn new_reno_written_against_the_interface_equals_the_built_in_byte_for_byte() {
    for id in ["gb04-s1-1mbps-10ms", "gurtov-per-5pct-7pkt"] {
        let builtin = content(id);
        let mut custom = builtin.clone();
        custom["flows"][0]["tcp"]["cc"] = "custom".into();
        let mut code = Code::default();
        let ours = run(&custom, Some(&mut code)).unwrap();
        let theirs = run(&builtin, None).unwrap();
        assert_eq!(
            ours.replace("\"cc\":\"custom\"", "\"cc\":\"new_reno\""),
            theirs,
            "{id}"
        );
        assert_eq!(code.made, ["cc tcp"]);
        let v: serde_json::Value = serde_json::from_str(&theirs).unwrap();
        let f = &v["flows"][0];
        assert!(
            f["fast_retransmits"].as_u64().unwrap() + f["timeouts"].as_u64().unwrap() > 3,
            "{id}: losses to react to: {f}"
        );
    }
}

#[test]
fn an_error_in_the_code_stops_the_run_saying_who_where_and_when() {
    let mut doc = content("gb04-s1-1mbps-10ms");
    doc["flows"][0]["tcp"]["classifier"] = "custom".into();
    let mut code = Code {
        fail_on_loss: Some(3),
        ..Default::default()
    };
    let e = run(&doc, Some(&mut code)).unwrap_err();
    assert!(
        e.starts_with("your classifier (flow \"tcp\", on_loss, at ")
            && e.ends_with(" s): TypeError: cannot read properties of undefined (line 7)"),
        "{e}"
    );
}

#[test]
fn a_window_below_one_segment_is_refused_with_the_value_and_the_limit() {
    let mut doc = content("gb04-s1-1mbps-10ms");
    doc["flows"][0]["tcp"]["cc"] = "custom".into();
    let mut code = Code {
        bad_cwnd: Some(0.0),
        ..Default::default()
    };
    let e = run(&doc, Some(&mut code)).unwrap_err();
    assert!(
        e.starts_with("your congestion control (flow \"tcp\", on_ack, at ")
            && e.ends_with("on_ack returned a value the sender cannot take: cwnd_bytes must be at least one segment (1448 bytes); got 0"),
        "{e}"
    );
    code.bad_cwnd = Some(f64::NAN);
    let e = run(&doc, Some(&mut code)).unwrap_err();
    assert!(
        e.ends_with("cwnd_bytes must be a number of bytes (got NaN)"),
        "{e}"
    );
}

#[test]
fn a_scenario_naming_custom_does_not_run_without_code_and_custom_takes_no_knobs() {
    let mut doc = content("gb04-s1-1mbps-10ms");
    doc["flows"][0]["tcp"]["cc"] = "custom".into();
    assert_eq!(run(&doc, None).unwrap_err(), WAITING_MESSAGE);
    doc["flows"][0]["tcp"]["cc_params"] = serde_json::json!({ "beta": 0.5 });
    let e = run(&doc, None).unwrap_err();
    assert!(e.contains("flows[0].tcp.cc_params.beta"), "{e}");
    // The ids a scenario may name include it; an unknown id lists it among the choices.
    doc["flows"][0]["tcp"]["cc"] = "costum".into();
    let e = run(&doc, None).unwrap_err();
    assert!(e.contains("custom"), "{e}");
}

#[test]
fn code_is_attached_before_the_run_starts_only() {
    let mut doc = content("gb04-s1-1mbps-10ms");
    set_shadows(&mut doc, &["custom"]);
    let sc = sim_core::scenario::parse(&doc.to_string()).unwrap();
    let mut sim = Simulation::new(&sc, Budget::here().limits());
    let mut code = Code::default();
    sim.attach_custom(&mut code).unwrap();
    sim.run_until(sim_core::time::SimTime::from_secs_f64(1.0), u64::MAX)
        .unwrap();
    assert!(sim.attach_custom(&mut code).is_err());
}

#[test]
fn the_labs_javascript_travels_in_the_scenario_as_text_which_only_the_lab_runs() {
    let mut doc = content("gb04-s1-1mbps-10ms");
    doc["flows"][0]["tcp"]["classifier"] = "custom".into();
    doc["code"] = serde_json::json!({ "classifier": "class Classifier { on_loss() { return 'wireless'; } }" });
    let sc = sim_core::scenario::parse(&doc.to_string()).unwrap();
    assert_eq!(
        sc.code.classifier.as_deref(),
        Some("class Classifier { on_loss() { return 'wireless'; } }")
    );
    let e = run(&doc, None).unwrap_err();
    assert!(
        e.starts_with(
            "the scenario carries JavaScript of your own (\"code\"), which only the lab runs"
        ),
        "{e}"
    );
    doc["code"] = serde_json::json!({ "classifier": "x".repeat(50_001), "python": "" });
    let e = run(&doc, None).unwrap_err();
    assert!(
        e.contains(
            "path: \"code.classifier\", message: \"is 50001 characters long (at most 50000)"
        ),
        "{e}"
    );
    assert!(
        e.contains("path: \"code.python\", message: \"unknown field"),
        "{e}"
    );
}
