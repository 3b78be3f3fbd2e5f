//! What a run used and how it ended, from what the supervisor saw and what the cgroup
//! counted: the measurement choice (cgroup counters when there is a cgroup, the init's or
//! wait4's rusage otherwise) and the classification.

use crate::cgroup::Usage;
use crate::child::{StatusRecord, RECORD_EXITED, RECORD_SETUP_FAILED};
use crate::classify::{classify, Observed};
use crate::error::{Result, SandboxError};
use crate::launch::setup_error;
use crate::limits::Limits;
use crate::outcome::{Enforcement, Outcome};
use crate::supervise::{KillReason, Watched};
use std::time::Duration;

/// How the run was made, for reading its measurements.
pub(crate) struct Made<'a> {
    /// Whether it was isolated (the first child was its init).
    pub isolated: bool,
    /// Who enforced the limits.
    pub enforcement: Enforcement,
    /// Its limits.
    pub limits: &'a Limits,
    /// The mount steps' names, for set-up errors.
    pub step_names: &'a [String],
    /// The command, for set-up errors.
    pub command: &'a str,
}

/// The program's wait status and rusage: its init's report, or wait4's without isolation.
/// `None` when the init ended without a report (killed by the supervisor, or by an OOM
/// kill that `usage` counted); an error when it ended without one for no known reason.
fn program_end(
    made: &Made,
    watched: &Watched,
    usage: Option<Usage>,
) -> Result<(Option<i32>, i64, i64, i64)> {
    if !made.isolated {
        let r = &watched.rusage;
        return Ok((
            Some(watched.wait_status),
            r.ru_utime.tv_sec * 1_000_000 + r.ru_utime.tv_usec,
            r.ru_stime.tv_sec * 1_000_000 + r.ru_stime.tv_usec,
            r.ru_maxrss,
        ));
    }
    match watched.records.iter().find(|r| r.kind == RECORD_EXITED) {
        Some(r) => Ok((Some(r.detail), r.user_us, r.system_us, r.maxrss_kib)),
        None if watched.kill_reason.is_some() => Ok((None, 0, 0, 0)),
        // An OOM kill in the box's cgroup is the program's doing, whatever it hit.
        None if usage.is_some_and(|u| u.oom_killed) => Ok((None, 0, 0, 0)),
        None => Err(SandboxError::Setup {
            stage: "watching the program (the box's init ended without a report)",
            source: std::io::Error::other(format!("init wait status {}", watched.wait_status)),
        }),
    }
}

/// The outcome of a run.
pub(crate) fn outcome(made: &Made, watched: &Watched, usage: Option<Usage>) -> Result<Outcome> {
    if watched.kill_reason == Some(KillReason::Cancelled) {
        return Err(SandboxError::Cancelled);
    }
    if let Some(failure) = watched
        .records
        .iter()
        .find(|r: &&StatusRecord| r.kind == RECORD_SETUP_FAILED)
    {
        return Err(setup_error(failure, made.step_names, made.command));
    }
    let (wait_status, user_us, system_us, maxrss_kib) = program_end(made, watched, usage)?;
    let rusage_cpu = Duration::from_micros((user_us + system_us).max(0) as u64);
    let cpu_time = match usage {
        Some(u) => u.cpu_time,
        None => rusage_cpu.max(watched.sampled_cpu),
    };
    let peak_memory_bytes = match usage {
        Some(u) => u.peak_memory_bytes,
        None => maxrss_kib.max(0) as u64 * 1024,
    };
    let (termination, exit_code, signal) = classify(&Observed {
        kill_reason: watched.kill_reason,
        wait_status,
        cpu_time,
        cpu_limit: made.limits.cpu_time,
        oom_killed: usage.is_some_and(|u| u.oom_killed),
        // Without cgroups an allocation fails at the limit, and the resident peak is what
        // was touched before: within 10 % of the limit counts as reaching it.
        rss_at_limit: usage.is_none() && peak_memory_bytes >= made.limits.memory_bytes / 10 * 9,
    });
    Ok(Outcome {
        termination,
        exit_code,
        signal,
        cpu_time,
        wall_time: Duration::from_nanos((watched.ended_ns - watched.started_ns).max(0) as u64),
        peak_memory_bytes,
        stdout_bytes: watched.stdout_bytes,
        stderr: String::from_utf8_lossy(&watched.stderr).into_owned(),
        stderr_truncated: watched.stderr_truncated,
        enforcement: made.enforcement,
        isolated: made.isolated,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::Termination;

    fn watched(records: Vec<StatusRecord>, kill_reason: Option<KillReason>) -> Watched {
        Watched {
            kill_reason,
            wait_status: 0,
            // SAFETY: rusage is plain old data.
            rusage: unsafe { std::mem::zeroed() },
            records,
            stdout_bytes: 3,
            stderr: b"oops".to_vec(),
            stderr_truncated: false,
            started_ns: 1_000_000,
            ended_ns: 251_000_000,
            heard_its_input_end: false,
            sampled_cpu: Duration::from_millis(40),
            retired: false,
        }
    }

    fn made(limits: &Limits) -> Made<'_> {
        Made {
            isolated: true,
            enforcement: Enforcement::CgroupV1,
            limits,
            step_names: &[],
            command: "./main",
        }
    }

    fn exited(code: i32) -> StatusRecord {
        StatusRecord {
            kind: RECORD_EXITED,
            detail: code << 8,
            user_us: 30_000,
            system_us: 5_000,
            maxrss_kib: 2048,
            ..StatusRecord::default()
        }
    }

    #[test]
    fn the_cgroup_counts_when_there_is_one_and_the_rusage_otherwise() {
        let limits = Limits::for_test(Duration::from_secs(1), 64 << 20);
        let usage = Usage {
            cpu_time: Duration::from_millis(50),
            peak_memory_bytes: 5 << 20,
            oom_killed: false,
        };
        let seen = watched(vec![exited(3)], None);
        let with = outcome(&made(&limits), &seen, Some(usage)).unwrap();
        assert_eq!(
            (with.termination, with.exit_code),
            (Termination::Exited, Some(3))
        );
        assert_eq!(with.cpu_time, Duration::from_millis(50));
        assert_eq!(with.peak_memory_bytes, 5 << 20);
        assert_eq!(with.wall_time, Duration::from_millis(250));
        let without = outcome(&made(&limits), &seen, None).unwrap();
        assert_eq!(
            without.cpu_time,
            Duration::from_millis(40).max(Duration::from_micros(35_000))
        );
        assert_eq!(without.peak_memory_bytes, 2048 * 1024);
    }

    #[test]
    fn an_init_gone_without_a_report_is_an_oom_kill_or_a_judge_error() {
        let limits = Limits::for_test(Duration::from_secs(1), 64 << 20);
        let oom = Usage {
            cpu_time: Duration::from_millis(10),
            peak_memory_bytes: 64 << 20,
            oom_killed: true,
        };
        let seen = watched(vec![], None);
        let killed = outcome(&made(&limits), &seen, Some(oom)).unwrap();
        assert_eq!(killed.termination, Termination::MemoryLimit);
        let quiet = Usage {
            oom_killed: false,
            ..oom
        };
        assert!(outcome(&made(&limits), &seen, Some(quiet)).is_err());
        let cancelled = watched(vec![], Some(KillReason::Cancelled));
        assert!(matches!(
            outcome(&made(&limits), &cancelled, Some(quiet)),
            Err(SandboxError::Cancelled)
        ));
    }
}
