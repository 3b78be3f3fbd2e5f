//! `float`: tokens, except that numbers may differ within an absolute or relative
//! tolerance. Integers are compared exactly (a float would round 2^53 + 1 away), and
//! `inf`/`nan` only match themselves.

/// Whether a token is a decimal integer (`-12`, `+7`, `0`).
fn is_integer(token: &[u8]) -> bool {
    let digits = token
        .strip_prefix(b"-")
        .or_else(|| token.strip_prefix(b"+"))
        .unwrap_or(token);
    !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
}

/// An integer's sign and digits without leading zeros, so `-007` equals `-7`.
fn normalized_integer(token: &[u8]) -> (bool, &[u8]) {
    let negative = token.first() == Some(&b'-');
    let digits = token
        .strip_prefix(b"-")
        .or_else(|| token.strip_prefix(b"+"))
        .unwrap_or(token);
    let start = digits
        .iter()
        .position(|&d| d != b'0')
        .unwrap_or(digits.len());
    let digits = &digits[start..];
    (negative && !digits.is_empty(), digits)
}

/// A finite, infinite or NaN number, or `None` for a token that is not one.
fn parse_number(token: &[u8]) -> Option<f64> {
    let text = std::str::from_utf8(token).ok()?;
    // Rust accepts "infinity" and "nan" in any case; it also accepts nothing else odd.
    text.parse::<f64>().ok()
}

/// Whether an output token matches an answer token.
pub fn tokens_match(output: &[u8], answer: &[u8], absolute: f64, relative: f64) -> bool {
    if output == answer {
        return true;
    }
    if is_integer(output) && is_integer(answer) {
        return normalized_integer(output) == normalized_integer(answer);
    }
    let (Some(found), Some(expected)) = (parse_number(output), parse_number(answer)) else {
        return false;
    };
    if expected.is_nan() || found.is_nan() {
        return expected.is_nan() && found.is_nan();
    }
    if expected.is_infinite() || found.is_infinite() {
        return expected == found;
    }
    let difference = (found - expected).abs();
    difference <= absolute || difference <= relative * expected.abs()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(out: &str, ans: &str) -> bool {
        tokens_match(out.as_bytes(), ans.as_bytes(), 1e-6, 1e-6)
    }

    #[test]
    fn numbers_within_tolerance_match() {
        assert!(m("3.1415927", "3.14159265"));
        assert!(m("1e6", "1000000.5"), "relative tolerance");
        assert!(m("0.0000001", "0"), "absolute tolerance");
        assert!(!m("3.15", "3.14"));
        assert!(m("5.0", "5"));
    }

    #[test]
    fn integers_are_exact() {
        assert!(!m("9007199254740993", "9007199254740992"));
        assert!(m("-007", "-7"));
        assert!(m("+0", "-0"));
        assert!(!m("10", "11"));
    }

    #[test]
    fn special_values_and_words() {
        assert!(m("inf", "INF"));
        assert!(m("-inf", "-Infinity"));
        assert!(!m("inf", "1e308"));
        assert!(m("nan", "NaN"));
        assert!(!m("nan", "0"));
        assert!(m("YES", "YES"));
        assert!(!m("yes", "YES"));
    }
}
