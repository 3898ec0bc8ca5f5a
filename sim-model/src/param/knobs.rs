//! [`Knobs`]: a component's fields read from a scenario object through its knob table
//! ([`ParamSpec`] list), so the table is the one statement of each field's name, range and default;
//! messages and JSON paths are the reader's ([`Obj`]).

use super::{ParamKind, ParamSpec};
use crate::json_reader::{Obj, Problems};
use serde_json::Value;

/// The fields of a JSON object read through a knob table: each field's range and default come
/// from its [`ParamSpec`] (so adding a knob touches the table, not the reader), the messages and
/// paths are [`Obj`]'s. Reading a name missing from the table is a bug (panic).
pub struct Knobs<'o, 'a> {
    obj: &'o mut Obj<'a>,
    specs: Vec<ParamSpec>,
}

impl<'o, 'a> Knobs<'o, 'a> {
    /// Read `obj` through `specs`.
    pub fn new(obj: &'o mut Obj<'a>, specs: Vec<ParamSpec>) -> Self {
        Knobs { obj, specs }
    }
    /// The object being read (for structural checks and fields outside the table).
    pub fn obj(&mut self) -> &mut Obj<'a> {
        self.obj
    }
    /// Path of a field.
    pub fn at(&self, name: &str) -> String {
        self.obj.at(name)
    }
    fn spec(&self, name: &str) -> &ParamSpec {
        self.specs
            .iter()
            .find(|s| s.name == name)
            .unwrap_or_else(|| panic!("knob {name} is not in the table"))
    }
    /// The table's default, or `None` if the knob is required (or derived: use the `_or` form).
    fn default(&self, name: &str) -> Option<&Value> {
        let s = self.spec(name);
        (!s.required && !s.default.is_null()).then_some(&s.default)
    }
    fn range(&self, name: &str) -> (f64, f64) {
        match self.spec(name).kind {
            ParamKind::Number { min, max } => (min, max),
            ParamKind::Integer { min, max } => (min as f64, max as f64),
            ref k => panic!("knob {name} is not a number: {k:?}"),
        }
    }
    /// A number in the table's range, with its default (`required` → none).
    pub fn num(&mut self, name: &'static str, p: &mut Problems) -> f64 {
        let d = self.default(name).and_then(Value::as_f64);
        self.num_within(name, self.range(name).1, d, p)
    }
    /// A number in the table's range whose default is derived from other fields.
    pub fn num_or(&mut self, name: &'static str, default: f64, p: &mut Problems) -> f64 {
        self.num_within(name, self.range(name).1, Some(default), p)
    }
    /// A number from the table's minimum to `max` (a cap from another field, e.g. `stop.time_s`).
    pub fn num_within(
        &mut self,
        name: &'static str,
        max: f64,
        default: Option<f64>,
        p: &mut Problems,
    ) -> f64 {
        let lo = self.range(name).0;
        self.obj.num(name, lo, max, default, p)
    }
    /// A whole number in the table's range, with its default (`required` → none).
    pub fn int(&mut self, name: &'static str, p: &mut Problems) -> u64 {
        let d = self.default(name).and_then(Value::as_u64);
        self.int_opt_default(name, d, p)
    }
    /// A whole number in the table's range whose default is derived from other fields.
    pub fn int_or(&mut self, name: &'static str, default: u64, p: &mut Problems) -> u64 {
        self.int_opt_default(name, Some(default), p)
    }
    fn int_opt_default(
        &mut self,
        name: &'static str,
        default: Option<u64>,
        p: &mut Problems,
    ) -> u64 {
        let (lo, hi) = self.range(name);
        self.obj.int(name, lo as u64, hi as u64, default, p)
    }
    /// A whole number whose absence (or `null`, the table's default) means "none".
    pub fn opt_int(&mut self, name: &'static str, p: &mut Problems) -> Option<u64> {
        match self.obj.get(name) {
            None | Some(Value::Null) => None,
            Some(_) => Some(self.int_opt_default(name, None, p)),
        }
    }
    /// A boolean with the table's default.
    pub fn flag(&mut self, name: &'static str, p: &mut Problems) -> bool {
        let d = self.spec(name).default.as_bool().unwrap_or(false);
        self.flag_or(name, d, p)
    }
    /// A boolean whose default comes from elsewhere (a stack profile).
    pub fn flag_or(&mut self, name: &'static str, default: bool, p: &mut Problems) -> bool {
        self.spec(name);
        self.obj.bool(name, default, p)
    }
    /// One of the table's options, with its default.
    pub fn pick(&mut self, name: &'static str, p: &mut Problems) -> &'static str {
        let d = self.default(name).and_then(Value::as_str);
        let d = self.options(name).into_iter().find(|o| Some(*o) == d);
        self.pick_default(name, d, p)
    }
    /// One of the table's options; the default comes from elsewhere (a stack profile).
    pub fn pick_or(&mut self, name: &'static str, default: &str, p: &mut Problems) -> &'static str {
        let d = self.options(name).into_iter().find(|o| *o == default);
        self.pick_default(name, d, p)
    }
    fn options(&self, name: &str) -> Vec<&'static str> {
        match &self.spec(name).kind {
            ParamKind::Choice { options } => options.clone(),
            k => panic!("knob {name} is not a choice: {k:?}"),
        }
    }
    fn pick_default(
        &mut self,
        name: &'static str,
        default: Option<&'static str>,
        p: &mut Problems,
    ) -> &'static str {
        let options = self.options(name);
        self.obj.choice(name, &options, default, p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn knobs_read_fields_with_the_table_ranges_and_defaults() {
        let specs = || {
            vec![
                ParamSpec::number("gain", "", 0.0, 1.0, 0.5, "a gain"),
                ParamSpec::number("need", "", 0.0, 1.0, 0.1, "required").required(),
                ParamSpec::integer("rounds", "", 1, 10, 3, "rounds"),
                ParamSpec::integer("size", "bytes", 1, 100, 50, "derived")
                    .with_default(Value::Null),
                ParamSpec::boolean("on", true, "switch"),
                ParamSpec::choice("mode", &["fast", "slow"], "fast", "mode"),
            ]
        };
        let read = |v: Value| {
            let mut p = Problems::default();
            let mut o = Obj::new(Some(&v), "q".into(), &mut p);
            let mut k = Knobs::new(&mut o, specs());
            let got = (
                k.num("gain", &mut p),
                k.num("need", &mut p),
                k.int("rounds", &mut p),
                k.opt_int("size", &mut p),
                k.flag("on", &mut p),
                k.pick("mode", &mut p),
                k.int_or("rounds", 7, &mut p),
            );
            o.finish(&mut p);
            (got, p.0.iter().map(|e| e.to_string()).collect::<Vec<_>>())
        };
        let (got, errs) = read(json!({ "need": 0.2 }));
        assert_eq!(got, (0.5, 0.2, 3, None, true, "fast", 7));
        assert!(errs.is_empty(), "{errs:?}");
        let (_, errs) =
            read(json!({ "gain": 2, "rounds": 0, "size": 1.5, "mode": "fats", "zzzzzz": 1 }));
        assert_eq!(
            errs,
            [
                "q.gain: must be between 0 and 1 (got 2)",
                "q.need: is required (a number from 0 to 1)",
                "q.rounds: must be between 1 and 10 (got 0)",
                "q.size: must be a whole number (got 1.5)",
                "q.mode: unknown value \"fats\" (did you mean \"fast\"? expected one of: fast, slow)",
                "q.rounds: must be between 1 and 10 (got 0)",
                "q.zzzzzz: unknown field \"zzzzzz\" (expected one of: gain, mode, need, on, rounds, size)",
            ]
        );
    }

    #[test]
    #[should_panic(expected = "knob missing is not in the table")]
    fn knobs_refuse_a_name_missing_from_the_table() {
        let mut p = Problems::default();
        let mut o = Obj::new(None, String::new(), &mut p);
        Knobs::new(&mut o, Vec::new()).num("missing", &mut p);
    }
}
