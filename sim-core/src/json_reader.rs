//! A validated-JSON reader that collects every problem with its JSON path instead of stopping at
//! the first (DESIGN §4): used by the scenario, sweep and knob (`param`) validators.
//!
//! `serde_json` parses the text into a `Value`; [`Obj`] then reads typed fields with ranges and
//! defaults, remembers which keys it consumed, and reports unknown keys with the closest valid name.
//! [`Problems`] collects [`ConfigError`]s; [`closest`], [`kind`], [`show`] and [`unknown_value`]
//! word the messages.

use serde_json::{Map, Value};
use std::fmt;

/// One problem in a scenario, located by its JSON path (`flows[0].tcp.cc`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// JSON path of the offending value (`(root)` for the whole document).
    pub path: String,
    /// What is wrong and what is allowed.
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

/// Collected problems.
#[derive(Debug, Default)]
pub struct Problems(pub Vec<ConfigError>);

impl Problems {
    /// Record a problem at `path` (`""` = the whole document).
    pub fn push(&mut self, path: impl AsRef<str>, message: impl Into<String>) {
        let path = path.as_ref();
        let path = if path.is_empty() {
            "(root)".to_string()
        } else {
            path.to_string()
        };
        self.0.push(ConfigError {
            path,
            message: message.into(),
        });
    }
}

/// Join a parent path and a key.
pub fn child(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

fn levenshtein(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(ca != cb);
            cur[j + 1] = (prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The option closest to `got`, if it is close enough to be a likely typo.
pub fn closest<'o>(got: &str, options: &[&'o str]) -> Option<&'o str> {
    options
        .iter()
        .map(|o| (levenshtein(got, o), *o))
        .filter(|(d, o)| *d <= 2.max(o.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, o)| o)
}

/// Format a number for messages: integers without a fraction, others in shortest form.
pub fn show(x: f64) -> String {
    if x.fract() == 0.0 && x.abs() < 1e15 {
        format!("{}", x as i64)
    } else {
        format!("{x}")
    }
}

/// A JSON object being read at `path`.
pub struct Obj<'a> {
    /// JSON path of this object.
    pub path: String,
    map: Option<&'a Map<String, Value>>,
    seen: Vec<&'static str>,
}

impl<'a> Obj<'a> {
    /// Read `v` as an object (reporting a problem and reading nothing if it is not one).
    pub fn new(v: Option<&'a Value>, path: String, p: &mut Problems) -> Self {
        let map = match v {
            None => None,
            Some(Value::Object(m)) => Some(m),
            Some(other) => {
                p.push(&path, format!("must be an object (got {})", kind(other)));
                None
            }
        };
        Obj {
            path,
            map,
            seen: Vec::new(),
        }
    }
    /// True if the key is present.
    pub fn has(&self, key: &str) -> bool {
        self.map.is_some_and(|m| m.contains_key(key))
    }
    /// The raw value of `key`, marking it consumed.
    pub fn get(&mut self, key: &'static str) -> Option<&'a Value> {
        self.seen.push(key);
        self.map.and_then(|m| m.get(key))
    }
    /// Path of a field of this object.
    pub fn at(&self, key: &str) -> String {
        child(&self.path, key)
    }
    /// A nested object (missing → an empty object, so its defaults apply).
    pub fn obj(&mut self, key: &'static str, p: &mut Problems) -> Obj<'a> {
        let v = self.get(key).filter(|v| !v.is_null());
        Obj::new(v, self.at(key), p)
    }
    /// A number in [lo, hi]; `default` None makes it required.
    pub fn num(
        &mut self,
        key: &'static str,
        lo: f64,
        hi: f64,
        default: Option<f64>,
        p: &mut Problems,
    ) -> f64 {
        let path = self.at(key);
        let fallback = default.unwrap_or(lo);
        match self.get(key) {
            None | Some(Value::Null) => {
                if default.is_none() {
                    p.push(
                        &path,
                        format!("is required (a number from {} to {})", show(lo), show(hi)),
                    );
                }
                fallback
            }
            Some(Value::Number(n)) => {
                let x = n.as_f64().unwrap_or(f64::NAN);
                if !x.is_finite() || x < lo || x > hi {
                    p.push(
                        &path,
                        format!("must be between {} and {} (got {})", show(lo), show(hi), n),
                    );
                    fallback
                } else {
                    x
                }
            }
            Some(other) => {
                p.push(
                    &path,
                    format!(
                        "must be a number from {} to {} (got {})",
                        show(lo),
                        show(hi),
                        kind(other)
                    ),
                );
                fallback
            }
        }
    }
    /// A whole number in [lo, hi].
    pub fn int(
        &mut self,
        key: &'static str,
        lo: u64,
        hi: u64,
        default: Option<u64>,
        p: &mut Problems,
    ) -> u64 {
        let path = self.at(key);
        let x = self.num(key, lo as f64, hi as f64, default.map(|d| d as f64), p);
        if x.fract() != 0.0 {
            p.push(&path, format!("must be a whole number (got {x})"));
            return default.unwrap_or(lo);
        }
        x as u64
    }
    /// A boolean.
    pub fn bool(&mut self, key: &'static str, default: bool, p: &mut Problems) -> bool {
        let path = self.at(key);
        match self.get(key) {
            None | Some(Value::Null) => default,
            Some(Value::Bool(b)) => *b,
            Some(other) => {
                p.push(
                    &path,
                    format!("must be true or false (got {})", kind(other)),
                );
                default
            }
        }
    }
    /// A string (`default` None makes it required).
    pub fn string(&mut self, key: &'static str, default: Option<&str>, p: &mut Problems) -> String {
        let path = self.at(key);
        match self.get(key) {
            None | Some(Value::Null) => {
                if default.is_none() {
                    p.push(&path, "is required (a string)");
                }
                default.unwrap_or("").to_string()
            }
            Some(Value::String(s)) => s.clone(),
            Some(other) => {
                p.push(&path, format!("must be a string (got {})", kind(other)));
                default.unwrap_or("").to_string()
            }
        }
    }
    /// One of `options` (`default` None makes it required).
    pub fn choice(
        &mut self,
        key: &'static str,
        options: &[&'static str],
        default: Option<&'static str>,
        p: &mut Problems,
    ) -> &'static str {
        let path = self.at(key);
        let fallback = default.unwrap_or(options[0]);
        match self.get(key) {
            None | Some(Value::Null) => {
                if default.is_none() {
                    p.push(
                        &path,
                        format!("is required (one of: {})", options.join(", ")),
                    );
                }
                fallback
            }
            Some(Value::String(s)) => match options.iter().find(|o| **o == s.as_str()) {
                Some(o) => o,
                None => {
                    p.push(&path, unknown_value(s, options));
                    fallback
                }
            },
            Some(other) => {
                p.push(
                    &path,
                    format!(
                        "must be one of: {} (got {})",
                        options.join(", "),
                        kind(other)
                    ),
                );
                fallback
            }
        }
    }
    /// The elements of an array with their paths (missing → empty).
    pub fn array(&mut self, key: &'static str, p: &mut Problems) -> Vec<(String, &'a Value)> {
        let path = self.at(key);
        match self.get(key) {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(items)) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (format!("{path}[{i}]"), v))
                .collect(),
            Some(other) => {
                p.push(&path, format!("must be an array (got {})", kind(other)));
                Vec::new()
            }
        }
    }
    /// Report keys that were never read, suggesting the closest valid name.
    pub fn finish(self, p: &mut Problems) {
        let Some(map) = self.map else { return };
        for key in map.keys() {
            if !self.seen.contains(&key.as_str()) {
                let mut valid: Vec<&str> = self.seen.clone();
                valid.sort_unstable();
                valid.dedup();
                let msg = match closest(key, &valid) {
                    Some(s) => format!("unknown field \"{key}\" (did you mean \"{s}\"?)"),
                    None => format!(
                        "unknown field \"{key}\" (expected one of: {})",
                        valid.join(", ")
                    ),
                };
                p.push(child(&self.path, key), msg);
            }
        }
    }
}

/// Message for a string that is not among `options`.
pub fn unknown_value(got: &str, options: &[&str]) -> String {
    match closest(got, options) {
        Some(s) => format!(
            "unknown value \"{got}\" (did you mean \"{s}\"? expected one of: {})",
            options.join(", ")
        ),
        None => format!(
            "unknown value \"{got}\" (expected one of: {})",
            options.join(", ")
        ),
    }
}

/// True for ids that are safe in entity names, CSV and URLs (letters, digits, `_`, `-`).
pub fn plain_id(id: &str) -> bool {
    !id.is_empty()
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// JSON type name for messages.
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_the_closest_name() {
        assert_eq!(
            closest("rate_bsp", &["rate_bps", "delay_ms", "queue"]),
            Some("rate_bps")
        );
        assert_eq!(
            closest("renoo", &["tahoe", "reno", "new_reno"]),
            Some("reno")
        );
        assert_eq!(closest("zzzzzz", &["queue"]), None);
    }

    #[test]
    fn collects_every_problem_with_its_path() {
        let v: Value =
            serde_json::from_str(r#"{"a": -1, "b": "x", "c": 1.5, "dleay": 3}"#).unwrap();
        let mut p = Problems::default();
        let mut o = Obj::new(Some(&v), String::new(), &mut p);
        o.num("a", 0.0, 10.0, None, &mut p);
        o.num("b", 0.0, 10.0, None, &mut p);
        o.int("c", 0, 10, None, &mut p);
        o.num("delay", 0.0, 10.0, Some(1.0), &mut p);
        o.num("missing", 0.0, 10.0, None, &mut p);
        o.finish(&mut p);
        let text: Vec<String> = p.0.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            text,
            vec![
                "a: must be between 0 and 10 (got -1)",
                "b: must be a number from 0 to 10 (got a string)",
                "c: must be a whole number (got 1.5)",
                "missing: is required (a number from 0 to 10)",
                "dleay: unknown field \"dleay\" (did you mean \"delay\"?)",
            ]
        );
    }
}
