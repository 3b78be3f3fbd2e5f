//! What a sandbox is asked for, and what it chooses on this machine: the isolation, the
//! mechanism that enforces the limits, and the sentences that say what is degraded.

use crate::environment::Environment;
use crate::error::{Result, SandboxError};
use crate::outcome::Enforcement;
use crate::rootfs;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// How much isolation to ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Isolation {
    /// Full isolation when running as root, none otherwise.
    Auto,
    /// Namespaces, a minimal root, an unprivileged uid, seccomp: an error if impossible.
    Full,
    /// The program runs in the judge's view of the machine (rlimits and seccomp only).
    Off,
}

/// Which mechanism to enforce limits with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// cgroup v2 if usable, else v1, else rlimits only.
    Auto,
    /// cgroup v2, or an error.
    CgroupV2,
    /// cgroup v1, or an error.
    CgroupV1,
    /// Resource limits only (degraded).
    RlimitOnly,
}

/// How the sandbox is set up.
#[derive(Debug, Clone)]
pub struct SandboxConfig {
    /// Isolation wanted.
    pub isolation: Isolation,
    /// Limit enforcement wanted.
    pub backend: Backend,
    /// Host paths shown read-only in every box (`~` and a trailing `*` are expanded).
    pub readonly_binds: Vec<String>,
    /// The uid (and gid) of box 0; box N runs as `first_uid + N`.
    pub first_uid: u32,
    /// How many boxes may exist at once on the machine.
    pub max_boxes: u32,
    /// Where box locks live (default: `/run/judge` for root).
    pub lock_dir: Option<PathBuf>,
    /// The cgroup group name under which box cgroups are made.
    pub cgroup_group: String,
    /// Set to stop every run promptly (the judge's SIGINT/SIGTERM handler sets it).
    pub cancel: Arc<AtomicBool>,
    /// Bytes a box's capped folder (`SandboxBox::capped_dir`) may hold, as root.
    pub capped_bytes: u64,
    /// Files and folders a box's capped folder may hold, as root.
    pub capped_files: u64,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        SandboxConfig {
            isolation: Isolation::Auto,
            backend: Backend::Auto,
            readonly_binds: rootfs::DEFAULT_READONLY
                .iter()
                .map(|s| s.to_string())
                .collect(),
            first_uid: 60000,
            max_boxes: 1000,
            lock_dir: None,
            cgroup_group: "judge".to_string(),
            cancel: Arc::new(AtomicBool::new(false)),
            capped_bytes: 64 * crate::limits::MIB,
            capped_files: 1024,
        }
    }
}

/// The mechanisms in force, and what is missing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mode {
    /// Who enforces the limits.
    pub enforcement: Enforcement,
    /// Whether runs are isolated.
    pub isolated: bool,
    /// Protections that are off, each a sentence; empty when nothing is degraded.
    pub degraded: Vec<String>,
}

/// The mode this machine gives a configuration.
pub(crate) fn choose_mode(config: &SandboxConfig, env: &Environment) -> Result<Mode> {
    let (enforcement, mut degraded) = choose_enforcement(config, env)?;
    let can_isolate = env.root && env.namespaces;
    let isolated = match config.isolation {
        Isolation::Full if !can_isolate => {
            return Err(SandboxError::Unsupported(
                "full isolation needs root and namespaces (user, pid, mount, net, ipc, uts)".into(),
            ))
        }
        Isolation::Full => true,
        Isolation::Auto => can_isolate,
        Isolation::Off => false,
    };
    if !isolated {
        degraded.push(
            "no isolation: programs see the judge's files and network and run as the judge's \
             user (namespaces and a separate uid need root)"
                .to_string(),
        );
    }
    if !env.seccomp {
        degraded.push("no seccomp on this kernel: dangerous system calls are not filtered".into());
    }
    Ok(Mode {
        enforcement,
        isolated,
        degraded,
    })
}

fn choose_enforcement(
    config: &SandboxConfig,
    env: &Environment,
) -> Result<(Enforcement, Vec<String>)> {
    let v2_ok = env.root && env.cgroup_v2.as_ref().is_some_and(|v2| v2.usable());
    let v1_ok = env.root && env.cgroup_v1.as_ref().is_some_and(|v1| v1.usable());
    let rlimit_note = |why: &str| {
        format!(
            "{why}: limits are enforced by rlimits only (memory by RLIMIT_DATA and measured as \
             the largest process's peak RSS; CPU time per process, sampled from /proc for the \
             main process; no limit on the number of processes unless running as root)"
        )
    };
    match config.backend {
        Backend::CgroupV2 if v2_ok => Ok((Enforcement::CgroupV2, vec![])),
        Backend::CgroupV2 => Err(SandboxError::Unsupported(format!(
            "cgroup v2 was asked for, but {}",
            match env.cgroup_v2_problem() {
                Some(problem) if env.root => problem,
                _ => "the judge is not root".to_string(),
            }
        ))),
        Backend::CgroupV1 if v1_ok => Ok((Enforcement::CgroupV1, vec![])),
        Backend::CgroupV1 => Err(SandboxError::Unsupported(
            "cgroup v1 was asked for, but this machine has no memory and cpuacct v1 hierarchies \
             (or the judge is not root)"
                .into(),
        )),
        Backend::RlimitOnly => Ok((
            Enforcement::RlimitOnly,
            vec![rlimit_note("rlimit-only mode was asked for")],
        )),
        Backend::Auto if v2_ok => Ok((Enforcement::CgroupV2, vec![])),
        Backend::Auto if v1_ok => Ok((Enforcement::CgroupV1, vec![])),
        Backend::Auto if !env.root => Ok((
            Enforcement::RlimitOnly,
            vec![rlimit_note("not running as root")],
        )),
        Backend::Auto => Ok((
            Enforcement::RlimitOnly,
            vec![rlimit_note(&format!(
                "no usable cgroup hierarchy ({})",
                env.cgroup_v2_problem().unwrap_or_default()
            ))],
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn machine(root: bool) -> Environment {
        Environment {
            root,
            cgroup_v2: None,
            cgroup_v1: None,
            namespaces: true,
            seccomp: true,
        }
    }

    #[test]
    fn without_root_the_mode_is_degraded_and_says_why() {
        let mode = choose_mode(&SandboxConfig::default(), &machine(false)).unwrap();
        assert_eq!(mode.enforcement, Enforcement::RlimitOnly);
        assert!(!mode.isolated);
        assert!(mode
            .degraded
            .iter()
            .any(|d| d.contains("not running as root")));
        assert!(mode.degraded.iter().any(|d| d.starts_with("no isolation")));
    }

    #[test]
    fn asking_for_what_the_machine_lacks_is_an_error() {
        let full = SandboxConfig {
            isolation: Isolation::Full,
            ..SandboxConfig::default()
        };
        assert!(choose_mode(&full, &machine(false)).is_err());
        let v1 = SandboxConfig {
            backend: Backend::CgroupV1,
            ..SandboxConfig::default()
        };
        let error = choose_mode(&v1, &machine(true)).unwrap_err().to_string();
        assert!(error.contains("cgroup v1 was asked for"), "{error}");
    }

    #[test]
    fn root_without_cgroups_is_isolated_but_limited_by_rlimits() {
        let mode = choose_mode(&SandboxConfig::default(), &machine(true)).unwrap();
        assert!(mode.isolated);
        assert_eq!(mode.enforcement, Enforcement::RlimitOnly);
        assert!(mode.degraded.iter().any(|d| d.contains("no usable cgroup")));
    }
}
