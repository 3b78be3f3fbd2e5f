//! cgroup v2 delegation: which part of the unified tree the judge may manage, and making
//! it ready (Linux only).
//!
//! The judge follows systemd's rule for managers of their own cgroups: it uses the cgroup
//! it was started in and what lies below it, never cgroups elsewhere. Its *base* is that
//! cgroup (or its parent when the judge was started in `<base>/supervisor`, as systemd's
//! `DelegateSubgroup=supervisor` does and as judges started by a judge are). Its boxes go
//! in `<base>/<group>/box-<id>`.
//!
//! - Under systemd (`/run/systemd/system` exists) the base must be delegated: a scope or
//!   service with `Delegate=yes`, which systemd marks with the `trusted.delegate` (or
//!   `user.delegate`) extended attribute, or a cgroup below one. Without it systemd owns
//!   the cgroup, and the judge says so instead of writing there.
//! - Without systemd (a container, a VM with a plain init) the judge's cgroup is taken as
//!   given to it; in the hierarchy's root it is `/`, and boxes go in `/<group>`.
//! - Either way the base must offer the memory, pids and cpu controllers and be writable.
//! - cgroup v2 allows no process in a cgroup that gives controllers to its children (the
//!   no-internal-processes rule; the root is exempt). When enabling them in the base fails
//!   for that reason, the processes in the base (the judge, and whatever started it in the
//!   same unit) are moved to `<base>/supervisor` first, as isolate's cg-keeper moves itself.

use crate::error::{Result, SandboxError};
use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The controllers the v2 backend needs in its base.
pub const NEEDED: [&str; 3] = ["memory", "pids", "cpu"];

/// The leaf the judge's processes move to when the base must become an inner node.
pub const SUPERVISOR: &str = "supervisor";

/// Where the judge may make its cgroups, as found on this machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delegation {
    /// The judge's own cgroup, relative to the mount (`/system.slice/judge.service`).
    pub own: String,
    /// The base, relative to the mount: the cgroup the judge manages.
    pub base: String,
    /// The base's directory.
    pub base_dir: PathBuf,
    /// How the base was given to the judge, for `judge doctor`.
    pub given_by: String,
    /// Why the judge may not make cgroups there; `None` when it may.
    pub problem: Option<String>,
}

/// What the assessment looks at, read from the machine (or made up by a test).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Facts {
    /// The `0::` line of `/proc/self/cgroup`, if any.
    pub own: Option<String>,
    /// Whether systemd is the init (`/run/systemd/system` exists).
    pub systemd: bool,
    /// Whether the base, or a cgroup above it, carries systemd's delegation mark.
    pub marked: bool,
    /// The base's `cgroup.controllers`.
    pub controllers: Vec<String>,
    /// Whether the base's directory and `cgroup.subtree_control` are writable.
    pub writable: bool,
}

/// The base for a judge in cgroup `own`: its parent when `own` is a supervisor leaf.
pub(crate) fn base_of(own: &str) -> String {
    match own.strip_suffix(&format!("/{SUPERVISOR}")) {
        Some("") => "/".to_string(),
        Some(parent) => parent.to_string(),
        None => own.to_string(),
    }
}

/// The judge's cgroup from the text of `/proc/self/cgroup` (the `0::` line).
pub(crate) fn own_cgroup(text: &str) -> Option<String> {
    text.lines()
        .find_map(|line| line.strip_prefix("0::"))
        .map(|path| path.trim().to_string())
}

/// The directory of cgroup `path` (relative to the mount).
pub(crate) fn dir_of(mount: &Path, path: &str) -> PathBuf {
    mount.join(path.trim_start_matches('/'))
}

const FIX: &str = "run the judge in a systemd unit with Delegate=yes: \
                   `systemd-run --scope -p Delegate=yes judge ...` for one command, or \
                   Delegate=yes in its service (see crates/sandbox/README.md, Delegation)";

/// Decides from the facts whether, and where, the judge may make cgroups.
pub(crate) fn assess(mount: &Path, facts: &Facts) -> Delegation {
    let own = facts.own.clone().unwrap_or_else(|| "/".to_string());
    let base = base_of(&own);
    let base_dir = dir_of(mount, &base);
    let given_by = if base == "/" {
        "the hierarchy's root (no service manager placed the judge)".to_string()
    } else if facts.systemd && facts.marked {
        "delegated by systemd (Delegate=yes)".to_string()
    } else if facts.systemd {
        "managed by systemd, not delegated".to_string()
    } else {
        "the judge's cgroup (no systemd)".to_string()
    };
    let missing: Vec<&str> = NEEDED
        .into_iter()
        .filter(|c| !facts.controllers.iter().any(|have| have == c))
        .collect();
    let problem = if facts.own.is_none() {
        Some("the judge's cgroup is unknown (no 0:: line in /proc/self/cgroup)".to_string())
    } else if facts.systemd && base != "/" && !facts.marked {
        Some(format!(
            "the judge's cgroup {own} is not delegated to it: systemd manages it, and the \
             judge may not make cgroups there; {FIX}"
        ))
    } else if !missing.is_empty() {
        Some(format!(
            "the judge's cgroup {base} has no {} controller (its cgroup.controllers: {}); \
             {}",
            missing.join(", "),
            if facts.controllers.is_empty() {
                "none".to_string()
            } else {
                facts.controllers.join(" ")
            },
            if facts.systemd {
                "give the judge's unit Delegate=yes (or Delegate=cpu memory pids)"
            } else {
                "enable them in its parent's cgroup.subtree_control"
            }
        ))
    } else if !facts.writable {
        Some(format!(
            "the judge's cgroup {} is not writable (a read-only cgroup mount, or owned by \
             another user); {FIX}",
            base_dir.display()
        ))
    } else {
        None
    };
    Delegation {
        own,
        base,
        base_dir,
        given_by,
        problem,
    }
}

/// Whether `dir` carries systemd's delegation mark.
fn marked(dir: &Path) -> bool {
    ["trusted.delegate", "user.delegate"]
        .iter()
        .any(|name| xattr(dir, name).as_deref() == Some(b"1".as_slice()))
}

fn xattr(path: &Path, name: &str) -> Option<Vec<u8>> {
    let path = CString::new(path.as_os_str().as_bytes()).ok()?;
    let name = CString::new(name).ok()?;
    let mut value = [0u8; 16];
    // SAFETY: both strings are NUL-terminated and the buffer's length is passed.
    let read = unsafe {
        libc::getxattr(
            path.as_ptr(),
            name.as_ptr(),
            value.as_mut_ptr().cast(),
            value.len(),
        )
    };
    usize::try_from(read).ok().map(|n| value[..n].to_vec())
}

fn writable(path: &Path) -> bool {
    let Ok(path) = CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: a NUL-terminated path; faccessat has no other preconditions.
    unsafe { libc::faccessat(libc::AT_FDCWD, path.as_ptr(), libc::W_OK, libc::AT_EACCESS) == 0 }
}

fn words(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Reads the facts on this machine and assesses them.
pub fn detect(mount: &Path) -> Delegation {
    let own = own_cgroup(&std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default());
    let base_dir = dir_of(mount, &base_of(own.as_deref().unwrap_or("/")));
    // A cgroup inside a delegated subtree (made there by its manager) is delegated too.
    let marked = base_dir
        .ancestors()
        .take_while(|dir| *dir != mount && dir.starts_with(mount))
        .any(marked);
    let facts = Facts {
        own,
        systemd: Path::new("/run/systemd/system").is_dir(),
        marked,
        controllers: words(&base_dir.join("cgroup.controllers")),
        writable: writable(&base_dir) && writable(&base_dir.join("cgroup.subtree_control")),
    };
    assess(mount, &facts)
}

/// Bases made ready by this process.
static READY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Enables the needed controllers for the base's children, first moving the processes in
/// the base to `<base>/supervisor` when the no-internal-processes rule requires it. Done
/// once per process and base.
pub fn make_ready(base_dir: &Path) -> Result<()> {
    let mut ready = READY.lock().unwrap_or_else(|e| e.into_inner());
    if ready.iter().any(|b| b == base_dir) {
        return Ok(());
    }
    // A process may be forked into the base between the move and the write: try again.
    let mut attempt = 0;
    loop {
        match enable(base_dir) {
            Ok(()) => break,
            Err(e) if e.raw_os_error() == Some(libc::EBUSY) && attempt < 5 => {
                attempt += 1;
                move_processes(base_dir)?;
            }
            Err(e) if e.raw_os_error() == Some(libc::EBUSY) => {
                return Err(SandboxError::io(
                    "enabling the memory, pids and cpu controllers (the cgroup still holds \
                     processes: cgroup v2's no-internal-processes rule) in",
                    base_dir.join("cgroup.subtree_control"),
                    e,
                ))
            }
            Err(e) => {
                return Err(SandboxError::io(
                    "enabling the memory, pids and cpu controllers in",
                    base_dir.join("cgroup.subtree_control"),
                    e,
                ))
            }
        }
    }
    ready.push(base_dir.to_path_buf());
    Ok(())
}

/// Enables the needed controllers in `dir`'s `cgroup.subtree_control` (a no-op when they
/// are on already).
pub fn enable(dir: &Path) -> std::io::Result<()> {
    let path = dir.join("cgroup.subtree_control");
    let current = std::fs::read_to_string(&path)?;
    let missing: Vec<String> = NEEDED
        .iter()
        .filter(|c| !current.split_whitespace().any(|have| have == **c))
        .map(|c| format!("+{c}"))
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    std::fs::write(&path, missing.join(" "))
}

/// Moves every process of the base into `<base>/supervisor`.
fn move_processes(base_dir: &Path) -> Result<()> {
    let leaf = base_dir.join(SUPERVISOR);
    super::files::create_dir(&leaf)?;
    let procs = leaf.join("cgroup.procs");
    for pid in super::files::list_pids(base_dir) {
        if let Err(e) = std::fs::write(&procs, pid.to_string()) {
            // A process that exited meanwhile is no obstacle.
            if e.raw_os_error() != Some(libc::ESRCH) {
                return Err(SandboxError::io(
                    "moving a process of the judge's cgroup (cgroup v2 allows no process \
                     beside child cgroups that have controllers) to",
                    &procs,
                    e,
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(own: &str) -> Facts {
        Facts {
            own: Some(own.to_string()),
            systemd: true,
            marked: true,
            controllers: vec![
                "cpuset".into(),
                "cpu".into(),
                "memory".into(),
                "pids".into(),
            ],
            writable: true,
        }
    }

    #[test]
    fn a_delegated_service_is_the_base_and_its_supervisor_leaf_too() {
        let mount = Path::new("/sys/fs/cgroup");
        let d = assess(mount, &facts("/system.slice/judge.service"));
        assert_eq!(d.problem, None);
        assert_eq!(d.base, "/system.slice/judge.service");
        assert_eq!(
            d.base_dir,
            PathBuf::from("/sys/fs/cgroup/system.slice/judge.service")
        );
        let d = assess(mount, &facts("/system.slice/judge.service/supervisor"));
        assert_eq!(d.base, "/system.slice/judge.service");
        assert_eq!(d.problem, None);
        assert!(d.given_by.contains("Delegate=yes"), "{}", d.given_by);
    }

    #[test]
    fn a_cgroup_systemd_did_not_delegate_is_refused_with_the_fix() {
        let mut f = facts("/user.slice/user-0.slice/session-1.scope");
        f.marked = false;
        let problem = assess(Path::new("/sys/fs/cgroup"), &f).problem.unwrap();
        assert!(
            problem.contains("session-1.scope is not delegated"),
            "{problem}"
        );
        assert!(
            problem.contains("systemd-run --scope -p Delegate=yes"),
            "{problem}"
        );
    }

    #[test]
    fn missing_controllers_are_named() {
        let mut f = facts("/system.slice/judge.service");
        f.controllers = vec!["memory".into(), "pids".into()];
        let problem = assess(Path::new("/sys/fs/cgroup"), &f).problem.unwrap();
        assert!(problem.contains("has no cpu controller"), "{problem}");
        assert!(problem.contains("memory pids"), "{problem}");
    }

    #[test]
    fn a_read_only_cgroup_is_refused() {
        let mut f = facts("/system.slice/judge.service");
        f.writable = false;
        let problem = assess(Path::new("/sys/fs/cgroup"), &f).problem.unwrap();
        assert!(problem.contains("is not writable"), "{problem}");
    }

    #[test]
    fn the_root_needs_no_mark_and_outside_systemd_none_is_asked() {
        let mut f = facts("/");
        f.marked = false;
        let d = assess(Path::new("/sys/fs/cgroup"), &f);
        assert_eq!((d.base.as_str(), d.problem), ("/", None));
        f.own = Some("/lxc.payload/judge".into());
        f.systemd = false;
        assert_eq!(assess(Path::new("/sys/fs/cgroup"), &f).problem, None);
        assert_eq!(base_of("/supervisor"), "/");
    }

    #[test]
    fn reads_the_unified_line_of_proc_self_cgroup() {
        assert_eq!(
            own_cgroup("12:pids:/x\n0::/system.slice/a.service\n").as_deref(),
            Some("/system.slice/a.service")
        );
        assert_eq!(own_cgroup("4:memory:/\n"), None);
    }

    #[test]
    fn enabling_writes_only_the_missing_controllers() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("cgroup.subtree_control");
        std::fs::write(&file, "memory\n").unwrap();
        enable(dir.path()).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "+pids +cpu");
        std::fs::write(&file, "cpu io memory pids\n").unwrap();
        enable(dir.path()).unwrap();
        assert_eq!(
            std::fs::read_to_string(&file).unwrap(),
            "cpu io memory pids\n"
        );
    }
}
