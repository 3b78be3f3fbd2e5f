//! sandbox: run one program under limits, isolated, and measure what it used. Linux only.
//!
//! It knows nothing of judging: a [`RunSpec`] goes in (command, stdin file, stdout file,
//! [`Limits`]), an [`Outcome`] comes out (how it ended, CPU and wall time, peak memory,
//! bytes written). Each mechanism is one module: [`cgroup`] (v2 and v1) for memory,
//! process count and CPU accounting, [`rlimits`] for the per-process limits and the
//! rlimit-only fallback, [`rootfs`] for the box's minimal read-only root, [`seccomp`] for
//! the system-call filter, [`child`] for the code between clone and exec, [`supervise`] for
//! the parent's watch loop, [`slots`] for box ids locked across judge processes.
//!
//! The README next to this crate is its manual: every limit, the mechanism that enforces
//! it on cgroup v2 / cgroup v1 / rlimit-only, every field of the outcome, the threat model.

pub mod cgroup;
mod child;
mod classify;
pub mod doctor;
pub mod environment;
pub mod error;
mod folders;
pub mod limits;
mod netns;
pub mod outcome;
pub mod rlimits;
pub mod rootfs;
mod sandbox;
pub mod seccomp;
pub mod slots;
pub mod spec;
mod supervise;

pub use environment::Environment;
pub use error::{Result, SandboxError};
pub use limits::{Limits, MIB};
pub use outcome::{signal_name, Enforcement, Outcome, Termination};
pub use sandbox::{Backend, Isolation, Mode, Sandbox, SandboxBox, SandboxConfig};
pub use spec::{Bind, RunSpec};
