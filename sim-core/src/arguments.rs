//! The arguments a caller passes beside a document — a run's seed, a sweep's replications, a
//! number of runs per task — checked once here for the command line, Python and npm, with the
//! words the scenario's own fields get from the validating reader ([`crate::json_reader`]):
//! "seed: must be between 0 and 9007199254740991 (got NaN)". A binding hands in what it was
//! given: a number (any `f64`, NaN and infinities included: they are not JSON, so they cannot
//! reach the document's checks) or the name of another type.

use crate::json_reader::show;

pub use crate::scenario::MAX_SEED;

/// What a binding was given for an argument.
#[derive(Clone, Copy, Debug)]
pub enum Given<'a> {
    /// A number (NaN and infinities included).
    Number(f64),
    /// Something else, by its kind as messages say it: "a string", "a boolean", "null", ….
    Other(&'a str),
}

fn shown(x: f64) -> String {
    if x.is_nan() {
        "NaN".into()
    } else if x.is_infinite() {
        if x > 0.0 { "Infinity" } else { "-Infinity" }.into()
    } else {
        show(x)
    }
}

/// A whole number in `[lo, hi]` named `name`, or the sentence the validating reader would give
/// for a field of that name.
pub fn whole(name: &str, given: Given, lo: u64, hi: u64) -> Result<u64, String> {
    let x = match given {
        Given::Number(x) => x,
        Given::Other(kind) => {
            return Err(format!(
                "{name}: must be a number from {lo} to {hi} (got {kind})"
            ))
        }
    };
    if !x.is_finite() || x < lo as f64 || x > hi as f64 {
        return Err(format!(
            "{name}: must be between {lo} and {hi} (got {})",
            shown(x)
        ));
    }
    if x.fract() != 0.0 {
        return Err(format!("{name}: must be a whole number (got {})", shown(x)));
    }
    Ok(x as u64)
}

/// A run's seed (the scenario's `seed` field: 0 to [`MAX_SEED`]).
pub fn seed(given: Given) -> Result<u64, String> {
    whole("seed", given, 0, MAX_SEED)
}

/// A sweep's replications (1 to [`crate::sweep::limits::MAX_REPLICATIONS`]).
pub fn replications(given: Given) -> Result<u64, String> {
    whole(
        "replications",
        given,
        1,
        crate::sweep::limits::MAX_REPLICATIONS,
    )
}

/// An argument by name (`seed`, `replications`), for bindings that check several the same way;
/// `None` for a name this module does not know.
pub fn check(name: &str, given: Given) -> Option<Result<u64, String>> {
    match name {
        "seed" => Some(seed(given)),
        "replications" => Some(replications(given)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_every_kind_of_bad_argument_like_the_reader() {
        let s = |x| seed(Given::Number(x)).unwrap_err();
        assert_eq!(
            s(f64::NAN),
            "seed: must be between 0 and 9007199254740991 (got NaN)"
        );
        assert_eq!(
            s(f64::INFINITY),
            "seed: must be between 0 and 9007199254740991 (got Infinity)"
        );
        assert_eq!(
            s(-1.0),
            "seed: must be between 0 and 9007199254740991 (got -1)"
        );
        assert_eq!(s(1.5), "seed: must be a whole number (got 1.5)");
        assert_eq!(
            seed(Given::Other("a string")).unwrap_err(),
            "seed: must be a number from 0 to 9007199254740991 (got a string)"
        );
        assert_eq!(seed(Given::Number(7.0)), Ok(7));
        assert_eq!(
            replications(Given::Number(0.0)).unwrap_err(),
            "replications: must be between 1 and 100000 (got 0)"
        );
    }

    #[test]
    fn the_file_field_gets_the_same_words() {
        for (v, want) in [
            ("-1", seed(Given::Number(-1.0))),
            ("1.5", seed(Given::Number(1.5))),
            ("\"x\"", seed(Given::Other("a string"))),
        ] {
            let errs =
                crate::scenario::parse(&format!(r#"{{"seed":{v},"flows":[{{}}]}}"#)).unwrap_err();
            assert_eq!(errs[0].to_string(), want.unwrap_err(), "{v}");
        }
    }
}
