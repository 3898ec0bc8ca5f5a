//! Parameter paths of a sweep (`topology.bottleneck.errors.ber`, `flows[0].tcp.cc`): parsing,
//! applying a value to a scenario document, and showing values in CSV and messages.
//!
//! Hostile paths stay cheap: parsing is one pass over the text, a path has at most
//! [`MAX_PATH_STEPS`] steps (a deeper one could only build a document the JSON reader refuses as
//! nested too deep), and [`set_path`] walks the document once, wording the place of a problem
//! only when there is one — linear in the path, with no recursion.

use crate::json_reader::{kind, quote};
use serde_json::{Map, Value};

/// One step of a parameter path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An object key (or, on an array, a decimal index written as a dotted key).
    Key(String),
    /// An array index, `[i]`.
    Index(usize),
}

/// Most steps in a path: as deep as the JSON reader lets a document nest (127 levels), so a
/// path can reach every place of a readable document and no further.
pub const MAX_PATH_STEPS: usize = 127;

/// Parse a parameter path: `a.b[2].c`, `flows.0.tcp.cc`.
pub fn parse_path(path: &str) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut rest = path;
    let bad = |why: &str| {
        Err(format!("invalid path \"{}\": {why} (write keys separated by dots and indices as [i], e.g. flows[0].tcp.cc)", quote(path)))
    };
    if rest.is_empty() {
        return bad("it is empty");
    }
    let mut first = true;
    while !rest.is_empty() {
        if steps.len() == MAX_PATH_STEPS {
            return Err(format!(
                "invalid path \"{}\": more than {MAX_PATH_STEPS} steps (a scenario nests at most {MAX_PATH_STEPS} levels deep)",
                quote(path)
            ));
        }
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
        if s.len() > crate::limits::MAX_MESSAGE_CHARS {
            break;
        }
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
        // Worded only for a message: building it at every step would be quadratic.
        let here = || prefix(&steps[..i]);
        let last = i + 1 == steps.len();
        let index = match (st, &*cur) {
            (Step::Index(i), _) => Some(*i),
            (Step::Key(k), Value::Array(_)) => match k.parse::<usize>() {
                Ok(i) if k.bytes().all(|b| b.is_ascii_digit()) => Some(i),
                _ => {
                    return Err(format!(
                        "{} is an array; \"{}\" is not an index",
                        here(),
                        quote(k)
                    ))
                }
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
                            "{} has {n} element{}; index {i} is out of range",
                            here(),
                            if n == 1 { "" } else { "s" }
                        ))
                    }
                }
            }
            (Some(_), _, other) => {
                return Err(format!("{} is {}, not an array", here(), kind(other)))
            }
            (None, Step::Key(k), Value::Object(map)) => {
                if last {
                    map.insert(k.clone(), value);
                    return Ok(());
                }
                map.entry(k.clone()).or_insert(Value::Null)
            }
            (None, _, other) => {
                return Err(format!("{} is {}, not an object", here(), kind(other)))
            }
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_path_has_at_most_127_steps_and_messages_stay_short() {
        let ok = vec!["a"; MAX_PATH_STEPS].join(".");
        let steps = parse_path(&ok).unwrap();
        let mut d = json!({});
        set_path(&mut d, &steps, json!(1)).unwrap();
        let long = vec!["a"; 200_000].join(".");
        let e = parse_path(&long).unwrap_err();
        assert!(e.contains("more than 127 steps"), "{e}");
        assert!(e.len() < 400, "{}", e.len());
        let e = parse_path(&format!("{long}]")).unwrap_err();
        assert!(e.len() < 400, "{}", e.len());
    }

    #[test]
    fn set_path_words_the_place_of_a_problem() {
        let mut d = json!({"flows": [{"tcp": 1}]});
        let e = set_path(&mut d, &parse_path("flows[0].tcp.cc").unwrap(), json!(1)).unwrap_err();
        assert_eq!(e, "flows[0].tcp is a number, not an object");
    }
}
