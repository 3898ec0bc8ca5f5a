//! Parameter paths of a sweep (`topology.bottleneck.errors.ber`, `flows[0].tcp.cc`): parsing,
//! applying a value to a scenario document, and showing values in CSV and messages.

use crate::json_reader::kind;
use serde_json::{Map, Value};

/// One step of a parameter path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An object key (or, on an array, a decimal index written as a dotted key).
    Key(String),
    /// An array index, `[i]`.
    Index(usize),
}

/// Parse a parameter path: `a.b[2].c`, `flows.0.tcp.cc`.
pub fn parse_path(path: &str) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut rest = path;
    let bad = |why: &str| {
        Err(format!("invalid path \"{path}\": {why} (write keys separated by dots and indices as [i], e.g. flows[0].tcp.cc)"))
    };
    if rest.is_empty() {
        return bad("it is empty");
    }
    let mut first = true;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('[') {
            let Some(end) = r.find(']') else {
                return bad("a [ is not closed");
            };
            let digits = &r[..end];
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return bad("an index must be a whole number");
            }
            let Ok(i) = digits.parse::<usize>() else {
                return bad("an index is too large");
            };
            steps.push(Step::Index(i));
            rest = &r[end + 1..];
        } else {
            let r = if first {
                rest
            } else {
                match rest.strip_prefix('.') {
                    Some(r) => r,
                    None => return bad("expected . or [ after a key or index"),
                }
            };
            let end = r.find(['.', '[', ']']).unwrap_or(r.len());
            let key = &r[..end];
            if key.is_empty() {
                return bad("a key is empty");
            }
            steps.push(Step::Key(key.to_string()));
            rest = &r[end..];
            if rest.starts_with(']') {
                return bad("a ] has no matching [");
            }
        }
        first = false;
    }
    Ok(steps)
}

/// Where a path step failed, for messages: the path up to (excluding) step `i`.
fn prefix(steps: &[Step]) -> String {
    let mut s = String::new();
    for st in steps {
        match st {
            Step::Key(k) if s.is_empty() => s.push_str(k),
            Step::Key(k) => {
                s.push('.');
                s.push_str(k);
            }
            Step::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    if s.is_empty() {
        "(root)".into()
    } else {
        s
    }
}

/// Set `value` at `steps` inside `doc`, creating missing object keys (and objects in place of
/// `null`). Array elements must already exist.
pub fn set_path(doc: &mut Value, steps: &[Step], value: Value) -> Result<(), String> {
    let mut cur = doc;
    for (i, st) in steps.iter().enumerate() {
        if cur.is_null() && matches!(st, Step::Key(_)) {
            *cur = Value::Object(Map::new());
        }
        let here = prefix(&steps[..i]);
        let last = i + 1 == steps.len();
        let index = match (st, &*cur) {
            (Step::Index(i), _) => Some(*i),
            (Step::Key(k), Value::Array(_)) => match k.parse::<usize>() {
                Ok(i) if k.bytes().all(|b| b.is_ascii_digit()) => Some(i),
                _ => return Err(format!("{here} is an array; \"{k}\" is not an index")),
            },
            _ => None,
        };
        cur = match (index, st, cur) {
            (Some(i), _, Value::Array(items)) => {
                let n = items.len();
                match items.get_mut(i) {
                    Some(v) => v,
                    None => {
                        return Err(format!(
                            "{here} has {n} element{}; index {i} is out of range",
                            if n == 1 { "" } else { "s" }
                        ))
                    }
                }
            }
            (Some(_), _, other) => return Err(format!("{here} is {}, not an array", kind(other))),
            (None, Step::Key(k), Value::Object(map)) => {
                if last {
                    map.insert(k.clone(), value);
                    return Ok(());
                }
                map.entry(k.clone()).or_insert(Value::Null)
            }
            (None, _, other) => return Err(format!("{here} is {}, not an object", kind(other))),
        };
        if last {
            *cur = value;
            return Ok(());
        }
    }
    *cur = value;
    Ok(())
}

/// A varied value as it appears in the CSV and in messages (strings bare, the rest as JSON).
pub fn show_value(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}
