//! How the report writes a number: about four significant digits, deterministic.

/// A number for the report: shortest form with about four significant digits, deterministic.
pub fn num(x: f64) -> String {
    if !x.is_finite() {
        return if x.is_nan() {
            "—".into()
        } else {
            "∞".into()
        };
    }
    let a = x.abs();
    let s = if a == 0.0 {
        "0".to_string()
    } else if !(1e-3..1e6).contains(&a) {
        format!("{x:.3e}")
    } else if a >= 1000.0 {
        format!("{x:.0}")
    } else if a >= 100.0 {
        format!("{x:.1}")
    } else if a >= 10.0 {
        format!("{x:.2}")
    } else if a >= 1.0 {
        format!("{x:.3}")
    } else {
        format!("{x:.4}")
    };
    // Trim trailing zeros of a fixed-point fraction (not of an exponent form).
    if s.contains('.') && !s.contains('e') {
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_well() {
        assert_eq!(num(1234.56), "1235");
        assert_eq!(num(295.04), "295");
        assert_eq!(num(1.5), "1.5");
        assert_eq!(num(0.9012), "0.9012");
        assert_eq!(num(8.78e-6), "8.780e-6");
        assert_eq!(num(0.0), "0");
    }
}
