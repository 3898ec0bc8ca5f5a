//! A validated-JSON reader that collects every problem with its JSON path instead of stopping at
//! the first (docs/design.md §D4): used by the scenario, sweep and knob (`param`) validators.
//!
//! `serde_json` parses the text into a `Value`; [`Obj`] then reads typed fields with ranges and
//! defaults, remembers which keys it consumed, and reports unknown keys with the closest valid name.
//! [`Problems`] collects [`ConfigError`]s (at most [`MAX_PROBLEMS`], each message and path cut to
//! a bounded length); [`closest`], [`kind`], [`show`], [`quote`] and [`unknown_value`] word the
//! messages.
//!
//! [`read_document`] is the one place raw text becomes a `Value` (scenario, sweep and the CLI's
//! file readers): it refuses oversized text ([`MAX_INPUT_BYTES`]), accepts and ignores a UTF-8
//! byte-order mark, and reports duplicate object keys, which `serde_json::Value` would silently
//! collapse to the last one.

use crate::limits::{MAX_INPUT_BYTES, MAX_MESSAGE_CHARS, MAX_PROBLEMS, MAX_QUOTED_CHARS};
use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::cell::RefCell;
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

/// Collected problems: the first [`MAX_PROBLEMS`] in `.0`, how many more were dropped in `.1`.
#[derive(Debug, Default)]
pub struct Problems(pub Vec<ConfigError>, pub usize);

impl Problems {
    /// Record a problem at `path` (`""` = the whole document). Past [`MAX_PROBLEMS`] it is only
    /// counted; a path or message longer than [`MAX_MESSAGE_CHARS`] is cut with "…".
    pub fn push(&mut self, path: impl AsRef<str>, message: impl Into<String>) {
        if self.0.len() >= MAX_PROBLEMS {
            self.1 += 1;
            return;
        }
        let path = path.as_ref();
        let path = if path.is_empty() {
            "(root)".to_string()
        } else {
            truncate(path, MAX_MESSAGE_CHARS)
        };
        let message = message.into();
        let message = if message.len() > MAX_MESSAGE_CHARS {
            truncate(&message, MAX_MESSAGE_CHARS)
        } else {
            message
        };
        self.0.push(ConfigError { path, message });
    }

    /// Record a problem whose message is costly to word (closest-name searches): the message is
    /// only built when it will be listed.
    pub fn push_with(&mut self, path: impl AsRef<str>, message: impl FnOnce() -> String) {
        if self.0.len() >= MAX_PROBLEMS {
            self.1 += 1;
        } else {
            self.push(path, message());
        }
    }

    /// True when no problem was recorded.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty() && self.1 == 0
    }

    /// The problems as a list, ending with "… and N more problems" when some were dropped.
    pub fn into_errors(self) -> Vec<ConfigError> {
        let mut out = self.0;
        if self.1 > 0 {
            out.push(ConfigError {
                path: "(root)".into(),
                message: format!(
                    "… and {} more problems (only the first {MAX_PROBLEMS} are listed)",
                    self.1
                ),
            });
        }
        out
    }
}

/// `s` cut to at most `max` characters, "…" marking the cut.
pub fn truncate(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s.to_string(),
        Some((end, _)) => format!("{}…", &s[..end]),
    }
}

/// A user's string as echoed in a message: at most [`MAX_QUOTED_CHARS`] characters (a 40 MB key is
/// not repeated back), line breaks and controls shown escaped.
pub fn quote(s: &str) -> String {
    let cut = truncate(s, MAX_QUOTED_CHARS);
    if cut.chars().any(char::is_control) {
        cut.chars().flat_map(char::escape_default).collect()
    } else {
        cut
    }
}

/// Read a whole document from `input` (a file, standard input, a device, a FIFO) named `name` in
/// messages, stopping once it passes [`MAX_INPUT_BYTES`]: an endless input (`/dev/zero`, a pipe
/// that never closes) is refused at the limit instead of after reading all it has. The one
/// bounded reader of the CLI and the Python package.
pub fn read_limited(input: impl std::io::Read, name: &str) -> Result<String, String> {
    use std::io::Read as _;
    let mut bytes = Vec::new();
    input
        .take(MAX_INPUT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{name}: cannot read: {e}"))?;
    if bytes.len() > MAX_INPUT_BYTES {
        return Err(format!(
            "{name}: (root): the document is more than {MAX_INPUT_BYTES} bytes (at most \
             {MAX_INPUT_BYTES}); no scenario or sweep needs that much text"
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| format!("{name}: cannot read: stream did not contain valid UTF-8"))
}

/// Parse raw JSON text into a `Value` (see the module docs): problems are located at `(root)`
/// (syntax, size, depth) or at the duplicated key's path.
pub fn read_document(text: &str) -> Result<Value, Vec<ConfigError>> {
    let root = |message: String| {
        vec![ConfigError {
            path: "(root)".into(),
            message,
        }]
    };
    if text.len() > MAX_INPUT_BYTES {
        return Err(root(format!(
            "the document is {} bytes (at most {MAX_INPUT_BYTES}); no scenario or sweep needs that much text",
            text.len()
        )));
    }
    // A byte-order mark is accepted and ignored (RFC 8259 §8.1 allows it; Windows editors write one).
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(text);
    let state = RefCell::new(DocState::default());
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Doc(&state)
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v));
    match value {
        Err(e) => {
            let what = e.to_string();
            let message = if what.starts_with("recursion limit exceeded") {
                format!(
                    "invalid JSON at line {} column {}: nested more than 127 levels deep",
                    e.line(),
                    e.column()
                )
            } else {
                format!(
                    "invalid JSON at line {} column {}: {e}",
                    e.line(),
                    e.column()
                )
            };
            Err(root(message))
        }
        Ok(v) => {
            let mut st = state.into_inner();
            if st.dups.is_empty() {
                Ok(v)
            } else {
                Err(std::mem::take(&mut st.dups).into_errors())
            }
        }
    }
}

/// The path being read by [`Doc`], kept as one string that grows and shrinks with the nesting
/// (built once, not rebuilt for every duplicate key: a file with many duplicates deep inside
/// stays linear). The string stops growing at [`MAX_MESSAGE_CHARS`] bytes (a message shows no
/// more than that), so a long path costs its length once whatever the number of duplicates.
#[derive(Default)]
struct DocState {
    path: String,
    /// The length of `path` before each open step.
    marks: Vec<usize>,
    dups: Problems,
}

impl DocState {
    fn push_key(&mut self, key: &str) {
        self.marks.push(self.path.len());
        if self.path.len() < MAX_MESSAGE_CHARS {
            if !self.path.is_empty() {
                self.path.push('.');
            }
            self.push_capped(key);
        }
    }
    fn push_index(&mut self, i: usize) {
        self.marks.push(self.path.len());
        if self.path.len() < MAX_MESSAGE_CHARS {
            use fmt::Write as _;
            let _ = write!(self.path, "[{i}]");
        }
    }
    /// Append `s`, at most up to the cap (cut on a character boundary).
    fn push_capped(&mut self, s: &str) {
        let room = MAX_MESSAGE_CHARS.saturating_sub(self.path.len()) + 1;
        let mut end = s.len().min(room);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        self.path.push_str(&s[..end]);
    }
    fn pop(&mut self) {
        if let Some(m) = self.marks.pop() {
            self.path.truncate(m);
        }
    }
}

/// Builds a `Value` exactly as `serde_json` does, recording duplicate keys on the way.
struct Doc<'s>(&'s RefCell<DocState>);

impl<'de> DeserializeSeed<'de> for Doc<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Doc<'_> {
    type Value = Value;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, x: i64) -> Result<Value, E> {
        Ok(Value::from(x))
    }
    fn visit_u64<E>(self, x: u64) -> Result<Value, E> {
        Ok(Value::from(x))
    }
    fn visit_f64<E>(self, x: f64) -> Result<Value, E> {
        Ok(Value::from(x))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        loop {
            self.0.borrow_mut().push_index(items.len());
            let next = seq.next_element_seed(Doc(self.0));
            self.0.borrow_mut().pop();
            match next? {
                Some(v) => items.push(v),
                None => return Ok(Value::Array(items)),
            }
        }
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            let duplicate = out.contains_key(&key);
            self.0.borrow_mut().push_key(&key);
            if duplicate {
                let mut st = self.0.borrow_mut();
                let DocState { path, dups, .. } = &mut *st;
                dups.push_with(&*path, || {
                    format!(
                        "duplicate key \"{}\": an object may name each key once (JSON readers differ on which copy wins)",
                        quote(&key)
                    )
                });
            }
            let value = map.next_value_seed(Doc(self.0));
            self.0.borrow_mut().pop();
            out.insert(key, value?);
        }
        Ok(Value::Object(out))
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

/// The option closest to `got`, if it is close enough to be a likely typo. Options whose length
/// differs from `got`'s by more than the allowed distance are skipped without comparing, so a
/// megabyte-long typo costs nothing.
pub fn closest<'o>(got: &str, options: &[&'o str]) -> Option<&'o str> {
    let allowed = |o: &str| 2.max(o.len() / 3);
    options
        .iter()
        .filter(|o| got.len().abs_diff(o.len()) <= allowed(o))
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
    /// An optional string of at most `max` characters (a label for people; empty when absent).
    pub fn short_text(&mut self, key: &'static str, max: usize, p: &mut Problems) -> String {
        let path = self.at(key);
        let s = self.string(key, Some(""), p);
        let n = s.chars().count();
        if n > max {
            p.push(&path, format!("must be at most {max} characters (got {n})"));
        }
        s
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
        let mut valid: Vec<&str> = self.seen.clone();
        valid.sort_unstable();
        valid.dedup();
        for key in map.keys() {
            if !self.seen.contains(&key.as_str()) {
                if p.0.len() >= MAX_PROBLEMS {
                    // Only counted: word no message (no closest-name search) past the cap.
                    p.1 += 1;
                    continue;
                }
                let msg = match closest(key, &valid) {
                    Some(s) => format!("unknown field \"{key}\" (did you mean \"{s}\"?)"),
                    None => format!(
                        "unknown field \"{}\" (expected one of: {})",
                        quote(key),
                        valid.join(", ")
                    ),
                };
                p.push(child(&self.path, &truncate(key, MAX_QUOTED_CHARS)), msg);
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
            "unknown value \"{}\" (expected one of: {})",
            quote(got),
            options.join(", ")
        ),
    }
}

/// True for ids that are safe in entity names, CSV and URLs: 1 to
/// [`MAX_NAME_CHARS`](crate::limits::MAX_NAME_CHARS) ASCII letters, digits, `_` and `-`.
pub fn plain_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= crate::limits::MAX_NAME_CHARS
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// Why `id` is not a [`plain_id`] (a flow, node or link id), or `None` if it is one.
pub fn name_problem(id: &str) -> Option<String> {
    let max = crate::limits::MAX_NAME_CHARS;
    if plain_id(id) {
        None
    } else if id.chars().count() > max {
        Some(format!(
            "\"{}\" is {} characters long (at most {max})",
            quote(id),
            id.chars().count()
        ))
    } else {
        Some(format!(
            "\"{}\" must be non-empty and use only letters, digits, _ and -",
            quote(id)
        ))
    }
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

    #[test]
    fn duplicate_keys_deep_under_long_keys_are_named_with_a_short_path() {
        // 100 levels of 5 000-character keys, then 10 000 duplicates: the path is kept once.
        let key = "k".repeat(5000);
        let mut t = String::new();
        for _ in 0..100 {
            t.push_str(&format!("{{\"{key}\":"));
        }
        t.push_str(&format!("{{\"a\":1{}}}", ",\"a\":1".repeat(10_000)));
        t.push_str(&"}".repeat(100));
        let errs = read_document(&t).unwrap_err();
        assert_eq!(errs.len(), MAX_PROBLEMS + 1);
        assert!(
            errs[0].path.starts_with("kkkk") && errs[0].path.ends_with('…'),
            "{}",
            errs[0].path
        );
        assert!(errs[0].path.chars().count() <= MAX_MESSAGE_CHARS + 1);
        assert!(
            errs[MAX_PROBLEMS]
                .message
                .contains("and 9950 more problems"),
            "{}",
            errs[MAX_PROBLEMS].message
        );
        // A short path is whole.
        let errs = read_document(r#"{"a":[{"b":{"c":1,"c":2}}]}"#).unwrap_err();
        assert_eq!(errs[0].path, "a[0].b.c");
    }
}
