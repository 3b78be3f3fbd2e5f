//! The Kattis default output validator, with its flags: tokens compared up to ASCII case
//! unless `case_sensitive`; whitespace only separates tokens unless
//! `space_change_sensitive`; numbers within `float_tolerance`,
//! `float_absolute_tolerance` or `float_relative_tolerance` where given (then the
//! answer's numeric tokens, integers too, are compared as numbers).

use super::comparison::{show, Comparison};

/// The default validator's settings, parsed from its flags when the problem is loaded.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct KattisFlags {
    /// Tokens must match byte for byte.
    pub case_sensitive: bool,
    /// Whitespace must match in type and amount.
    pub space_change_sensitive: bool,
    /// Absolute tolerance for numbers.
    pub absolute: Option<f64>,
    /// Relative tolerance for numbers.
    pub relative: Option<f64>,
}

impl KattisFlags {
    /// Parses the flags (`output_validator_flags`, `validator_flags`), or says what is
    /// wrong with them.
    pub fn parse(flags: &[String]) -> Result<KattisFlags, String> {
        let mut parsed = KattisFlags::default();
        let mut words = flags.iter();
        let mut tolerance_given = (false, false, false);
        while let Some(flag) = words.next() {
            let mut number = |name: &str| -> Result<f64, String> {
                let value = words
                    .next()
                    .ok_or_else(|| format!("{name} needs a number after it"))?;
                value
                    .parse::<f64>()
                    .ok()
                    .filter(|v| v.is_finite() && *v >= 0.0)
                    .ok_or_else(|| format!("{name} {value}: not a tolerance"))
            };
            match flag.as_str() {
                "case_sensitive" => parsed.case_sensitive = true,
                "space_change_sensitive" => parsed.space_change_sensitive = true,
                "float_tolerance" => {
                    let value = number(flag)?;
                    parsed.absolute = Some(value);
                    parsed.relative = Some(value);
                    tolerance_given.0 = true;
                }
                "float_absolute_tolerance" => {
                    parsed.absolute = Some(number(flag)?);
                    tolerance_given.1 = true;
                }
                "float_relative_tolerance" => {
                    parsed.relative = Some(number(flag)?);
                    tolerance_given.2 = true;
                }
                other => {
                    return Err(format!(
                        "unknown flag {other:?} for the default output validator (it takes case_sensitive, space_change_sensitive, float_tolerance E, float_absolute_tolerance E, float_relative_tolerance E)"
                    ))
                }
            }
        }
        if tolerance_given.0 && (tolerance_given.1 || tolerance_given.2) {
            return Err(
                "float_tolerance cannot be given with float_absolute_tolerance or float_relative_tolerance".into(),
            );
        }
        Ok(parsed)
    }

    /// The flags that give these settings (for writing a package).
    pub fn to_flags(self) -> Vec<String> {
        let mut flags = Vec::new();
        if self.case_sensitive {
            flags.push("case_sensitive".to_string());
        }
        if self.space_change_sensitive {
            flags.push("space_change_sensitive".to_string());
        }
        match (self.absolute, self.relative) {
            (Some(a), Some(r)) if a == r => {
                flags.extend(["float_tolerance".to_string(), a.to_string()]);
            }
            (a, r) => {
                if let Some(a) = a {
                    flags.extend(["float_absolute_tolerance".to_string(), a.to_string()]);
                }
                if let Some(r) = r {
                    flags.extend(["float_relative_tolerance".to_string(), r.to_string()]);
                }
            }
        }
        flags
    }
}

fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\n' | b'\r' | b'\t' | 0x0b | 0x0c)
}

/// The file as alternating runs: whitespace, token, whitespace, token, ... (starting with
/// a possibly empty whitespace run).
fn runs(text: &[u8]) -> Vec<&[u8]> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut in_space = true;
    for (index, &byte) in text.iter().enumerate() {
        if is_space(byte) != in_space {
            out.push(&text[start..index]);
            start = index;
            in_space = !in_space;
        }
    }
    out.push(&text[start..]);
    if !in_space {
        // It ended on a token: the whitespace after it is empty.
        out.push(&text[text.len()..]);
    }
    out
}

/// A number of the format's float grammar (decimal, optional exponent), or `None`.
fn parse_float(token: &[u8]) -> Option<f64> {
    let text = std::str::from_utf8(token).ok()?;
    let body = text.strip_prefix(['+', '-']).unwrap_or(text);
    let (significand, exponent) = match body.find(['e', 'E']) {
        Some(at) => (&body[..at], Some(&body[at + 1..])),
        None => (body, None),
    };
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let significand_ok = match significand.split_once('.') {
        Some((whole, fraction)) => {
            digits(whole) && digits(fraction) && !(whole.is_empty() && fraction.is_empty())
        }
        None => !significand.is_empty() && digits(significand),
    };
    let exponent_ok = exponent.is_none_or(|e| {
        let e = e.strip_prefix(['+', '-']).unwrap_or(e);
        !e.is_empty() && digits(e)
    });
    if significand_ok && exponent_ok {
        text.parse().ok()
    } else {
        None
    }
}

/// Compares an output with an answer as the default output validator does.
pub fn compare(flags: KattisFlags, output: &[u8], answer: &[u8]) -> Comparison {
    let (out_runs, ans_runs) = (runs(output), runs(answer));
    let out_tokens: Vec<&[u8]> = out_runs.iter().skip(1).step_by(2).copied().collect();
    let ans_tokens: Vec<&[u8]> = ans_runs.iter().skip(1).step_by(2).copied().collect();
    let tolerant = flags.absolute.is_some() || flags.relative.is_some();
    for (index, (out, ans)) in out_tokens.iter().zip(&ans_tokens).enumerate() {
        let number = if tolerant { parse_float(ans) } else { None };
        let matches = match number {
            Some(expected) => parse_float(out).is_some_and(|found| {
                let difference = (found - expected).abs();
                flags.absolute.is_some_and(|a| difference <= a)
                    || flags
                        .relative
                        .is_some_and(|r| difference <= r * expected.abs())
            }),
            None if flags.case_sensitive => out == ans,
            None => out.eq_ignore_ascii_case(ans),
        };
        if !matches {
            return Comparison::wrong(format!(
                "token {}: expected {}, found {}",
                index + 1,
                show(ans),
                show(out)
            ));
        }
    }
    if out_tokens.len() != ans_tokens.len() {
        return Comparison::wrong(if out_tokens.len() < ans_tokens.len() {
            format!(
                "the output ends after {} tokens; expected {}",
                out_tokens.len(),
                ans_tokens.len()
            )
        } else {
            format!(
                "extra output after the {} expected tokens: {}",
                ans_tokens.len(),
                show(out_tokens[ans_tokens.len()])
            )
        });
    }
    if flags.space_change_sensitive {
        let spaces = |runs: &[&[u8]]| -> Vec<Vec<u8>> {
            runs.iter().step_by(2).map(|r| r.to_vec()).collect()
        };
        // Both have one more whitespace run than tokens, and as many tokens by now.
        if let Some(at) = spaces(&out_runs)
            .iter()
            .zip(spaces(&ans_runs).iter())
            .position(|(a, b)| a != b)
        {
            return Comparison::wrong(format!(
                "whitespace differs before token {} (space_change_sensitive)",
                at + 1
            ));
        }
    }
    Comparison::accepted()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdict::Verdict;

    fn flags(text: &str) -> KattisFlags {
        let words: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        KattisFlags::parse(&words).unwrap()
    }

    fn ok(flags: KattisFlags, out: &str, ans: &str) -> bool {
        compare(flags, out.as_bytes(), ans.as_bytes()).verdict == Verdict::AC
    }

    #[test]
    fn by_default_case_and_spacing_are_free() {
        let default = flags("");
        assert!(ok(default, "YES  \n3\n", "yes 3"));
        assert!(!ok(default, "yes 4", "yes 3"));
        assert!(!ok(default, "yes", "yes 3"));
        assert!(!ok(default, "1.0", "1"), "no tolerance: tokens are text");
    }

    #[test]
    fn case_and_space_sensitivity() {
        assert!(!ok(flags("case_sensitive"), "YES", "yes"));
        let spaces = flags("space_change_sensitive");
        assert!(!ok(spaces, "1  2\n", "1 2\n"));
        assert!(!ok(spaces, "1 2", "1 2\n"), "trailing newline counts");
        assert!(ok(spaces, "a 2\n", "A 2\n"));
    }

    #[test]
    fn tolerances() {
        let both = flags("float_tolerance 1e-6");
        assert!(ok(both, "3.1415927", "3.14159265"));
        assert!(ok(both, "1000000.5", "1000000"), "relative");
        assert!(!ok(both, "3.15", "3.14"));
        assert!(!ok(both, "abc", "3.14"));
        assert!(ok(both, "x 2", "X 2.0000000001"));
        let absolute = flags("float_absolute_tolerance 0.1");
        assert!(ok(absolute, "2.05", "2"));
        assert!(!ok(absolute, "1000.5", "1000"));
        let relative = flags("float_relative_tolerance 0.01");
        assert!(ok(relative, "1005", "1000"));
        assert!(ok(relative, "5.", "5"));
    }

    #[test]
    fn bad_flags_are_refused_and_flags_round_trip() {
        for bad in [
            "float_tolerance",
            "float_tolerance x",
            "case_insensitive",
            "float_tolerance 1 float_absolute_tolerance 1",
        ] {
            let words: Vec<String> = bad.split_whitespace().map(str::to_string).collect();
            assert!(KattisFlags::parse(&words).is_err(), "{bad}");
        }
        let parsed = flags("case_sensitive float_absolute_tolerance 0.5");
        assert_eq!(KattisFlags::parse(&parsed.to_flags()).unwrap(), parsed);
    }
}
