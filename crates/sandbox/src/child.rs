//! The code that runs in the box between `clone` and `exec`.
//!
//! It runs in a copy of a multi-threaded process, so it must be async-signal-safe: no
//! allocation, no locks, no Rust standard library I/O; only system calls on data the
//! parent prepared (see [`ChildPlan`]). Even some C library calls that look like plain
//! system calls are not (the set*id family synchronises all threads): those are made raw. A failure is reported to the parent as a
//! [`StatusRecord`] on the status pipe, then the child exits.
//!
//! With isolation, the first child is the box's init (pid 1 of a new pid namespace): it
//! joins its slot's network namespace, builds the box's root and pivots into it, starts the
//! program as pid 2 (which joins the box's cgroup; the init stays outside it), waits for
//! it, reports its status and exits, which makes the kernel kill everything else left in
//! the box. Without isolation the first
//! child is the program itself, in a process group of its own.

use crate::rlimits::{self, Rlimit};
use seccompiler::BpfProgram;
use std::ffi::CString;

/// A report from the child to the parent, written whole to the status pipe.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct StatusRecord {
    /// One of the `RECORD_*` kinds.
    pub kind: u32,
    /// For `RECORD_SETUP_FAILED`: which step (a [`Stage`] as its number).
    pub stage: u32,
    /// For `RECORD_SETUP_FAILED`: the errno.
    pub errno: i32,
    /// For `RECORD_SETUP_FAILED` at the mount stage: the index of the mount step;
    /// for `RECORD_EXITED`: the program's wait status.
    pub detail: i32,
    /// For `RECORD_EXITED`: user CPU time of the program and its waited-for children.
    pub user_us: i64,
    /// For `RECORD_EXITED`: system CPU time.
    pub system_us: i64,
    /// For `RECORD_EXITED`: peak resident set size in KiB.
    pub maxrss_kib: i64,
    /// For `RECORD_EXITED`: CLOCK_MONOTONIC when the program was about to exec, in ns (0
    /// when unknown).
    pub started_ns: i64,
}

/// A step of the set-up failed.
pub(crate) const RECORD_SETUP_FAILED: u32 = 1;
/// The init has started the program: sent for a box of an interactive pair only (see
/// `ChildPlan::report_start`); other runs skip it, as it wakes the judge once more.
pub(crate) const RECORD_STARTED: u32 = 2;
/// The program ended; its wait status, rusage and start time follow.
pub(crate) const RECORD_EXITED: u32 = 3;
/// The box root's template namespace is built.
pub(crate) const RECORD_READY: u32 = 4;

/// The set-up steps of a box, in the order the child takes them. A failure report names
/// one (its number travels in [`StatusRecord::stage`]).
#[repr(u32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stage {
    /// setns into the slot's network namespace.
    NetworkNamespace,
    /// sethostname.
    Hostname,
    /// Making the template's mounts private.
    PrivateMounts,
    /// One mount step (the record's `detail` is its index).
    Mount,
    /// pivot_root into the box root.
    PivotRoot,
    /// Remounting the box root read-only.
    ReadOnlyRoot,
    /// Joining the cgroup (writing to `tasks` or `cgroup.procs`).
    Cgroup,
    /// Starting the program from the init.
    Clone,
    /// Placing stdin, stdout and stderr.
    Stdio,
    /// chdir into the box folder.
    Chdir,
    /// setrlimit.
    Rlimits,
    /// setgroups, setresgid, setresuid.
    DropPrivileges,
    /// unshare(CLONE_NEWUSER).
    UserNamespace,
    /// Writing the user namespace's maps.
    UserNamespaceMaps,
    /// Installing the seccomp filter.
    Seccomp,
    /// execve.
    Exec,
    /// setpgid (without isolation).
    ProcessGroup,
    /// Entering (a copy of) the box root's mount namespace.
    EnterRoot,
}

impl Stage {
    /// Every stage, by number.
    const ALL: [Stage; 18] = [
        Stage::NetworkNamespace,
        Stage::Hostname,
        Stage::PrivateMounts,
        Stage::Mount,
        Stage::PivotRoot,
        Stage::ReadOnlyRoot,
        Stage::Cgroup,
        Stage::Clone,
        Stage::Stdio,
        Stage::Chdir,
        Stage::Rlimits,
        Stage::DropPrivileges,
        Stage::UserNamespace,
        Stage::UserNamespaceMaps,
        Stage::Seccomp,
        Stage::Exec,
        Stage::ProcessGroup,
        Stage::EnterRoot,
    ];

    /// The stage a record's number stands for.
    pub(crate) fn from_number(number: u32) -> Option<Stage> {
        Stage::ALL.get(number as usize).copied()
    }

    /// What the step does, for error messages.
    pub(crate) fn describe(self) -> &'static str {
        match self {
            Stage::NetworkNamespace => "joining the network namespace",
            Stage::Hostname => "setting the hostname",
            Stage::PrivateMounts => "making mounts private",
            Stage::Mount => "mounting",
            Stage::PivotRoot => "pivot_root into the box root",
            Stage::ReadOnlyRoot => "remounting the box root read-only",
            Stage::Cgroup => "joining the cgroup",
            Stage::Clone => "starting the program (clone)",
            Stage::Stdio => "redirecting stdin/stdout/stderr",
            Stage::Chdir => "entering the box directory",
            Stage::Rlimits => "setting resource limits",
            Stage::DropPrivileges => "dropping privileges to the box user",
            Stage::UserNamespace => "creating the user namespace",
            Stage::UserNamespaceMaps => "writing the user namespace's uid/gid maps",
            Stage::Seccomp => "installing the seccomp filter",
            Stage::Exec => "executing the program",
            Stage::ProcessGroup => "creating the process group",
            Stage::EnterRoot => "entering the box root's mount namespace",
        }
    }
}

/// One step of building the box's root, with host paths already joined.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum MountStep {
    /// `mkdir path` (mode after umask 0).
    Dir { path: CString, mode: libc::mode_t },
    /// An empty file to bind a file onto.
    File { path: CString },
    /// A symbolic link `path -> target`.
    Symlink { target: CString, path: CString },
    /// A tmpfs with the given options.
    Tmpfs {
        path: CString,
        flags: libc::c_ulong,
        options: CString,
    },
    /// A bind mount, then a remount that sets its flags (read-only, nosuid, ...).
    Bind {
        source: CString,
        path: CString,
        flags: libc::c_ulong,
    },
    /// A proc filesystem for the box's pid namespace.
    Proc { path: CString },
    /// A host path cloned with `open_tree` before the init enters the box's mount
    /// namespace, attached here with `move_mount`, then remounted with `flags`.
    Attach {
        source: CString,
        path: CString,
        flags: libc::c_ulong,
    },
}

/// Most `Attach` steps one run may have (the trees are held in a fixed array: the child
/// cannot allocate).
pub(crate) const MAX_ATTACHED: usize = 16;

const OPEN_TREE_CLONE: libc::c_uint = 1;
const MOVE_MOUNT_F_EMPTY_PATH: libc::c_uint = 0x4;

/// Everything the child needs, prepared by the parent before `clone`.
pub(crate) struct ChildPlan<'a> {
    /// Build namespaces and a root (init + program), or run the program directly.
    pub isolate: bool,
    /// The shared network namespace to join, or -1.
    pub netns_fd: libc::c_int,
    /// The box root's mount namespace (built once, see [`template_main`]), or -1.
    pub template_fd: libc::c_int,
    /// What each run mounts in its copy of it (paths inside the box).
    pub run_steps: Vec<MountStep>,
    /// The box's hostname.
    pub hostname: CString,
    /// The judge's command line and environment in memory (start, end): the init, a copy
    /// of the judge, blanks them so that /proc/1/cmdline in the box shows no host paths.
    pub scrub: [(usize, usize); 2],
    /// Open `tasks` (v1) or `cgroup.procs` (v2) files to write `0` to.
    pub cgroup_fds: Vec<libc::c_int>,
    /// The program's stdin, stdout and stderr (without isolation; a box's program receives
    /// them on the control socket).
    pub stdio: [libc::c_int; 3],
    /// The status pipe's write end.
    pub status_fd: libc::c_int,
    /// With isolation: the box's end of the socket its program receives the run's stdin,
    /// stdout and stderr on once it is ready (see [`waiting_program_main`]).
    pub control_fd: libc::c_int,
    /// With isolation: the descriptors the init keeps (sorted); it closes all others first.
    pub keep_fds: Vec<libc::c_int>,
    /// The resource limits.
    pub rlimits: Vec<Rlimit>,
    /// Switch to this uid/gid (the judge runs as root), or stay.
    pub drop_to: Option<(libc::uid_t, libc::gid_t)>,
    /// Enter a user namespace mapping only the box's uid and gid.
    pub user_namespace: bool,
    /// `/proc/self/uid_map` and `gid_map` contents.
    pub uid_map: CString,
    /// See `uid_map`.
    pub gid_map: CString,
    /// The seccomp filters.
    pub seccomp: &'a [BpfProgram],
    /// The CPUs the box may run on (inherited by the program), or any.
    pub cpus: Option<libc::cpu_set_t>,
    /// Whether the init reports the program's start (`RECORD_STARTED`): the other box of
    /// an interactive pair must tell a program not started yet from one that has ended
    /// (see `supervise::hears`).
    pub report_start: bool,
    /// The working directory, as the program sees it.
    pub workdir: CString,
    /// The program, an absolute path as the program sees it.
    pub executable: CString,
    /// Null-terminated argv pointers (into strings the parent owns).
    pub argv: Vec<*const libc::c_char>,
    /// Null-terminated envp pointers.
    pub envp: Vec<*const libc::c_char>,
}

/// This thread's errno (async-signal-safe).
pub(crate) fn errno() -> i32 {
    // SAFETY: errno is thread-local and always readable.
    unsafe { *libc::__errno_location() }
}

/// Writes a whole record to the status pipe (records are smaller than PIPE_BUF, so the
/// write is atomic).
pub(crate) fn send(fd: libc::c_int, record: &StatusRecord) {
    let size = std::mem::size_of::<StatusRecord>();
    // SAFETY: the record is plain old data of `size` bytes.
    unsafe { libc::write(fd, (record as *const StatusRecord).cast(), size) };
}

/// Reports a failed step and exits the child.
fn fail(plan: &ChildPlan, stage: Stage, error: i32, detail: i32) -> ! {
    send(
        plan.status_fd,
        &StatusRecord {
            kind: RECORD_SETUP_FAILED,
            stage: stage as u32,
            errno: error,
            detail,
            ..StatusRecord::default()
        },
    );
    // SAFETY: _exit never returns and is async-signal-safe.
    unsafe { libc::_exit(127) }
}

fn check(plan: &ChildPlan, result: libc::c_int, stage: Stage) {
    if result < 0 {
        fail(plan, stage, errno(), 0);
    }
}

/// `clone` without the C library's fork handlers (which take locks that another thread
/// of the parent may have held at the time of the copy). Returns the pid, 0 in the child.
///
/// # Safety
/// The child must only run async-signal-safe code until it execs or exits.
pub(crate) unsafe fn raw_clone(flags: libc::c_int) -> libc::pid_t {
    let flags = flags as libc::c_ulong | libc::SIGCHLD as libc::c_ulong;
    // x86_64 and aarch64 order: flags, stack, parent_tid, child_tid, tls. A null stack
    // means the child continues on a copy of the parent's stack, as with fork.
    libc::syscall(libc::SYS_clone, flags, 0usize, 0usize, 0usize, 0usize) as libc::pid_t
}

fn now_monotonic_ns() -> i64 {
    let mut time = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `time` is a valid timespec.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut time) };
    time.tv_sec * 1_000_000_000 + time.tv_nsec
}

fn join_cgroups(plan: &ChildPlan) {
    for &fd in &plan.cgroup_fds {
        // Writing 0 moves the writer (`tasks`: the calling thread, which is the whole
        // program: it is one thread until it execs).
        // SAFETY: writing one byte from a static buffer.
        let written = unsafe { libc::write(fd, b"0".as_ptr().cast(), 1) };
        if written < 0 {
            fail(plan, Stage::Cgroup, errno(), 0);
        }
    }
}

/// Builds the box root once: a tmpfs with the read-only binds, pivoted into, in a mount
/// namespace of its own that the parent keeps open (by `/proc/<pid>/ns/mnt`) after this
/// child exits. Reports `RECORD_READY`, then waits for `wait_fd` to close.
///
/// # Safety
/// Must run in a freshly cloned child with a new mount namespace, as root.
pub(crate) unsafe fn template_main(
    staging: &std::ffi::CStr,
    steps: &[MountStep],
    status_fd: libc::c_int,
    wait_fd: libc::c_int,
) -> ! {
    let report = |stage: Stage, detail: i32| -> ! {
        send(
            status_fd,
            &StatusRecord {
                kind: RECORD_SETUP_FAILED,
                stage: stage as u32,
                errno: errno(),
                detail,
                ..StatusRecord::default()
            },
        );
        libc::_exit(127)
    };
    // Our copy of the wait pipe's write end would keep the pipe open forever.
    close_all_but_two(status_fd, wait_fd);
    libc::umask(0);
    let private = libc::MS_REC | libc::MS_PRIVATE;
    if libc::mount(
        std::ptr::null(),
        c"/".as_ptr(),
        std::ptr::null(),
        private,
        std::ptr::null(),
    ) < 0
    {
        report(Stage::PrivateMounts, 0);
    }
    for (index, step) in steps.iter().enumerate() {
        if let Err(error) = perform(step, -1) {
            *libc::__errno_location() = error;
            report(Stage::Mount, index as i32);
        }
    }
    // pivot_root(".", ".") stacks the old root on top of the new one; detaching it leaves
    // the new root alone, with no directory needed for the old one.
    if libc::chdir(staging.as_ptr()) < 0
        || libc::syscall(libc::SYS_pivot_root, c".".as_ptr(), c".".as_ptr()) < 0
        || libc::umount2(c".".as_ptr(), libc::MNT_DETACH) < 0
        || libc::chdir(c"/".as_ptr()) < 0
    {
        report(Stage::PivotRoot, 0);
    }
    send(
        status_fd,
        &StatusRecord {
            kind: RECORD_READY,
            ..StatusRecord::default()
        },
    );
    let mut byte = 0u8;
    while libc::read(wait_fd, (&mut byte as *mut u8).cast(), 1) < 0 && errno() == libc::EINTR {}
    libc::_exit(0)
}

/// The box's init: enters the box, builds its root, then waits for the run's stdin, stdout
/// and stderr on the control socket (a prepared box waits there while the previous run
/// goes on), starts the program, reports how it ended. A control socket closed before
/// that means the box is not wanted: the init exits.
///
/// # Safety
/// Must run in a freshly cloned child (new pid, ipc and uts namespaces), as root.
pub(crate) unsafe fn init_main(plan: &ChildPlan) -> ! {
    // If the judge dies (even by SIGKILL), the box dies with it: the init's death takes
    // its whole pid namespace. (The signal comes when the thread that cloned the init
    // ends: a prepared box is only ever used by that thread.)
    libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
    // Copies of the judge's other descriptors (other runs' pipes and files) would keep
    // them open for as long as this init waits.
    close_all_except(&plan.keep_fds);
    hide_the_judges_command_line(plan);
    libc::umask(0);
    if plan.netns_fd >= 0 {
        check(
            plan,
            libc::setns(plan.netns_fd, libc::CLONE_NEWNET),
            Stage::NetworkNamespace,
        );
    }
    let hostname = plan.hostname.as_bytes();
    check(
        plan,
        libc::sethostname(hostname.as_ptr().cast(), hostname.len()),
        Stage::Hostname,
    );
    // Host paths are cloned as detached trees while the host's paths are still visible...
    let mut trees = [-1 as libc::c_int; MAX_ATTACHED];
    let mut attached = 0;
    for (index, step) in plan.run_steps.iter().enumerate() {
        if let MountStep::Attach { source, .. } = step {
            let fd = libc::syscall(
                libc::SYS_open_tree,
                libc::AT_FDCWD,
                source.as_ptr(),
                OPEN_TREE_CLONE | libc::O_CLOEXEC as libc::c_uint,
            ) as libc::c_int;
            if fd < 0 || attached == MAX_ATTACHED {
                fail(plan, Stage::Mount, errno(), index as i32);
            }
            trees[attached] = fd;
            attached += 1;
        }
    }
    // ...then the init enters a private copy of the box root's namespace (which also makes
    // "/" the box root) and attaches them there.
    check(
        plan,
        libc::setns(plan.template_fd, libc::CLONE_NEWNS),
        Stage::EnterRoot,
    );
    check(plan, libc::unshare(libc::CLONE_NEWNS), Stage::EnterRoot);
    let mut next_tree = 0;
    for (index, step) in plan.run_steps.iter().enumerate() {
        let tree = if matches!(step, MountStep::Attach { .. }) {
            next_tree += 1;
            trees[next_tree - 1]
        } else {
            -1
        };
        if let Err(error) = perform(step, tree) {
            fail(plan, Stage::Mount, error, index as i32);
        }
        if tree >= 0 {
            libc::close(tree);
        }
    }
    check(
        plan,
        libc::mount(
            std::ptr::null(),
            c"/".as_ptr(),
            std::ptr::null(),
            libc::MS_REMOUNT | libc::MS_BIND | libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV,
            std::ptr::null(),
        ),
        Stage::ReadOnlyRoot,
    );
    if let Some(cpus) = &plan.cpus {
        check(
            plan,
            libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), cpus),
            Stage::Clone,
        );
    }
    // The init stays out of the box's cgroup: only the program joins it (see
    // `program_main`), so the memory cgroup's OOM killer can only ever pick the program,
    // however the memory was filled (socket buffers, inodes), and the box's teardown after
    // the program ends is not charged to its CPU time.
    //
    // The program is started at once and takes every step it can before its run: it
    // drops its privileges, enters a user namespace of its own, installs the seccomp
    // filter and joins the cgroup; then it waits for its stdin, stdout and stderr on the
    // control socket and execs. The init does not wait for that (no vfork): it goes
    // straight to waiting for the program's end, so that between the hand-over and the
    // program's end nothing wakes it, nor the judge.
    let pid = spawn_program(plan);
    if pid < 0 {
        fail(plan, Stage::Clone, errno(), 0);
    }
    if plan.report_start {
        send(
            plan.status_fd,
            &StatusRecord {
                kind: RECORD_STARTED,
                ..StatusRecord::default()
            },
        );
    }
    // Keep only the status pipe: copies of the program's pipes (or of other boxes' pipes,
    // inherited from the judge) would hold them open. (The program has a table of its
    // own.)
    close_all_but(plan.status_fd);
    loop {
        let mut status = 0;
        let mut usage: libc::rusage = std::mem::zeroed();
        let reaped = libc::wait4(-1, &mut status, 0, &mut usage);
        if reaped == pid {
            send(
                plan.status_fd,
                &StatusRecord {
                    kind: RECORD_EXITED,
                    detail: status,
                    user_us: usage.ru_utime.tv_sec * 1_000_000 + usage.ru_utime.tv_usec,
                    system_us: usage.ru_stime.tv_sec * 1_000_000 + usage.ru_stime.tv_usec,
                    maxrss_kib: usage.ru_maxrss,
                    started_ns: PROGRAM_STARTED_NS.load(std::sync::atomic::Ordering::Relaxed),
                    ..StatusRecord::default()
                },
            );
            // Exiting as pid 1 makes the kernel kill whatever the program left behind.
            libc::_exit(0);
        }
        if reaped < 0 && errno() != libc::EINTR {
            libc::_exit(1);
        }
    }
}

/// Blanks the judge's command line and environment in the init's copy of its memory and
/// renames it, so that the box's /proc/1 shows `box-init` and nothing of the host.
unsafe fn hide_the_judges_command_line(plan: &ChildPlan) {
    const NAME: &[u8] = b"box-init\0";
    for (index, &(start, end)) in plan.scrub.iter().enumerate() {
        if start == 0 || end <= start {
            continue;
        }
        std::ptr::write_bytes(start as *mut u8, 0, end - start);
        if index == 0 && end - start >= NAME.len() {
            std::ptr::copy_nonoverlapping(NAME.as_ptr(), start as *mut u8, NAME.len());
        }
    }
    libc::prctl(libc::PR_SET_NAME, NAME.as_ptr(), 0, 0, 0);
}

/// Receives one message of at most `data.len()` bytes with up to `fds.len()` descriptors
/// attached (SCM_RIGHTS), retrying on EINTR: (bytes, descriptors) received, or None at end
/// of file, on an error, or when the descriptors did not fit (the kernel closes those that
/// did not). `flags` is recvmsg's (`MSG_CMSG_CLOEXEC` for descriptors that must not
/// outlive an exec). Async-signal-safe: a box's waiting program, a fork server and the
/// judge all receive through it.
///
/// # Safety
/// `socket` is a descriptor the caller owns.
pub(crate) unsafe fn receive_fds(
    socket: libc::c_int,
    data: &mut [u8],
    fds: &mut [libc::c_int],
    flags: libc::c_int,
) -> Option<(usize, usize)> {
    let mut io = libc::iovec {
        iov_base: data.as_mut_ptr().cast(),
        iov_len: data.len(),
    };
    let mut control = FdsControl::EMPTY;
    let mut message = one_message(&mut io, &mut control, FDS_CONTROL_BYTES);
    let received = loop {
        let n = libc::recvmsg(socket, &mut message, flags);
        if n >= 0 || errno() != libc::EINTR {
            break n;
        }
    };
    if received <= 0 {
        return None;
    }
    let header = libc::CMSG_FIRSTHDR(&message);
    if header.is_null() {
        let whole = message.msg_flags & (libc::MSG_CTRUNC | libc::MSG_TRUNC) == 0;
        return whole.then_some((received as usize, 0));
    }
    let header = &*header;
    if header.cmsg_level != libc::SOL_SOCKET || header.cmsg_type != libc::SCM_RIGHTS {
        return None;
    }
    let count = (header.cmsg_len as usize).saturating_sub(libc::CMSG_LEN(0) as usize)
        / std::mem::size_of::<libc::c_int>();
    let attached = libc::CMSG_DATA(header) as *const libc::c_int;
    // What did not fit was closed by the kernel; what did is closed here.
    let cut = message.msg_flags & (libc::MSG_CTRUNC | libc::MSG_TRUNC) != 0;
    if cut || count > fds.len().min(MAX_FDS) {
        for index in 0..count.min(MAX_FDS) {
            libc::close(std::ptr::read_unaligned(attached.add(index)));
        }
        return None;
    }
    for (index, fd) in fds.iter_mut().take(count).enumerate() {
        *fd = std::ptr::read_unaligned(attached.add(index));
    }
    Some((received as usize, count))
}

/// Sends `payload` with `fds` (at most [`MAX_FDS`]) attached (SCM_RIGHTS) as one message:
/// whether all of it went. Async-signal-safe, like [`receive_fds`].
///
/// # Safety
/// `socket` and `fds` are descriptors the caller owns.
pub(crate) unsafe fn send_fds(socket: libc::c_int, payload: &[u8], fds: &[libc::c_int]) -> bool {
    if fds.len() > MAX_FDS {
        return false;
    }
    let mut io = libc::iovec {
        iov_base: payload.as_ptr() as *mut libc::c_void,
        iov_len: payload.len(),
    };
    let mut control = FdsControl::EMPTY;
    let data_bytes = std::mem::size_of_val(fds) as u32;
    let room = if fds.is_empty() {
        0
    } else {
        libc::CMSG_SPACE(data_bytes) as usize
    };
    let message = one_message(&mut io, &mut control, room);
    if !fds.is_empty() {
        let header = libc::CMSG_FIRSTHDR(&message);
        (*header).cmsg_level = libc::SOL_SOCKET;
        (*header).cmsg_type = libc::SCM_RIGHTS;
        (*header).cmsg_len = libc::CMSG_LEN(data_bytes) as usize;
        std::ptr::copy_nonoverlapping(
            fds.as_ptr(),
            libc::CMSG_DATA(header) as *mut libc::c_int,
            fds.len(),
        );
    }
    libc::sendmsg(socket, &message, libc::MSG_NOSIGNAL) == payload.len() as isize
}

/// The most descriptors one message of [`send_fds`] and [`receive_fds`] carries.
pub(crate) const MAX_FDS: usize = 12;

/// Room for one SCM_RIGHTS message of [`MAX_FDS`] descriptors (a 16-byte header and 4
/// bytes each): a longer one is cut to this.
const FDS_CONTROL_BYTES: usize = 16 + 4 * MAX_FDS;

/// A control-message buffer, aligned for cmsghdr.
#[repr(C)]
struct FdsControl {
    _align: [libc::cmsghdr; 0],
    bytes: [u8; FDS_CONTROL_BYTES],
}

impl FdsControl {
    const EMPTY: FdsControl = FdsControl {
        _align: [],
        bytes: [0; FDS_CONTROL_BYTES],
    };
}

/// A message of the one buffer `io`, with the first `room` bytes of `control` for its
/// control data (none when 0).
fn one_message(io: &mut libc::iovec, control: &mut FdsControl, room: usize) -> libc::msghdr {
    // SAFETY: an all-zero msghdr is valid (no buffers).
    let mut message: libc::msghdr = unsafe { std::mem::zeroed() };
    message.msg_iov = io;
    message.msg_iovlen = 1;
    if room > 0 {
        message.msg_control = control.bytes.as_mut_ptr().cast();
        message.msg_controllen = room;
    }
    message
}

/// The run's stdin, stdout and stderr, sent by the judge as one message with the three
/// descriptors attached; None when the socket is closed first (or anything else arrives).
unsafe fn receive_stdio(control_fd: libc::c_int) -> Option<[libc::c_int; 3]> {
    let mut byte = [0u8; 1];
    let mut fds = [-1; 3];
    // Not close-on-exec: they land at 0, 1 and 2, where the program keeps them.
    match receive_fds(control_fd, &mut byte, &mut fds, 0) {
        Some((1, 3)) => {}
        Some((_, count)) => {
            for &fd in &fds[..count] {
                libc::close(fd);
            }
            return None;
        }
        None => return None,
    }
    // The init closed 0-2, so the kernel gave the three descriptors 0, 1 and 2, in order:
    // nothing to place. Anywhere else (which should not happen), they are moved above 2
    // first, or placing one at its number could overwrite another.
    if fds == [0, 1, 2] {
        return Some(fds);
    }
    for fd in fds.iter_mut() {
        if *fd < 3 {
            let moved = libc::fcntl(*fd, libc::F_DUPFD_CLOEXEC, 3);
            libc::close(*fd);
            if moved < 0 {
                return None;
            }
            *fd = moved;
        }
    }
    Some(fds)
}

/// The stack the box's program runs on until it execs. It shares the init's memory
/// (`CLONE_VM`) and runs while the init goes on, so its stack cannot be in the init's
/// frames (the compiler may reuse a dead local's place): a static, in the init's own copy
/// of the judge's memory, untouched by the judge itself.
#[repr(C, align(16))]
struct ProgramStack(std::cell::UnsafeCell<[u8; PROGRAM_STACK_BYTES]>);

const PROGRAM_STACK_BYTES: usize = 128 * 1024;

// SAFETY: only the one program of a box's init uses it, in the init's copy of the memory.
unsafe impl Sync for ProgramStack {}

static PROGRAM_STACK: ProgramStack =
    ProgramStack(std::cell::UnsafeCell::new([0; PROGRAM_STACK_BYTES]));

/// CLOCK_MONOTONIC when the box's program was about to exec, stored by the program and
/// read by its init once the program has ended (they share memory until the exec).
static PROGRAM_STARTED_NS: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);

/// Starts the box's program as in posix_spawn: `CLONE_VM` on a stack of its own, so the
/// init's memory is not copied. Without `CLONE_VFORK`: the program waits for its stdio
/// before it execs ([`waiting_program_main`]), and the init does not wait with it. The
/// two share memory until the exec; they touch none of the same memory but errno, which
/// only a failing set-up step of the program reads, right after its own call.
unsafe fn spawn_program(plan: &ChildPlan) -> libc::pid_t {
    extern "C" fn entry(plan: *mut libc::c_void) -> libc::c_int {
        // SAFETY: the plan is the init's, alive and unchanged as long as the init lives.
        unsafe { waiting_program_main(&*(plan as *const ChildPlan)) }
    }
    // The stack grows down: hand over its (16-byte aligned) top.
    let top = (PROGRAM_STACK.0.get() as usize + PROGRAM_STACK_BYTES) & !15;
    libc::clone(
        entry,
        top as *mut libc::c_void,
        libc::CLONE_VM | libc::SIGCHLD,
        plan as *const ChildPlan as *mut libc::c_void,
    )
}

/// One step of building the root (`tree` is the open tree of an `Attach` step). Returns
/// the errno on failure.
unsafe fn perform(step: &MountStep, tree: libc::c_int) -> Result<(), i32> {
    let result = match step {
        MountStep::Dir { path, mode } => {
            let r = libc::mkdir(path.as_ptr(), *mode);
            if r < 0 && errno() == libc::EEXIST {
                0
            } else {
                r
            }
        }
        MountStep::File { path } => {
            let fd = libc::open(
                path.as_ptr(),
                libc::O_CREAT | libc::O_WRONLY | libc::O_CLOEXEC,
                0o644,
            );
            if fd >= 0 {
                libc::close(fd);
            }
            fd
        }
        MountStep::Symlink { target, path } => libc::symlink(target.as_ptr(), path.as_ptr()),
        MountStep::Tmpfs {
            path,
            flags,
            options,
        } => libc::mount(
            c"tmpfs".as_ptr(),
            path.as_ptr(),
            c"tmpfs".as_ptr(),
            *flags,
            options.as_ptr().cast(),
        ),
        MountStep::Bind {
            source,
            path,
            flags,
        } => {
            let r = libc::mount(
                source.as_ptr(),
                path.as_ptr(),
                std::ptr::null(),
                libc::MS_BIND,
                std::ptr::null(),
            );
            if r < 0 {
                r
            } else {
                libc::mount(
                    std::ptr::null(),
                    path.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND | libc::MS_REMOUNT | *flags,
                    std::ptr::null(),
                )
            }
        }
        MountStep::Proc { path } => libc::mount(
            c"proc".as_ptr(),
            path.as_ptr(),
            c"proc".as_ptr(),
            libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
            std::ptr::null(),
        ),
        MountStep::Attach { path, flags, .. } => {
            let r = libc::syscall(
                libc::SYS_move_mount,
                tree,
                c"".as_ptr(),
                libc::AT_FDCWD,
                path.as_ptr(),
                MOVE_MOUNT_F_EMPTY_PATH,
            ) as libc::c_int;
            if r < 0 {
                r
            } else {
                libc::mount(
                    std::ptr::null(),
                    path.as_ptr(),
                    std::ptr::null(),
                    libc::MS_BIND | libc::MS_REMOUNT | *flags,
                    std::ptr::null(),
                )
            }
        }
    };
    if result < 0 {
        Err(errno())
    } else {
        Ok(())
    }
}

/// Closes every descriptor except those in `keep` (sorted, ascending).
pub(crate) unsafe fn close_all_except(keep: &[libc::c_int]) {
    let mut next = 0u32;
    for &fd in keep {
        if fd < 0 || (fd as u32) < next {
            continue;
        }
        if fd as u32 > next {
            libc::syscall(libc::SYS_close_range, next, fd as u32 - 1, 0u32);
        }
        next = fd as u32 + 1;
    }
    libc::syscall(libc::SYS_close_range, next, u32::MAX, 0u32);
}

/// Closes every descriptor except `keep`.
unsafe fn close_all_but(keep: libc::c_int) {
    close_all_but_two(keep, keep);
}

/// Closes every descriptor except `first` and `second`.
unsafe fn close_all_but_two(first: libc::c_int, second: libc::c_int) {
    let (low, high) = (first.min(second) as u32, first.max(second) as u32);
    if low > 0 {
        libc::syscall(libc::SYS_close_range, 0u32, low - 1, 0u32);
    }
    if high > low + 1 {
        libc::syscall(libc::SYS_close_range, low + 1, high - 1, 0u32);
    }
    libc::syscall(libc::SYS_close_range, high + 1, u32::MAX, 0u32);
}

/// Puts `fd` at `target` (clearing close-on-exec when it is already there).
unsafe fn place_fd(fd: libc::c_int, target: libc::c_int) -> libc::c_int {
    if fd == target {
        libc::fcntl(fd, libc::F_SETFD, 0)
    } else {
        libc::dup2(fd, target)
    }
}

/// Writes a whole small file (the user namespace maps). Returns the errno on failure.
unsafe fn write_file(path: &std::ffi::CStr, content: &[u8]) -> Result<(), i32> {
    let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
    if fd < 0 {
        return Err(errno());
    }
    let written = libc::write(fd, content.as_ptr().cast(), content.len());
    let error = errno();
    libc::close(fd);
    if written == content.len() as isize {
        Ok(())
    } else {
        Err(error)
    }
}

/// The program without isolation: stdio, limits, credentials, filters, exec.
///
/// # Safety
/// Must run in a freshly cloned child.
pub(crate) unsafe fn program_main(plan: &ChildPlan, stdio: [libc::c_int; 3]) -> ! {
    place_stdio(plan, stdio);
    if !plan.isolate {
        // Without an init, the program itself dies with the judge.
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL, 0, 0, 0);
        check(plan, libc::setpgid(0, 0), Stage::ProcessGroup);
    }
    enter_limits(plan);
    apply_rlimits(plan, Rlimits::WithStdio);
    exec(plan)
}

/// The program of a box, started by its init before the run: it enters its limits,
/// credentials and filters, waits for its stdin, stdout and stderr on the control socket,
/// and execs. Ends quietly when the socket closes first (the box was not used). Between
/// the hand-over and the exec it only places what it received (normally nothing: the
/// descriptors arrive at 0, 1 and 2).
///
/// # Safety
/// Must run in a child cloned by the init (sharing its memory, see [`spawn_program`]).
unsafe fn waiting_program_main(plan: &ChildPlan) -> ! {
    enter_limits(plan);
    // Everything the program holds closes at its exec (the stdio it receives comes later
    // and stays).
    mark_close_on_exec_from(3);
    let Some(stdio) = receive_stdio(plan.control_fd) else {
        libc::_exit(0)
    };
    if stdio != [0, 1, 2] {
        place_stdio(plan, stdio);
    }
    apply_rlimits(plan, Rlimits::WithStdio);
    PROGRAM_STARTED_NS.store(now_monotonic_ns(), std::sync::atomic::Ordering::Relaxed);
    exec(plan)
}

/// Marks every descriptor from `first` on close-on-exec.
unsafe fn mark_close_on_exec_from(first: libc::c_int) {
    if libc::syscall(
        libc::SYS_close_range,
        first as u32,
        u32::MAX,
        libc::CLOSE_RANGE_CLOEXEC,
    ) < 0
    {
        for fd in first..1024 {
            libc::fcntl(fd, libc::F_SETFD, libc::FD_CLOEXEC);
        }
    }
}

/// Puts stdin, stdout and stderr at 0, 1 and 2; everything else closes at exec, the
/// status pipe included (exec success = no record).
unsafe fn place_stdio(plan: &ChildPlan, stdio: [libc::c_int; 3]) {
    // The descriptors are at 3 or above (the parent keeps its own there, the box's were
    // moved there when received), so no dup2 overwrites another.
    for (target, &fd) in stdio.iter().enumerate() {
        if place_fd(fd, target as libc::c_int) < 0 {
            fail(plan, Stage::Stdio, errno(), target as i32);
        }
    }
    mark_close_on_exec_from(3);
}

/// Which of the rlimits [`apply_rlimits`] sets.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rlimits {
    /// All but the open files and processes: before the credentials change.
    BeforeCredentials,
    /// The processes (counted per user namespace: the program's own, once it is in it,
    /// so its count is not the box uid's elsewhere) and the open files when the stdio
    /// fits under them (it arrives at 0, 1 and 2).
    InOwnNamespace,
    /// The open files when fewer than three: once the stdio is there.
    WithStdio,
}

/// Sets some of the rlimits (async-signal-safe: no allocation).
unsafe fn apply_rlimits(plan: &ChildPlan, which: Rlimits) {
    let result = rlimits::apply_where(&plan.rlimits, |&(resource, soft, _)| {
        let phase = match resource {
            libc::RLIMIT_NPROC => Rlimits::InOwnNamespace,
            libc::RLIMIT_NOFILE if soft >= 3 => Rlimits::InOwnNamespace,
            libc::RLIMIT_NOFILE => Rlimits::WithStdio,
            _ => Rlimits::BeforeCredentials,
        };
        phase == which
    });
    if let Err(error) = result {
        fail(plan, Stage::Rlimits, error, 0);
    }
}

/// The cgroup, the working directory, the rlimits, the box's uid, its user namespace and
/// the seccomp filter: everything a program does before its run. (The cgroup first: the
/// box user could not join it on kernels before 5.16, which check the writer's
/// credentials, not the opener's; what the rest costs is not the run's, whose counters
/// are reset when it begins.)
unsafe fn enter_limits(plan: &ChildPlan) {
    join_cgroups(plan);
    check(plan, libc::chdir(plan.workdir.as_ptr()), Stage::Chdir);
    apply_rlimits(plan, Rlimits::BeforeCredentials);
    if let Some((uid, gid)) = plan.drop_to {
        // Raw system calls, not the C library's: glibc's set*id functions tell every thread
        // it believes the process has (the judge's, copied at clone) to change too, under a
        // lock one of them may have held at that moment: the child would wait forever.
        let none: *const libc::gid_t = std::ptr::null();
        check(
            plan,
            libc::syscall(libc::SYS_setgroups, 0, none) as libc::c_int,
            Stage::DropPrivileges,
        );
        check(
            plan,
            libc::syscall(libc::SYS_setresgid, gid, gid, gid) as libc::c_int,
            Stage::DropPrivileges,
        );
        check(
            plan,
            libc::syscall(libc::SYS_setresuid, uid, uid, uid) as libc::c_int,
            Stage::DropPrivileges,
        );
    }
    if plan.user_namespace {
        // Changing uid made /proc/self root-owned; being dumpable gives it back to us.
        libc::prctl(libc::PR_SET_DUMPABLE, 1, 0, 0, 0);
        check(
            plan,
            libc::unshare(libc::CLONE_NEWUSER),
            Stage::UserNamespace,
        );
        for (path, content) in [
            (c"/proc/self/setgroups", b"deny".as_slice()),
            (c"/proc/self/uid_map", plan.uid_map.as_bytes()),
            (c"/proc/self/gid_map", plan.gid_map.as_bytes()),
        ] {
            if let Err(error) = write_file(path, content) {
                fail(plan, Stage::UserNamespaceMaps, error, 0);
            }
        }
    }
    apply_rlimits(plan, Rlimits::InOwnNamespace);
    if plan.seccomp.is_empty() {
        libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0);
    } else if let Err(error) = crate::seccomp::install(plan.seccomp) {
        fail(plan, Stage::Seccomp, error, 0);
    }
}

/// Execs the program; reports the failure.
unsafe fn exec(plan: &ChildPlan) -> ! {
    libc::execve(
        plan.executable.as_ptr(),
        plan.argv.as_ptr(),
        plan.envp.as_ptr(),
    );
    fail(plan, Stage::Exec, errno(), 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn socket_pair() -> [libc::c_int; 2] {
        let mut pair = [-1; 2];
        // SAFETY: socketpair fills two descriptors.
        let made = unsafe {
            libc::socketpair(
                libc::AF_UNIX,
                libc::SOCK_SEQPACKET | libc::SOCK_CLOEXEC,
                0,
                pair.as_mut_ptr(),
            )
        };
        assert_eq!(made, 0);
        pair
    }

    fn is_open(fd: libc::c_int) -> bool {
        // SAFETY: F_GETFD only asks.
        unsafe { libc::fcntl(fd, libc::F_GETFD) >= 0 }
    }

    #[test]
    fn descriptors_and_bytes_cross_a_socket_and_what_does_not_fit_is_closed() {
        let [a, b] = socket_pair();
        let [x, y] = socket_pair();
        // SAFETY: sending and receiving on our own sockets, into our own buffers.
        unsafe {
            assert!(send_fds(a, b"hello", &[x, y]));
            let mut data = [0u8; 8];
            let mut fds = [-1; 2];
            let got = receive_fds(b, &mut data, &mut fds, libc::MSG_CMSG_CLOEXEC);
            assert_eq!(got, Some((5, 2)));
            assert_eq!(&data[..5], b"hello");
            assert!(fds.iter().all(|&fd| is_open(fd) && fd != x && fd != y));
            assert!(libc::fcntl(fds[0], libc::F_GETFD) & libc::FD_CLOEXEC != 0);
            fds.iter().for_each(|&fd| {
                libc::close(fd);
            });
            // More descriptors than the receiver has room for: none is left open (the
            // pipe's write end sent twice is closed everywhere: its read end sees the end).
            let mut pipe = [-1; 2];
            assert_eq!(
                libc::pipe2(pipe.as_mut_ptr(), libc::O_CLOEXEC | libc::O_NONBLOCK),
                0
            );
            assert!(send_fds(a, b"!", &[pipe[1], pipe[1]]));
            libc::close(pipe[1]);
            let mut one = [-1; 1];
            assert_eq!(receive_fds(b, &mut data, &mut one, 0), None);
            let mut byte = 0u8;
            let read = libc::read(pipe[0], (&mut byte as *mut u8).cast(), 1);
            assert_eq!(read, 0, "a received descriptor was left open");
            libc::close(pipe[0]);
            // No more than MAX_FDS go in one message.
            assert!(!send_fds(a, b"!", &[x; MAX_FDS + 1]));
            // The other end closed: end of file.
            libc::close(a);
            assert_eq!(receive_fds(b, &mut data, &mut fds, 0), None);
            for fd in [b, x, y] {
                libc::close(fd);
            }
        }
    }
}
