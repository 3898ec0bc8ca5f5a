//! Amounts in words for people's messages: bytes, counts and durations rounded to two
//! significant digits (`1.2 GB`, `3.1 billion`, `12 minutes`). Shared by the engine's stop
//! messages and the budget's refusals, so a figure reads the same in both.

/// `1.2 GB`, `350 MB`, `12 kB` (decimal units, two significant digits).
pub fn bytes_text(b: f64) -> String {
    let (v, unit) = if b >= 1e9 {
        (b / 1e9, "GB")
    } else if b >= 1e6 {
        (b / 1e6, "MB")
    } else {
        (b / 1e3, "kB")
    };
    format!("{} {unit}", two_digits(v))
}

/// `3.1 billion`, `450 million`, `12 000`.
pub fn count_text(n: f64) -> String {
    if n >= 1e9 {
        format!("{} billion", two_digits(n / 1e9))
    } else if n >= 1e6 {
        format!("{} million", two_digits(n / 1e6))
    } else {
        format!("{}", n.round())
    }
}

/// `40 s`, `12 minutes`, `3.5 hours`, `2 days`.
pub fn duration_text(s: f64) -> String {
    if s < 120.0 {
        format!("{} s", two_digits(s.max(1.0)))
    } else if s < 7200.0 {
        format!("{} minutes", two_digits(s / 60.0))
    } else if s < 172_800.0 {
        format!("{} hours", two_digits(s / 3600.0))
    } else {
        format!("{} days", two_digits(s / 86_400.0))
    }
}

fn two_digits(v: f64) -> String {
    if v >= 10.0 {
        format!("{}", v.round())
    } else {
        let r = (v * 10.0).round() / 10.0;
        format!("{r}")
    }
}
