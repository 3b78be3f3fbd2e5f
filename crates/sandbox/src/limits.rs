//! The limits of one run.

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// One mebibyte, in bytes.
pub const MIB: u64 = 1024 * 1024;

/// Everything a run is limited by.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Limits {
    /// CPU time (user + system) of the whole process tree, all threads together.
    pub cpu_time: Duration,
    /// Wall-clock time from the program's start.
    pub wall_time: Duration,
    /// Peak memory of the whole process tree, in bytes.
    pub memory_bytes: u64,
    /// Processes and threads alive at once.
    pub processes: u32,
    /// Bytes the program may write to stdout; also the size of any one file it writes
    /// (RLIMIT_FSIZE).
    pub output_bytes: u64,
    /// Bytes of stderr kept for the report.
    pub stderr_keep_bytes: u64,
    /// Size of the box's private /tmp.
    pub file_bytes: u64,
    /// Stack size (RLIMIT_STACK); `None` means the memory limit.
    pub stack_bytes: Option<u64>,
    /// Open file descriptors (RLIMIT_NOFILE).
    pub open_files: u64,
}

impl Limits {
    /// Limits for running a submission on one test: wall time defaults to 2 x CPU + 1 s.
    pub fn for_test(cpu_time: Duration, memory_bytes: u64) -> Limits {
        Limits {
            cpu_time,
            wall_time: cpu_time * 2 + Duration::from_secs(1),
            memory_bytes,
            processes: 64,
            output_bytes: 64 * MIB,
            stderr_keep_bytes: 64 * 1024,
            file_bytes: 64 * MIB,
            stack_bytes: None,
            open_files: 256,
        }
    }

    /// The stack limit in bytes.
    pub fn stack(&self) -> u64 {
        self.stack_bytes.unwrap_or(self.memory_bytes)
    }
}
