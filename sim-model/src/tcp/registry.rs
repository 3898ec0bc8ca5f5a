//! One entry per TCP component: a congestion-control variant or a loss classifier is declared
//! once, in its own file, as an [`Entry`] (catalog text, knob table, constructor); `cc::VARIANTS`
//! and `classify::CLASSIFIERS` list the entries, and every id list, catalog lookup and
//! constructor is read off that one table. Adding a component is its file plus one line in the
//! table beside its `mod` line.

use crate::param::{Info, ParamSpec};
use serde_json::Value;

/// A component that builds a `Box<T>` (`T` = `dyn CongestionControl` or `dyn LossClassifier`).
pub struct Entry<T: ?Sized + 'static> {
    /// Id (the scenario's value), title, description, reference.
    pub info: Info,
    /// Its knobs, in the order the parser reads them (the defaults of its `Params`).
    pub specs: fn() -> Vec<ParamSpec>,
    /// The component with its default parameters overridden by validated `(name, value)` pairs.
    pub build: fn(&[(&'static str, Value)]) -> Box<T>,
}

/// No knobs.
pub fn no_knobs() -> Vec<ParamSpec> {
    Vec::new()
}

/// The ids of `entries`, in order (`N` = `entries.len()`, checked at compile time).
pub const fn ids<T: ?Sized, const N: usize>(entries: &[Entry<T>]) -> [&'static str; N] {
    assert!(entries.len() == N);
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = entries[i].info.id;
        i += 1;
    }
    out
}

/// `ids`, then [`crate::tcp::custom::ID`]: the ids a scenario may name (`N` = `ids.len() + 1`).
pub const fn and_custom<const N: usize>(ids: &[&'static str]) -> [&'static str; N] {
    assert!(ids.len() + 1 == N);
    let mut out = [""; N];
    let mut i = 0;
    while i < ids.len() {
        out[i] = ids[i];
        i += 1;
    }
    out[N - 1] = crate::tcp::custom::ID;
    out
}

/// The entry with id `id`.
pub fn find<'a, T: ?Sized>(entries: &'a [Entry<T>], id: &str) -> Option<&'a Entry<T>> {
    entries.iter().find(|e| e.info.id == id)
}
