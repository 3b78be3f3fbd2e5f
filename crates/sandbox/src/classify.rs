//! Deciding how a run ended from what was observed. Pure: unit-tested on its own.

use crate::outcome::Termination;
use crate::supervise::KillReason;
use std::time::Duration;

/// What was observed about a finished run.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Observed {
    /// Why the supervisor killed the program, if it did.
    pub kill_reason: Option<KillReason>,
    /// The program's wait status, when known (not when its init was killed).
    pub wait_status: Option<i32>,
    /// CPU time used.
    pub cpu_time: Duration,
    /// The CPU limit.
    pub cpu_limit: Duration,
    /// The cgroup's OOM killer acted.
    pub oom_killed: bool,
    /// Without cgroups: the peak resident size reached the memory limit.
    pub rss_at_limit: bool,
}

/// How the run ended, with the exit code and signal where they apply.
pub(crate) fn classify(observed: &Observed) -> (Termination, Option<i32>, Option<i32>) {
    let (exit_code, signal) = match observed.wait_status {
        Some(status) if libc::WIFEXITED(status) => (Some(libc::WEXITSTATUS(status)), None),
        Some(status) if libc::WIFSIGNALED(status) => (None, Some(libc::WTERMSIG(status))),
        _ => (None, Some(libc::SIGKILL)),
    };
    let termination = match observed.kill_reason {
        Some(KillReason::Output) => Termination::OutputLimit,
        // CPU time is authoritative: over the limit is over, whatever else happened.
        _ if observed.cpu_time > observed.cpu_limit => Termination::CpuTimeLimit,
        Some(KillReason::CpuTime) => Termination::CpuTimeLimit,
        Some(KillReason::WallTime) => Termination::WallTimeLimit,
        Some(KillReason::Partner) => Termination::Stopped,
        // g++'s driver exits 1 when its cc1plus is OOM-killed: the counter tells, not the
        // exit status.
        _ if observed.oom_killed => Termination::MemoryLimit,
        _ => match signal {
            Some(libc::SIGXCPU) => Termination::CpuTimeLimit,
            Some(libc::SIGXFSZ) => Termination::OutputLimit,
            Some(libc::SIGSYS) => Termination::SecurityViolation,
            _ if observed.rss_at_limit && exit_code != Some(0) => Termination::MemoryLimit,
            Some(_) => Termination::Signaled,
            None => Termination::Exited,
        },
    };
    (termination, exit_code, signal)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn observed() -> Observed {
        Observed {
            kill_reason: None,
            wait_status: Some(0),
            cpu_time: Duration::from_millis(100),
            cpu_limit: Duration::from_secs(1),
            oom_killed: false,
            rss_at_limit: false,
        }
    }

    fn exited(code: i32) -> i32 {
        code << 8
    }

    #[test]
    fn a_clean_exit_is_exited_with_its_code() {
        assert_eq!(classify(&observed()), (Termination::Exited, Some(0), None));
        let o = Observed {
            wait_status: Some(exited(3)),
            ..observed()
        };
        assert_eq!(classify(&o), (Termination::Exited, Some(3), None));
    }

    #[test]
    fn signals_map_to_their_meaning() {
        let with = |signal| Observed {
            wait_status: Some(signal),
            ..observed()
        };
        assert_eq!(classify(&with(libc::SIGSEGV)).0, Termination::Signaled);
        assert_eq!(classify(&with(libc::SIGSEGV)).2, Some(libc::SIGSEGV));
        assert_eq!(classify(&with(libc::SIGXCPU)).0, Termination::CpuTimeLimit);
        assert_eq!(classify(&with(libc::SIGXFSZ)).0, Termination::OutputLimit);
        assert_eq!(
            classify(&with(libc::SIGSYS)).0,
            Termination::SecurityViolation
        );
    }

    #[test]
    fn oom_kill_is_memory_limit_even_when_the_driver_exits_1() {
        let o = Observed {
            wait_status: Some(exited(1)),
            oom_killed: true,
            ..observed()
        };
        assert_eq!(classify(&o).0, Termination::MemoryLimit);
        let killed = Observed {
            wait_status: Some(libc::SIGKILL),
            oom_killed: true,
            ..observed()
        };
        assert_eq!(classify(&killed).0, Termination::MemoryLimit);
    }

    #[test]
    fn cpu_over_the_limit_wins_over_a_clean_exit_and_a_wall_kill() {
        let o = Observed {
            cpu_time: Duration::from_millis(1010),
            ..observed()
        };
        assert_eq!(classify(&o).0, Termination::CpuTimeLimit);
        let wall = Observed {
            kill_reason: Some(KillReason::WallTime),
            wait_status: None,
            ..observed()
        };
        assert_eq!(classify(&wall).0, Termination::WallTimeLimit);
        assert_eq!(classify(&wall).2, Some(libc::SIGKILL));
    }

    #[test]
    fn output_limit_comes_first() {
        let o = Observed {
            kill_reason: Some(KillReason::Output),
            cpu_time: Duration::from_secs(5),
            ..observed()
        };
        assert_eq!(classify(&o).0, Termination::OutputLimit);
    }

    #[test]
    fn rlimit_mode_memory_only_counts_for_failed_runs() {
        let failed = Observed {
            wait_status: Some(libc::SIGABRT),
            rss_at_limit: true,
            ..observed()
        };
        assert_eq!(classify(&failed).0, Termination::MemoryLimit);
        let fine = Observed {
            rss_at_limit: true,
            ..observed()
        };
        assert_eq!(classify(&fine).0, Termination::Exited);
    }
}
