//! Starting a box: the child plan made from what the parent prepared, the clone, and the
//! pidfd the supervisor watches. Also what a failed set-up says.

use crate::child::{self, ChildPlan, MountStep, Stage, StatusRecord};
use crate::error::{Result, SandboxError};
use crate::fds::{above_stdio, cstring, pipe};
use crate::rlimits::Rlimit;
use crate::supervise::monotonic_ns;
use seccompiler::BpfProgram;
use std::ffi::CString;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

/// One box, ready to start.
#[derive(Clone)]
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
    /// Open files the program joins its cgroup through (see `BoxCgroup::join_files`).
    pub cgroup_fds: Vec<libc::c_int>,
    /// The program's stdin, stdout, stderr.
    pub stdio: [libc::c_int; 3],
    /// Resource limits.
    pub rlimits: Vec<Rlimit>,
    /// The box's uid (and gid) when the judge is root.
    pub uid: Option<u32>,
    /// The seccomp filters.
    pub seccomp: std::sync::Arc<Vec<BpfProgram>>,
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
    /// CLOCK_MONOTONIC when the run began: the hand-over of the stdio to an isolated box,
    /// the clone of a program without isolation.
    pub begun_ns: i64,
}

impl Launched {
    /// Reaps an init whose run is over: its program ended and nothing is left in the box's
    /// cgroup, so it only has its own exit to finish (the teardown of the box's namespaces
    /// and mounts). Waits for that.
    pub(crate) fn reap(self) {
        // SAFETY: reaping our own child, not reaped before.
        unsafe { libc::waitpid(self.pid, std::ptr::null_mut(), 0) };
    }
}

/// A box whose init is cloned and builds (or has built) its root, waiting for the run's
/// stdin, stdout and stderr ([`go`]). Dropping it unused kills and reaps the init.
pub(crate) struct Prepared {
    /// The init.
    pid: libc::pid_t,
    /// A pidfd for it.
    pidfd: Option<OwnedFd>,
    /// The status pipe's read end.
    status: Option<OwnedFd>,
    /// The judge's end of the control socket.
    control: Option<OwnedFd>,
}

impl Drop for Prepared {
    fn drop(&mut self) {
        if self.pidfd.is_some() {
            // SAFETY: killing and reaping our own child, not reaped before.
            unsafe {
                libc::kill(self.pid, libc::SIGKILL);
                libc::waitpid(self.pid, std::ptr::null_mut(), 0);
            }
        }
    }
}

/// Starts the box: without isolation the program itself; with it, the init, which is handed
/// the stdio at once. The caller closes its copies of the descriptors it handed over.
pub(crate) fn launch(program: Program) -> Result<Launched> {
    if !program.isolated {
        return clone_box(program, None);
    }
    let stdio = program.stdio;
    // An init that could not take the descriptors failed building the root: its status
    // pipe says how, as the supervisor reads it.
    go(prepare(program)?, stdio)
        .or_else(Prepared::into_launched)
        .map_err(|_| SandboxError::Invalid("a box was started twice".into()))
}

/// Clones the box's init for `program` (its stdio is not used: [`go`] hands it over), which
/// takes its namespaces and builds its root at once, then waits.
pub(crate) fn prepare(program: Program) -> Result<Prepared> {
    let (judge_end, init_end) = control_socket()?;
    let Launched {
        pid, pidfd, status, ..
    } = clone_box(program, Some(init_end))?;
    Ok(Prepared {
        pid,
        pidfd: Some(pidfd),
        status: Some(status),
        control: Some(judge_end),
    })
}

/// Hands a prepared box its stdin, stdout and stderr: the init starts the program. An init
/// that is gone already (it failed building its root, or the thread that cloned it ended)
/// cannot take them: the box is given back.
pub(crate) fn go(
    mut prepared: Prepared,
    stdio: [libc::c_int; 3],
) -> std::result::Result<Launched, Prepared> {
    let Some(control) = prepared.control.take() else {
        return Err(prepared);
    };
    let begun_ns = monotonic_ns();
    let handed = send_message(
        control.as_raw_fd(),
        &[0u8],
        &stdio,
        "handing a box its stdin, stdout and stderr",
    );
    if handed.is_err() {
        return Err(prepared);
    }
    drop(control);
    let mut launched = prepared.into_launched()?;
    launched.begun_ns = begun_ns;
    Ok(launched)
}

impl Prepared {
    /// A box whose init `pid` (our child, unreaped) was cloned elsewhere (by a fork
    /// server) and waits for its stdio on `control`.
    pub(crate) fn new(
        pid: libc::pid_t,
        pidfd: OwnedFd,
        status: OwnedFd,
        control: OwnedFd,
    ) -> Prepared {
        Prepared {
            pid,
            pidfd: Some(pidfd),
            status: Some(status),
            control: Some(control),
        }
    }

    /// The box as started, for the supervisor to watch (and reap).
    fn into_launched(mut self) -> std::result::Result<Launched, Prepared> {
        match (self.pidfd.take(), self.status.take()) {
            (Some(pidfd), Some(status)) => Ok(Launched {
                pid: self.pid,
                pidfd,
                status,
                begun_ns: monotonic_ns(),
            }),
            _ => Err(self),
        }
    }
}

/// A connected pair of unix sockets (SOCK_SEQPACKET: one message per send), close-on-exec
/// and at 3 or above: (the judge's end, the init's end).
pub(crate) fn control_socket() -> Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: socketpair fills two descriptors.
    if unsafe {
        libc::socketpair(
            libc::AF_UNIX,
            libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
            0,
            fds.as_mut_ptr(),
        )
    } != 0
    {
        return Err(SandboxError::last_os(
            "socketpair for a box's control socket",
        ));
    }
    // SAFETY: both descriptors are fresh and ours.
    let (judge, init) = unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) };
    Ok((above_stdio(judge)?, above_stdio(init)?))
}

/// Sends `payload` with `fds` attached (SCM_RIGHTS) as one message; `what` names it in
/// the error.
pub(crate) fn send_message(
    socket: libc::c_int,
    payload: &[u8],
    fds: &[libc::c_int],
    what: &'static str,
) -> Result<()> {
    // SAFETY: sending from buffers alive for the call, on descriptors the caller owns.
    if unsafe { child::send_fds(socket, payload, fds) } {
        Ok(())
    } else {
        Err(SandboxError::last_os(what))
    }
}

/// Clones the box's first child: the program (without isolation) or the init, given the
/// init's end of the control socket (which the parent's copy of is closed here).
fn clone_box(program: Program, control: Option<OwnedFd>) -> Result<Launched> {
    let (status_read, status_write) = pipe()?;
    // The supervisor reads what is there and goes back to waiting.
    crate::fds::set_nonblocking(status_read.as_raw_fd());
    let control_fd = control.as_ref().map_or(-1, AsRawFd::as_raw_fd);
    let (pid, begun_ns, error) =
        with_plan(program, status_write.as_raw_fd(), control_fd, |plan| {
            let begun_ns = monotonic_ns();
            // SAFETY: the child only runs async-signal-safe code on the prepared plan.
            let pid = unsafe { child::raw_clone(clone_flags(plan.isolate)) };
            if pid == 0 {
                // SAFETY: we are the fresh child.
                unsafe {
                    if plan.isolate {
                        child::init_main(plan)
                    } else {
                        child::program_main(plan, plan.stdio)
                    }
                }
            }
            // (errno read before the plan is freed)
            let error = (pid < 0).then(std::io::Error::last_os_error);
            (pid, begun_ns, error)
        })?;
    if let Some(source) = error {
        return Err(SandboxError::Sys {
            call: "clone of the box",
            source,
        });
    }
    drop(status_write);
    drop(control);
    Ok(Launched {
        pid,
        pidfd: pidfd_of_child(pid)?,
        status: status_read,
        begun_ns,
    })
}

/// The namespaces a box's first child is cloned into.
pub(crate) fn clone_flags(isolated: bool) -> libc::c_int {
    if isolated {
        // No CLONE_NEWNS: the init enters (a copy of) the prepared box root instead of
        // copying the host's mount table and taking it apart.
        libc::CLONE_NEWPID | libc::CLONE_NEWIPC | libc::CLONE_NEWUTS
    } else {
        0
    }
}

/// A pidfd for our own unreaped child `pid`; on failure the child is killed and reaped.
pub(crate) fn pidfd_of_child(pid: libc::pid_t) -> Result<OwnedFd> {
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
    // SAFETY: a fresh descriptor we own.
    Ok(unsafe { OwnedFd::from_raw_fd(pidfd) })
}

/// Hands `run` the child plan of `program`, whose status records go to `status_fd` and
/// whose program (with isolation) takes its stdio from `control_fd`: what the child of a
/// clone made inside `run` follows, in its copy of this memory.
pub(crate) fn with_plan<R>(
    program: Program,
    status_fd: libc::c_int,
    control_fd: libc::c_int,
    run: impl FnOnce(&ChildPlan) -> R,
) -> Result<R> {
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
    let seccomp = program.seccomp.clone();
    let mut keep_fds: Vec<libc::c_int> =
        [program.netns_fd, program.template_fd, status_fd, control_fd]
            .into_iter()
            .chain(program.cgroup_fds.iter().copied())
            .filter(|&fd| fd >= 0)
            .collect();
    keep_fds.sort_unstable();
    keep_fds.dedup();
    let plan = ChildPlan {
        isolate: program.isolated,
        netns_fd: program.netns_fd,
        template_fd: program.template_fd,
        run_steps: program.run_steps,
        hostname: CString::from(c"box"),
        scrub: program.scrub,
        cgroup_fds: program.cgroup_fds,
        stdio: program.stdio,
        status_fd,
        control_fd,
        keep_fds,
        rlimits: program.rlimits,
        drop_to: program.uid.map(|uid| (uid, uid)),
        user_namespace: program.isolated,
        uid_map: cstring(map.as_bytes(), "uid map")?,
        gid_map: cstring(map.as_bytes(), "gid map")?,
        seccomp: &seccomp,
        cpus: program.cpu.map(|_| cpus),
        // Only the boxes of an interactive pair are pinned to a CPU.
        report_start: program.cpu.is_some(),
        workdir: cstring(program.workdir.as_os_str().as_bytes(), "the box path")?,
        executable: cstring(program.executable.as_os_str().as_bytes(), "the command")?,
        argv: pointers(&argv),
        envp: pointers(&envp),
    };
    Ok(run(&plan))
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
