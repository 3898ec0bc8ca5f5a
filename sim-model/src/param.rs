//! Tunable parameters: the machine-readable description of a knob (name, unit, range, default)
//! that the catalog publishes for the UI and the scenario validator checks (docs/design.md §D3, §D4).
//!
//! - [`ParamSpec`] and [`ParamKind`]: one knob; serialised as
//!   `{name, unit, kind: "number"|"integer"|"bool"|"choice"|"integer_list", min?, max?, options?,
//!   default, description, required?}`.
//! - [`Tunable`]: a `Params` struct that lists its knobs and applies validated values.
//! - [`Choice`] and [`choice_ids!`](crate::choice_ids): enum knobs written as snake_case ids.
//! - [`validate_params`]: checks a `{ "name": value, … }` object against specs, collecting every
//!   problem with its JSON path; [`tuned`] builds a `Params` from the validated pairs.
//! - [`Knobs`] (`param/knobs.rs`): reads a component's fields from a scenario object through its
//!   knob table, so the table is the one statement of each field's name, range and default.
//! - [`Info`]: title, one-line description and reference of a catalog entry; [`Component`]: an
//!   entry of a `kind` list (queue discipline, error model, cross-traffic source) with its knobs.
//!
//! ```
//! use serde_json::json;
//! use sim_model::param::{tuned, validate_params, Tunable};
//! use sim_model::scenario::Problems;
//! use sim_model::tcp::cc::veno;
//!
//! let mut problems = Problems::default();
//! let v = json!({ "beta_segments": 5, "min_samples": 1.5, "rtt": "srt" });
//! let ok = validate_params(Some(&v), &veno::Params::specs(), "cc_params", &mut problems);
//! let p: veno::Params = tuned(&ok);
//! assert_eq!(p.beta_segments, 5.0);
//! assert_eq!(problems.0.len(), 2); // min_samples not whole, "srt" not an option
//! ```

use crate::json_reader::{child, closest, kind, show, unknown_value, Obj, Problems};
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

mod knobs;
pub use knobs::Knobs;

/// What values a knob takes.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ParamKind {
    /// A real number in [min, max] (a bound of ±∞ is left out of the JSON).
    Number {
        /// Smallest accepted value.
        #[serde(skip_serializing_if = "unbounded")]
        #[ts(as = "Option<f64>", optional)]
        min: f64,
        /// Largest accepted value.
        #[serde(skip_serializing_if = "unbounded")]
        #[ts(as = "Option<f64>", optional)]
        max: f64,
    },
    /// A whole number in [min, max].
    Integer {
        /// Smallest accepted value.
        min: i64,
        /// Largest accepted value.
        max: i64,
    },
    /// `true` or `false`.
    Bool,
    /// One of a few snake_case ids.
    Choice {
        /// The accepted ids.
        options: Vec<&'static str>,
    },
    /// An array of whole numbers, each in [min, max] (e.g. the packet numbers of `drop_list`).
    IntegerList {
        /// Smallest accepted element.
        min: i64,
        /// Largest accepted element.
        max: i64,
    },
}

fn unbounded(x: &f64) -> bool {
    !x.is_finite()
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// One knob: its JSON name, unit, accepted values, default and meaning.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct ParamSpec {
    /// JSON key (snake_case, unit suffix where it has one).
    pub name: &'static str,
    /// Unit for display (`s`, `ms`, `segments`, `packets`, `bytes`, `bit/s`; empty = none).
    pub unit: &'static str,
    /// Accepted values.
    #[serde(flatten)]
    pub kind: ParamKind,
    /// Value used when the key is absent (`null` = "derived", see the description). For a
    /// `required` knob: a sensible starting value for a UI.
    pub default: Value,
    /// One line on what it does, for tooltips.
    pub description: &'static str,
    /// The validator rejects a document without it.
    #[serde(skip_serializing_if = "is_false")]
    #[ts(as = "Option<bool>", optional)]
    pub required: bool,
}

impl ParamSpec {
    fn new(
        name: &'static str,
        unit: &'static str,
        kind: ParamKind,
        default: Value,
        description: &'static str,
    ) -> Self {
        ParamSpec {
            name,
            unit,
            kind,
            default,
            description,
            required: false,
        }
    }
    /// A real number in [min, max].
    pub fn number(
        name: &'static str,
        unit: &'static str,
        min: f64,
        max: f64,
        default: f64,
        description: &'static str,
    ) -> Self {
        debug_assert!(
            min <= default && default <= max,
            "{name}: default {default} outside [{min}, {max}]"
        );
        Self::new(
            name,
            unit,
            ParamKind::Number { min, max },
            Value::from(default),
            description,
        )
    }
    /// A whole number in [min, max].
    pub fn integer(
        name: &'static str,
        unit: &'static str,
        min: i64,
        max: i64,
        default: i64,
        description: &'static str,
    ) -> Self {
        debug_assert!(
            min <= default && default <= max,
            "{name}: default {default} outside [{min}, {max}]"
        );
        Self::new(
            name,
            unit,
            ParamKind::Integer { min, max },
            Value::from(default),
            description,
        )
    }
    /// A boolean.
    pub fn boolean(name: &'static str, default: bool, description: &'static str) -> Self {
        Self::new(name, "", ParamKind::Bool, Value::from(default), description)
    }
    /// One of `options`.
    pub fn choice(
        name: &'static str,
        options: &[&'static str],
        default: &'static str,
        description: &'static str,
    ) -> Self {
        debug_assert!(
            options.contains(&default),
            "{name}: default {default} not an option"
        );
        Self::new(
            name,
            "",
            ParamKind::Choice {
                options: options.to_vec(),
            },
            Value::from(default),
            description,
        )
    }
    /// An enum knob: its options and default come from [`Choice`].
    pub fn choice_of<C: Choice>(name: &'static str, default: C, description: &'static str) -> Self {
        Self::choice(name, &C::ids(), default.choice_id(), description)
    }
    /// An array of whole numbers in [min, max].
    pub fn integer_list(
        name: &'static str,
        unit: &'static str,
        min: i64,
        max: i64,
        description: &'static str,
    ) -> Self {
        Self::new(
            name,
            unit,
            ParamKind::IntegerList { min, max },
            Value::Array(Vec::new()),
            description,
        )
    }
    /// Mark the knob required (`default` becomes a suggested starting value).
    pub fn required(mut self) -> Self {
        self.required = true;
        self
    }
    /// Replace the default (e.g. `null` for "derived from other fields").
    pub fn with_default(mut self, default: Value) -> Self {
        self.default = default;
        self
    }
}

/// Title, one-line description and reference of a variant, classifier, queue, error model, …
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Info {
    /// docs/design.md §D3 id.
    pub id: &'static str,
    /// Short human name.
    pub title: &'static str,
    /// One line on what it does.
    pub description: &'static str,
    /// Paper, RFC or docs/design.md section it implements.
    pub reference: &'static str,
}

/// A choosable kind of a network component (a queue discipline, an error model, a cross-traffic
/// source): its catalog text, the value of its `mode` key if its kind has several forms, its knob
/// table and `read`, the reader of its fields into its family's spec (`R`, a function type each
/// family names; `()` for a queue option, which has no family enum). Each component's file
/// declares its own entry, and its family's list of entries is the only place a kind is named: the
/// family's reader picks the entry by `kind` (and `mode`) and calls its `read`, so a kind cannot be
/// listed without being read, or read without being listed.
#[derive(Clone, Copy, Debug)]
pub struct Component<R: Copy + 'static = ()> {
    /// Id (the `kind` value), title, description, reference.
    pub info: Info,
    /// Value of the `mode` key, for kinds with several forms (`gilbert_elliott`).
    pub mode: Option<&'static str>,
    /// Its knobs, in the order the parser reads them.
    pub params: fn() -> Vec<ParamSpec>,
    /// Reads its fields into the family's spec.
    pub read: R,
}

/// The entry of `components` that a JSON object's `kind` (read already, one of [`kind_ids`]) and,
/// where the kind has several forms, its `mode` (read here; the first form listed when absent) pick.
pub fn pick<R: Copy>(
    components: &'static [Component<R>],
    kind: &str,
    o: &mut Obj,
    p: &mut Problems,
) -> Option<&'static Component<R>> {
    let forms: Vec<&'static Component<R>> =
        components.iter().filter(|c| c.info.id == kind).collect();
    if forms.len() <= 1 {
        return forms.first().copied();
    }
    let modes: Vec<&'static str> = forms.iter().filter_map(|c| c.mode).collect();
    let mode = o.choice("mode", &modes, modes.first().copied(), p);
    forms
        .iter()
        .find(|c| c.mode == Some(mode))
        .or(forms.first())
        .copied()
}

/// The distinct `kind` ids of `components`, in order (a kind with several modes once).
pub fn kind_ids<R: Copy>(components: &[Component<R>]) -> Vec<&'static str> {
    let mut ids: Vec<&'static str> = Vec::new();
    for c in components {
        if !ids.contains(&c.info.id) {
            ids.push(c.info.id);
        }
    }
    ids
}

/// A `Params` struct whose fields are scenario knobs.
pub trait Tunable {
    /// Every knob, with the defaults of `Self::default()`.
    fn specs() -> Vec<ParamSpec>;
    /// Apply one value that [`validate_params`] accepted against [`Tunable::specs`]. Unknown names
    /// and values of the wrong type are a bug of the caller (debug assertion; ignored in release).
    fn set(&mut self, name: &str, v: &Value);
}

/// `P::default()` with the validated `params` applied in order.
pub fn tuned<P: Tunable + Default>(params: &[(&'static str, Value)]) -> P {
    let mut p = P::default();
    for (name, v) in params {
        p.set(name, v);
    }
    p
}

/// An enum knob whose variants have snake_case ids.
pub trait Choice: Copy + PartialEq + 'static {
    /// Every variant with its id, in display order.
    const OPTIONS: &'static [(Self, &'static str)];
    /// The id of this variant.
    fn choice_id(self) -> &'static str {
        Self::OPTIONS
            .iter()
            .find(|(v, _)| *v == self)
            .map_or("", |(_, id)| id)
    }
    /// The variant with id `s`.
    fn choice_from_id(s: &str) -> Option<Self> {
        Self::OPTIONS
            .iter()
            .find(|(_, id)| *id == s)
            .map(|(v, _)| *v)
    }
    /// Every id.
    fn ids() -> Vec<&'static str> {
        Self::OPTIONS.iter().map(|(_, id)| *id).collect()
    }
}

/// Implement [`Choice`] for a plain enum and give it inherent `id()` / `from_id()`:
/// `choice_ids!(Filter { Paper => "paper", Linux => "linux" });`
#[macro_export]
macro_rules! choice_ids {
    ($t:ident { $($v:ident => $id:literal),+ $(,)? }) => {
        impl $crate::param::Choice for $t {
            const OPTIONS: &'static [(Self, &'static str)] = &[$(($t::$v, $id)),+];
        }
        impl $t {
            /// The option id (snake_case, as in scenario JSON).
            pub fn id(self) -> &'static str {
                $crate::param::Choice::choice_id(self)
            }
            /// The option with id `s`.
            pub fn from_id(s: &str) -> Option<Self> {
                $crate::param::Choice::choice_from_id(s)
            }
        }
    };
}

// ===== Setters for `Tunable::set` implementations =====

fn bad(v: &Value, want: &str) {
    debug_assert!(
        false,
        "parameter value {v} is not {want}: validate_params first"
    );
}

/// Set a real-valued field.
pub fn set_f64(slot: &mut f64, v: &Value) {
    match v.as_f64() {
        Some(x) => *slot = x,
        None => bad(v, "a number"),
    }
}

/// Set an unsigned whole-number field (`u32`, `u64`, `usize`, …).
pub fn set_uint<T: TryFrom<u64>>(slot: &mut T, v: &Value) {
    let x = v.as_u64().or_else(|| {
        v.as_f64()
            .filter(|x| x.fract() == 0.0 && *x >= 0.0)
            .map(|x| x as u64)
    });
    match x.and_then(|x| T::try_from(x).ok()) {
        Some(x) => *slot = x,
        None => bad(v, "a whole number in range"),
    }
}

/// Set a boolean field.
pub fn set_bool(slot: &mut bool, v: &Value) {
    match v.as_bool() {
        Some(b) => *slot = b,
        None => bad(v, "a boolean"),
    }
}

/// Set an enum field from its id.
pub fn set_choice<C: Choice>(slot: &mut C, v: &Value) {
    match v.as_str().and_then(C::choice_from_id) {
        Some(c) => *slot = c,
        None => bad(v, "an option id"),
    }
}

/// Report a name `set` does not know (a bug of the caller).
pub fn unknown(name: &str) {
    debug_assert!(false, "unknown parameter {name}: validate_params first");
}

// ===== Validation =====

/// Check `value` (an object of knobs, or absent / `null` for all defaults) against `specs`.
///
/// Every problem is pushed with its JSON path (`path.name`): unknown names (with the closest valid
/// name), wrong types, numbers out of range or not whole, unknown choices. Returns the accepted
/// pairs in spec order; a `null` value means "default" and is left out.
pub fn validate_params(
    value: Option<&Value>,
    specs: &[ParamSpec],
    path: &str,
    problems: &mut Problems,
) -> Vec<(&'static str, Value)> {
    let map = match value {
        None | Some(Value::Null) => return Vec::new(),
        Some(Value::Object(m)) => m,
        Some(other) => {
            problems.push(
                path,
                format!("must be an object of parameters (got {})", kind(other)),
            );
            return Vec::new();
        }
    };
    let names: Vec<&'static str> = specs.iter().map(|s| s.name).collect();
    let mut out: Vec<(usize, &'static str, Value)> = Vec::new();
    for (key, v) in map {
        let at = child(path, key);
        match specs.iter().position(|s| s.name == key) {
            None => problems.push(&at, unknown_param(key, &names)),
            Some(i) => {
                if let Some(ok) = check(&specs[i], v, &at, problems) {
                    out.push((i, specs[i].name, ok));
                }
            }
        }
    }
    out.sort_by_key(|(i, _, _)| *i);
    out.into_iter().map(|(_, n, v)| (n, v)).collect()
}

fn unknown_param(key: &str, names: &[&str]) -> String {
    if names.is_empty() {
        return format!("unknown parameter \"{key}\" (no tunable parameters here)");
    }
    match closest(key, names) {
        Some(s) => format!("unknown parameter \"{key}\" (did you mean \"{s}\"?)"),
        None => format!(
            "unknown parameter \"{key}\" (expected one of: {})",
            names.join(", ")
        ),
    }
}

/// The accepted value of one knob (normalised: whole numbers as integers), or a problem.
fn check(spec: &ParamSpec, v: &Value, at: &str, p: &mut Problems) -> Option<Value> {
    if v.is_null() {
        return None;
    }
    match &spec.kind {
        ParamKind::Number { min, max } => {
            let x = number(v, *min, *max, at, p)?;
            Some(Value::from(x))
        }
        ParamKind::Integer { min, max } => {
            let x = whole(v, *min, *max, at, p)?;
            Some(Value::from(x))
        }
        ParamKind::Bool => match v {
            Value::Bool(b) => Some(Value::Bool(*b)),
            other => {
                p.push(at, format!("must be true or false (got {})", kind(other)));
                None
            }
        },
        ParamKind::Choice { options } => match v {
            Value::String(s) if options.contains(&s.as_str()) => Some(v.clone()),
            Value::String(s) => {
                p.push(at, unknown_value(s, options));
                None
            }
            other => {
                p.push(
                    at,
                    format!(
                        "must be one of: {} (got {})",
                        options.join(", "),
                        kind(other)
                    ),
                );
                None
            }
        },
        ParamKind::IntegerList { min, max } => match v {
            Value::Array(items) => {
                let before = p.0.len();
                let xs: Vec<Value> = items
                    .iter()
                    .enumerate()
                    .filter_map(|(i, x)| {
                        whole(x, *min, *max, &format!("{at}[{i}]"), p).map(Value::from)
                    })
                    .collect();
                (p.0.len() == before).then_some(Value::Array(xs))
            }
            other => {
                p.push(
                    at,
                    format!("must be an array of whole numbers (got {})", kind(other)),
                );
                None
            }
        },
    }
}

fn range_text(min: f64, max: f64) -> String {
    match (min.is_finite(), max.is_finite()) {
        (true, true) => format!("from {} to {}", show(min), show(max)),
        (true, false) => format!("of at least {}", show(min)),
        (false, true) => format!("of at most {}", show(max)),
        (false, false) => "(finite)".to_string(),
    }
}

fn number(v: &Value, min: f64, max: f64, at: &str, p: &mut Problems) -> Option<f64> {
    let Value::Number(n) = v else {
        p.push(
            at,
            format!(
                "must be a number {} (got {})",
                range_text(min, max),
                kind(v)
            ),
        );
        return None;
    };
    let x = n.as_f64().unwrap_or(f64::NAN);
    if !x.is_finite() || x < min || x > max {
        let msg = match (min.is_finite(), max.is_finite()) {
            (true, true) => format!("must be between {} and {} (got {n})", show(min), show(max)),
            _ => format!("must be a number {} (got {n})", range_text(min, max)),
        };
        p.push(at, msg);
        return None;
    }
    Some(x)
}

fn whole(v: &Value, min: i64, max: i64, at: &str, p: &mut Problems) -> Option<i64> {
    let x = number(v, min as f64, max as f64, at, p)?;
    if x.fract() != 0.0 {
        p.push(at, format!("must be a whole number (got {x})"));
        return None;
    }
    Some(x as i64)
}

/// Checks shared by the `Tunable` implementations' tests.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// Setting every knob to its published default gives `P::default()`; setting each to another
    /// value changes the struct (so `set` knows every name).
    pub(crate) fn check_tunable<P: Tunable + Default + PartialEq + std::fmt::Debug>() {
        let specs = P::specs();
        let mut p = P::default();
        for s in &specs {
            p.set(s.name, &s.default);
        }
        assert_eq!(p, P::default());
        for s in &specs {
            let other = match &s.kind {
                ParamKind::Number { min, max } => {
                    Value::from(if s.default == *max { *min } else { *max })
                }
                ParamKind::Integer { min, max } => {
                    Value::from(if s.default == *max { *min } else { *max })
                }
                ParamKind::Bool => Value::from(!s.default.as_bool().unwrap()),
                ParamKind::Choice { options } => {
                    Value::from(*options.iter().find(|o| s.default != **o).unwrap())
                }
                ParamKind::IntegerList { .. } => unreachable!("no list knobs in Params structs"),
            };
            let mut q = P::default();
            q.set(s.name, &other);
            assert_ne!(
                q,
                P::default(),
                "setting {} to {other} changed nothing",
                s.name
            );
        }
    }

    /// A choice enum round-trips through its ids.
    pub(crate) fn round_trip<C: Choice + std::fmt::Debug>() {
        for (v, id) in C::OPTIONS {
            assert_eq!(C::choice_from_id(id), Some(*v));
            assert_eq!(v.choice_id(), *id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Mode {
        Fast,
        SlowStart,
    }
    choice_ids!(Mode { Fast => "fast", SlowStart => "slow_start" });

    #[derive(Clone, Debug, PartialEq)]
    struct P {
        gain: f64,
        rounds: u32,
        on: bool,
        mode: Mode,
    }
    impl Default for P {
        fn default() -> Self {
            P {
                gain: 0.5,
                rounds: 3,
                on: true,
                mode: Mode::Fast,
            }
        }
    }
    impl Tunable for P {
        fn specs() -> Vec<ParamSpec> {
            vec![
                ParamSpec::number("gain", "", 0.0, 1.0, 0.5, "a gain"),
                ParamSpec::integer("rounds", "round trips", 1, 10, 3, "rounds"),
                ParamSpec::boolean("on", true, "switch"),
                ParamSpec::choice_of("mode", Mode::Fast, "mode"),
            ]
        }
        fn set(&mut self, name: &str, v: &Value) {
            match name {
                "gain" => set_f64(&mut self.gain, v),
                "rounds" => set_uint(&mut self.rounds, v),
                "on" => set_bool(&mut self.on, v),
                "mode" => set_choice(&mut self.mode, v),
                _ => unknown(name),
            }
        }
    }

    fn run(v: Value) -> (Vec<(&'static str, Value)>, Vec<String>) {
        let mut p = Problems::default();
        let ok = validate_params(Some(&v), &P::specs(), "flows[0].tcp.cc_params", &mut p);
        (ok, p.0.iter().map(|e| e.to_string()).collect())
    }

    #[test]
    fn accepts_valid_values_in_spec_order() {
        let (ok, errs) = run(json!({ "mode": "slow_start", "rounds": 4.0, "gain": 1, "on": null }));
        assert!(errs.is_empty(), "{errs:?}");
        assert_eq!(
            ok,
            vec![
                ("gain", json!(1.0)),
                ("rounds", json!(4)),
                ("mode", json!("slow_start"))
            ]
        );
        let p: P = tuned(&ok);
        assert_eq!(
            p,
            P {
                gain: 1.0,
                rounds: 4,
                on: true,
                mode: Mode::SlowStart
            }
        );
        assert_eq!(Mode::from_id("fast"), Some(Mode::Fast));
        assert_eq!(Mode::SlowStart.id(), "slow_start");
    }

    #[test]
    fn reports_every_problem_with_its_path() {
        let (ok, errs) =
            run(json!({ "gian": 0.2, "rounds": 11, "on": 1, "mode": "fats", "gain": "x" }));
        assert!(ok.is_empty());
        assert_eq!(
            errs,
            [
                "flows[0].tcp.cc_params.gain: must be a number from 0 to 1 (got a string)",
                "flows[0].tcp.cc_params.gian: unknown parameter \"gian\" (did you mean \"gain\"?)",
                "flows[0].tcp.cc_params.mode: unknown value \"fats\" (did you mean \"fast\"? expected one of: fast, slow_start)",
                "flows[0].tcp.cc_params.on: must be true or false (got a number)",
                "flows[0].tcp.cc_params.rounds: must be between 1 and 10 (got 11)",
            ]
        );
        let (_, errs) = run(json!({ "rounds": 2.5 }));
        assert_eq!(
            errs,
            ["flows[0].tcp.cc_params.rounds: must be a whole number (got 2.5)"]
        );
        let mut p = Problems::default();
        validate_params(Some(&json!([1])), &P::specs(), "x", &mut p);
        validate_params(Some(&json!({ "a": 1 })), &[], "y", &mut p);
        let errs: Vec<String> = p.0.iter().map(|e| e.to_string()).collect();
        assert_eq!(
            errs,
            [
                "x: must be an object of parameters (got an array)",
                "y.a: unknown parameter \"a\" (no tunable parameters here)"
            ]
        );
    }

    #[test]
    fn serialises_in_the_catalog_shape() {
        let s = serde_json::to_value(P::specs()).unwrap();
        assert_eq!(
            s[0],
            json!({ "name": "gain", "unit": "", "kind": "number", "min": 0.0, "max": 1.0, "default": 0.5, "description": "a gain" })
        );
        assert_eq!(s[1]["kind"], "integer");
        assert_eq!(
            s[2],
            json!({ "name": "on", "unit": "", "kind": "bool", "default": true, "description": "switch" })
        );
        assert_eq!(s[3]["options"], json!(["fast", "slow_start"]));
        let open = ParamSpec::number("x", "", 0.0, f64::INFINITY, 1.0, "").required();
        let s = serde_json::to_value(open).unwrap();
        assert_eq!((s.get("max"), &s["required"]), (None, &json!(true)));
    }
}
