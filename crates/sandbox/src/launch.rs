//! Starting a box: the child plan made from what the parent prepared, the clone, and the
//! pidfd the supervisor watches. Also what a failed set-up says.

use crate::child::{self, ChildPlan, MountStep, Stage, StatusRecord};
use crate::error::{Result, SandboxError};
use crate::fds::{cstring, pipe};
use crate::rlimits::Rlimit;
use crate::supervise::monotonic_ns;
use seccompiler::BpfProgram;
use std::ffi::CString;
use std::os::fd::{FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// One box, ready to start.
pub(crate) struct Program<'a> {
    /// Namespaces, a root of its own, an unprivileged uid (or the judge's view).
    pub isolated: bool,
    /// The slot's network namespace, or -1.
    pub netns_fd: libc::c_int,
    /// The box root's namespace, or -1.
    pub template_fd: libc::c_int,
    /// The run's own mounts.
    pub run_steps: Vec<MountStep>,
    /// The judge's command line and environment in memory.
    pub scrub: [(usize, usize); 2],
    /// Open `cgroup.procs` files.
    pub cgroup_fds: Vec<libc::c_int>,
    /// The program's stdin, stdout, stderr.
    pub stdio: [libc::c_int; 3],
    /// Resource limits.
    pub rlimits: Vec<Rlimit>,
    /// The box's uid (and gid) when the judge is root.
    pub uid: Option<u32>,
    /// The seccomp filters.
    pub seccomp: &'a [BpfProgram],
    /// The CPU the box's processes may run on, if it is pinned.
    pub cpu: Option<usize>,
    /// The working directory, as the program sees it.
    pub workdir: &'a Path,
    /// The executable, as the program sees it.
    pub executable: &'a Path,
    /// The arguments.
    pub argv: &'a [String],
    /// The environment.
    pub env: &'a [(String, String)],
}

/// A started box.
pub(crate) struct Launched {
    /// The first child: the box's init, or the program without isolation.
    pub pid: libc::pid_t,
    /// A pidfd for it.
    pub pidfd: OwnedFd,
    /// The status pipe's read end.
    pub status: OwnedFd,
    /// CLOCK_MONOTONIC at the clone.
    pub cloned_ns: i64,
}

/// Starts the box. The caller closes its copies of the descriptors it handed over.
pub(crate) fn launch(program: Program) -> Result<Launched> {
    let (status_read, status_write) = pipe()?;
    let argv: Vec<CString> = program
        .argv
        .iter()
        .map(|a| cstring(a.as_bytes(), "an argument"))
        .collect::<Result<_>>()?;
    let envp: Vec<CString> = program
        .env
        .iter()
        .map(|(k, v)| cstring(format!("{k}={v}").as_bytes(), "an environment variable"))
        .collect::<Result<_>>()?;
    let pointers = |strings: &[CString]| {
        let mut p: Vec<*const libc::c_char> = strings.iter().map(|s| s.as_ptr()).collect();
        p.push(std::ptr::null());
        p
    };
    let map = program
        .uid
        .map(|uid| format!("{uid} {uid} 1\n"))
        .unwrap_or_default();
    // SAFETY: an all-zero cpu_set_t is a valid empty set.
    let mut cpus: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    if let Some(cpu) = program.cpu {
        // SAFETY: CPU_SET on a set we own, with an index below its size.
        unsafe { libc::CPU_SET(cpu % libc::CPU_SETSIZE as usize, &mut cpus) };
    }
    let plan = ChildPlan {
        isolate: program.isolated,
        netns_fd: program.netns_fd,
        template_fd: program.template_fd,
        run_steps: program.run_steps,
        hostname: CString::from(c"box"),
        scrub: program.scrub,
        cgroup_fds: program.cgroup_fds,
        stdio: program.stdio,
        status_fd: std::os::fd::AsRawFd::as_raw_fd(&status_write),
        rlimits: program.rlimits,
        drop_to: program.uid.map(|uid| (uid, uid)),
        user_namespace: program.isolated,
        uid_map: cstring(map.as_bytes(), "uid map")?,
        gid_map: cstring(map.as_bytes(), "gid map")?,
        seccomp: program.seccomp,
        cpus: program.cpu.map(|_| cpus),
        workdir: cstring(program.workdir.as_os_str().as_bytes(), "the box path")?,
        executable: cstring(program.executable.as_os_str().as_bytes(), "the command")?,
        argv: pointers(&argv),
        envp: pointers(&envp),
    };
    let flags = if program.isolated {
        // No CLONE_NEWNS: the init enters (a copy of) the prepared box root instead of
        // copying the host's mount table and taking it apart.
        libc::CLONE_NEWPID | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS
    } else {
        0
    };
    let cloned_ns = monotonic_ns();
    // SAFETY: the child only runs async-signal-safe code on the prepared plan.
    let pid = unsafe { child::raw_clone(flags) };
    if pid == 0 {
        // SAFETY: we are the fresh child.
        unsafe {
            if plan.isolate {
                child::init_main(&plan)
            } else {
                child::program_main(&plan)
            }
        }
    }
    if pid < 0 {
        return Err(SandboxError::last_os("clone of the box"));
    }
    drop(status_write);
    // SAFETY: pidfd_open on our own unreaped child.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) } as libc::c_int;
    if pidfd < 0 {
        let error = SandboxError::last_os("pidfd_open (Linux 5.3 or later is needed)");
        // SAFETY: killing and reaping our own child.
        unsafe {
            libc::kill(pid, libc::SIGKILL);
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
        return Err(error);
    }
    Ok(Launched {
        pid,
        // SAFETY: a fresh descriptor we own.
        pidfd: unsafe { OwnedFd::from_raw_fd(pidfd) },
        status: status_read,
        cloned_ns,
    })
}

/// The error a failed set-up step reported.
pub(crate) fn setup_error(
    record: &StatusRecord,
    step_names: &[String],
    command: &str,
) -> SandboxError {
    let source = std::io::Error::from_raw_os_error(record.errno);
    match Stage::from_number(record.stage) {
        Some(Stage::Exec) => SandboxError::Setup {
            stage: Stage::Exec.describe(),
            source: std::io::Error::new(source.kind(), format!("{command}: {source}")),
        },
        Some(Stage::Mount) => {
            let step = step_names
                .get(record.detail as usize)
                .map_or("an unknown step", String::as_str);
            SandboxError::Setup {
                stage: "building the box's root",
                source: std::io::Error::new(source.kind(), format!("{step}: {source}")),
            }
        }
        Some(stage) => SandboxError::Setup {
            stage: stage.describe(),
            source,
        },
        None => SandboxError::Setup {
            stage: "an unknown step",
            source,
        },
    }
}

/// The memory ranges of this process's arguments and environment, from
/// `/proc/self/stat` (fields 48-51); zeros where they cannot be read.
pub(crate) fn command_line_in_memory() -> [(usize, usize); 2] {
    let text = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields are counted from 1; those after the command name's ')' start at field 3.
    let fields: Vec<usize> = text
        .rsplit_once(')')
        .map(|(_, rest)| {
            rest.split_whitespace()
                .map(|f| f.parse().unwrap_or(0))
                .collect()
        })
        .unwrap_or_default();
    let field = |n: usize| fields.get(n - 3).copied().unwrap_or(0);
    [(field(48), field(49)), (field(50), field(51))]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_step_is_named() {
        let record = |stage: Stage, detail: i32| StatusRecord {
            kind: child::RECORD_SETUP_FAILED,
            stage: stage as u32,
            errno: libc::ENOENT,
            detail,
            ..StatusRecord::default()
        };
        let exec = setup_error(&record(Stage::Exec, 0), &[], "./main").to_string();
        assert!(
            exec.contains("executing the program") && exec.contains("./main"),
            "{exec}"
        );
        let names = vec!["bind /usr".to_string(), "tmpfs /tmp".to_string()];
        let mount = setup_error(&record(Stage::Mount, 1), &names, "").to_string();
        assert!(mount.contains("tmpfs /tmp"), "{mount}");
        let seccomp = setup_error(&record(Stage::Seccomp, 0), &[], "").to_string();
        assert!(
            seccomp.contains("installing the seccomp filter"),
            "{seccomp}"
        );
    }

    #[test]
    fn this_process_knows_where_its_command_line_is() {
        let [(arg_start, arg_end), (env_start, env_end)] = command_line_in_memory();
        assert!(
            arg_start > 0 && arg_end > arg_start,
            "{arg_start} {arg_end}"
        );
        assert!(env_end >= env_start);
    }
}
