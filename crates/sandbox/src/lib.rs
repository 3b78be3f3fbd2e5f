//! sandbox: run one program under limits, isolated, and measure what it used. Linux only.
//!
//! It knows nothing of judging: a [`RunSpec`] goes in (command, stdin file, stdout file,
//! [`Limits`]), an [`Outcome`] comes out (how it ended, CPU and wall time, peak memory,
//! bytes written); two programs may also run at once in two boxes joined by pipes (an
//! interactive test). Each concern is one module, in the order a run meets them: `config`
//! (what is asked for and the mode this machine gives), `slots` (box ids locked across
//! judge processes), `folders` (box folders and their cleanup), `capped` (the folder a
//! box's runs may write for the judge, capped), `netns` (a network
//! namespace per slot), `template` and `rootfs` (the box's minimal read-only root),
//! `cgroup` (v2 and v1: memory, processes, CPU accounting), `rlimits` (per-process
//! limits and the rlimit-only fallback), [`seccomp`] (the system-call filter), `paths`
//! (what the box sees and where its command is), `fds` (the descriptors handed over),
//! `launch` and `child` (clone, and the code between clone and exec), `supervise` (the
//! watch loop), `measure` and `classify` (what the run used and how it ended).
//!
//! The README next to this crate is its manual: every limit, the mechanism that enforces
//! it on cgroup v2 / cgroup v1 / rlimit-only, every field of the outcome, the threat model.

mod capped;
mod cgroup;
mod child;
mod classify;
mod config;
mod cpus;
pub mod doctor;
mod environment;
mod error;
mod fds;
mod folders;
mod fork_server;
mod launch;
mod limits;
mod measure;
mod netns;
mod outcome;
mod paths;
mod prepared;
mod rlimits;
mod rootfs;
mod sandbox;
pub mod seccomp;
mod slots;
mod spec;
mod supervise;
mod template;

pub use config::{Backend, Isolation, Mode, SandboxConfig};
pub use environment::Environment;
pub use error::{Result, SandboxError};
pub use limits::{Limits, MIB};
pub use outcome::{signal_name, Enforcement, Outcome, Termination};
pub use paths::DEFAULT_PATH;
pub use sandbox::{Interaction, Sandbox, SandboxBox};
pub use spec::{Bind, RunSpec};
