//! Resource limits (setrlimit) applied in the child before the program starts.
//!
//! With cgroups they are a second line: a per-process CPU backstop, the stack size, the
//! file size, no core dumps. In rlimit-only mode they are all there is (see the README).

use crate::limits::Limits;

/// Locked memory a program may have (the kernel's old default).
const MEMLOCK_BYTES: u64 = 64 * 1024;

/// One resource limit: the resource, the soft and the hard value.
pub(crate) type Rlimit = (libc::__rlimit_resource_t, u64, u64);

/// How the limits of a run are split between rlimits and cgroups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RlimitRole {
    /// No cgroup enforces memory: limit the data segment (not the address space, which
    /// the JVM reserves far beyond what it uses and would not start under).
    pub memory_by_rlimit: bool,
    /// The box runs under a uid of its own, so RLIMIT_NPROC counts only its processes.
    pub own_uid: bool,
}

/// The rlimits for a run.
pub(crate) fn plan(limits: &Limits, role: RlimitRole) -> Vec<Rlimit> {
    // Whole seconds, rounded up, plus one: the cgroup sampler or the rusage check decides
    // the verdict; this only stops a single runaway process that escaped both.
    let cpu_seconds = limits.cpu_time.as_secs() + 1 + u64::from(limits.cpu_time.subsec_nanos() > 0);
    let mut out = vec![
        (libc::RLIMIT_CPU, cpu_seconds, cpu_seconds + 1),
        (libc::RLIMIT_STACK, limits.stack(), limits.stack()),
        // One byte over the output limit: the supervisor tells "over" from "exactly at".
        (
            libc::RLIMIT_FSIZE,
            limits.output_bytes + 1,
            limits.output_bytes + 1,
        ),
        (libc::RLIMIT_NOFILE, limits.open_files, limits.open_files),
        (libc::RLIMIT_CORE, 0, 0),
        // Locked memory is charged to the box anyway; the cap keeps mlockall from pinning
        // what the rlimit-only mode cannot see.
        (libc::RLIMIT_MEMLOCK, MEMLOCK_BYTES, MEMLOCK_BYTES),
    ];
    if role.memory_by_rlimit {
        out.push((libc::RLIMIT_DATA, limits.memory_bytes, limits.memory_bytes));
    }
    if role.own_uid {
        let processes = u64::from(limits.processes);
        out.push((libc::RLIMIT_NPROC, processes, processes));
    }
    out
}

/// Applies the limits `wanted` takes to the calling process. Async-signal-safe (runs
/// after clone). Returns the failing resource's errno.
pub(crate) fn apply_where(rlimits: &[Rlimit], wanted: impl Fn(&Rlimit) -> bool) -> Result<(), i32> {
    for &(resource, soft, hard) in rlimits.iter().filter(|r| wanted(r)) {
        let value = libc::rlimit {
            rlim_cur: soft,
            rlim_max: hard,
        };
        // SAFETY: `value` is a valid rlimit for the duration of the call.
        if unsafe { libc::setrlimit(resource, &value) } != 0 {
            // SAFETY: errno is thread-local and always readable.
            return Err(unsafe { *libc::__errno_location() });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn cpu_backstop_is_above_the_limit_and_stack_follows_memory() {
        let limits = Limits::for_test(Duration::from_millis(1500), 256 << 20);
        let role = RlimitRole {
            memory_by_rlimit: false,
            own_uid: true,
        };
        let plan = plan(&limits, role);
        let find = |r| plan.iter().find(|(res, _, _)| *res == r).copied();
        assert_eq!(find(libc::RLIMIT_CPU), Some((libc::RLIMIT_CPU, 3, 4)));
        assert_eq!(find(libc::RLIMIT_STACK).unwrap().1, 256 << 20);
        assert_eq!(find(libc::RLIMIT_NPROC).unwrap().1, 64);
        assert!(find(libc::RLIMIT_DATA).is_none());
        assert!(
            find(libc::RLIMIT_AS).is_none(),
            "never RLIMIT_AS: the JVM needs its reserve"
        );
    }

    #[test]
    fn rlimit_only_mode_limits_data_not_address_space() {
        let limits = Limits::for_test(Duration::from_secs(1), 64 << 20);
        let role = RlimitRole {
            memory_by_rlimit: true,
            own_uid: false,
        };
        let plan = plan(&limits, role);
        assert!(plan
            .iter()
            .any(|&(r, soft, _)| r == libc::RLIMIT_DATA && soft == 64 << 20));
        assert!(plan.iter().all(|&(r, _, _)| r != libc::RLIMIT_NPROC));
    }
}
