//! libFuzzer target: arbitrary text as a sweep / `--set` parameter path
//! ([`sim_core::sweep::parse_path`], [`sim_core::sweep::set_path`]).
//!
//! Invariants: parsing and setting never panic and stay linear (libFuzzer's timeout catches a
//! quadratic path); a parsed path has at most [`sim_core::sweep::MAX_PATH_STEPS`] steps; a message
//! is short whatever the path's length; setting a value on an empty document and on a small
//! scenario either succeeds or says why, and a value set on an empty document reads back.

#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::{json, Value};
use sim_core::sweep::{parse_path, set_path, Step, MAX_PATH_STEPS};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let steps = match parse_path(text) {
        Ok(s) => s,
        Err(e) => {
            assert!(e.len() < 1000, "a {}-byte message", e.len());
            return;
        }
    };
    assert!(!steps.is_empty() && steps.len() <= MAX_PATH_STEPS);
    let mut doc = json!({"flows": [{"tcp": {"cc": "reno"}}], "topology": {"bottleneck": {}}});
    if let Err(e) = set_path(&mut doc, &steps, json!(1)) {
        assert!(e.len() < 4000, "a {}-byte message", e.len());
    }
    // Keys only: an empty document takes any such path, and the value reads back.
    if steps.iter().all(|s| matches!(s, Step::Key(_))) {
        let mut empty = Value::Null;
        set_path(&mut empty, &steps, json!("v")).expect("keys on an empty document");
        let mut at = &empty;
        for s in &steps {
            let Step::Key(k) = s else { unreachable!() };
            at = at.get(k.as_str()).expect("the key was created");
        }
        assert_eq!(at, &json!("v"));
    }
});
