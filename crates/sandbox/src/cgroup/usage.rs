//! What a run used, as its cgroup counts it.

use std::time::Duration;

/// What a run used, read from its cgroup after the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Usage {
    /// CPU time of every task that was in the cgroup during the run.
    pub cpu_time: Duration,
    /// Peak memory charged to the cgroup during the run.
    pub peak_memory_bytes: u64,
    /// Whether the kernel's OOM killer killed a task of the cgroup during the run.
    pub oom_killed: bool,
}
