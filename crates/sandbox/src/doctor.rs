//! What this machine offers the sandbox, and what makes its timings unreliable, each with
//! the fix: the checks behind `judge doctor`, in the spirit of isolate-check-environment.

use crate::cgroup::delegation::NEEDED;
use crate::environment::{CgroupV2, Environment};
use serde::Serialize;
use std::path::Path;

/// How a check came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// As it should be.
    Ok,
    /// For information.
    Info,
    /// Works, but judging is degraded or timings less trustworthy.
    Warn,
    /// Missing: the sandbox cannot do this.
    Fail,
}

/// One check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// What was checked.
    pub name: String,
    /// How it came out.
    pub status: Status,
    /// What was found.
    pub detail: String,
    /// How to fix it, when it is not ok.
    pub fix: Option<String>,
}

fn check(name: &str, status: Status, detail: impl Into<String>, fix: Option<&str>) -> Check {
    Check {
        name: name.to_string(),
        status,
        detail: detail.into(),
        fix: fix.map(str::to_string),
    }
}

fn read(path: &str) -> Option<String> {
    std::fs::read_to_string(path)
        .ok()
        .map(|s| s.trim().to_string())
}

/// The kernel's version as (major, minor), from uname.
pub fn kernel_version() -> Option<(u32, u32)> {
    let release = read("/proc/sys/kernel/osrelease")?;
    let mut parts = release.split(|c: char| !c.is_ascii_digit());
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

/// The mechanisms: root, cgroups, namespaces, seccomp, kernel features.
pub fn mechanisms(env: &Environment) -> Vec<Check> {
    let mut out = Vec::new();
    out.push(if env.root {
        check("root", Status::Ok, "the judge runs as root: full isolation is possible", None)
    } else {
        check(
            "root",
            Status::Warn,
            "not root: no namespaces, no box uids, no cgroups; the judge runs in a degraded rlimit-only mode",
            Some("run the judge as root (sudo judge ...)"),
        )
    });
    match &env.cgroup_v2 {
        Some(v2) => out.extend(cgroup_v2(v2)),
        None => out.push(check("cgroup v2", Status::Info, "not mounted", None)),
    }
    match &env.cgroup_v1 {
        Some(v1) => {
            let show = |p: &Option<std::path::PathBuf>| {
                p.as_ref()
                    .map_or("missing".to_string(), |p| p.display().to_string())
            };
            out.push(check(
                "cgroup v1",
                if v1.usable() {
                    Status::Ok
                } else {
                    Status::Info
                },
                format!(
                    "memory {}, cpuacct {}, pids {}",
                    show(&v1.memory),
                    show(&v1.cpuacct),
                    show(&v1.pids)
                ),
                None,
            ));
        }
        None => out.push(check("cgroup v1", Status::Info, "not mounted", None)),
    }
    let backend = if env.root && env.cgroup_v2.as_ref().is_some_and(|v| v.usable()) {
        check("limits", Status::Ok, "enforced with cgroup v2", None)
    } else if env.root && env.cgroup_v1.as_ref().is_some_and(|v| v.usable()) {
        check("limits", Status::Ok, "enforced with cgroup v1", None)
    } else {
        let delegation_problem = env
            .cgroup_v2
            .as_ref()
            .filter(|v2| has_controllers(v2))
            .and_then(|v2| v2.delegation.problem.as_ref());
        check(
            "limits",
            Status::Warn,
            match delegation_problem {
                Some(problem) => format!(
                    "rlimit-only (degraded): memory by RLIMIT_DATA and peak RSS, CPU per process, because {problem}"
                ),
                None => "rlimit-only (degraded): memory by RLIMIT_DATA and peak RSS, CPU per process".to_string(),
            },
            Some(match delegation_problem {
                Some(_) if env.root => DELEGATION_FIX,
                _ => "run as root on a kernel with the memory and cpuacct (v1) or memory, pids and cpu (v2) controllers",
            }),
        )
    };
    out.push(backend);
    let missing: Vec<&str> = ["user", "pid", "mnt", "net", "ipc", "uts"]
        .into_iter()
        .filter(|ns| !Path::new("/proc/self/ns").join(ns).exists())
        .collect();
    out.push(if missing.is_empty() {
        check(
            "namespaces",
            Status::Ok,
            "user, pid, mount, net, ipc, uts",
            None,
        )
    } else {
        check(
            "namespaces",
            Status::Fail,
            format!("missing: {}", missing.join(", ")),
            Some("use a kernel built with CONFIG_NAMESPACES and each namespace type"),
        )
    });
    let max_user_ns =
        read("/proc/sys/user/max_user_namespaces").and_then(|v| v.parse::<u64>().ok());
    if max_user_ns == Some(0) {
        out.push(check(
            "user namespaces",
            Status::Fail,
            "user.max_user_namespaces = 0",
            Some("sysctl -w user.max_user_namespaces=10000"),
        ));
    }
    out.push(match read("/proc/sys/kernel/seccomp/actions_avail") {
        Some(actions) if actions.contains("kill_process") => check(
            "seccomp",
            Status::Ok,
            format!("filters, actions: {actions}"),
            None,
        ),
        _ => check(
            "seccomp",
            Status::Fail,
            "no seccomp filters with kill_process",
            Some("use a kernel built with CONFIG_SECCOMP_FILTER (Linux 4.14 or later)"),
        ),
    });
    out.push(match kernel_version() {
        Some((major, minor)) if (major, minor) >= (5, 3) => check(
            "kernel",
            Status::Ok,
            format!("Linux {major}.{minor}: pidfd_open, open_tree, move_mount"),
            None,
        ),
        Some((major, minor)) => check(
            "kernel",
            Status::Fail,
            format!(
                "Linux {major}.{minor}: full isolation needs 5.3 or later (pidfd_open, open_tree)"
            ),
            Some("upgrade the kernel"),
        ),
        None => check("kernel", Status::Info, "version unknown", None),
    });
    if !env.root {
        unused_without_root(&mut out);
    }
    out
}

/// Not root, the judge uses no namespaces and no cgroups, as the root row says: the
/// kernel's offer of them is information, not a mechanism that is OK.
fn unused_without_root(checks: &mut [Check]) {
    for check in checks.iter_mut() {
        let used_only_as_root = matches!(
            check.name.as_str(),
            "namespaces" | "user namespaces" | "cgroup v1" | "cgroup v2" | "cgroup v2 delegation"
        );
        if used_only_as_root && check.status == Status::Ok {
            check.status = Status::Info;
            check.detail = format!("{} (unused: the judge is not root)", check.detail);
        }
    }
}

const DELEGATION_FIX: &str = "run the judge in a systemd unit with Delegate=yes: \
    `systemd-run --scope -p Delegate=yes judge ...` for one command, or Delegate=yes in its \
    service (crates/sandbox/README.md, section Delegation)";

fn has_controllers(v2: &CgroupV2) -> bool {
    NEEDED
        .iter()
        .all(|c| v2.controllers.iter().any(|have| have == c))
}

/// The unified hierarchy: its controllers, the part of it given to the judge, and the
/// kernel's cgroup v2 features the backend uses.
fn cgroup_v2(v2: &CgroupV2) -> Vec<Check> {
    let have = |c: &str| v2.controllers.iter().any(|x| x == c);
    let listing = NEEDED
        .iter()
        .map(|c| format!("{c} {}", if have(c) { "yes" } else { "no" }))
        .collect::<Vec<_>>()
        .join(", ");
    let detail = format!("mounted at {} ({listing})", v2.mount.display());
    if !has_controllers(v2) {
        return vec![check(
            "cgroup v2",
            Status::Info,
            detail,
            Some("the v2 hierarchy lacks controllers (they are bound to v1 here); boot with systemd.unified_cgroup_hierarchy=1 to use v2"),
        )];
    }
    let delegation = &v2.delegation;
    let mut out = vec![check("cgroup v2", Status::Ok, detail, None)];
    out.push(match &delegation.problem {
        None => check(
            "cgroup v2 delegation",
            Status::Ok,
            format!(
                "the judge's cgroup {} ({}); box cgroups go under {}",
                delegation.own,
                delegation.given_by,
                delegation.base_dir.display()
            ),
            None,
        ),
        Some(problem) => check(
            "cgroup v2 delegation",
            Status::Warn,
            problem.clone(),
            Some(DELEGATION_FIX),
        ),
    });
    let version = kernel_version().unwrap_or((0, 0));
    let peak = if version >= (6, 12) {
        "memory.peak reset for each run"
    } else {
        "memory.peak cannot be reset before Linux 6.12: the box cgroup is made anew for each run"
    };
    let kill = if version >= (5, 14) {
        "cgroup.kill"
    } else {
        "no cgroup.kill before Linux 5.14: boxes are killed process by process"
    };
    out.push(check(
        "cgroup v2 features",
        Status::Info,
        format!("{peak}; {kill}"),
        None,
    ));
    out
}

/// What makes timings unreliable on this machine. `jobs` is how many submissions are
/// judged at once.
pub fn timing(jobs: usize) -> Vec<Check> {
    let mut out = Vec::new();
    let swaps = read("/proc/swaps").unwrap_or_default();
    let swap_lines = swaps
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .count();
    out.push(if swap_lines == 0 {
        check("swap", Status::Ok, "off", None)
    } else {
        check(
            "swap",
            Status::Warn,
            format!("{swap_lines} swap area(s) on: a program near its memory limit may swap and slow down instead of stopping"),
            Some("swapoff -a"),
        )
    });
    let governors: Vec<String> = std::fs::read_dir("/sys/devices/system/cpu")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| std::fs::read_to_string(e.path().join("cpufreq/scaling_governor")).ok())
        .map(|g| g.trim().to_string())
        .collect();
    out.push(if governors.is_empty() {
        check(
            "CPU frequency",
            Status::Info,
            "no cpufreq governor visible (a virtual machine?)",
            None,
        )
    } else if governors.iter().all(|g| g == "performance") {
        check("CPU frequency", Status::Ok, "governor: performance", None)
    } else {
        let mut kinds = governors.clone();
        kinds.sort();
        kinds.dedup();
        check(
            "CPU frequency",
            Status::Warn,
            format!(
                "governor: {} (the clock speed changes, and with it CPU times)",
                kinds.join(", ")
            ),
            Some("cpupower frequency-set -g performance"),
        )
    });
    out.push(match read("/proc/sys/kernel/randomize_va_space").as_deref() {
        Some("0") => check("address-space randomisation", Status::Ok, "off", None),
        Some(level) => check(
            "address-space randomisation",
            Status::Warn,
            format!("level {level}: memory layout, and with it cache behaviour and times, differ from run to run"),
            Some("sysctl -w kernel.randomize_va_space=0"),
        ),
        None => check("address-space randomisation", Status::Info, "unknown", None),
    });
    let thp = read("/sys/kernel/mm/transparent_hugepage/enabled");
    out.push(match thp.as_deref() {
        Some(text) if text.contains("[always]") => check(
            "transparent huge pages",
            Status::Warn,
            format!(
                "{text}: the kernel's compaction and huge pages make memory use and times vary"
            ),
            Some("echo never > /sys/kernel/mm/transparent_hugepage/enabled"),
        ),
        Some(text) => check("transparent huge pages", Status::Ok, text.to_string(), None),
        None => check("transparent huge pages", Status::Info, "not present", None),
    });
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    out.push(if jobs > cores {
        check(
            "cores",
            Status::Warn,
            format!("{cores} cores for {jobs} parallel jobs: submissions would share cores and run slower"),
            Some("judge with --jobs at most the number of cores"),
        )
    } else {
        check("cores", Status::Ok, format!("{cores} cores for {jobs} parallel job(s)"), None)
    });
    out.push(load(read("/proc/loadavg").as_deref(), cores, jobs));
    out
}

/// The machine's load against its cores: cores other programs keep busy are taken from
/// the judge's jobs, and a program that shares a core takes longer in wall time (its CPU
/// time grows too, with cache and frequency effects). `loadavg` is /proc/loadavg's text.
pub fn load(loadavg: Option<&str>, cores: usize, jobs: usize) -> Check {
    let averages: Vec<f64> = loadavg
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .filter_map(|v| v.parse().ok())
        .collect();
    let [one, five, fifteen] = averages[..] else {
        return check(
            "load",
            Status::Info,
            "no load average (/proc/loadavg)",
            None,
        );
    };
    let detail =
        format!("load average {one:.2}, {five:.2}, {fifteen:.2} (1, 5, 15 min) on {cores} cores");
    // A load under one core is the odd short process; beyond, other programs hold cores
    // the judge's jobs would need.
    if one >= 1.0 && one + jobs as f64 > cores as f64 {
        let free = (cores as f64 - one).floor().max(0.0) as usize;
        let fix = if free >= 1 {
            format!("judge when the machine is idle, or with --jobs {free}")
        } else {
            "judge when the machine is idle (top shows what keeps it busy)".to_string()
        };
        check(
            "load",
            Status::Warn,
            format!(
                "{detail}: other programs keep {one:.1} cores busy, so {jobs} parallel job(s) would share cores and their wall times grow"
            ),
            Some(&fix),
        )
    } else {
        check("load", Status::Ok, detail, None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_cover_the_mechanisms_and_timing_sources() {
        let env = Environment::detect();
        let names: Vec<String> = mechanisms(&env).into_iter().map(|c| c.name).collect();
        for expected in [
            "root",
            "cgroup v2",
            "cgroup v1",
            "limits",
            "namespaces",
            "seccomp",
            "kernel",
        ] {
            assert!(
                names.iter().any(|n| n == expected),
                "{expected} missing from {names:?}"
            );
        }
        let timing = timing(1000);
        let cores = timing.iter().find(|c| c.name == "cores").unwrap();
        assert_eq!(
            cores.status,
            Status::Warn,
            "1000 jobs is more than the cores"
        );
        assert!(cores.fix.is_some());
        for name in [
            "swap",
            "CPU frequency",
            "address-space randomisation",
            "transparent huge pages",
            "load",
        ] {
            assert!(timing.iter().any(|c| c.name == name), "{name}");
        }
    }

    #[test]
    fn not_root_no_row_calls_a_root_only_mechanism_ok() {
        let mut env = Environment::detect();
        env.root = false;
        let checks = mechanisms(&env);
        let root = checks.iter().find(|c| c.name == "root").unwrap();
        assert_eq!(root.status, Status::Warn);
        for check in &checks {
            if [
                "namespaces",
                "cgroup v1",
                "cgroup v2",
                "cgroup v2 delegation",
            ]
            .contains(&check.name.as_str())
            {
                assert_ne!(check.status, Status::Ok, "{check:?}");
            }
        }
        let namespaces = checks.iter().find(|c| c.name == "namespaces").unwrap();
        if namespaces.status == Status::Info {
            assert!(namespaces.detail.contains("unused: the judge is not root"));
        }
    }

    #[test]
    fn a_loaded_machine_is_a_warning() {
        let idle = load(Some("0.08 0.20 0.31 1/230 9000"), 2, 2);
        assert_eq!(idle.status, Status::Ok, "{idle:?}");
        assert!(idle.detail.contains("0.08, 0.20, 0.31"), "{idle:?}");
        let busy = load(Some("2.10 4.90 6.95 3/400 9100"), 2, 2);
        assert_eq!(busy.status, Status::Warn, "{busy:?}");
        assert!(
            busy.detail.contains("keep 2.1 cores busy") && busy.fix.is_some(),
            "{busy:?}"
        );
        let half = load(Some("1.20 1.00 1.00 1/10 1"), 4, 2);
        assert_eq!(
            half.status,
            Status::Ok,
            "1.2 busy + 2 jobs fit 4 cores: {half:?}"
        );
        let crowded = load(Some("1.20 1.00 1.00 1/10 1"), 4, 4);
        assert_eq!(crowded.status, Status::Warn);
        assert!(
            crowded.fix.as_deref().unwrap().contains("--jobs 2"),
            "{crowded:?}"
        );
        assert_eq!(load(None, 2, 2).status, Status::Info);
    }

    #[test]
    fn every_warning_or_failure_says_how_to_fix_it() {
        let env = Environment::detect();
        for check in mechanisms(&env).into_iter().chain(timing(64)) {
            if matches!(check.status, Status::Warn | Status::Fail) {
                assert!(check.fix.is_some(), "{check:?}");
            }
        }
    }
}
