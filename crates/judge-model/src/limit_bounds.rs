//! The widest limits a problem may give a test. A problem from elsewhere is untrusted: a
//! package that asks for 10^6 s of CPU or a terabyte of output would hold a worker for
//! days or fill the judge's disk, so such a limit is refused at load, naming the file and
//! the key, never clamped in silence. Each loader names the key in its own format's words
//! (problem.toml's `limits.time_s`, problem.yaml's `limits.time_limit`, problem.xml's
//! `<time-limit>`); the bounds are the same for all.

/// The most CPU time a test may have, in seconds, before a language's multiplier: well
/// past any teaching or contest problem (IOI's longest are around 10 s).
pub const MAX_TIME_S: f64 = 60.0;
/// The most wall-clock time a test may have, in seconds.
pub const MAX_WALL_TIME_S: f64 = 600.0;
/// The most memory a test may have, in MiB.
pub const MAX_MEMORY_MIB: u64 = 16 * 1024;
/// The most output a test may write, in MiB.
pub const MAX_OUTPUT_MIB: u64 = 1024;

/// Why a time in seconds (CPU or wall, with the most allowed) is refused, if it is.
pub fn seconds(value: f64, max: f64) -> Option<String> {
    if !(value > 0.0 && value.is_finite()) {
        Some(format!("{value} s: must be a positive number of seconds"))
    } else if value > max {
        Some(format!("{value} s is more than the judge allows ({max} s)"))
    } else {
        None
    }
}

/// Why a size in MiB (memory or output, with the most allowed) is refused, if it is.
pub fn mebibytes(value: u64, max: u64) -> Option<String> {
    if value == 0 {
        Some("0 MiB: must be at least 1 MiB".to_string())
    } else if value > max {
        Some(format!(
            "{value} MiB is more than the judge allows ({max} MiB)"
        ))
    } else {
        None
    }
}

/// The file a judge keeps a package's inferred time limit in, inside the problem's folder:
/// one number of seconds, as DOMjudge and BAPCtools write it (docs/problem-format.md,
/// "The time limit of a package that gives none").
pub const STORED_TIME_LIMIT_FILE: &str = ".timelimit";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn absurd_and_meaningless_limits_are_named() {
        assert_eq!(seconds(2.0, MAX_TIME_S), None);
        assert_eq!(
            seconds(1e6, MAX_TIME_S).unwrap(),
            "1000000 s is more than the judge allows (60 s)"
        );
        for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
            assert!(
                seconds(bad, MAX_TIME_S).unwrap().contains("positive"),
                "{bad}"
            );
        }
        assert_eq!(mebibytes(256, MAX_MEMORY_MIB), None);
        assert_eq!(
            mebibytes(1 << 20, MAX_OUTPUT_MIB).unwrap(),
            "1048576 MiB is more than the judge allows (1024 MiB)"
        );
        assert!(mebibytes(0, MAX_MEMORY_MIB).is_some());
    }
}
