//! What this machine offers: root, cgroups (v2, v1, which controllers), namespaces, seccomp.
//!
//! Read once when the sandbox starts, from `/proc/self/mountinfo`, the cgroup files and
//! `/proc/sys`. `judge doctor` prints it.

use crate::cgroup::delegation::{self, Delegation, NEEDED};
use std::path::{Path, PathBuf};

/// A cgroup v2 hierarchy, the controllers it can give to our cgroups, and the part of it
/// the judge may manage.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CgroupV2 {
    /// Where the hierarchy is mounted.
    pub mount: PathBuf,
    /// Controllers available at its root (`cgroup.controllers`).
    pub controllers: Vec<String>,
    /// Where the judge may make its cgroups, or why it may not.
    pub delegation: Delegation,
}

impl CgroupV2 {
    /// True when memory, pids and cpu are available and the judge has a part of the tree
    /// it may manage: what the v2 backend needs.
    pub fn usable(&self) -> bool {
        self.problem().is_none()
    }

    /// Why the v2 backend cannot be used here, as a sentence; `None` when it can.
    pub fn problem(&self) -> Option<String> {
        let missing: Vec<&str> = NEEDED
            .into_iter()
            .filter(|c| !self.controllers.iter().any(|have| have == c))
            .collect();
        if !missing.is_empty() {
            return Some(format!(
                "the cgroup v2 hierarchy at {} has no {} controller (on a machine booted with \
                 cgroup v1 they belong to v1; boot with systemd.unified_cgroup_hierarchy=1 to \
                 use v2)",
                self.mount.display(),
                missing.join(", ")
            ));
        }
        self.delegation.problem.clone()
    }

    /// The directory under which the box cgroups' group is made.
    pub fn base_dir(&self) -> &Path {
        &self.delegation.base_dir
    }
}

/// The cgroup v1 hierarchies the sandbox uses.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CgroupV1 {
    /// The memory controller's mount.
    pub memory: Option<PathBuf>,
    /// The cpuacct controller's mount.
    pub cpuacct: Option<PathBuf>,
    /// The pids controller's mount.
    pub pids: Option<PathBuf>,
}

impl CgroupV1 {
    /// True when memory and cpuacct are mounted: what the v1 backend needs (pids is used
    /// when present; without it the process limit falls back to RLIMIT_NPROC).
    pub fn usable(&self) -> bool {
        self.memory.is_some() && self.cpuacct.is_some()
    }
}

/// What the machine offers the sandbox.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Environment {
    /// Whether the judge runs as root (effective uid 0).
    pub root: bool,
    /// The cgroup v2 hierarchy, if mounted.
    pub cgroup_v2: Option<CgroupV2>,
    /// The cgroup v1 hierarchies, if any are mounted.
    pub cgroup_v1: Option<CgroupV1>,
    /// Whether the kernel has namespaces (user, pid, mount, net, ipc, uts).
    pub namespaces: bool,
    /// Whether the kernel has seccomp filters.
    pub seccomp: bool,
}

impl Environment {
    /// Reads the machine's state.
    pub fn detect() -> Environment {
        let mountinfo = std::fs::read_to_string("/proc/self/mountinfo").unwrap_or_default();
        let (cgroup_v2, cgroup_v1) = parse_cgroup_mounts(&mountinfo);
        let cgroup_v2 = cgroup_v2.map(|mount| CgroupV2 {
            controllers: read_words(&mount.join("cgroup.controllers")),
            delegation: delegation::detect(&mount),
            mount,
        });
        let namespaces = ["user", "pid", "mnt", "net", "ipc", "uts"]
            .iter()
            .all(|ns| Path::new("/proc/self/ns").join(ns).exists());
        Environment {
            // SAFETY: geteuid has no preconditions and cannot fail.
            root: unsafe { libc::geteuid() } == 0,
            cgroup_v2,
            cgroup_v1,
            namespaces,
            seccomp: Path::new("/proc/sys/kernel/seccomp/actions_avail").exists(),
        }
    }

    /// Why cgroup v2 cannot be used, as a sentence; `None` when it can.
    pub fn cgroup_v2_problem(&self) -> Option<String> {
        match &self.cgroup_v2 {
            Some(v2) => v2.problem(),
            None => Some("no cgroup v2 hierarchy is mounted".to_string()),
        }
    }
}

fn read_words(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

/// Finds the cgroup2 mount and the v1 controller mounts in a mountinfo text.
pub(crate) fn parse_cgroup_mounts(mountinfo: &str) -> (Option<PathBuf>, Option<CgroupV1>) {
    let mut v2 = None;
    let mut v1 = CgroupV1::default();
    for line in mountinfo.lines() {
        // Fields: id parent major:minor root mount-point options [optional...] - fstype source super-options
        let Some((left, right)) = line.split_once(" - ") else {
            continue;
        };
        let mount_point = match left.split(' ').nth(4) {
            Some(point) => PathBuf::from(unescape_mount_path(point)),
            None => continue,
        };
        let mut right = right.split(' ');
        let fstype = right.next().unwrap_or("");
        let super_options = right.nth(1).unwrap_or("");
        match fstype {
            "cgroup2" if v2.is_none() => v2 = Some(mount_point),
            "cgroup" => {
                for option in super_options.split(',') {
                    let slot = match option {
                        "memory" => &mut v1.memory,
                        "cpuacct" => &mut v1.cpuacct,
                        "pids" => &mut v1.pids,
                        _ => continue,
                    };
                    slot.get_or_insert(mount_point.clone());
                }
            }
            _ => {}
        }
    }
    let v1 = (v1 != CgroupV1::default()).then_some(v1);
    (v2, v1)
}

/// mountinfo escapes space, tab, newline and backslash as octal `\ooo`.
fn unescape_mount_path(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\\' && i + 4 <= bytes.len() {
            let octal = std::str::from_utf8(&bytes[i + 1..i + 4]).unwrap_or("");
            if let Ok(value) = u8::from_str_radix(octal, 8) {
                out.push(value);
                i += 4;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    const HYBRID: &str = "\
25 30 0:22 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
26 25 0:23 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
27 25 0:24 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
28 25 0:25 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct
29 25 0:26 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
30 25 0:27 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
";

    #[test]
    fn finds_hybrid_v1_and_v2_mounts() {
        let (v2, v1) = parse_cgroup_mounts(HYBRID);
        assert_eq!(v2, Some(PathBuf::from("/sys/fs/cgroup/unified")));
        let v1 = v1.unwrap();
        assert_eq!(v1.memory, Some(PathBuf::from("/sys/fs/cgroup/memory")));
        assert_eq!(v1.cpuacct, Some(PathBuf::from("/sys/fs/cgroup/cpuacct")));
        assert_eq!(v1.pids, Some(PathBuf::from("/sys/fs/cgroup/pids")));
        assert!(v1.usable());
    }

    #[test]
    fn finds_a_pure_v2_mount_and_joined_v1_controllers() {
        let (v2, v1) = parse_cgroup_mounts(
            "35 24 0:30 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n",
        );
        assert_eq!(v2, Some(PathBuf::from("/sys/fs/cgroup")));
        assert_eq!(v1, None);
        let (_, v1) =
            parse_cgroup_mounts("27 25 0:24 / /cg/cpu,cpuacct rw - cgroup cgroup rw,cpu,cpuacct\n");
        assert_eq!(v1.unwrap().cpuacct, Some(PathBuf::from("/cg/cpu,cpuacct")));
    }

    #[test]
    fn v2_needs_memory_pids_and_cpu_and_a_delegated_cgroup() {
        let mount = PathBuf::from("/sys/fs/cgroup");
        let facts = delegation::Facts {
            own: Some("/system.slice/judge.service".into()),
            systemd: true,
            marked: true,
            controllers: vec!["cpu".into(), "memory".into(), "pids".into()],
            writable: true,
        };
        let mut v2 = CgroupV2 {
            delegation: delegation::assess(&mount, &facts),
            mount,
            controllers: vec!["hugetlb".into()],
        };
        assert!(!v2.usable());
        let problem = v2.problem().unwrap();
        assert!(
            problem.contains("no memory, pids, cpu controller"),
            "{problem}"
        );
        v2.controllers = vec!["cpu".into(), "memory".into(), "pids".into(), "io".into()];
        assert!(v2.usable());
        assert_eq!(
            v2.base_dir(),
            Path::new("/sys/fs/cgroup/system.slice/judge.service")
        );
        v2.delegation = delegation::assess(
            &v2.mount,
            &delegation::Facts {
                marked: false,
                ..facts
            },
        );
        assert!(v2.problem().unwrap().contains("not delegated"));
    }

    #[test]
    fn unescapes_mount_points() {
        assert_eq!(unescape_mount_path(r"/a\040b"), "/a b");
        assert_eq!(unescape_mount_path("/plain"), "/plain");
    }
}
