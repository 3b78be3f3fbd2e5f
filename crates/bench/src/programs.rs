//! The calibrated programs the benchmarks run, embedded so the binary needs no source tree.

/// A program's source in one language of judge.toml's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Program {
    /// A short name for reports (`touch.c`).
    pub name: &'static str,
    /// The language id in judge.toml (`c`, `cpp`, `rust`, `python3`, `java`).
    pub language: &'static str,
    /// The source text.
    pub source: &'static str,
}

/// `int main(void) { return 0; }`: the overhead benchmark's program.
pub const TRUE_C: Program = Program {
    name: "true.c",
    language: "c",
    source: include_str!("../programs/true.c"),
};

/// A busy loop that spins until the process has used `argv[1]` seconds of CPU over
/// `argv[2]` threads, then prints `self_cpu_s=`.
pub const SPIN_C: Program = Program {
    name: "spin.c",
    language: "c",
    source: include_str!("../programs/spin.c"),
};

/// Programs that touch `argv[1]` MiB one page at a time and print `self_peak_kib=`, one
/// per language; with 0 they are each runtime's trivial program.
pub const TOUCH: [Program; 5] = [
    Program {
        name: "touch.c",
        language: "c",
        source: include_str!("../programs/touch.c"),
    },
    Program {
        name: "touch.cpp",
        language: "cpp",
        source: include_str!("../programs/touch.cpp"),
    },
    Program {
        name: "touch.rs",
        language: "rust",
        source: include_str!("../programs/touch.rs"),
    },
    Program {
        name: "touch.py",
        language: "python3",
        source: include_str!("../programs/touch.py"),
    },
    Program {
        name: "Touch.java",
        language: "java",
        source: include_str!("../programs/Touch.java"),
    },
];

/// A `key=value` figure a program printed (`self_cpu_s=0.5` -> 0.5).
pub fn printed(stdout: &str, key: &str) -> Option<f64> {
    stdout.lines().find_map(|line| {
        line.trim()
            .strip_prefix(key)
            .and_then(|rest| rest.strip_prefix('='))
            .and_then(|value| value.trim().parse().ok())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn printed_figures_are_read() {
        assert_eq!(
            printed("x\nself_cpu_s=0.500100\n", "self_cpu_s"),
            Some(0.5001)
        );
        assert_eq!(printed("self_peak_kib=12\n", "self_cpu_s"), None);
    }
}
