//! What happened to a run, and what it used.

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// The program exited by itself (see `exit_code`).
    Exited,
    /// The program was killed by a signal it caused (see `signal`).
    Signaled,
    /// CPU time (user + system, whole tree) ran past the limit.
    CpuTimeLimit,
    /// Wall-clock time ran past the limit.
    WallTimeLimit,
    /// The memory limit was hit (the kernel's OOM killer acted in the box's cgroup, or, in
    /// rlimit-only mode, the peak resident size reached the limit).
    MemoryLimit,
    /// The program wrote more than the output limit to stdout.
    OutputLimit,
    /// The program made a forbidden system call and was killed by the seccomp filter.
    SecurityViolation,
    /// The program was stopped because another program of its run ended first and decided
    /// it (an interactive test's interactor rejected the submission).
    Stopped,
}

/// Which mechanism enforced the limits of a run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Enforcement {
    /// cgroup v2 (memory, pids, cpu controllers).
    CgroupV2,
    /// cgroup v1 (memory, cpuacct, pids hierarchies).
    CgroupV1,
    /// Resource limits only: degraded (see the sandbox README).
    RlimitOnly,
}

/// The measured result of one run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// How the run ended.
    pub termination: Termination,
    /// The exit code, when the program exited by itself.
    pub exit_code: Option<i32>,
    /// The signal that killed the program, when one did.
    pub signal: Option<i32>,
    /// CPU time used, user + system, all threads and processes of the box.
    #[serde(rename = "cpu_time_s", with = "seconds")]
    pub cpu_time: Duration,
    /// Wall-clock time from the program's start to the end of the run.
    #[serde(rename = "wall_time_s", with = "seconds")]
    pub wall_time: Duration,
    /// Peak memory of the whole box, in bytes.
    pub peak_memory_bytes: u64,
    /// Bytes written to stdout (counted up to the point the program was stopped).
    pub stdout_bytes: u64,
    /// The start of stderr, up to the kept size, as text (lossy UTF-8).
    pub stderr: String,
    /// Whether stderr was longer than what was kept.
    pub stderr_truncated: bool,
    /// The mechanism that enforced the limits.
    pub enforcement: Enforcement,
    /// Whether the run had full isolation (namespaces, unprivileged uid, seccomp).
    pub isolated: bool,
}

impl Outcome {
    /// True when the program exited with status 0 within every limit.
    pub fn success(&self) -> bool {
        self.termination == Termination::Exited && self.exit_code == Some(0)
    }

    /// The conventional name of the signal that killed the program (`SIGSEGV`), if any.
    pub fn signal_name(&self) -> Option<String> {
        self.signal.map(signal_name)
    }
}

/// The conventional name of a signal number (`SIGSEGV`), or `signal N`.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGHUP => "SIGHUP",
        libc::SIGINT => "SIGINT",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGILL => "SIGILL",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGKILL => "SIGKILL",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGALRM => "SIGALRM",
        libc::SIGTERM => "SIGTERM",
        libc::SIGCHLD => "SIGCHLD",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSYS => "SIGSYS",
        _ => return format!("signal {signal}"),
    };
    name.to_string()
}

/// Serializes a duration as fractional seconds.
pub mod seconds {
    use serde::{Deserialize, Deserializer, Serializer};
    use std::time::Duration;

    /// Writes the duration as seconds (f64, microsecond precision).
    pub fn serialize<S: Serializer>(duration: &Duration, serializer: S) -> Result<S::Ok, S::Error> {
        let micros = duration.as_micros() as f64;
        serializer.serialize_f64(micros / 1e6)
    }

    /// Reads seconds (f64) into a duration.
    pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Duration, D::Error> {
        let seconds = f64::deserialize(deserializer)?;
        Duration::try_from_secs_f64(seconds).map_err(serde::de::Error::custom)
    }
}
